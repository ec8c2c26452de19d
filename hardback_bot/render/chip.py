"""A card in one line: the compact form the table uses for timeless classics in play and jailed cards.

A whole card shrunk to a thumbnail is unreadable on a phone (its glyphs end up ~9 px tall).  A chip
keeps what a player needs from a card on the table at full size instead: the letter on a tile of the
genre's colour with the genre's emblem beside it (as on the card's ribbon: the colour is never the only
sign of the genre), the benefit glyphs at the size of the offer row's, the genre benefits on their tinted
band behind the genre's marker, and for a jailed card its price and the bars.  Emblems are 28 px wide,
14.5 px on a phone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hardback_bot.engine.cards import Benefit, card
from hardback_bot.render.assets import font, genre_colours, ui
from hardback_bot.render.benefits import glyph, glyph_image, glyph_width
from hardback_bot.render.icons import paste_genre_marker
from hardback_bot.render.layout import Box
from hardback_bot.render.models import CardFace

if TYPE_CHECKING:
    from hardback_bot.render.compose import Canvas

CHIP_H = 62
TILE = 50  # the letter's square of the tile
EMBLEM = 28  # the genre's emblem: on the tile after the letter, and at the head of the genre band
TILE_W = TILE + EMBLEM + 6
GLYPH = 34
GAP = 5
PAD = 7
JAIL_W = round(glyph_width("jail", GLYPH))


def _group_width(benefits: tuple[Benefit, ...], marker: bool) -> float:
    w = sum(glyph_width(b.kind, GLYPH) for b in benefits) + GAP * max(0, len(benefits) - 1)
    return w + (EMBLEM + 6 if marker else 0) + 2 * PAD


def chip_width(face: CardFace) -> int:
    d = card(face.card_id)
    w = PAD + TILE_W + PAD
    if face.jailed:
        w += JAIL_W + GAP
    if face.jailed and not d.is_starter:
        w += _price_width(d.cost) + GAP
    w += _group_width(d.basic, False) if d.basic else 0
    if d.genre_bonus:
        w += _group_width(d.genre_bonus, True) + GAP
    return round(w + PAD)


def _price_width(cost: int) -> float:
    return font("bold", 24).getlength(f"{cost}¢") + 14


def draw_chip(c: Canvas, face: CardFace, x: int, y: int, path: str) -> Box:
    """Draw the chip of ``face`` with its top-left at (x, y); records a ``chip`` region and
    ``letter`` / ``benefit`` / ``cost`` / ``state`` regions under ``path``."""
    d, layout = c.d, c.layout
    cd = card(face.card_id)
    col = genre_colours(cd.genre)
    w = chip_width(face)
    box: Box = (x, y, x + w, y + CHIP_H)
    border = ui("jail") if face.jailed else col.main
    d.rounded_rectangle(box, 10, fill=ui("paper"), outline=border, width=3)
    layout.add("chip", box, path=path, card_id=face.card_id, jailed=face.jailed)
    cy = y + CHIP_H // 2
    left = x + PAD
    if face.jailed:  # the jail glyph in front: the letter stays readable (no bars across it)
        g = glyph_image("jail", 0, GLYPH)
        c.img.paste(g, (left, cy - GLYPH // 2), g)
        layout.add("state", (left, cy - GLYPH // 2, left + g.size[0], cy + GLYPH // 2), path=path, state="jailed")
        left += JAIL_W + GAP
    tile = (left, cy - TILE // 2, left + TILE_W, cy + TILE // 2)
    d.rounded_rectangle(tile, 8, fill=col.tint, outline=col.main, width=3)
    layout.add("letter", (left, tile[1], left + TILE, tile[3]), path=path, letter=cd.letter)
    c.text((left + TILE / 2, cy + 2), cd.letter, 46, col.dark, role="letter", anchor="mm", kind="chip_letter",
           room=(left, tile[1], left + TILE, tile[3]), on=("letter", "chip"), language="en", path=path)
    emblem = paste_genre_marker(c.img, cd.genre, left + TILE + EMBLEM / 2, cy, EMBLEM, "badge")
    layout.add("emblem", emblem, path=path, genre=cd.genre, style="badge")
    cx = tile[2] + PAD

    if face.jailed and not cd.is_starter:
        text = f"{cd.cost}¢"
        pw = _price_width(cd.cost)
        tag = (cx, cy - 16, cx + pw, cy + 16)
        d.rounded_rectangle(tag, 6, fill=(255, 255, 255), outline=col.dark, width=2)
        layout.add("cost", tuple(round(v) for v in tag), path=path, cost=cd.cost)  # type: ignore[arg-type]
        c.text((cx + pw / 2, cy + 1), text, 24, col.dark, anchor="mm", kind="cost_text",
               room=tuple(round(v) for v in tag), on=("cost", "chip"), language="en", path=path)  # type: ignore[arg-type]
        cx += pw + GAP
    for section, benefits in (("basic", cd.basic), ("genre", cd.genre_bonus)):
        if not benefits:
            continue
        marker = section == "genre"
        gw = _group_width(benefits, marker)
        if marker:
            band = (cx, cy - GLYPH // 2 - 5, cx + gw, cy + GLYPH // 2 + 5)
            d.rounded_rectangle(band, 8, fill=col.tint, outline=col.main, width=2)
            at = paste_genre_marker(c.img, cd.genre, cx + PAD + EMBLEM / 2, cy, EMBLEM, "disc")
            layout.add("emblem", at, path=path, genre=cd.genre, style="disc")
        gx = round(cx + PAD + (EMBLEM + 6 if marker else 0))
        for b in benefits:
            g, regions = glyph(b.kind, b.value, GLYPH)
            c.img.paste(g, (gx, cy - GLYPH // 2), g)
            layout.add("benefit", (gx, cy - GLYPH // 2, gx + g.size[0], cy + GLYPH // 2), path=path,
                       section=section, benefit=b.kind, value=b.value)
            layout.extend(regions, gx, cy - GLYPH // 2, path)
            gx += g.size[0] + GAP
        cx += gw + GAP
    return box
