"""The word preview: the arranged word, each card's earnings, genre activation and the totals."""

from __future__ import annotations

from dataclasses import replace

from hardback_bot.cardtext import genre_name
from hardback_bot.engine.cards import GENRES, card
from hardback_bot.i18n import translator
from hardback_bot.render import icons
from hardback_bot.render.assets import genre_colours, ui
from hardback_bot.render.card import card_pixels
from hardback_bot.render.compose import (
    CONTENT_W,
    MARGIN,
    MIN_TEXT,
    WIDTH,
    Canvas,
    Rendered,
    fit_text,
    place_cards,
    token,
    wrap_text,
)
from hardback_bot.render.models import CardFace, GenreCount, WordPreview, WordSlot

STRINGS_CONTEXT = "word preview image"
STRINGS_NOTES = {
    "genre": "in a pill a quarter of the image wide: the genre and how many of its cards count",
    "wild_from": "caption under a card played face down: the card it really is (genre and printed letter)",
}
STRINGS: dict[str, str] = {
    "total": "total",
    "genre": "{genre} {n}",
    "classics": "Also paying: your timeless classics in play",
    "wild_from": "wild: {genre} {letter}",
}

SCALE = 0.85
HEADER_H = 60
GENRES_H = 50
NOTE_LINE = 26
EARN_BASE = 40  # under each card: "+2¢ +1★", then its caption of up to two lines
SECTION_H = 36


def _w(language: str, key: str, **params: object) -> str:
    return translator(language).entry(STRINGS_CONTEXT, STRINGS[key], **params)


def _earnings(c: Canvas, slot: WordSlot, box: tuple[int, int, int, int], path: str) -> None:
    cx = (box[0] + box[2]) // 2
    y = box[3] + 14
    parts = []
    if slot.coins:
        parts.append(("coins", slot.coins))
    if slot.prestige:
        parts.append(("prestige", slot.prestige))
    if not parts:
        c.text((cx, y), "—", MIN_TEXT, ui("text_dim"), anchor="mm", kind="earning", path=path, coins=0, prestige=0)
    else:
        # two tokens side by side, centred under the card
        width = 70 * len(parts)
        x = cx - width // 2
        for kind, n in parts:
            token(c, kind, x, y, n, 26)
            x += 70
        c.layout.add(
            "earning",
            (cx - width // 2, y - 12, cx + width // 2, y + 12),
            path=path,
            coins=slot.coins,
            prestige=slot.prestige,
        )
    for i, (line, colour) in enumerate(_note_lines(slot, box[2] - box[0] + 10, c.language)):
        c.text((cx, y + 30 + i * NOTE_LINE), line, MIN_TEXT, colour, role="regular", anchor="mm", kind="note",
               path=path)


def _note_lines(slot: WordSlot, max_w: float, language: str = "en") -> list[tuple[str, tuple[int, int, int]]]:
    """The caption under a card, at most two lines: which card became the wild, then the note."""
    notes = []
    if slot.wild_from is not None:  # which card became this wild: what the player gives up
        d = card(slot.wild_from)
        notes.append((_w(language, "wild_from", genre=genre_name(d.genre, language), letter=d.letter),
                      genre_colours(d.genre).tint))
    if slot.note:
        notes.append((slot.note, ui("text_dim")))
    lines: list[tuple[str, tuple[int, int, int]]] = []
    for text, colour in notes:
        lines.extend((line, colour) for line in _wrap(text, max_w, language))
    if len(lines) > 2:  # keep to two lines: the last one says what is left, shortened
        glue = "" if language == "ja" else " "
        rest = glue.join(t for t, _ in lines[1:])
        lines = [lines[0], (fit_text(rest, "regular", MIN_TEXT, max_w, language), lines[1][1])]
    return lines


def _wrap(text: str, max_w: float, language: str = "en") -> list[str]:
    return [fit_text(line, "regular", MIN_TEXT, max_w, language)
            for line in wrap_text(text, "regular", MIN_TEXT, max_w, language)]


def _genre_row(c: Canvas, genres: tuple[GenreCount, ...], x0: int, cy: int) -> None:
    counts = {g.genre: g.count for g in genres}
    step = CONTENT_W // 4
    for i, genre in enumerate(GENRES):
        n = counts.get(genre, 0)
        active = n >= 2
        x = x0 + i * step
        pill = (x, cy - 17, x + step - 8, cy + 17)
        col = genre_colours(genre)
        c.d.rounded_rectangle(pill, 17, fill=col.main if active else ui("panel"), outline=col.main, width=2)
        icons.genre_badge(c.d, genre, x + 16, cy, 13)
        # an active genre (R10.4: 2 or more) is a filled pill with white words
        label = _w(c.language, "genre", genre=genre_name(genre, c.language), n=n)
        if c.font("regular", MIN_TEXT, label).getlength(label) > pill[2] - 6 - (x + 33):  # the emblem says it
            label = str(n)
        c.text((x + 33, cy), label, MIN_TEXT, (255, 255, 255) if active else ui("text_dim"), role="regular",
               anchor="lm", kind="genre_label", genre=genre)
        c.layout.add("genre_count", pill, genre=genre, count=n, active=active)


def _earn_offsets(slots: tuple[WordSlot, ...], row_of: list[int], language: str) -> list[int]:
    """How far each row of cards is pushed down by the captions of the rows above it: a row's
    captions take as many lines as its longest one."""
    rows = max(row_of) + 1 if row_of else 0
    card_w = round(card_pixels(CardFace(1), SCALE)[0]) + 10
    lines = [0] * rows
    for slot, r in zip(slots, row_of, strict=True):
        lines[r] = max(lines[r], len(_note_lines(slot, card_w, language)))
    offsets, total = [], 0
    for r in range(rows + 1):
        offsets.append(total)
        if r < rows:
            total += EARN_BASE + NOTE_LINE * lines[r]
    return offsets


def _slot_block_height(slots: tuple[WordSlot, ...], language: str) -> int:
    if not slots:
        return 0
    _, row_of, cards_h = place_cards([s.face for s in slots], SCALE)
    return cards_h + _earn_offsets(slots, row_of, language)[-1]


def _draw_slots(c: Canvas, slots: tuple[WordSlot, ...], x0: int, y: int, prefix: str) -> None:
    pos, row_of, _ = place_cards([s.face for s in slots], SCALE)
    offsets = _earn_offsets(slots, row_of, c.language)
    for i, slot in enumerate(slots):
        px, py = pos[i]
        face = slot.face
        if slot.wild_from is not None and face.wild_letter is not None:
            face = replace(face, source_shown=True)
        box = c.card(face, x0 + px, y + py + offsets[row_of[i]], SCALE, f"{prefix}{i}")
        _earnings(c, slot, box, f"{prefix}{i}")


def draw_word_preview(model: WordPreview, language: str = "en") -> Rendered:
    notes_h = 30 * len(model.notes) + (8 if model.notes else 0)
    height = MARGIN + HEADER_H + GENRES_H + _slot_block_height(model.slots, language) + notes_h + MARGIN
    if model.classics:
        height += SECTION_H + _slot_block_height(model.classics, language)
    c = Canvas(WIDTH, height, language=language)
    x0, y = MARGIN, MARGIN
    cy = y + HEADER_H // 2
    c.text((x0, cy), model.word, 40, role="letter", anchor="lm", kind="word")
    # totals at the right: the two numbers players care about
    x = x0 + CONTENT_W - 200
    c.text((x - 10, cy), _w(language, "total"), MIN_TEXT, ui("text_dim"), role="regular", anchor="rm")
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
    y += _slot_block_height(model.slots, language)
    if model.classics:
        c.text(
            (x0, y + 4),
            fit_text(_w(language, "classics"), "bold", MIN_TEXT, CONTENT_W, language),
            MIN_TEXT,
            ui("text_dim"),
            kind="section",
            section="classics",
        )
        y += SECTION_H
        _draw_slots(c, model.classics, x0, y, "classics/slot")
        y += _slot_block_height(model.classics, language)
    if model.notes:
        y += 8
        for note in model.notes:
            c.text((x0, y), fit_text(note, "regular", MIN_TEXT, CONTENT_W, language), MIN_TEXT, ui("warn"),
                   role="regular",
                   kind="note")
            y += 30
    return c.finish()


def render_word_preview(model: WordPreview, language: str = "en") -> bytes:
    return draw_word_preview(model, language).png()
