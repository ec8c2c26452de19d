"""Finding ``card_art/`` and loading its fonts and palette, once per process.

``card_art/`` sits at the repository root, next to the ``hardback_bot`` package, so an editable
install finds it without packaging it; ``HARDBACK_CARD_ART`` points elsewhere (a deployment that
copies the art beside the bot, or tests that want a fixture).

Thread safety: font *files* are read once (``functools.cache`` of bytes); a FreeType face is not
safe to render from two threads at once, so each thread gets its own ``FreeTypeFont`` objects,
built from those bytes, in a ``threading.local``.  The palette is an immutable mapping of tuples.
"""

from __future__ import annotations

import io
import os
import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType

import yaml
from PIL import ImageFont

from hardback_bot.i18n import font_for_language

ENV_VAR = "HARDBACK_CARD_ART"

RGB = tuple[int, int, int]

#: Font roles -> file names inside card_art/fonts.
FONT_FILES = {
    "letter": "EBGaramond-Bold.woff",  # big card letters and titles
    "bold": "DejaVuSans-Bold.ttf",  # numbers and labels
    "regular": "DejaVuSans.ttf",  # names (broad Unicode coverage)
}


class CardArtMissing(FileNotFoundError):
    """card_art/ (or a file in it) could not be found."""


@cache
def card_art_dir() -> Path:
    override = os.environ.get(ENV_VAR)
    # default: hardback_bot/render/assets.py -> repo root / card_art
    path = Path(override) if override else Path(__file__).resolve().parents[2] / "card_art"
    if not (path / "palette.yaml").is_file():
        raise CardArtMissing(f"card art not found at {path}; set {ENV_VAR} to the card_art folder of the repository")
    return path


def hex_rgb(text: str) -> RGB:
    text = text.lstrip("#")
    return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))


@dataclass(frozen=True, slots=True)
class GenreColours:
    main: RGB
    dark: RGB
    tint: RGB


@dataclass(frozen=True, slots=True)
class Palette:
    genres: MappingProxyType[str, GenreColours]
    ui: MappingProxyType[str, RGB]

    def genre(self, name: str) -> GenreColours:
        return self.genres[name]


@cache
def palette() -> Palette:
    raw = yaml.safe_load((card_art_dir() / "palette.yaml").read_text(encoding="utf-8"))
    genres = {
        name: GenreColours(hex_rgb(c["main"]), hex_rgb(c["dark"]), hex_rgb(c["tint"]))
        for name, c in raw["genres"].items()
    }
    ui = {name: hex_rgb(value) for name, value in raw["ui"].items()}
    return Palette(MappingProxyType(genres), MappingProxyType(ui))


def ui(name: str) -> RGB:
    """An interface colour from the palette, e.g. ``ui("coin")``."""
    return palette().ui[name]


def genre_colours(genre: str) -> GenreColours:
    return palette().genres[genre]


@cache
def font_bytes(role: str) -> bytes:
    path = card_art_dir() / "fonts" / FONT_FILES[role]
    if not path.is_file():
        raise CardArtMissing(f"font file missing: {path}")
    return path.read_bytes()


_local = threading.local()


def font(role: str, size: int) -> ImageFont.FreeTypeFont:
    """A font of ``role`` ('letter', 'bold', 'regular') at ``size`` px, private to this thread."""
    fonts: dict[tuple[str, int], ImageFont.FreeTypeFont] | None = getattr(_local, "fonts", None)
    if fonts is None:
        fonts = _local.fonts = {}
    key = (role, size)
    found = fonts.get(key)
    if found is None:
        found = fonts[key] = ImageFont.truetype(io.BytesIO(font_bytes(role)), size)
    return found


@cache
def _language_font_file(language: str, weight: str) -> Path | None:
    """The file a language's words need, when the card fonts cannot draw them (Japanese); None: the
    card fonts do (English, Spanish, French)."""
    path = font_for_language(language, weight)
    return None if path.name in FONT_FILES.values() else path


@cache
def _file_bytes(path: Path) -> bytes:
    if not path.is_file():
        raise CardArtMissing(f"font file missing: {path}")
    return path.read_bytes()


def text_font_file(role: str, language: str = "en", text: str = "") -> Path:
    """The font file :func:`text_font` draws with."""
    path = _language_font_file(language, "regular" if role == "regular" else "bold")
    if path is None or (role == "letter" and text.isascii() and text):
        return card_art_dir() / "fonts" / FONT_FILES[role]
    return path


def text_font(role: str, size: int, language: str = "en", text: str = "") -> ImageFont.FreeTypeFont:
    """The font for words of ``language`` drawn in ``role``: the card fonts for Latin languages; for
    Japanese the CJK font of the same weight, except card letters and words (ASCII in the "letter"
    role), which keep the cards' own face."""
    path = _language_font_file(language, "regular" if role == "regular" else "bold")
    if path is None or (role == "letter" and text.isascii() and text):
        return font(role, size)
    fonts: dict[tuple[str, int], ImageFont.FreeTypeFont] | None = getattr(_local, "fonts", None)
    if fonts is None:
        fonts = _local.fonts = {}
    key = (str(path), size)
    found = fonts.get(key)
    if found is None:
        found = fonts[key] = ImageFont.truetype(io.BytesIO(_file_bytes(path)), size)
    return found
