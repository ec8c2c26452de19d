"""Text the fonts can actually draw: player names arrive from Discord with any Unicode."""

from __future__ import annotations

from functools import lru_cache

from hardback_bot.render.assets import text_font


@lru_cache(maxsize=8192)
def has_glyph(role: str, ch: str, language: str = "en") -> bool:
    """Whether the font that draws ``language`` in ``role`` has a glyph for ``ch``."""
    # Pillow exposes no glyph lookup; a missing glyph renders as the font's .notdef box, so compare
    # with a private-use code point the fonts leave empty.
    f = text_font(role, 20, language, ch)
    mask, notdef = f.getmask(ch), f.getmask("\ue000")
    return not (mask.size == notdef.size and bytes(mask) == bytes(notdef))


def printable(text: str, role: str = "regular", language: str = "en") -> str:
    """Drop characters our fonts cannot draw (emoji, CJK in names) instead of drawing boxes."""
    kept = "".join(ch for ch in text if ch.isspace() or has_glyph(role, ch, language))
    kept = " ".join(kept.split())
    return kept or "?"
