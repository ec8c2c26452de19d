"""``/hardback card``: one card drawn large, with its benefits explained in words."""

from __future__ import annotations

from hardback_bot.cardtext import benefit_text, genre_name, genre_title, text
from hardback_bot.engine.cards import Benefit, card
from hardback_bot.render.assets import font, genre_colours, ui
from hardback_bot.render.benefits import glyph_image, glyph_width
from hardback_bot.render.card import card_pixels
from hardback_bot.render.compose import CONTENT_W, MARGIN, WIDTH, Canvas, Rendered, fit_text
from hardback_bot.render.models import CardFace

SCALE = 2.0  # 320 px wide portrait: the letter stays large even in a phone's narrow column
GLYPH = 34
LINE_H = 44
INK = (50, 40, 30)


def _lines(face: CardFace) -> list[tuple[str, object]]:
    """What the text panel says, as ('title'|'text'|'head'|'benefit', payload) entries: the words of
    ``cardtext``, so the image and the embed under it agree."""
    d = card(face.card_id)
    out: list[tuple[str, object]] = [("title", text("head.card", genre=genre_title(d.genre), letter=d.letter))]
    if d.is_starter:
        out.append(("text", text("long.starter")))
    else:
        out.append(("text", text("head.cost", cost=d.cost, id=d.id)))
    if d.purchase_prestige:
        out.append(("text", text("head.purchase", n=d.purchase_prestige)))
    if d.timeless:
        out.append(("text", text("head.timeless")))
    out.append(("head", text("head.basic")))
    out.extend(("benefit", b) for b in d.basic)
    if d.genre_bonus:
        out.append(("head", text("head.genre", genre=genre_name(d.genre))))
        out.extend(("benefit", b) for b in d.genre_bonus)
    return out


def _wrap(line: str, size: int, max_w: float) -> list[str]:
    """At most two lines, split on spaces; the second is shortened if it still does not fit."""
    f = font("regular", size)
    words = line.split()
    first: list[str] = []
    while words and f.getlength(" ".join([*first, words[0]])) <= max_w:
        first.append(words.pop(0))
    if not words:
        return [" ".join(first)]
    if not first:
        return [fit_text(line, "regular", size, max_w)]
    return [" ".join(first), fit_text(" ".join(words), "regular", size, max_w)]


def _panel_height(lines: list[tuple[str, object]]) -> int:
    h = 20
    for kind, _ in lines:
        h += {"title": 50, "text": 26, "head": 38, "benefit": LINE_H}[kind]
    return h


def _draw_panel(c: Canvas, face: CardFace, x: int, y: int, w: int, h: int) -> None:
    d = card(face.card_id)
    col = genre_colours(d.genre)
    c.d.rounded_rectangle((x, y, x + w, y + h), 12, fill=ui("paper"), outline=col.main, width=4)
    c.layout.add("panel", (x, y, x + w, y + h))
    ty = y + 14
    for kind, payload in _lines(face):
        if kind == "title":
            c.text((x + 18, ty + 22), str(payload), 34, col.dark, role="letter", anchor="lm", kind="title")
            ty += 50
        elif kind == "text":
            c.text(
                (x + 18, ty + 12),
                fit_text(str(payload), "regular", 16, w - 36),
                16,
                INK,
                role="regular",
                anchor="lm",
            )
            ty += 26
        elif kind == "head":
            ty += 8
            c.text((x + 18, ty + 14), fit_text(str(payload), "bold", 16, w - 36), 16, col.dark, anchor="lm")
            ty += 30
        else:
            b = payload
            assert isinstance(b, Benefit)
            g = glyph_image(b.kind, b.value, GLYPH)
            c.img.paste(g, (x + 18, ty + (LINE_H - GLYPH) // 2), g)
            gw = round(glyph_width(b.kind, GLYPH))
            tx = x + 18 + max(gw, 70) + 12
            rows = _wrap(benefit_text(b), 15, x + w - tx - 12)
            for i, row in enumerate(rows):
                c.text(
                    (tx, ty + LINE_H // 2 + round((i - (len(rows) - 1) / 2) * 18)),
                    row,
                    15,
                    INK,
                    role="regular",
                    anchor="lm",
                    kind="explain",
                    benefit=b.kind,
                )
            ty += LINE_H


def draw_card_lookup(card_id: int) -> Rendered:
    face = CardFace(card_id)
    cw, ch = card_pixels(face, SCALE)
    lines = _lines(face)
    ph = _panel_height(lines)
    if cw < ch:  # portrait: card left, explanation right
        height = max(ch, ph) + 2 * MARGIN
        c = Canvas(WIDTH, height)
        c.card(face, MARGIN, MARGIN, SCALE, "card")
        px = MARGIN + cw + 20
        _draw_panel(c, face, px, MARGIN, WIDTH - MARGIN - px, max(ch, ph))
    else:  # a timeless classic is landscape: card on top, explanation below
        height = ch + 16 + ph + 2 * MARGIN
        c = Canvas(WIDTH, height)
        c.card(face, (WIDTH - cw) // 2, MARGIN, SCALE, "card")
        _draw_panel(c, face, MARGIN, MARGIN + ch + 16, CONTENT_W, ph)
    return c.finish()


def render_card_lookup(card_id: int) -> bytes:
    return draw_card_lookup(card_id).png()


def render_card_png(face: CardFace, scale: float = 1.0) -> bytes:
    """A single card face in any state, on a transparent background (rounded corners)."""
    from hardback_bot.render.card import render_card
    from hardback_bot.render.compose import encode_png

    return encode_png(render_card(face, scale).image)
