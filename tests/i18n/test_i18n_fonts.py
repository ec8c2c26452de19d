"""Japanese in images: the bundled Noto Sans CJK subset draws every character of the
Japanese catalogues (every domain), kana and the common kanji; Latin languages keep the card fonts."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from fontTools.ttLib import TTFont

from hardback_bot.i18n import DOMAINS, LANGUAGES, catalogue_path, font_for_language

MAX_BYTES = 3 * 1024 * 1024


def _cmap(path: Path) -> set[int]:
    return set(TTFont(str(path), lazy=True).getBestCmap())


def _japanese_characters() -> set[str]:
    chars: set[str] = set()
    for domain in DOMAINS:
        with catalogue_path("ja", domain).open("rb") as f:
            catalog = read_po(f, locale="ja")
        for message in catalog:
            strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
            for text in strings:
                chars.update(ch for ch in text or "" if not ch.isspace() or ch == " ")
    return chars


@pytest.mark.parametrize("weight", ["regular", "bold"])
def test_japanese_font_covers_the_whole_catalogue(weight: str) -> None:
    path = font_for_language("ja", weight)
    covered = _cmap(path)
    missing = sorted(ch for ch in _japanese_characters() if ord(ch) not in covered)
    assert missing == [], f"run scripts/build_cjk_font.py: {''.join(missing)!r} are not in {path.name}"


@pytest.mark.parametrize("weight", ["regular", "bold"])
def test_japanese_font_has_kana_common_kanji_and_full_width_forms(weight: str) -> None:
    path = font_for_language("ja", weight)
    assert path.stat().st_size < MAX_BYTES
    covered = _cmap(path)
    kana = [c for c in range(0x3041, 0x3097)] + [c for c in range(0x30A1, 0x30FB)]
    assert set(kana) <= covered
    assert {ord(ch) for ch in "（）：＝！？０９ＡＺ、。「」・ー〜★¢"} <= covered
    # Common kanji of game texts and of everyday Japanese.
    assert {ord(ch) for ch in "日本語手番名声修正液提供列不朽古典単語勝利点終了開始山札捨札辞書東京学校"} <= covered
    assert {ord(ch) for ch in "Penny Dreadful 0123456789"} <= covered
    assert len(covered) > 3000


def test_font_choice_by_language() -> None:
    for language in LANGUAGES:
        for weight in ("regular", "bold"):
            assert font_for_language(language, weight).is_file()
    assert font_for_language("es").name == font_for_language("en").name == "DejaVuSans.ttf"
    assert font_for_language("ja").name == "NotoSansCJKjp-Regular-subset.otf"
    assert font_for_language("ja").parent.name == "cjk"
    assert font_for_language("ja", "bold").name == "NotoSansCJKjp-Bold-subset.otf"
    assert font_for_language("de") == font_for_language("en")
    with pytest.raises(ValueError, match="weight"):
        font_for_language("ja", "italic")


def test_font_licence_ships_with_the_font() -> None:
    folder = font_for_language("ja").parent.parent  # card_art/fonts
    text = (folder / "OFL-NotoSansCJK.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in text and "Adobe" in text
