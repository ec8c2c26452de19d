"""A player's private hand (ephemeral message): hand cards, inked cards set apart, ink and remover."""

from __future__ import annotations

from dataclasses import replace

from hardback_bot.render.assets import ui
from hardback_bot.render.compose import (
    CONTENT_W,
    MARGIN,
    WIDTH,
    Canvas,
    Rendered,
    fit_text,
    place_cards,
    token,
)
from hardback_bot.render.models import CardFace, HandImage

SCALE = 0.85  # five portrait cards fit one 772 px row; letters ~32 px at 360 px wide
HEADER_H = 48
SECTION_H = 34
GAP_SECTIONS = 24


def _as_inked(face: CardFace) -> CardFace:
    # Cards in the inked group are drawn inked even if the adapter forgot the flag (R6.4).
    return face if face.inked or face.cleared else replace(face, inked=True)


def draw_hand(model: HandImage) -> Rendered:
    inked = tuple(_as_inked(f) for f in model.inked)
    _, _, hand_h = place_cards(model.cards, SCALE)
    _, _, inked_h = place_cards(inked, SCALE)
    height = MARGIN + HEADER_H + SECTION_H + (hand_h or 40) + MARGIN
    if inked:
        height += GAP_SECTIONS + SECTION_H + inked_h
    c = Canvas(WIDTH, height)
    x0, y = MARGIN, MARGIN
    cy = y + HEADER_H // 2
    title = fit_text(model.title or "Your hand", "regular", 28, CONTENT_W - 350)
    c.text((x0, cy), title, 28, role="regular", anchor="lm", kind="title")
    # tokens at the right: ink, remover, and pile counts when known
    x = x0 + CONTENT_W - 330
    x = token(c, "ink", x, cy, model.ink, 26) + 10
    c.text((x, cy), "ink", 19, ui("text_dim"), role="regular", anchor="lm")
    x += 48
    x = token(c, "remover", x, cy, model.remover, 26) + 10
    c.text((x, cy), "remover", 19, ui("text_dim"), role="regular", anchor="lm")
    y += HEADER_H
    piles = []
    if model.draw_count is not None:
        piles.append(f"draw pile {model.draw_count}")
    if model.discard_count is not None:
        piles.append(f"discard {model.discard_count}")
    label = f"Hand · {len(model.cards)} card{'s' if len(model.cards) != 1 else ''}"
    c.text((x0, y + 2), label, 20, ui("text_dim"), kind="section", section="hand")
    if piles:
        c.text((x0 + CONTENT_W, y + 4), "   ".join(piles), 18, ui("text_dim"), role="regular", anchor="ra")
    y += SECTION_H
    if model.cards:
        pos, _, _ = place_cards(model.cards, SCALE)
        for i, face in enumerate(model.cards):
            c.card(face, x0 + pos[i][0], y + pos[i][1], SCALE, f"hand/card{i}")
        y += hand_h
    else:
        c.text((x0 + CONTENT_W // 2, y + 20), "No cards in hand", 18, ui("text_dim"), anchor="mm")
        y += 40
    if inked:
        y += GAP_SECTIONS
        c.d.line((x0, y - 10, x0 + CONTENT_W, y - 10), fill=ui("panel"), width=2)
        c.text((x0, y + 2), "Inked · must be used face up", 20, ui("warn"), kind="section", section="inked")
        y += SECTION_H
        pos, _, _ = place_cards(inked, SCALE)
        for i, face in enumerate(inked):
            c.card(face, x0 + pos[i][0], y + pos[i][1], SCALE, f"inked/card{i}")
    return c.finish()


def render_hand(model: HandImage) -> bytes:
    return draw_hand(model).png()
