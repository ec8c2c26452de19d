"""One distinct glyph per benefit kind, with its number.

A glyph is drawn in a band of height ``h`` (pixels of the drawing surface).  ``glyph_width`` lets
the card lay out a band before drawing it.  Numbers that a doubler multiplies (R13.4) are shown
already multiplied and on a highlight ring when the multiplier is above 1; every number drawn is
reported through ``record`` so tests can find it: the coin or star it sits in (``number``) and the
digits themselves as a text record (``digits``: size, cap height, the shape it must stay inside).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw

from hardback_bot.render import icons
from hardback_bot.render.assets import font, text_font_file, ui
from hardback_bot.render.layout import Layout, Region
from hardback_bot.render.text import cap_height, draw_text

#: Kinds whose number a double multiplies (R13.4); the others happen once (R13.5).
MULTIPLIED = frozenset(
    {
        "coins",
        "prestige",
        "either_coins_or_prestige",
        "trash_for_coins",
        "trash_for_prestige",
        "dump_discard_for_coins",
        "coins_per_adventure",
        "prestige_per_inked_card",
        "prestige_per_wild",
    }
)

#: The joining symbols drawn between icons, each with one meaning (the icon legend explains them).
SYMBOLS = {
    "or": "/",  # choose one side: coins or prestige, ink or remover
    "times": "×",  # for each of the next icon (per-card counts); a doubled card's ×2
    "for": "→",  # in exchange: trash or dump the left to gain the right
    "beside": "◂ ▸",  # a card directly left or right of this one
}

#: Each glyph is a row of pieces, with its width in units of the band height.  Pieces are drawn
#: bold and simple so they still read when a card is shown ~80 px wide on a phone.
PIECES: dict[str, tuple[tuple[str, float], ...]] = {
    "coins": (("coin", 1.0),),
    "prestige": (("star", 1.06),),
    "either_coins_or_prestige": (("coin", 1.0), ("or", 0.34), ("star", 1.06)),
    "ink_or_remover": (("ink", 0.8), ("or", 0.34), ("remover", 0.8)),
    "uncover_adjacent": (("uncover", 1.5),),
    "double_adjacent": (("double", 1.78),),
    "jail": (("jail", 0.98),),
    "trash_for_coins": (("bin", 0.82), ("for", 0.46), ("coin", 1.0)),
    "trash_for_prestige": (("bin", 0.82), ("for", 0.46), ("star", 1.06)),
    "dump_discard_for_coins": (("pile", 1.02), ("for", 0.46), ("coin", 1.0)),
    "coins_per_adventure": (("coin", 1.0), ("times", 0.5), ("adventure", 0.96)),
    "prestige_per_inked_card": (("star", 1.06), ("times", 0.5), ("inked", 0.78)),
    "prestige_per_wild": (("star", 1.06), ("times", 0.5), ("wild", 0.76)),
    "preview": (("preview", 1.3),),
}

#: Glyph widths in units of the band height.
WIDTHS = {kind: round(sum(w for _, w in pieces), 3) for kind, pieces in PIECES.items()}

#: Pieces that are joining symbols, and the one meaning each has.
_SYMBOL_PIECES = {"or": "or", "times": "times", "for": "for"}

Record = Callable[..., None]


def glyph_width(kind: str, h: float) -> float:
    return WIDTHS[kind] * h


def draw_benefit(
    d: ImageDraw.ImageDraw,
    kind: str,
    value: int,
    multiplier: int,
    x: float,
    cy: float,
    h: float,
    record: Record,
    ink: tuple[int, int, int],
) -> float:
    """Draw one benefit glyph with its left edge at ``x``; returns the width used."""
    r = h / 2
    m = multiplier if kind in MULTIPLIED else 1
    hl = m > 1
    shown = str(value * m)
    width = glyph_width(kind, h)

    def number(cx: float, nr: float, drawn: icons.Drawn | None) -> None:
        shape = (cx - nr, cy - nr, cx + nr, cy + nr)
        record("number", shape, value=value * m, printed=value, highlighted=hl, benefit=kind)
        if drawn is not None:
            text_record(record, "digits", drawn, shown, shape, ("number", "benefit"), benefit=kind)

    def symbol(meaning: str, box: tuple[float, float, float, float]) -> None:
        # every joining symbol is recorded with its one meaning (SYMBOLS; the tests check it)
        record("symbol", box, symbol=meaning, benefit=kind)

    left = x
    for piece, units in PIECES[kind]:
        pw = units * h
        cx = left + pw / 2
        if piece == "coin":
            number(cx, r * 0.92, icons.coin(d, cx, cy, r * 0.92, shown, highlight=hl))
        elif piece == "star":
            number(cx, r * 0.94, icons.prestige(d, cx, cy, r * 0.94, shown, highlight=hl))
        elif piece == "or":
            icons.slash(d, cx, cy, r, ink)
        elif piece == "times":
            icons.times(d, cx, cy, r * 0.82, ink)
        elif piece == "for":
            icons.arrow_right(d, cx, cy, r * 0.82, ink)
        elif piece == "ink":
            icons.ink_drop(d, cx, cy, r * 0.92)
        elif piece == "remover":
            icons.remover_drop(d, cx, cy, r * 0.92)
        elif piece == "uncover":
            icons.side_arrows(d, cx, cy, r * 0.72, r * 0.34, ink)
            symbol("beside", (left, cy - r, left + pw, cy + r))
            icons.reveal(d, cx, cy, r * 0.95)
        elif piece == "double":
            icons.side_arrows(d, cx, cy, r * 1.1, r * 0.34, ink)
            symbol("beside", (left, cy - r, left + pw, cy + r))
            pill = (cx - r * 1.08, cy - r * 0.8, cx + r * 1.08, cy + r * 0.8)
            d.rounded_rectangle(pill, r * 0.34, fill=ui("highlight"))
            size = round(h * 0.68)
            box = draw_text(d, (cx, cy), "×2", font("bold", size), (255, 255, 255), "mm")
            text_record(record, "glyph_text", (box, size, 1.0), "×2", pill, ("symbol", "benefit"), benefit=kind)
            symbol("times", pill)
        elif piece == "jail":
            icons.jail_bars(d, cx, cy, r * 0.94, ui("jail"))
        elif piece == "bin":
            icons.trash_bin(d, cx, cy, r * 0.9, ink)
        elif piece == "pile":
            icons.discard_pile(d, cx, cy, r * 0.92)
        elif piece == "adventure":
            icons.genre_disc(d, "adventure", cx, cy, r * 0.9)
            record("emblem", (cx - r * 0.9, cy - r * 0.9, cx + r * 0.9, cy + r * 0.9), genre="adventure", style="disc",
                   benefit=kind)
        elif piece == "inked":
            icons.ink_drop(d, cx, cy, r * 0.92)
        elif piece == "wild":
            icons.card_back_small(d, cx, cy, r * 0.9)
        elif piece == "preview":
            drawn = icons.preview_fan(d, cx, cy, r * 0.98, str(value))
            text_record(record, "digits", drawn, str(value), (left, cy - r, left + pw, cy + r), ("benefit",),
                        benefit=kind)
        else:  # pragma: no cover - PIECES names only the pieces above
            raise ValueError(f"no piece {piece!r}")
        if piece in _SYMBOL_PIECES:
            symbol(_SYMBOL_PIECES[piece], (left, cy - r, left + pw, cy + r))
        left += pw
    record("benefit", (x, cy - r, x + width, cy + r), benefit=kind, value=value, multiplier=m)
    return width


def text_record(record: Record, kind: str, drawn: icons.Drawn, text: str, room: tuple[float, ...],
                on: tuple[str, ...], **data: object) -> None:
    """Report a number drawn in a glyph as a text record (sizes in the drawing's pixels)."""
    box, size, squeeze = drawn
    record(kind, box, text=text, px=size, cap=cap_height(font("bold", size)), role="bold",
           font=str(text_font_file("bold")), room=room, on=on, squeeze=round(squeeze, 3), **data)


def genre_marker(d: ImageDraw.ImageDraw, genre: str, cx: float, cy: float, r: float) -> None:
    """Small emblem at the start of the genre band: "only when this genre is active"."""
    icons.genre_disc(d, genre, cx, cy, r)


SS = 3  # a glyph alone is drawn at three times its size, then shrunk (anti-aliasing)


@lru_cache(maxsize=256)
def glyph(kind: str, value: int, h: int, multiplier: int = 1) -> tuple[Image.Image, tuple[Region, ...]]:
    """One benefit glyph on a transparent background, ``h`` px tall, drawn supersampled, with the
    regions it records (numbers, digits, symbols) in its own pixels.  Cached and shared: read the
    image, never draw on it."""
    w = round(glyph_width(kind, h))
    img = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    layout = Layout((w * SS, h * SS))

    def record(region_kind: str, box: tuple[float, ...], **data: object) -> None:
        layout.add(region_kind, box, **data)  # type: ignore[arg-type]

    draw_benefit(d, kind, value, multiplier, 0, h * SS / 2, h * SS, record, (60, 50, 40))
    small = img.convert("RGBa").resize((w, h), Image.Resampling.LANCZOS).convert("RGBA")
    return small, tuple(r.scaled(1 / SS) for r in layout if r.kind != "benefit")


def glyph_image(kind: str, value: int, h: int, multiplier: int = 1) -> Image.Image:
    """One benefit glyph's image (see ``glyph``)."""
    return glyph(kind, value, h, multiplier)[0]
