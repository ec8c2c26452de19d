"""Shared pieces for composed images: the canvas, card placement, row flow, text, PNG encoding.

Composed images are RGB on Discord's dark surface colour.  Width is fixed at ``WIDTH`` pixels for
every wide image so they all scale the same way on a phone (shown about ``PHONE_W`` = 400 px wide
there, a shrink to about half).  So type is at least ``MIN_TEXT`` px here (about 11 px on the phone),
benefit glyphs of the main cards at least ~17 px there, and a card letter at least ~28 px.
"""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from isal import isal_zlib
from PIL import Image, ImageDraw, ImageFont

from hardback_bot.i18n import Translator, translator
from hardback_bot.render import icons
from hardback_bot.render.assets import RGB, text_font, text_font_file, ui
from hardback_bot.render.card import card_pixels, render_card
from hardback_bot.render.layout import Box, Layout
from hardback_bot.render.models import CardFace
from hardback_bot.render.text import cap_height, draw_text, fit_lines, printable

WIDTH = 772  # every wide image: 4 portrait cards and gaps, or 3 portrait + 1 landscape
PHONE_W = 400  # Discord shows an image about this wide on a phone
MIN_TEXT = 22  # smallest type size in a composed image (~11.4 px once shown PHONE_W wide)
MARGIN = 16
CONTENT_W = WIDTH - 2 * MARGIN
GAP = 12
PNG_COMPRESS = 1  # zlib level for images Pillow writes (single cards): ~2x faster than 6, ~10% larger on flat art


@dataclass(frozen=True, slots=True)
class Rendered:
    """An image plus where things are in it (for tests and for callers that crop)."""

    image: Image.Image
    layout: Layout

    def png(self) -> bytes:
        return encode_png(self.image)


PNG_COLOURS = 256  # composed images are flat art and antialiased type: a palette holds them
PALETTE_STEP = 3  # the palette is chosen from one pixel in PALETTE_STEP² (encode_png)
DEFLATE_LEVEL = 1  # ISA-L's: about five times quicker than zlib's level 1 here, and a little smaller


def encode_png(img: Image.Image) -> bytes:
    """PNG bytes of an image.  An RGB image is stored with a palette of its own 256 colours (fast octree,
    no dithering): a third of the bytes to upload and to download on a phone, for a difference the eye does
    not see (tests/render pins how small it is).
    The palette is chosen from one pixel in nine (every third pixel of every third row), then the whole image is
    mapped onto it: sorting every pixel into the octree was most of the encoding's time, and flat art repeats
    each of its colours over many pixels.  The rows are then deflated by ISA-L (:func:`palette_png`).
    Images with transparency (single cards) keep every colour, through Pillow's own PNG writer."""
    if img.mode != "RGB":
        buf = io.BytesIO()
        img.save(buf, "PNG", compress_level=PNG_COMPRESS)
        return buf.getvalue()
    sample = img.resize((max(1, img.width // PALETTE_STEP), max(1, img.height // PALETTE_STEP)),
                        Image.Resampling.NEAREST)
    palette = sample.quantize(PNG_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return palette_png(img.quantize(palette=palette, dither=Image.Dither.NONE))


def palette_png(indexed: Image.Image) -> bytes:
    """The PNG file of a palette ("P") image: its rows unfiltered (filters gain nothing on palette indices, the
    PNG specification's advice too) and deflated by ISA-L, a library made for fast deflate; Pillow's writer
    would deflate with zlib, which took most of an image's encoding time."""
    if indexed.mode != "P":
        raise ValueError(f"a palette image is needed, not {indexed.mode}")
    w, h = indexed.size
    rows = np.zeros((h, w + 1), dtype=np.uint8)  # each row starts with its filter type: 0, none
    rows[:, 1:] = np.frombuffer(indexed.tobytes(), dtype=np.uint8).reshape(h, w)
    colours = bytes(indexed.getpalette() or [])[:3 * PNG_COLOURS]
    return b"".join((
        PNG_SIGNATURE,
        _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0)),  # 8 bits, palette, deflate, no interlace
        _chunk(b"PLTE", colours),
        _chunk(b"IDAT", isal_zlib.compress(rows.tobytes(), DEFLATE_LEVEL)),
        _chunk(b"IEND", b""),
    ))


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(body, zlib.crc32(kind)))


class Canvas:
    """An RGB image being composed, its draw handle and its layout, and the language its words are in
    (``t`` says them; ``font`` picks the face that draws them)."""

    def __init__(self, width: int, height: int, bg: RGB | None = None, language: str = "en") -> None:
        self.img = Image.new("RGB", (width, height), bg or ui("background"))
        self.d = ImageDraw.Draw(self.img)
        self.layout = Layout((width, height))
        self.t: Translator = translator(language)
        self.language = self.t.language

    def font(self, role: str, size: int, text: str = "") -> ImageFont.FreeTypeFont:
        return text_font(role, size, self.language, text)

    def card(self, face: CardFace, x: int, y: int, scale: float, path: str) -> Box:
        r = render_card(face, scale, self.language)
        self.img.paste(r.image, (x, y), r.image)
        w, h = r.size
        self.layout.add("card", (x, y, x + w, y + h), path=path, card_id=face.card_id)
        self.layout.extend(r.regions, x, y, path)
        return (x, y, x + w, y + h)

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        fill: RGB | None = None,
        role: str = "bold",
        anchor: str = "la",
        kind: str | None = None,
        room: Box | None = None,
        on: tuple[str, ...] = (),
        squeeze: float = 1.0,
        language: str | None = None,
        **data: object,
    ) -> Box:
        """Draw one line of text and record it (a text record, ``layout``): ``room`` is the box the
        layout gives it (the whole image when None), ``on`` the kinds of region it is drawn over on
        purpose, ``squeeze`` how far it is condensed; ``language`` picks another font than the image's
        (numbers and card words in Latin letters)."""
        lang = language or self.language
        f = text_font(role, size, lang, text)
        box = tuple(round(v) for v in draw_text(self.d, xy, text, f, fill or ui("text"), anchor, squeeze))
        self.layout.add(kind or "text", box, text=text, px=size, cap=round(cap_height(f), 1), role=role,
                        font=str(text_font_file(role, lang, text)), room=room or (0, 0, *self.img.size),
                        on=on, squeeze=round(squeeze, 3), **data)
        return box  # type: ignore[return-value]

    def lines(
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        max_w: float,
        fill: RGB | None = None,
        role: str = "regular",
        anchor: str = "lm",
        most: int = 2,
        line_h: int | None = None,
        **kw: object,
    ) -> list[Box]:
        """``text`` in at most ``most`` lines of ``max_w`` pixels (``fit_lines``: condensed a little,
        else wrapped; never cut), the first line's anchor at ``xy``."""
        lines, squeeze = fit_lines(text, role, size, max_w, self.language, most)
        step = line_h or round(size * 1.25)
        return [self.text((xy[0], xy[1] + i * step), line, size, fill, role, anchor, squeeze=squeeze, **kw)
                for i, line in enumerate(lines)]

    def finish(self) -> Rendered:
        return Rendered(self.img, self.layout)

    def paste(self, part: Rendered, x: int, y: int) -> None:
        """A part drawn on its own canvas (and kept: see ``table.py``), placed with its layout at (x, y)."""
        self.img.paste(part.image, (x, y))
        self.layout.extend(part.layout, x, y)


def fit_text(text: str, role: str, size: int, max_w: float, language: str = "en") -> str:
    """Shorten with an ellipsis until it fits ``max_w`` pixels (player names can be long); characters
    the font lacks are dropped first."""
    text = printable(text, role, language)
    f = text_font(role, size, language, text)
    if f.getlength(text) <= max_w:
        return text
    while len(text) > 1 and f.getlength(text + "…") > max_w:
        text = text[:-1]
    return text + "…"


def fit_names(names: Sequence[str], role: str, size: int, max_w: float, language: str = "en") -> list[str]:
    """Each name shortened to ``max_w`` pixels, keeping seats tell-apart: when cutting the end would
    leave a name that could be another seat's ("Computer 1 (hard)" and "Computer 2 (hard)" both
    "Computer…"), the cut moves into the middle and keeps where they differ ("Comp…1 (hard)")."""
    f = text_font(role, size, language)
    clean = [printable(n, role, language) for n in names]
    out = [fit_text(n, role, size, max_w, language) for n in clean]
    for i, name in enumerate(clean):
        rivals = [o for j, o in enumerate(clean) if j != i and o != name and could_be(out[i], o)]
        if not rivals:
            continue
        n = len(name)
        # keep the part from where the rivals differ: "Comp…1 (hard)", "Bartholomew…second of the name";
        # a name that is the start of another keeps its own ending instead ("Ada Lov…ace")
        k = max(_first_difference(name, o) for o in rivals)
        k = min(k, max(1, n - 3))
        candidates = [name[:h].rstrip() + "…" + name[k:].lstrip() for h in range(k - 1, 0, -1)]
        # or a window around it: "C…1 (h…"
        candidates += [name[:h].rstrip() + "…" + name[k:k + m].strip() + "…"
                       for m in range(n - k - 1, 0, -1) for h in range(k - 1, 0, -1)]
        for text in candidates:
            if f.getlength(text) <= max_w and not any(could_be(text, o) for o in rivals):
                out[i] = text
                break
    return out


def could_be(short: str, name: str) -> bool:
    """Whether ``short`` (a name with "…" where letters were cut) could stand for ``name``."""
    parts = short.split("…")
    if len(parts) == 1:
        return short == name
    if not (name.startswith(parts[0]) and name.endswith(parts[-1])):
        return False
    pos = len(parts[0])
    for part in parts[1:-1]:
        found = name.find(part, pos)
        if found < 0:
            return False
        pos = found + len(part)
    return len(name) - len(parts[-1]) >= pos


def _first_difference(a: str, b: str) -> int:
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return i
    return min(len(a), len(b))


def flow_rows(widths: Sequence[int], max_w: int, gap: int = GAP) -> list[list[int]]:
    """Split items (by width) into rows of at most ``max_w``, balanced: the fewest rows the greedy
    fill needs, with the row limit lowered as far as that row count allows (so 5 cards wrap 3+2,
    not 4+1)."""
    if not widths:
        return []

    def greedy(limit: int) -> list[list[int]]:
        rows: list[list[int]] = [[]]
        used = 0
        for i, w in enumerate(widths):
            need = w if not rows[-1] else used + gap + w
            if rows[-1] and need > limit:
                rows.append([i])
                used = w
            else:
                rows[-1].append(i)
                used = need
        return rows

    best = greedy(max_w)
    lo, hi = max(widths), max_w
    while lo < hi:
        mid = (lo + hi) // 2
        if len(greedy(mid)) <= len(best):
            hi = mid
        else:
            lo = mid + 1
    return greedy(lo)


def place_cards(
    faces: Sequence[CardFace], scale: float, max_w: int = CONTENT_W, gap: int = GAP
) -> tuple[list[tuple[int, int]], list[int], int]:
    """Positions (relative to the block's top-left, rows centred in ``max_w``) for ``faces``;
    returns (positions, row index per card, block height without captions)."""
    sizes = [card_pixels(f, scale) for f in faces]
    rows = flow_rows([w for w, _ in sizes], max_w, gap)
    pos: list[tuple[int, int]] = [(0, 0)] * len(faces)
    row_of = [0] * len(faces)
    y = 0
    for ri, row in enumerate(rows):
        row_w = sum(sizes[i][0] for i in row) + gap * (len(row) - 1)
        row_h = max(sizes[i][1] for i in row)
        x = (max_w - row_w) // 2
        for i in row:
            # landscape cards (shorter) sit on the row's baseline
            pos[i] = (x, y + row_h - sizes[i][1])
            row_of[i] = ri
            x += sizes[i][0] + gap
        y += row_h + gap
    return pos, row_of, max(0, y - gap)


def row_heights(faces: Sequence[CardFace], scale: float, max_w: int = CONTENT_W, gap: int = GAP) -> list[int]:
    sizes = [card_pixels(f, scale) for f in faces]
    rows = flow_rows([w for w, _ in sizes], max_w, gap)
    return [max(sizes[i][1] for i in row) for row in rows]


def token(c: Canvas, kind: str, x: float, cy: float, count: int, size: int = 20, fill: RGB | None = None) -> float:
    """Ink / remover / coin / prestige symbol followed by a number; returns the right edge."""
    r = size * 0.62
    if kind == "ink":
        icons.ink_drop(c.d, x + r, cy, r)
    elif kind == "remover":
        icons.remover_drop(c.d, x + r, cy, r)
    elif kind == "coins":
        icons.coin(c.d, x + r, cy, r * 0.9)
    elif kind == "prestige":
        icons.prestige(c.d, x + r, cy, r * 0.95)
    c.layout.add("token_icon", (x, cy - r, x + 2 * r, cy + r), token=kind)
    box = c.text((x + 2 * r + 5, cy), str(count), size, fill, anchor="lm", kind="token", language="en", token=kind,
                 count=count)
    return box[2]
