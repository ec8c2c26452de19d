"""Icons drawn in code: genre emblems, the coin and prestige symbols, and one glyph per benefit kind.

All functions draw onto an ``ImageDraw`` at pixel coordinates the caller has already scaled (card
faces are drawn supersampled and shrunk, which is what anti-aliases these plain polygons).  Shapes
are our own, built from circles, lines and polygons; nothing is traced from published art.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from hardback_bot.render.assets import RGB, font, genre_colours, ui
from hardback_bot.render.text import draw_text

Point = tuple[float, float]
WHITE: RGB = (255, 255, 255)
#: A number drawn inside an icon: the box it covers, its type size and how far it is condensed.
Drawn = tuple[tuple[float, float, float, float], int, float]


def circle(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, **kw: object) -> None:
    d.ellipse((cx - r, cy - r, cx + r, cy + r), **kw)  # type: ignore[arg-type]


def _lw(r: float, frac: float) -> int:
    return max(1, round(r * frac))


def star_points(cx: float, cy: float, r: float, inner: float = 0.5, points: int = 5) -> list[Point]:
    out: list[Point] = []
    for i in range(points * 2):
        rad = r if i % 2 == 0 else r * inner
        ang = -math.pi / 2 + i * math.pi / points
        out.append((cx + rad * math.cos(ang), cy + rad * math.sin(ang)))
    return out


# --- genre emblems (RULES R1.9) ---------------------------------------------------------------


def compass(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour: RGB, bg: RGB) -> None:
    circle(d, cx, cy, r * 0.92, outline=colour, width=_lw(r, 0.15))
    n, e = r * 0.8, r * 0.58
    w = r * 0.26
    # North-south needle, then the shorter east-west one: a bold 4-point star that still reads 14 px wide
    d.polygon(
        [
            (cx, cy - n),
            (cx + w, cy - w),
            (cx + e, cy),
            (cx + w, cy + w),
            (cx, cy + n),
            (cx - w, cy + w),
            (cx - e, cy),
            (cx - w, cy - w),
        ],
        fill=colour,
    )
    circle(d, cx, cy, r * 0.12, fill=bg)


def skull(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour: RGB, bg: RGB) -> None:
    d.ellipse((cx - r * 0.78, cy - r * 0.9, cx + r * 0.78, cy + r * 0.45), fill=colour)
    d.rounded_rectangle((cx - r * 0.45, cy + r * 0.1, cx + r * 0.45, cy + r * 0.88), r * 0.15, fill=colour)
    for sx in (-1, 1):
        d.ellipse(
            (cx + sx * r * 0.36 - r * 0.22, cy - r * 0.32, cx + sx * r * 0.36 + r * 0.22, cy + r * 0.1),
            fill=bg,
        )
    d.polygon([(cx, cy + r * 0.12), (cx - r * 0.12, cy + r * 0.35), (cx + r * 0.12, cy + r * 0.35)], fill=bg)
    for tx in (-0.2, 0.0, 0.2):
        d.line((cx + tx * r, cy + r * 0.55, cx + tx * r, cy + r * 0.88), fill=bg, width=_lw(r, 0.08))


def magnifier(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour: RGB, bg: RGB) -> None:
    gx, gy, gr = cx - r * 0.2, cy - r * 0.2, r * 0.58
    d.line((gx + gr * 0.7, gy + gr * 0.7, cx + r * 0.88, cy + r * 0.88), fill=colour, width=_lw(r, 0.3))
    circle(d, gx, gy, gr, fill=bg, outline=colour, width=_lw(r, 0.2))
    # a glint, so it reads as glass at small sizes
    d.arc(
        (gx - gr * 0.55, gy - gr * 0.55, gx + gr * 0.55, gy + gr * 0.55),
        200,
        260,
        fill=colour,
        width=_lw(r, 0.08),
    )


def heart_arrow(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour: RGB, bg: RGB) -> None:
    # a dark wooden shaft reads on the white badge and the genre band; on a disc of the genre's colour the whole
    # emblem is white, so its outline is one shape there too
    shaft = colour if colour == WHITE else (70, 40, 30)
    x0, y0, x1, y1 = cx - r * 0.95, cy + r * 0.62, cx + r * 0.95, cy - r * 0.62
    # tail half of the arrow behind the heart
    d.line((x0, y0, cx, cy), fill=shaft, width=_lw(r, 0.13))
    for off in (0.0, 0.14):
        fx, fy = x0 + off * r * 1.4, y0 - off * r * 0.9
        d.line((fx, fy, fx - r * 0.08, fy - r * 0.28), fill=shaft, width=_lw(r, 0.1))
        d.line((fx, fy, fx + r * 0.22, fy + r * 0.12), fill=shaft, width=_lw(r, 0.1))
    lr = r * 0.38
    circle(d, cx - r * 0.31, cy - r * 0.22, lr, fill=colour)
    circle(d, cx + r * 0.31, cy - r * 0.22, lr, fill=colour)
    d.polygon([(cx - r * 0.67, cy - r * 0.08), (cx + r * 0.67, cy - r * 0.08), (cx, cy + r * 0.74)], fill=colour)
    # head half in front
    d.line((cx + r * 0.2, cy - r * 0.13, x1 - r * 0.1, y1 + r * 0.07), fill=shaft, width=_lw(r, 0.13))
    d.polygon(
        [(x1 + r * 0.08, y1 - r * 0.05), (x1 - r * 0.34, y1 + r * 0.02), (x1 - r * 0.08, y1 + r * 0.32)],
        fill=shaft,
    )


def dot(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour: RGB, bg: RGB) -> None:
    """The starter's mark: a bold ring, round where the other emblems are not."""
    circle(d, cx, cy, r * 0.6, outline=colour, width=_lw(r, 0.22))


GENRE_ICONS = {
    "adventure": compass,
    "horror": skull,
    "mystery": magnifier,
    "romance": heart_arrow,
    "starter": dot,
}


def genre_icon(
    d: ImageDraw.ImageDraw,
    genre: str,
    cx: float,
    cy: float,
    r: float,
    colour: RGB | None = None,
    bg: RGB = (255, 255, 255),
) -> None:
    GENRE_ICONS[genre](d, cx, cy, r, colour or genre_colours(genre).main, bg)


#: How much of a marker's disc its emblem fills: as much as leaves the disc's rim showing, so the shape is
#: as large as it can be on a phone (a marker is 14 px wide there at the least).
DISC_EMBLEM = 0.86
BADGE_EMBLEM = 0.82
#: The two styles of a genre marker: the emblem in white on a disc of the genre's colour (bands, chips, bars),
#: or in the genre's colour on a white disc with a rim of it (ribbons, legends, pills).
STYLES = ("disc", "badge")


def genre_disc(d: ImageDraw.ImageDraw, genre: str, cx: float, cy: float, r: float) -> None:
    """The emblem in white on a disc of the genre's colour: bolder than the badge, for small sizes
    (the per-adventure count, the genre band's marker)."""
    col = genre_colours(genre)
    circle(d, cx, cy, r, fill=col.main, outline=col.dark, width=_lw(r, 0.1))
    genre_icon(d, genre, cx, cy, r * DISC_EMBLEM, WHITE, col.main)


def genre_badge(d: ImageDraw.ImageDraw, genre: str, cx: float, cy: float, r: float) -> None:
    """The emblem on a white disc with a genre-coloured rim (card ribbons, chart legends)."""
    circle(d, cx, cy, r, fill=WHITE, outline=genre_colours(genre).dark, width=_lw(r, 0.08))
    genre_icon(d, genre, cx, cy, r * BADGE_EMBLEM)


MARKER_SS = 4  # a marker pasted alone is drawn at four times its size, then shrunk (anti-aliasing)


@lru_cache(maxsize=64)
def genre_marker_image(genre: str, diameter: int, style: str = "disc") -> Image.Image:
    """A genre marker (``genre_disc`` or ``genre_badge``) ``diameter`` px wide on a clear background, drawn
    supersampled: composed images paste it (chips, the deck's bars, pills), which is sharper than drawing the
    polygons at their final size and cheaper than drawing them again for every picture.  Cached and shared:
    read it, never draw on it."""
    k = MARKER_SS
    img = Image.new("RGBA", (diameter * k, diameter * k), (0, 0, 0, 0))
    draw = genre_disc if style == "disc" else genre_badge
    draw(ImageDraw.Draw(img), genre, diameter * k / 2, diameter * k / 2, diameter * k / 2 - k / 2)
    return img.convert("RGBa").resize((diameter, diameter), Image.Resampling.BOX).convert("RGBA")


def paste_genre_marker(img: Image.Image, genre: str, cx: float, cy: float, diameter: int, style: str = "disc"
                       ) -> tuple[int, int, int, int]:
    """Paste the marker centred on (cx, cy); returns its box."""
    marker = genre_marker_image(genre, diameter, style)
    x, y = round(cx - diameter / 2), round(cy - diameter / 2)
    img.paste(marker, (x, y), marker)
    return (x, y, x + diameter, y + diameter)


# --- coin, prestige, tokens ---------------------------------------------------------------------


def _number(d: ImageDraw.ImageDraw, cx: float, cy: float, text: str, size: float, fill: RGB,
            squeeze: float = 1.0) -> Drawn:
    px = max(6, round(size))
    box = draw_text(d, (cx, cy), text, font("bold", px), fill, "mm", squeeze)
    return box, px, squeeze


#: Numbers are what matter in a coin or a star: as tall as the shape allows (a two-digit number, only
#: ever a doubled or tripled one, is condensed rather than made smaller).
COIN_DIGIT = 1.5
STAR_DIGIT = 1.42
TWO_DIGITS = 0.72


def coin(
    d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, text: str | None = None, highlight: bool = False
) -> Drawn | None:
    """A gold coin (¢); the number sits inside it (returned: where and how large it is drawn)."""
    if highlight:
        circle(d, cx, cy, r * 1.18, fill=ui("highlight"))
    circle(d, cx, cy, r, fill=ui("coin"), outline=ui("coin_dark"), width=_lw(r, 0.1))
    if text is not None:
        squeeze = 1.0 if len(text) == 1 else TWO_DIGITS
        return _number(d, cx, cy + r * 0.04, text, r * COIN_DIGIT * (1.0 if len(text) == 1 else 0.92),
                       (60, 44, 0) if not highlight else (0, 0, 0), squeeze)
    # the coin symbol's own mark, part of the icon (the legend names it)
    circle(d, cx, cy, r * 0.74, outline=ui("coin_dark"), width=_lw(r, 0.05))
    _number(d, cx, cy + r * 0.02, "¢", r * 1.1, ui("coin_dark"))
    return None


def prestige(
    d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, text: str | None = None, highlight: bool = False
) -> Drawn | None:
    """The prestige star (★); the number sits inside it (returned: where and how large it is drawn)."""
    # a full-bodied star (inner radius 0.6): its middle holds a number as tall as a coin's
    if highlight:
        d.polygon(star_points(cx, cy + r * 0.06, r * 1.32, 0.6), fill=ui("highlight"))
    d.polygon(star_points(cx, cy + r * 0.06, r * 1.1, 0.6), fill=ui("prestige"))
    if text is None:
        return None
    squeeze = 1.0 if len(text) == 1 else TWO_DIGITS
    return _number(d, cx, cy + r * 0.16, text, r * STAR_DIGIT * (1.0 if len(text) == 1 else 0.92),
                   (255, 255, 255), squeeze)


def ink_drop(
    d: ImageDraw.ImageDraw,
    cx: float,
    cy: float,
    r: float,
    fill: RGB | None = None,
    outline: RGB | None = None,
) -> None:
    fill = fill or ui("ink")
    top = (cx, cy - r)
    body_r = r * 0.62
    by = cy + r * 0.3
    d.polygon(
        [top, (cx - body_r * 0.92, by - body_r * 0.35), (cx + body_r * 0.92, by - body_r * 0.35)],
        fill=fill,
        outline=outline,
    )
    circle(d, cx, by, body_r, fill=fill, outline=outline, width=_lw(r, 0.1) if outline else 0)
    if outline:
        # redraw the seam between the point and the round body
        d.line((top, (cx - body_r * 0.93, by - body_r * 0.33)), fill=outline, width=_lw(r, 0.1))
        d.line((top, (cx + body_r * 0.93, by - body_r * 0.33)), fill=outline, width=_lw(r, 0.1))
        d.polygon(
            [
                (cx, cy - r * 0.8),
                (cx - body_r * 0.75, by - body_r * 0.3),
                (cx + body_r * 0.75, by - body_r * 0.3),
            ],
            fill=fill,
        )


def remover_drop(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """Remover: a white drop with an ink outline (the negative of ink)."""
    ink_drop(d, cx, cy, r, fill=ui("remover"), outline=ui("ink"))


def card_back_small(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, text: str = "?") -> None:
    w, h = r * 0.72, r
    d.rounded_rectangle(
        (cx - w, cy - h, cx + w, cy + h),
        r * 0.15,
        fill=ui("back"),
        outline=(255, 255, 255),
        width=_lw(r, 0.08),
    )
    if text:  # the card back's own mark, part of the icon
        _number(d, cx, cy + r * 0.04, text, r * 1.3, (255, 255, 255))


def card_outline_small(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    w, h = r * 0.62, r * 0.85
    d.rounded_rectangle((cx - w, cy - h, cx + w, cy + h), r * 0.12, fill=fill, outline=ui("ink"), width=_lw(r, 0.1))


def trash_bin(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour: RGB) -> None:
    d.polygon(
        [
            (cx - r * 0.6, cy - r * 0.5),
            (cx + r * 0.6, cy - r * 0.5),
            (cx + r * 0.45, cy + r * 0.9),
            (cx - r * 0.45, cy + r * 0.9),
        ],
        fill=colour,
    )
    d.rounded_rectangle((cx - r * 0.78, cy - r * 0.78, cx + r * 0.78, cy - r * 0.58), r * 0.05, fill=colour)
    d.rectangle((cx - r * 0.22, cy - r * 0.95, cx + r * 0.22, cy - r * 0.78), fill=colour)
    for fx in (-0.25, 0.0, 0.25):
        d.line(
            (cx + fx * r, cy - r * 0.3, cx + fx * r * 0.85, cy + r * 0.72),
            fill=(255, 255, 255),
            width=_lw(r, 0.09),
        )


def discard_pile(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """Dump: your discard pile (two face-up cards) with a bold cross: "remove one of these"."""
    for dx, dy, fill in ((-0.32, -0.14, (222, 214, 196)), (0.26, 0.1, (255, 255, 255))):
        w, h = r * 0.5, r * 0.72
        x, y = cx + dx * r, cy + dy * r
        d.rounded_rectangle((x - w, y - h, x + w, y + h), r * 0.1, fill=fill, outline=ui("ink"), width=_lw(r, 0.13))
    x, y, a = cx + r * 0.26, cy + r * 0.1, r * 0.3
    for sx in (-1, 1):
        d.line((x - a, y - sx * a, x + a, y + sx * a), fill=ui("ink"), width=_lw(r, 0.17))


def eye(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour: RGB) -> None:
    top = [(cx - r, cy)] + [
        (cx + r * math.cos(a), cy - r * 0.62 * math.sin(a)) for a in [math.pi * i / 10 for i in range(10, -1, -1)]
    ]
    bottom = [(cx + r * math.cos(a), cy + r * 0.62 * math.sin(a)) for a in [math.pi * i / 10 for i in range(11)]]
    d.polygon(top + bottom, fill=(255, 255, 255), outline=colour, width=_lw(r, 0.12))
    circle(d, cx, cy, r * 0.38, fill=colour)
    circle(d, cx + r * 0.1, cy - r * 0.1, r * 0.11, fill=(255, 255, 255))


def side_arrows(d: ImageDraw.ImageDraw, cx: float, cy: float, half_gap: float, r: float, colour: RGB) -> None:
    """◂ ▸ on both sides: "a card directly left or right of this one"."""
    for sx in (-1, 1):
        tip = cx + sx * (half_gap + r)
        d.polygon([(tip, cy), (tip - sx * r, cy - r * 0.8), (tip - sx * r, cy + r * 0.8)], fill=colour)


def jail_bars(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour: RGB) -> None:
    """Jail: a barred window — a heavy frame and two bars on a light ground, legible when tiny."""
    w = r * 0.8
    d.rounded_rectangle((cx - w, cy - r * 0.9, cx + w, cy + r * 0.9), r * 0.16, fill=(255, 255, 255),
                        outline=colour, width=_lw(r, 0.22))
    for fx in (-0.34, 0.34):
        d.line((cx + fx * w, cy - r * 0.9, cx + fx * w, cy + r * 0.9), fill=colour, width=_lw(r, 0.2))


def slash(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour: RGB) -> None:
    """/: "or" — the player chooses one side.  Used for nothing else on the cards."""
    d.line((cx + r * 0.25, cy - r * 0.6, cx - r * 0.25, cy + r * 0.6), fill=colour, width=_lw(r, 0.2))


def times(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour: RGB) -> None:
    """×: "times" — for each of the next icon (per-card counts) and a doubled card's ×2."""
    a = r * 0.42
    for sx in (-1, 1):
        d.line((cx - a, cy - sx * a, cx + a, cy + sx * a), fill=colour, width=_lw(r, 0.2))


def rosette(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour: RGB) -> None:
    """The literary award: a disc with two ribbon tails."""
    d.polygon([(cx - r * 0.4, cy), (cx - r * 0.8, cy + r * 1.3), (cx - r * 0.05, cy + r * 1.0)], fill=colour)
    d.polygon([(cx + r * 0.4, cy), (cx + r * 0.8, cy + r * 1.3), (cx + r * 0.05, cy + r * 1.0)], fill=colour)
    circle(d, cx, cy - r * 0.2, r * 0.9, fill=colour)
    circle(d, cx, cy - r * 0.2, r * 0.5, outline=(255, 255, 255), width=_lw(r, 0.14))


def arrow_right(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour: RGB) -> None:
    """→: "in exchange for" (trash or dump the left to gain the right)."""
    d.line((cx - r * 0.45, cy, cx + r * 0.1, cy), fill=colour, width=_lw(r, 0.22))
    d.polygon([(cx + r * 0.5, cy), (cx + r * 0.02, cy - r * 0.38), (cx + r * 0.02, cy + r * 0.38)], fill=colour)


def reveal(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """Uncover: a face-down card (the wild) with an open eye on it."""
    w, h = r * 0.56, r * 0.86
    d.rounded_rectangle((cx - w, cy - h, cx + w, cy + h), r * 0.12, fill=ui("back"), outline=ui("highlight"),
                        width=_lw(r, 0.12))
    er = r * 0.5
    eye(d, cx, cy, er, ui("back"))


def preview_fan(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, count: str) -> Drawn:
    """Preview: the top of your draw pile (face-down cards) with an eye and how many you look at."""
    w, h = r * 0.5, r * 0.8
    for dx, dy in ((0.42, -0.1), (0.12, 0.08)):
        x, y = cx + dx * r, cy + dy * r
        d.rounded_rectangle((x - w, y - h, x + w, y + h), r * 0.1, fill=ui("back"), outline=(255, 255, 255),
                            width=_lw(r, 0.08))
    drawn = _number(d, cx + r * 0.14, cy + r * 0.16, count, r * 1.42, (255, 255, 255))
    er = r * 0.46
    circle(d, cx - r * 0.58, cy - r * 0.46, er, fill=(255, 255, 255), outline=ui("ink"), width=_lw(r, 0.08))
    eye(d, cx - r * 0.58, cy - r * 0.46, er * 0.8, ui("ink"))
    return drawn
