"""The word preview: the arranged word, each card's earnings, genre activation and the totals."""

from __future__ import annotations

from hardback_bot.engine.cards import GENRES
from hardback_bot.render import icons
from hardback_bot.render.assets import genre_colours, ui
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
from hardback_bot.render.models import GenreCount, WordPreview, WordSlot

SCALE = 0.85
HEADER_H = 56
GENRES_H = 46
EARN_H = 58  # under each card: "+2¢ +1★" and an optional note
SECTION_H = 30


def _earnings(c: Canvas, slot: WordSlot, box: tuple[int, int, int, int], path: str) -> None:
    cx = (box[0] + box[2]) // 2
    y = box[3] + 14
    parts = []
    if slot.coins:
        parts.append(("coins", slot.coins))
    if slot.prestige:
        parts.append(("prestige", slot.prestige))
    if not parts:
        c.text((cx, y), "—", 22, ui("text_dim"), anchor="mm", kind="earning", path=path, coins=0, prestige=0)
    else:
        # two tokens side by side, centred under the card
        width = 66 * len(parts)
        x = cx - width // 2
        for kind, n in parts:
            token(c, kind, x, y, n, 24)
            x += 66
        c.layout.add(
            "earning",
            (cx - width // 2, y - 12, cx + width // 2, y + 12),
            path=path,
            coins=slot.coins,
            prestige=slot.prestige,
        )
    if slot.note:
        note = fit_text(slot.note, "regular", 16, box[2] - box[0] + 8)
        c.text((cx, y + 28), note, 16, ui("text_dim"), role="regular", anchor="mm", kind="note", path=path)


def _genre_row(c: Canvas, genres: tuple[GenreCount, ...], x0: int, cy: int) -> None:
    counts = {g.genre: g.count for g in genres}
    step = CONTENT_W // 4
    for i, genre in enumerate(GENRES):
        n = counts.get(genre, 0)
        active = n >= 2
        x = x0 + i * step
        pill = (x, cy - 17, x + step - 10, cy + 17)
        col = genre_colours(genre)
        c.d.rounded_rectangle(pill, 17, fill=col.main if active else ui("panel"), outline=col.main, width=2)
        icons.genre_badge(c.d, genre, x + 17, cy, 14)
        label = f"{genre} {n}"
        c.text((x + 38, cy), label, 18, (255, 255, 255) if active else ui("text_dim"), anchor="lm")
        if active:
            c.text((pill[2] - 10, cy), "✓", 18, (255, 255, 255), anchor="rm")
        c.layout.add("genre_count", pill, genre=genre, count=n, active=active)


def _slot_block_height(slots: tuple[WordSlot, ...]) -> int:
    if not slots:
        return 0
    _, row_of, cards_h = place_cards([s.face for s in slots], SCALE)
    return cards_h + (max(row_of) + 1) * EARN_H


def _draw_slots(c: Canvas, slots: tuple[WordSlot, ...], x0: int, y: int, prefix: str) -> None:
    pos, row_of, _ = place_cards([s.face for s in slots], SCALE)
    for i, slot in enumerate(slots):
        px, py = pos[i]
        box = c.card(slot.face, x0 + px, y + py + row_of[i] * EARN_H, SCALE, f"{prefix}{i}")
        _earnings(c, slot, box, f"{prefix}{i}")


def draw_word_preview(model: WordPreview) -> Rendered:
    notes_h = 28 * len(model.notes) + (8 if model.notes else 0)
    height = MARGIN + HEADER_H + GENRES_H + _slot_block_height(model.slots) + notes_h + MARGIN
    if model.classics:
        height += SECTION_H + _slot_block_height(model.classics)
    c = Canvas(WIDTH, height)
    x0, y = MARGIN, MARGIN
    cy = y + HEADER_H // 2
    c.text((x0, cy), model.word, 40, role="letter", anchor="lm", kind="word")
    # totals at the right: the two numbers players care about
    x = x0 + CONTENT_W - 200
    c.text((x - 10, cy), "total", 18, ui("text_dim"), role="regular", anchor="rm")
    x = token(c, "coins", x, cy, model.coins, 30) + 18
    token(c, "prestige", x, cy, model.prestige, 30)
    c.layout.add(
        "totals",
        (x0 + CONTENT_W - 200, y, x0 + CONTENT_W, y + HEADER_H),
        coins=model.coins,
        prestige=model.prestige,
    )
    y += HEADER_H
    _genre_row(c, model.genres, x0, y + GENRES_H // 2 - 4)
    y += GENRES_H
    _draw_slots(c, model.slots, x0, y, "word/slot")
    y += _slot_block_height(model.slots)
    if model.classics:
        c.text(
            (x0, y + 4),
            "Also paying: your timeless classics in play",
            19,
            ui("text_dim"),
            kind="section",
            section="classics",
        )
        y += SECTION_H
        _draw_slots(c, model.classics, x0, y, "classics/slot")
        y += _slot_block_height(model.classics)
    if model.notes:
        y += 8
        for note in model.notes:
            c.text((x0, y), fit_text(note, "regular", 20, CONTENT_W), 20, ui("warn"), role="regular", kind="note")
            y += 28
    return c.finish()


def render_word_preview(model: WordPreview) -> bytes:
    return draw_word_preview(model).png()
