"""One distinct glyph per benefit kind, with its number.

A glyph is drawn in a band of height ``h`` (pixels of the drawing surface).  ``glyph_width`` lets
the card lay out a band before drawing it.  Numbers that a doubler multiplies (R13.4) are shown
already multiplied and on a highlight ring when the multiplier is above 1; every number drawn is
reported through ``record`` so tests can find it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw

from hardback_bot.render import icons
from hardback_bot.render.assets import font, ui

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

#: Glyph widths in units of the band height.
WIDTHS = {
    "coins": 1.0,
    "prestige": 1.1,
    "either_coins_or_prestige": 2.45,
    "ink_or_remover": 2.0,
    "uncover_adjacent": 1.75,
    "double_adjacent": 1.95,
    "jail": 1.0,
    "trash_for_coins": 2.45,
    "trash_for_prestige": 2.55,
    "dump_discard_for_coins": 2.6,
    "coins_per_adventure": 2.4,
    "prestige_per_inked_card": 2.4,
    "prestige_per_wild": 2.4,
    "preview": 1.7,
}

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

    def number(cx: float, ncy: float, nr: float) -> None:
        record(
            "number",
            (cx - nr, ncy - nr, cx + nr, ncy + nr),
            value=value * m,
            printed=value,
            highlighted=hl,
            benefit=kind,
        )

    def symbol(meaning: str, draw: Callable[..., None], cx: float, sr: float) -> None:
        # every joining symbol is recorded with its one meaning (see SYMBOLS; tests check it)
        draw(d, cx, cy, sr, ink)
        record("symbol", (cx - sr, cy - sr, cx + sr, cy + sr), symbol=meaning, benefit=kind)

    def coin_at(cx: float) -> None:
        icons.coin(d, cx, cy, r * 0.86, shown, highlight=hl)
        number(cx, cy, r * 0.86)

    def star_at(cx: float) -> None:
        icons.prestige(d, cx, cy, r * 0.9, shown, highlight=hl)
        number(cx, cy, r * 0.9)

    if kind == "coins":
        coin_at(x + r)
    elif kind == "prestige":
        star_at(x + width / 2)
    elif kind == "either_coins_or_prestige":
        coin_at(x + r)
        symbol("or", icons.slash, x + h * 1.2, r)
        star_at(x + width - h * 0.55)
    elif kind == "ink_or_remover":
        icons.ink_drop(d, x + h * 0.42, cy, r * 0.9)
        symbol("or", icons.slash, x + h, r)
        icons.remover_drop(d, x + width - h * 0.42, cy, r * 0.9)
    elif kind == "uncover_adjacent":
        symbol("beside", lambda dd, sx, sy, sr, col: icons.side_arrows(dd, sx, sy, sr * 0.68, sr * 0.3, col),
               x + width / 2, r)
        icons.flip_card(d, x + width / 2, cy + r * 0.08, r * 0.95, ui("highlight"))
    elif kind == "double_adjacent":
        symbol("beside", lambda dd, sx, sy, sr, col: icons.side_arrows(dd, sx, sy, sr * 0.95, sr * 0.3, col),
               x + width / 2, r)
        pill = (x + width / 2 - r * 0.9, cy - r * 0.72, x + width / 2 + r * 0.9, cy + r * 0.72)
        d.rounded_rectangle(pill, r * 0.3, fill=ui("highlight"))
        d.text((x + width / 2, cy), "×2", font=font("bold", round(h * 0.6)), fill=(255, 255, 255), anchor="mm")
        record("symbol", pill, symbol="times", benefit=kind)
    elif kind == "jail":
        icons.jail_bars(d, x + r, cy, r * 0.85, ui("jail"))
    elif kind in ("trash_for_coins", "trash_for_prestige"):
        icons.trash_bin(d, x + h * 0.42, cy, r * 0.82, ink)
        symbol("for", icons.arrow_right, x + h * 1.05, r * 0.7)
        if kind == "trash_for_coins":
            coin_at(x + width - r)
        else:
            star_at(x + width - h * 0.55)
    elif kind == "dump_discard_for_coins":
        icons.discard_pile(d, x + h * 0.6, cy, r * 0.85)
        symbol("for", icons.arrow_right, x + h * 1.3, r * 0.6)
        coin_at(x + width - r)
    elif kind in ("coins_per_adventure", "prestige_per_inked_card", "prestige_per_wild"):
        if kind == "coins_per_adventure":
            coin_at(x + r)
        else:
            star_at(x + h * 0.55)
        symbol("times", icons.times, x + h * 1.3, r)  # "×": for each (the slash means "or")
        ix = x + width - h * 0.5
        if kind == "coins_per_adventure":
            icons.genre_badge(d, "adventure", ix, cy, r * 0.85)
        elif kind == "prestige_per_inked_card":
            icons.ink_drop(d, ix, cy, r * 0.9)
        else:
            icons.card_back_small(d, ix, cy, r * 0.85)
    elif kind == "preview":
        icons.preview_fan(d, x + width / 2, cy, r * 0.95, str(value))
    else:  # pragma: no cover - cards.py rejects unknown kinds when loading
        raise ValueError(f"no glyph for benefit kind {kind!r}")
    record("benefit", (x, cy - r, x + width, cy + r), benefit=kind, value=value, multiplier=m)
    return width


def genre_marker(d: ImageDraw.ImageDraw, genre: str, cx: float, cy: float, r: float) -> None:
    """Small emblem at the start of the genre band: "only when this genre is active"."""
    icons.genre_badge(d, genre, cx, cy, r)


@lru_cache(maxsize=256)
def glyph_image(kind: str, value: int, h: int, multiplier: int = 1) -> Image.Image:
    """One benefit glyph on a transparent background, ``h`` px tall, drawn supersampled.
    Cached and shared: read it, never draw on it."""
    ss = 3
    w = round(glyph_width(kind, h))
    img = Image.new("RGBA", (w * ss, h * ss), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    draw_benefit(d, kind, value, multiplier, 0, h * ss / 2, h * ss, lambda *a, **k: None, (60, 50, 40))
    return img.convert("RGBa").resize((w, h), Image.Resampling.LANCZOS).convert("RGBA")
