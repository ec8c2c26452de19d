"""The offer row (R18): cards in age order, newest at the left, with deck count and flush flag."""

from __future__ import annotations

from hardback_bot.render import icons
from hardback_bot.render.assets import ui
from hardback_bot.render.compose import (
    CONTENT_W,
    MARGIN,
    WIDTH,
    Canvas,
    Rendered,
    place_cards,
    token,
)
from hardback_bot.render.models import OfferRowImage

SCALE = 1.0  # 4 portrait cards per row at 772 px: letters ~36 px tall when shown 360 px wide
HEADER_H = 46
FLUSH_H = 34
CAPTION_H = 22


def block_height(model: OfferRowImage, scale: float = SCALE) -> int:
    _, row_of, cards_h = place_cards(model.cards, scale)
    rows = (max(row_of) + 1) if model.cards else 0
    h = HEADER_H + (FLUSH_H if model.flush_available else 0)
    return h + (cards_h + rows * CAPTION_H if model.cards else 40)


def _caption(i: int, n: int) -> str:
    if n > 1 and i == 0:
        return "1 · newest"
    if n > 1 and i == n - 1:
        return f"{n} · oldest"
    return str(i + 1)


def draw_block(c: Canvas, model: OfferRowImage, x0: int, y0: int, scale: float = SCALE, path: str = "offer") -> int:
    """Draw the offer row block with its top-left at (x0, y0); returns its height."""
    c.layout.add("offer_row", (x0, y0, x0 + CONTENT_W, y0 + block_height(model, scale)), path=path)
    cy = y0 + HEADER_H // 2
    c.text((x0, cy), "Offer row", 26, role="letter", anchor="lm", kind="title")
    c.text((x0 + 128, cy + 2), "newest → oldest", 15, ui("text_dim"), role="regular", anchor="lm")
    # deck: a small card back and the count of cards left in the offer deck
    right = x0 + CONTENT_W
    label = f"{model.deck_count} in deck"
    box = c.text((right, cy), label, 17, ui("text_dim"), anchor="rm", kind="deck", count=model.deck_count)
    icons.card_back_small(c.d, box[0] - 14, cy, 13, "")
    if model.coins is not None:
        token(c, "coins", box[0] - 120, cy, model.coins, 19)
    y = y0 + HEADER_H
    if model.flush_available:
        fb = (x0, y, x0 + CONTENT_W, y + FLUSH_H - 8)
        c.d.rounded_rectangle(fb, 8, fill=ui("warn"))
        c.text(
            ((fb[0] + fb[2]) // 2, (fb[1] + fb[3]) // 2),
            "Flush available: 4+ cards cost 6¢ or more, or share a genre",
            16,
            (30, 30, 30),
            anchor="mm",
        )
        c.layout.add("flush", fb)
        y += FLUSH_H
    if not model.cards:
        c.text((x0 + CONTENT_W // 2, y + 20), "The offer row is empty", 18, ui("text_dim"), anchor="mm")
        return y + 40 - y0
    pos, row_of, _ = place_cards(model.cards, scale)
    n = len(model.cards)
    row_extra = [CAPTION_H * r for r in row_of]
    bottom = y
    for i, face in enumerate(model.cards):
        px, py = pos[i]
        top = y + py + row_extra[i]
        box = c.card(face, x0 + px, top, scale, f"{path}/card{i}")
        c.text(
            ((box[0] + box[2]) // 2, box[3] + 3),
            _caption(i, n),
            15,
            ui("text_dim"),
            anchor="ma",
            kind="caption",
            index=i,
        )
        bottom = max(bottom, box[3] + CAPTION_H)
    return bottom - y0


def draw_offer_row(model: OfferRowImage) -> Rendered:
    h = block_height(model) + 2 * MARGIN
    c = Canvas(WIDTH, h)
    draw_block(c, model, MARGIN, MARGIN)
    return c.finish()


def render_offer_row(model: OfferRowImage) -> bytes:
    return draw_offer_row(model).png()
