"""card_art/ is found next to the package, or where HARDBACK_CARD_ART points."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from hardback_bot.render import assets


@pytest.fixture
def fresh_art_lookup() -> Iterator[None]:
    assets.card_art_dir.cache_clear()
    yield
    assets.card_art_dir.cache_clear()


def test_default_location_holds_fonts_licences_and_palette(fresh_art_lookup: None) -> None:
    art = assets.card_art_dir()
    assert art.name == "card_art"
    fonts = sorted(p.name for p in (art / "fonts").iterdir() if p.suffix in {".ttf", ".otf", ".woff"})
    assert 2 <= len(fonts) <= 4
    assert (art / "fonts" / "OFL-EBGaramond.txt").is_file()
    assert (art / "fonts" / "LICENSE-DejaVu.txt").is_file()
    assert set(assets.palette().genres) == {"starter", "adventure", "horror", "mystery", "romance"}


def test_env_override_is_used(fresh_art_lookup: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "art"
    shutil.copytree(assets.card_art_dir(), copy)
    assets.card_art_dir.cache_clear()
    monkeypatch.setenv(assets.ENV_VAR, str(copy))
    assert assets.card_art_dir() == copy


def test_missing_art_says_how_to_fix_it(
    fresh_art_lookup: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(assets.ENV_VAR, str(tmp_path / "nowhere"))
    with pytest.raises(assets.CardArtMissing, match=assets.ENV_VAR):
        assets.card_art_dir()
