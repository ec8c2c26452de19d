"""The offer row (R18): cards in age order, newest at the left, with deck count and flush flag."""

from __future__ import annotations

import functools

from hardback_bot.i18n import translator
from hardback_bot.render import icons
from hardback_bot.render.assets import ui
from hardback_bot.render.compose import (
    CONTENT_W,
    MARGIN,
    MIN_TEXT,
    WIDTH,
    Canvas,
    Rendered,
    place_cards,
    token,
)
from hardback_bot.render.models import OfferRowImage
from hardback_bot.render.text import fit_lines

STRINGS_CONTEXT = "offer row image"
STRINGS_NOTES = {
    "flush": "on a banner across the image: one line of about 60 characters, or two",
    "newest": "caption under the first card; {n} is its position",
    "oldest": "caption under the last card; {n} is its position",
}
STRINGS: dict[str, str] = {
    "title": "Offer row",
    "deck": "{n} in deck",
    "flush": "Flush available: 4+ cards of 6¢ or more, or of one genre",
    "empty": "The offer row is empty",
    "newest": "{n} · newest",
    "oldest": "{n} · oldest",
}

SCALE = 1.0  # 4 portrait cards per row at 772 px: letters ~36 px tall when shown 400 px wide
HEADER_H = 50
FLUSH_LINE = 28
CAPTION_H = 30


def _flush(language: str) -> tuple[list[str], float]:
    text = translator(language).entry(STRINGS_CONTEXT, STRINGS["flush"])
    return fit_lines(text, "bold", MIN_TEXT, CONTENT_W - 24, language)


def _flush_h(model: OfferRowImage, language: str) -> int:
    return 16 + FLUSH_LINE * len(_flush(language)[0]) + 8 if model.flush_available else 0


def block_height(model: OfferRowImage, scale: float = SCALE, language: str = "en") -> int:
    _, row_of, cards_h = place_cards(model.cards, scale)
    rows = (max(row_of) + 1) if model.cards else 0
    h = HEADER_H + _flush_h(model, language)
    return h + (cards_h + rows * CAPTION_H if model.cards else 40)


def _words(c: Canvas, key: str, **params: object) -> str:
    return c.t.entry(STRINGS_CONTEXT, STRINGS[key], **params)


def _caption(c: Canvas, i: int, n: int) -> str:
    if n > 1 and i == 0:
        return _words(c, "newest", n=1)
    if n > 1 and i == n - 1:
        return _words(c, "oldest", n=n)
    return str(i + 1)


def draw_block(c: Canvas, model: OfferRowImage, x0: int, y0: int, scale: float = SCALE, path: str = "offer") -> int:
    """Draw the offer row block with its top-left at (x0, y0); returns its height."""
    c.layout.add("offer_row", (x0, y0, x0 + CONTENT_W, y0 + block_height(model, scale, c.language)), path=path)
    cy = y0 + HEADER_H // 2
    # deck at the right: a small card back and the count of cards left in the offer deck; the viewer's
    # coins before it, next to what they can buy; the title in what is left
    right = x0 + CONTENT_W
    label = _words(c, "deck", n=model.deck_count)
    box = c.text((right, cy), label, MIN_TEXT, ui("text_dim"), anchor="rm", kind="deck", count=model.deck_count)
    icons.card_back_small(c.d, box[0] - 18, cy, 15, "")
    c.layout.add("deck_icon", (box[0] - 29, cy - 15, box[0] - 7, cy + 15))
    left_of = box[0] - 29
    if model.coins is not None:
        coins_x = left_of - 24 - 26 * 1.24 - 5 - c.font("bold", 26).getlength(str(model.coins))
        token(c, "coins", coins_x, cy, model.coins, 26)
        left_of = round(coins_x)
    title = _words(c, "title")
    room = (x0, y0, left_of - 12, y0 + HEADER_H)
    c.lines((x0, cy), title, 32, room[2] - room[0], role="letter", most=1, kind="title", room=room)
    y = y0 + HEADER_H
    if model.flush_available:
        lines, squeeze = _flush(c.language)
        fb = (x0, y, x0 + CONTENT_W, y + _flush_h(model, c.language) - 8)
        c.d.rounded_rectangle(fb, 8, fill=ui("warn"))
        c.layout.add("flush", fb)
        top = (fb[1] + fb[3]) / 2 - (len(lines) - 1) * FLUSH_LINE / 2
        for i, line in enumerate(lines):
            c.text(((fb[0] + fb[2]) // 2, top + i * FLUSH_LINE), line, MIN_TEXT, (30, 30, 30), anchor="mm",
                   kind="flush_text", room=fb, on=("flush",), squeeze=squeeze)
        y = fb[3] + 8
    if not model.cards:
        c.text((x0 + CONTENT_W // 2, y + 20), _words(c, "empty"), MIN_TEXT, ui("text_dim"), anchor="mm", kind="empty")
        return y + 40 - y0
    pos, row_of, _ = place_cards(model.cards, scale)
    n = len(model.cards)
    row_extra = [CAPTION_H * r for r in row_of]
    bottom = y
    for i, face in enumerate(model.cards):
        px, py = pos[i]
        top = y + py + row_extra[i]
        box = c.card(face, x0 + px, top, scale, f"{path}/card{i}")
        # a caption longer than its card (a translation) stays inside the block, over no neighbour's number
        caption = _caption(c, i, n)
        lines, squeeze = fit_lines(caption, "bold", MIN_TEXT, CONTENT_W // 2, c.language, 1)
        half = c.font("bold", MIN_TEXT, caption).getlength(caption) * squeeze / 2 + 2
        cx = min(max((box[0] + box[2]) // 2, x0 + half), x0 + CONTENT_W - half)
        c.text((round(cx), box[3] + 3), caption, MIN_TEXT, ui("text_dim"), anchor="ma", kind="caption",
               room=(x0, box[3], x0 + CONTENT_W, box[3] + CAPTION_H), squeeze=squeeze, index=i)
        bottom = max(bottom, box[3] + CAPTION_H)
    return bottom - y0


#: Offer rows kept drawn: the row changes only when a card is bought or flushed, and is shown again and again in
#: between (every table, every buying panel of the same coins).
BLOCKS_KEPT = 24


@functools.lru_cache(maxsize=BLOCKS_KEPT)
def block_part(model: OfferRowImage, scale: float = SCALE, language: str = "en") -> Rendered:
    """The offer row block on a strip of its own, the image's full width, its top at the block's: drawn once per
    row, coins and language, then pasted (``Canvas.paste``). Never drawn on: it is shared."""
    c = Canvas(WIDTH, block_height(model, scale, language), language=language)
    draw_block(c, model, MARGIN, 0, scale)
    return c.finish()


def draw_offer_row(model: OfferRowImage, language: str = "en") -> Rendered:
    h = block_height(model, SCALE, language) + 2 * MARGIN
    c = Canvas(WIDTH, h, language=language)
    c.paste(block_part(model, SCALE, language), 0, MARGIN)
    return c.finish()


def render_offer_row(model: OfferRowImage, language: str = "en") -> bytes:
    return draw_offer_row(model, language).png()
