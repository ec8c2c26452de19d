"""The surface a card face is drawn on: geometry in card units, regions and text records in pixels.

A portrait card is 160 × 224 units (a timeless classic 224 × 160).  ``scale`` maps units to output
pixels; drawing happens at ``SUPERSAMPLE`` times that and is shrunk at the end by averaging each block of
pixels (a box filter), which anti-aliases the polygons Pillow draws without smoothing: for a whole-number
shrink it is exact, and a third of the time of a Lanczos filter, whose sharpening the eye does not see here.
Every text a face prints goes through ``text`` (or ``lines``), which records it with its size, cap height,
the room it was given and what it is drawn on, so the tests measure what the card really shows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from hardback_bot.i18n import Translator, translator
from hardback_bot.render.assets import RGB, text_font, text_font_file
from hardback_bot.render.layout import Layout, Region
from hardback_bot.render.text import cap_height, draw_text, fit_lines

SUPERSAMPLE = 2
#: The smallest type a card prints (words, prices, numbers), in units: at scale 1.0 (the smallest a
#: composed image draws a card) its cap height is 16 px, over 8 px once a 772 px wide image is shown
#: 400 px wide on a phone.
WORD = 22
LINE = 25  # one line of card words, units
#: The msgctxt of the words cards print (their table is ``card.STRINGS``).
WORDS_CONTEXT = "card face"

UnitBox = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class CardRender:
    """A drawn card. ``image`` is shared (cached): read it, never draw on it."""

    image: Image.Image
    regions: tuple[Region, ...]

    @property
    def size(self) -> tuple[int, int]:
        return self.image.size


class CardCanvas:
    """Draws in units, records regions in output pixels; its words are in ``language``."""

    def __init__(self, w_units: int, h_units: int, scale: float, language: str = "en") -> None:
        self.t: Translator = translator(language)
        self.language = self.t.language
        self.scale = scale
        self.k = scale * SUPERSAMPLE
        self.w, self.h = w_units, h_units
        self.out_size = (round(w_units * scale), round(h_units * scale))
        self.img = Image.new("RGBA", (round(w_units * self.k), round(h_units * self.k)), (0, 0, 0, 0))
        self.d = ImageDraw.Draw(self.img)
        self.layout = Layout(self.out_size)

    def u(self, v: float) -> float:
        return v * self.k

    def box(self, b: UnitBox) -> UnitBox:
        return (b[0] * self.k, b[1] * self.k, b[2] * self.k, b[3] * self.k)

    def px(self, v: float) -> int:
        """A font size in drawing pixels."""
        return max(6, round(v * self.k))

    def word(self, english: str, **params: object) -> str:
        """One of the card's printed words, in the card's language (``english`` is its msgid)."""
        return self.t.entry(WORDS_CONTEXT, english, **params)

    def font(self, role: str, size: float, text: str = "", language: str | None = None) -> ImageFont.FreeTypeFont:
        """The face for ``text`` at ``size`` units: printed words in the card's language (Japanese needs
        its own), numbers and letters (``language="en"``) in the card fonts."""
        return text_font(role, self.px(size), language or self.language, text)

    def width(self, text: str, role: str, size: float, language: str | None = None) -> float:
        """``text``'s width in units."""
        return self.font(role, size, text, language).getlength(text) / self.k

    def record(self, kind: str, draw_box: tuple[float, ...], **data: object) -> Region:
        """Record a region given in drawing pixels (a text record's room and sizes too)."""

        def out(b: tuple[float, ...]) -> tuple[int, ...]:
            return tuple(round(v / SUPERSAMPLE) for v in b)

        if "room" in data:
            data["room"] = out(data["room"])  # type: ignore[arg-type]
        for key in ("px", "cap"):
            if key in data:
                data[key] = round(float(data[key]) / SUPERSAMPLE, 1)  # type: ignore[arg-type]
        return self.layout.add(kind, out(draw_box), **data)  # type: ignore[arg-type]

    def record_units(self, kind: str, unit_box: UnitBox, **data: object) -> Region:
        return self.record(kind, self.box(unit_box), **data)

    def text(self, kind: str, xy: tuple[float, float], text: str, size: float, fill: RGB, *, role: str = "bold",
             anchor: str = "mm", room: UnitBox | None = None, on: tuple[str, ...] = (), squeeze: float = 1.0,
             language: str | None = None, **data: object) -> UnitBox:
        """Draw one line at ``xy`` (units) and record it; returns its box in units."""
        lang = language or self.language
        f = text_font(role, self.px(size), lang, text)
        box = draw_text(self.d, (self.u(xy[0]), self.u(xy[1])), text, f, fill, anchor, squeeze)
        self.record(kind, box, text=text, px=f.size, cap=cap_height(f), role=role,
                    font=str(text_font_file(role, lang, text)), room=self.box(room or (0, 0, self.w, self.h)),
                    on=on, squeeze=round(squeeze, 3), **data)
        return (box[0] / self.k, box[1] / self.k, box[2] / self.k, box[3] / self.k)

    def fitted(self, text: str, role: str, size: float, max_w: float, most: int = 1) -> tuple[list[str], float]:
        """``fit_lines`` in units: the lines ``text`` takes in ``max_w`` units, and their squeeze."""
        return fit_lines(text, role, self.px(size), self.u(max_w), self.language, most)

    def lines(self, kind: str, text: str, room: UnitBox, fill: RGB, *, role: str = "bold", size: float = WORD,
              most: int = 2, on: tuple[str, ...] = (), **data: object) -> list[UnitBox]:
        """``text`` centred in ``room`` (units) in at most ``most`` lines: condensed a little, else
        wrapped, never cut or made smaller."""
        lines, squeeze = self.fitted(text, role, size, room[2] - room[0] - 4, most)
        cx, cy = (room[0] + room[2]) / 2, (room[1] + room[3]) / 2
        top = cy - (len(lines) - 1) * LINE / 2
        return [self.text(kind, (cx, top + i * LINE), line, size, fill, role=role, room=room, on=on,
                          squeeze=squeeze, **data) for i, line in enumerate(lines)]

    def overlay(self, draw: Callable[[ImageDraw.ImageDraw], object]) -> None:
        """Draw translucent shapes: ``draw(ImageDraw)`` on a clear layer, then composite."""
        layer = Image.new("RGBA", self.img.size, (0, 0, 0, 0))
        draw(ImageDraw.Draw(layer))
        self.img.alpha_composite(layer)

    def finish(self) -> CardRender:
        small = self.img.convert("RGBa").resize(self.out_size, Image.Resampling.BOX).convert("RGBA")
        return CardRender(small, tuple(self.layout.regions))


def lines_needed(c: CardCanvas, text: str, role: str, width: float, most: int = 2) -> int:
    """How many lines ``text`` takes in ``width`` units (``CardCanvas.lines``)."""
    return len(c.fitted(text, role, WORD, width - 4, most)[0])
