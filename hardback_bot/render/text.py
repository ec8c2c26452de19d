"""Text the fonts can actually draw, and the measures every drawn text is recorded with.

Player names arrive from Discord with any Unicode (``printable``).  Every text an image draws is
recorded in its layout with its type size and *cap height* (the height of a capital H in the font
that draws it, in image pixels): what a reader's eye needs, and what the legibility tests hold to a
minimum once the image is shrunk to a phone's width.  A label that is a little too wide for its room
may be drawn *condensed* (squeezed sideways, its cap height kept) before it is wrapped or shortened.
"""

from __future__ import annotations

import math
import unicodedata
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from hardback_bot.render.assets import text_font

Box = tuple[int, int, int, int]
RGB = tuple[int, int, int]

#: The narrowest a label may be squeezed (its width times this) before it wraps instead.
MIN_SQUEEZE = 0.8


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


@lru_cache(maxsize=512)
def cap_height(f: ImageFont.FreeTypeFont) -> float:
    """The height of a capital H above the baseline, in the font's pixels (fonts are made once per face and
    size: assets.text_font, so each is measured once)."""
    return float(-f.getbbox("H", anchor="ls")[1])


_MEASURE = ImageDraw.Draw(Image.new("RGB", (1, 1)))  # measures only: nothing is drawn on it


@lru_cache(maxsize=8192)
def _extent(text: str, f: ImageFont.FreeTypeFont, anchor: str) -> tuple[float, float, float, float]:
    """The box ``text`` covers when anchored at (0, 0)."""
    return _MEASURE.textbbox((0, 0), text, font=f, anchor=anchor)


@lru_cache(maxsize=8192)
def _stamp(text: str, f: ImageFont.FreeTypeFont, anchor: str, start: tuple[float, float]
           ) -> tuple[Image.Image, tuple[int, int]]:
    """The coverage mask of one line of ``text`` (rasterised at the sub-pixel ``start`` of its anchor, as
    ``ImageDraw.text`` does) and where its top-left goes from the anchor's whole pixel."""
    mask, offset = f.getmask2(text, "L", anchor=anchor, start=start)
    return Image.frombytes("L", mask.size, bytes(mask)), (int(offset[0]), int(offset[1]))


def draw_text(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, f: ImageFont.FreeTypeFont,
              fill: tuple[int, ...], anchor: str = "la", squeeze: float = 1.0) -> tuple[float, float, float, float]:
    """Draw ``text`` and return the box it covers; with ``squeeze`` below 1 the text is narrowed to
    that share of its width about its anchor (its height, so its cap height, kept).
    The same labels are drawn in picture after picture (numbers, captions, names): each line's mask and box
    are kept and stamped, which is what ``ImageDraw.text`` draws, without laying the glyphs out again."""
    left0, top0, right0, bottom0 = _extent(text, f, anchor)
    box = (left0 + xy[0], top0 + xy[1], right0 + xy[0], bottom0 + xy[1])
    if squeeze >= 0.999:
        if "\n" in text or d.mode != "RGB":
            d.text(xy, text, font=f, fill=fill, anchor=anchor)
        else:
            mask, (dx, dy) = _stamp(text, f, anchor, (math.modf(xy[0])[0], math.modf(xy[1])[0]))
            d.bitmap((int(xy[0]) + dx, int(xy[1]) + dy), mask, fill=fill)
        return box
    left, top, right, bottom = (int(box[0]) - 2, int(box[1]) - 2, int(box[2]) + 3, int(box[3]) + 3)
    mask = Image.new("L", (right - left, bottom - top), 0)
    ImageDraw.Draw(mask).text((xy[0] - left, xy[1] - top), text, font=f, fill=255, anchor=anchor)
    mask = mask.resize((max(1, round(mask.size[0] * squeeze)), mask.size[1]), Image.Resampling.LANCZOS)
    ax = xy[0]  # Pillow anchors put the text's left, middle or right at x: squeeze about that point
    d.bitmap((round(ax + (left - ax) * squeeze), top), mask, fill=fill)
    return (ax + (box[0] - ax) * squeeze, box[1], ax + (box[2] - ax) * squeeze, box[3])


# Japanese breaks lines between any two characters, except before closing marks and small kana
# and after opening brackets (the usual line-breaking rules, kinsoku).
NO_LINE_START = frozenset("、。，．,.・：；:;？！?!ー）」』】〉》〕］｝)]}〜…‥"
                          "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ")
NO_LINE_END = frozenset("（「『【〈《〔［｛([{")


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


def break_units(text: str) -> list[tuple[str, str]]:
    """``text`` as (glue, piece) units a line may break between: words joined by a space, and in
    Japanese single characters joined by nothing."""
    units: list[tuple[str, str]] = []
    for word in text.split():
        glue = " "
        piece = ""
        for ch in word:
            prev = piece[-1] if piece else ""
            if piece and (_wide(ch) or _wide(prev)) and ch not in NO_LINE_START and prev not in NO_LINE_END:
                units.append((glue, piece))
                glue, piece = "", ch
            else:
                piece += ch
        if piece:
            units.append((glue, piece))
    return units


def wrap_text(text: str, role: str, size: int, max_w: float, language: str = "en") -> list[str]:
    """Greedy wrap into lines of at most ``max_w`` pixels: at spaces, and between Japanese characters.
    A single unit longer than the line stays whole (callers shorten it if they must)."""
    f = text_font(role, size, language, text)
    lines: list[str] = []
    for glue, piece in break_units(text):
        if lines and f.getlength(lines[-1] + glue + piece) <= max_w:
            lines[-1] += glue + piece
        else:
            lines.append(piece)
    return lines


def balanced_wrap(text: str, role: str, size: int, max_w: float, language: str = "en") -> list[str]:
    """``wrap_text``'s lines made as even as they can be without adding one ("à Bob :" / "sans avantages"
    rather than "à Bob : sans" / "avantages")."""
    lines = wrap_text(text, role, size, max_w, language)
    if len(lines) < 2:
        return lines
    lo, hi = 0.0, max_w
    for _ in range(10):
        mid = (lo + hi) / 2
        tried = wrap_text(text, role, size, mid, language)
        if len(tried) <= len(lines) and all(text_font(role, size, language, x).getlength(x) <= mid for x in tried):
            hi, lines = mid, tried
        else:
            lo = mid
    return lines


def fit_lines(text: str, role: str, size: int, max_w: float, language: str = "en",
              most: int = 2) -> tuple[list[str], float]:
    """How to show ``text`` in ``max_w`` pixels at type ``size`` without making it smaller: the lines
    (one if it fits or fits condensed, else wrapped into at most ``most``) and the squeeze each line is
    drawn with (1.0 = as is).  Nothing is cut: a line too long even so is squeezed further.
    The same labels are fitted again in every picture: the answer is kept."""
    lines, squeeze = _fitted(text, role, size, max_w, language, most)
    return list(lines), squeeze


@lru_cache(maxsize=4096)
def _fitted(text: str, role: str, size: int, max_w: float, language: str, most: int) -> tuple[tuple[str, ...], float]:
    lines, squeeze = _fit(text, role, size, max_w, language, most)
    return tuple(lines), squeeze


def _fit(text: str, role: str, size: int, max_w: float, language: str, most: int) -> tuple[list[str], float]:
    f = text_font(role, size, language, text)
    width = f.getlength(text)
    if width <= max_w:
        return [text], 1.0
    if width * MIN_SQUEEZE <= max_w or most <= 1:
        return [text], max_w / width
    lines = balanced_wrap(text, role, size, max_w, language)
    if len(lines) > most:
        lines = balanced_wrap(text, role, size, max_w / MIN_SQUEEZE, language)
    if len(lines) > most:
        # balance the rest into the last line rather than drop it
        glue = "" if language == "ja" else " "
        lines = [*lines[: most - 1], glue.join(lines[most - 1:])]
    widest = max(f.getlength(line) for line in lines)
    return lines, min(1.0, max_w / widest)
