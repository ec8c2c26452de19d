"""Reading a picture the way a colour-blind player on a phone sees it: which of its pixels are painted in a
genre's colour, which genre marker (emblem) each of those sits with, and whether a marker's shape still
tells its genre once the picture is shown 400 px wide and its colours pass through a simulated colour
vision deficiency (colorspacious: Machado et al. 2009 at severity 100, i.e. deuteranopia, protanopia,
tritanopia; distances in CAM02-UCS).

The renderer records each marker as an ``emblem`` region (its ``genre`` and ``style``: ``disc``, the emblem in
white on the genre's colour, or ``badge``, the emblem in the genre's colour on white).  The checks here do
not trust that record alone: the genre-coloured pixels are found in the image itself, and a marker's genre
is read back from its pixels, by shape.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
from colorspacious import cspace_convert
from PIL import Image, ImageDraw

from hardback_bot.cardtext import genre_name
from hardback_bot.engine.cards import card
from hardback_bot.render import Rendered, icons
from hardback_bot.render.assets import genre_colours
from hardback_bot.render.compose import PHONE_W
from hardback_bot.render.layout import Box, Region

GENRES = ("adventure", "horror", "mystery", "romance", "starter")
#: colorspacious's names; at severity 100 each is the full deficiency (deuteranopia, protanopia, tritanopia).
DEFICIENCIES = ("deuteranomaly", "protanomaly", "tritanomaly")
MARKER_PHONE_PX = 14  # a marker's width once its picture is shown PHONE_W wide
SHAPE_MARGIN = 0.15  # how much better a marker's shape matches its own genre than any other
SHAPE_MATCH = 0.6  # and how well it matches its own at least (correlation of the two silhouettes)
CONTRAST = 20.0  # CAM02-UCS distance between an emblem and its disc after the simulation, at least
WHITE = np.ones(3)


def simulate(rgb: np.ndarray, deficiency: str | None) -> np.ndarray:
    """sRGB in 0..1 (any shape ending in 3) as seen with ``deficiency`` (None: normal vision), in CAM02-UCS."""
    if deficiency is not None:
        space = {"name": "sRGB1+CVD", "cvd_type": deficiency, "severity": 100}
        rgb = np.clip(cspace_convert(rgb, space, "sRGB1"), 0, 1)
    return cspace_convert(rgb, "sRGB1", "CAM02-UCS")


def delta_e(a: tuple[int, int, int], b: tuple[int, int, int], deficiency: str | None) -> float:
    pair = np.array([a, b], dtype=float) / 255
    ucs = simulate(pair, deficiency)
    return float(np.linalg.norm(ucs[0] - ucs[1]))


# --- which pixels are painted in a genre's colour -----------------------------------------------------------


def genre_pixels(img: Image.Image, genre: str) -> np.ndarray:
    """Where ``img`` is painted solid in ``genre``'s colour (its main colour or its tint): every pixel of a 3 × 3
    block within 2 levels of it, so antialiased edges and thin lines that merely pass near it do not count."""
    px = np.asarray(img.convert("RGB"), dtype=np.int16)
    col = genre_colours(genre)
    hit = np.zeros(px.shape[:2], dtype=bool)
    for colour in (col.main, col.tint):
        hit |= np.abs(px - np.array(colour, dtype=np.int16)).max(axis=2) <= 2
    solid = hit.copy()
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            solid[1:-1, 1:-1] &= hit[1 + dy:hit.shape[0] - 1 + dy, 1 + dx:hit.shape[1] - 1 + dx]
    solid[[0, -1], :] = False
    solid[:, [0, -1]] = False
    return solid


def _inside(inner: Box, outer: Box, slack: int = 2) -> bool:
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack and inner[2] <= outer[2] + slack
            and inner[3] <= outer[3] + slack)


def region_genre(r: Region) -> str | None:
    """The genre a region is painted for: its own record, or the card it draws."""
    genre = r.get("genre")
    if genre is None and r.kind in ("card", "chip") and r.get("card_id") is not None:
        genre = card(int(r.get("card_id"))).genre  # type: ignore[call-overload]
    if genre is None and str(r.get("key", "")).startswith("genre:"):
        genre = str(r.get("key"))[6:]
    return str(genre) if genre is not None else None


def marker_phone_px(r: Region, width: int) -> float:
    return min(r.box[2] - r.box[0], r.box[3] - r.box[1]) * PHONE_W / width


@dataclass(frozen=True)
class Unmarked:
    genre: str
    pixels: int
    box: Box


def unmarked_genre_colour(r: Rendered, language: str = "en") -> list[Unmarked]:
    """The genre-coloured areas of ``r`` that carry neither that genre's emblem (at least MARKER_PHONE_PX wide on
    a phone) nor its name: a pixel passes when it lies in a marker, in a text naming the genre, or in a region
    drawn for the genre (a card, a chip, a band, a bar's segment…) that holds such a marker or name."""
    width = r.image.size[0]
    regions = list(r.layout)
    found = []
    for genre in GENRES:
        solid = genre_pixels(r.image, genre)
        for box in faded(r):  # blends there, not the palette's colours (a faded coin can match a genre's tint)
            solid[box[1]:box[3], box[0]:box[2]] = False
        if not solid.any():
            continue
        name = genre_name(genre, language).lower()
        signs = [x.box for x in regions if x.kind == "emblem" and x.get("genre") == genre
                 and marker_phone_px(x, width) >= MARKER_PHONE_PX]
        signs += [x.box for x in regions if x.is_text and name in str(x.get("text")).lower()]
        marked = np.zeros_like(solid)
        for box in signs:
            marked[box[1]:box[3], box[0]:box[2]] = True
        for x in regions:
            if region_genre(x) == genre and any(_inside(s, x.box) for s in signs):
                marked[x.box[1]:x.box[3], x.box[0]:x.box[2]] = True
        left = solid & ~marked
        if left.any():
            ys, xs = np.nonzero(left)
            found.append(Unmarked(genre, int(left.sum()), (int(xs.min()), int(ys.min()), int(xs.max()) + 1,
                                                            int(ys.max()) + 1)))
    return found


# --- reading a marker's genre from its shape ---------------------------------------------------------------


def _colours(genre: str, style: str) -> tuple[np.ndarray, np.ndarray]:
    """(the disc's colour, the emblem's colour) of a marker in ``style``."""
    main = np.array(genre_colours(genre).main, dtype=float) / 255
    return (main, WHITE) if style == "disc" else (WHITE, main)


def silhouette(rgb: np.ndarray, genre: str, style: str, deficiency: str | None) -> tuple[np.ndarray, float]:
    """A marker's emblem (or a stack of crops of it) as a soft mask (1: the emblem's colour, 0: its disc's), from
    pixels seen with ``deficiency``; and how far apart the emblem's and the disc's colours are then (CAM02-UCS).
    The rim of the disc is left out, so only the emblem's outline counts."""
    disc, emblem = _colours(genre, style)
    seen, disc_seen, emblem_seen = simulate(rgb, deficiency), simulate(disc, deficiency), simulate(emblem, deficiency)
    contrast = float(np.linalg.norm(emblem_seen - disc_seen))
    mask = np.clip(np.linalg.norm(seen - disc_seen, axis=-1) / contrast, 0, 1)
    h, w = mask.shape[-2:]
    yy, xx = np.mgrid[:h, :w]
    mask[..., np.hypot(yy - (h - 1) / 2, xx - (w - 1) / 2) > 0.86 * min(h, w) / 2] = 0
    return mask, contrast


@cache
def template(genre: str, style: str, size: int) -> np.ndarray:
    """The silhouette of ``genre``'s emblem in ``style`` at ``size`` px: drawn eight times larger by the renderer's
    own code, read in normal vision, then shrunk."""
    k = 8
    big = Image.new("RGBA", (size * k, size * k), (0, 0, 0, 0))
    draw = icons.genre_disc if style == "disc" else icons.genre_badge
    draw(ImageDraw.Draw(big), genre, size * k / 2, size * k / 2, size * k / 2 - k / 2)
    ground = Image.new("RGB", big.size, tuple(int(v * 255) for v in _colours(genre, style)[0]))
    ground.paste(big, (0, 0), big)
    mask, _ = silhouette(np.asarray(ground, dtype=float) / 255, genre, style, None)
    small = Image.fromarray(np.round(mask * 255).astype(np.uint8)).resize((size, size), Image.Resampling.BOX)
    return np.asarray(small, dtype=float) / 255


def _correlation(a: np.ndarray, b: np.ndarray) -> float:
    a, b = a - a.mean(), b - b.mean()
    return float((a * b).sum() / np.sqrt((a * a).sum() * (b * b).sum() + 1e-12))


def phone(img: Image.Image) -> Image.Image:
    """The picture as a phone shows it: PHONE_W px wide."""
    w, h = img.size
    return img.convert("RGB").resize((PHONE_W, round(h * PHONE_W / w)), Image.Resampling.LANCZOS)


@dataclass(frozen=True)
class Reading:
    genre: str  # the marker's genre, as recorded
    read_as: str  # the genre whose emblem its shape matches best
    match: float  # how well it matches its own genre's emblem (correlation)
    margin: float  # and how much better than any other genre's
    contrast: float  # emblem against disc after the simulation, CAM02-UCS
    box: Box


SHIFTS = tuple((dx, dy) for dx in (-0.5, 0.0, 0.5) for dy in (-0.5, 0.0, 0.5))


def read_marker(shown: Image.Image, region: Region, width: int, deficiency: str | None) -> Reading:
    """Read the genre of the marker ``region`` (recorded in a picture ``width`` px wide) from ``shown``, the
    picture at phone width, by the shape of its emblem seen with ``deficiency``.  The crop is tried at
    half-pixel shifts, so a marker is not failed for where the layout rounded its box."""
    k = PHONE_W / width
    left, top, right, bottom = (v * k for v in region.box)
    size = max(4, round(min(right - left, bottom - top)))
    genre, style = str(region.get("genre")), str(region.get("style"))
    crops = np.stack([np.asarray(shown.resize((size, size), Image.Resampling.BILINEAR,
                                              box=(left + dx, top + dy, right + dx, bottom + dy)), dtype=float)
                      for dx, dy in SHIFTS]) / 255
    masks, contrast = silhouette(crops, genre, style, deficiency)
    best = {other: max(_correlation(m, template(other, style, size)) for m in masks) for other in GENRES}
    read_as = max(best, key=lambda g: best[g])
    margin = best[genre] - max(v for g, v in best.items() if g != genre)
    return Reading(genre, read_as, best[genre], margin, contrast, region.box)


def faded(r: Rendered) -> list[Box]:
    """What is drawn faded on purpose: under a card's overlay (a card one cannot afford, another player's
    classic, a jailed card's bars) or a genre bonus that is off this turn."""
    return [x.box for x in r.layout if (x.kind == "state" and x.get("overlay"))
            or (x.kind == "genre_band" and x.get("active") is False)]


def readable_markers(r: Rendered) -> list[Region]:
    """Every marker drawn at full strength: a faded one is read by its card's ribbon."""
    gone = faded(r)
    return [x for x in r.layout.of_kind("emblem") if not any(_inside(x.box, f, 0) for f in gone)]
