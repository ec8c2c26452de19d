#!/usr/bin/env python3
"""Regenerate the Japanese font subsets in ``card_art/fonts/`` from Debian's Noto Sans CJK.

Source: the Japanese face of ``NotoSansCJK-{Regular,Bold}.ttc`` (Debian package ``fonts-noto-cjk``,
SIL Open Font License 1.1): ``apt-get install fonts-noto-cjk``; fontTools does the subsetting
(``pip install fonttools``).  The whole face is ~16 MiB; the subset keeps what the bot can draw:

  * ASCII, Latin-1 and general punctuation (player names, numbers, ¢ and ★ in Japanese lines)
  * CJK symbols and punctuation, hiragana, katakana, half-width and full-width forms
  * the JIS X 0208 level-1 kanji (the 2,965 common kanji), found through Python's own EUC-JP codec
  * every character of the Japanese catalogues (hardback_bot/i18n/locale/ja, every domain), so a new translation's
    kanji are never tofu: run this script again after adding them (tests/i18n checks coverage)

Outputs: card_art/fonts/cjk/NotoSansCJKjp-{Regular,Bold}-subset.otf and card_art/fonts/OFL-NotoSansCJK.txt.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SOURCE_DIR = Path("/usr/share/fonts/opentype/noto")
COPYRIGHT = Path("/usr/share/doc/fonts-noto-cjk/copyright")
OUT_DIR = REPO / "card_art" / "fonts"
CATALOGUES = REPO / "hardback_bot" / "i18n" / "locale" / "ja" / "LC_MESSAGES"  # one .po per domain
WEIGHTS = ("Regular", "Bold")
FACE = "Noto Sans CJK JP"
MAX_BYTES = 3 * 1024 * 1024

RANGES = (
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x00FF),  # Latin-1 (¢ among them)
    (0x2000, 0x206F),  # general punctuation (— … ‘ ’ “ ”)
    (0x2190, 0x2193),  # arrows
    (0x2605, 0x2606),  # ★ ☆
    (0x25A0, 0x25CF),  # ■ □ ▲ △ ○ ● …
    (0x3000, 0x303F),  # CJK symbols and punctuation (、。「」〜)
    (0x3040, 0x309F),  # hiragana
    (0x30A0, 0x30FF),  # katakana
    (0x31F0, 0x31FF),  # katakana phonetic extensions
    (0xFF00, 0xFFEF),  # half-width and full-width forms (（）：＝ and half-width kana)
)


def level1_kanji() -> set[int]:
    """JIS X 0208 rows 16-47: the first-level (common) kanji, read off Python's EUC-JP codec."""
    found: set[int] = set()
    for code in range(0x4E00, 0xA000):
        try:
            raw = chr(code).encode("euc_jp")
        except UnicodeEncodeError:
            continue
        if len(raw) == 2 and 16 <= raw[0] - 0xA0 <= 47:
            found.add(code)
    return found


def catalogue_characters(folder: Path = CATALOGUES) -> set[int]:
    """Every character of the Japanese translations (message strings, not the English ids)."""
    from babel.messages.pofile import read_po

    chars: set[int] = set()
    for path in sorted(folder.glob("*.po")):
        with path.open("rb") as f:
            catalog = read_po(f, locale="ja")
        for message in catalog:
            strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
            for text in strings:
                chars.update(ord(ch) for ch in text or "" if not ch.isspace() or ch == " ")
    return chars


def wanted_codepoints() -> set[int]:
    wanted = {c for low, high in RANGES for c in range(low, high + 1)}
    return wanted | level1_kanji() | catalogue_characters()


def japanese_face(path: Path):
    from fontTools.ttLib import TTCollection

    for font in TTCollection(str(path)).fonts:
        if font["name"].getDebugName(1) == FACE:
            return font
    raise SystemExit(f"no {FACE!r} face in {path}")


def subset(weight: str, codepoints: set[int], source_dir: Path) -> tuple[bytes, str]:
    """The subset font's bytes and the source font's copyright line."""
    import io

    from fontTools import subset as ft_subset

    source = source_dir / f"NotoSansCJK-{weight}.ttc"
    if not source.is_file():
        raise SystemExit(f"{source} not found: apt-get install fonts-noto-cjk")
    font = japanese_face(source)
    copyright_line = font["name"].getDebugName(0) or ""
    options = ft_subset.Options()
    options.layout_features = ["kern", "palt", "halt", "locl", "ccmp", "liga"]  # horizontal text only
    options.hinting = False  # Pillow renders large sizes; CFF hints only add bytes
    options.name_IDs = ["*"]  # keep the copyright and licence records the OFL asks for
    options.notdef_outline = True
    subsetter = ft_subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(codepoints))
    subsetter.subset(font)
    out = io.BytesIO()
    font.flavor = None
    font.recalcTimestamp = False  # the same source gives the same bytes
    font.save(out)
    return out.getvalue(), copyright_line


def licence_text(copyright_lines: list[str], copyright_file: Path = COPYRIGHT) -> str:
    """The OFL text as Debian ships it, after the fonts' own copyright lines."""
    lines = copyright_file.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == "License: SIL-1.1" and i > 0
                 and not lines[i - 1].startswith("Copyright"))
    body: list[str] = []
    for line in lines[start + 1:]:
        if line and not line.startswith(" "):
            break
        body.append("" if line.strip() == "." else line[1:])
    header = [
        "Noto Sans CJK JP (subset), from Debian's fonts-noto-cjk, made by scripts/build_cjk_font.py.",
        *sorted(set(copyright_lines)),
        "This Font Software is licensed under the SIL Open Font License, Version 1.1.",
        "",
    ]
    return "\n".join(header + body).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--source-dir", type=Path, default=SOURCE_DIR)
    parser.add_argument("--out", type=Path, default=OUT_DIR)
    args = parser.parse_args(argv)
    codepoints = wanted_codepoints()
    copyrights: list[str] = []
    args.out.mkdir(parents=True, exist_ok=True)
    for weight in WEIGHTS:
        data, copyright_line = subset(weight, codepoints, args.source_dir)
        if len(data) > MAX_BYTES:
            raise SystemExit(f"{weight} subset is {len(data)} bytes, over {MAX_BYTES}")
        (args.out / "cjk").mkdir(exist_ok=True)
        (args.out / "cjk" / f"NotoSansCJKjp-{weight}-subset.otf").write_bytes(data)
        copyrights.append(copyright_line)
        print(f"NotoSansCJKjp-{weight}-subset.otf  {len(codepoints):,} characters  {len(data) / 1024:,.0f} KiB")
    (args.out / "OFL-NotoSansCJK.txt").write_text(licence_text(copyrights), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(REPO))
    raise SystemExit(main())
