"""Text the fonts can actually draw: player names arrive from Discord with any Unicode."""

from __future__ import annotations

from functools import lru_cache

from hardback_bot.render.assets import font


@lru_cache(maxsize=4096)
def _has_glyph(role: str, ch: str) -> bool:
    # Pillow exposes no glyph lookup; a missing glyph renders as the font's .notdef box, so compare
    # with a private-use code point the fonts leave empty.
    f = font(role, 20)
    mask, notdef = f.getmask(ch), f.getmask("\ue000")
    return not (mask.size == notdef.size and bytes(mask) == bytes(notdef))


def printable(text: str, role: str = "regular") -> str:
    """Drop characters our fonts cannot draw (emoji, CJK in names) instead of drawing boxes."""
    kept = "".join(ch for ch in text if ch.isspace() or _has_glyph(role, ch))
    kept = " ".join(kept.split())
    return kept or "?"
