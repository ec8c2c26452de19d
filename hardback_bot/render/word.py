"""The word preview: the arranged word, each card's earnings, genre activation and the totals."""

from __future__ import annotations

from dataclasses import replace

from hardback_bot.cardtext import genre_name
from hardback_bot.engine.cards import GENRES, card
from hardback_bot.i18n import translator
from hardback_bot.render import icons
from hardback_bot.render.assets import RGB, genre_colours, text_font, ui
from hardback_bot.render.card import card_pixels
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
from hardback_bot.render.models import CardFace, GenreCount, WordPreview, WordSlot
from hardback_bot.render.text import fit_lines

STRINGS_CONTEXT = "word preview image"
STRINGS_NOTES = {
    "genre": "in a pill a quarter of the image wide (half when a language's genre names need it): the genre "
             "and how many of its cards count",
    "wild_from": "caption under a card played face down: the card it really is (genre and printed letter)",
    "printed": "caption under an uncovered wild standing for another letter: the letter printed on the card",
}
STRINGS: dict[str, str] = {
    "total": "total",
    "genre": "{genre} {n}",
    "classics": "Also paying: your timeless classics in play",
    "wild_from": "wild: {genre} {letter}",
    "printed": "printed {letter}",
}

SCALE = 1.0  # the cards at the offer row's size: every word they print reads on a phone
HEADER_H = 60
PILL_H = 44  # one row of genre pills
EMBLEM = 28  # a pill's genre emblem: 14.5 px on a phone
NOTE_LINE = 26
NOTE_LINES = 2  # the most lines one caption takes under a card
EARN_BASE = 40  # under each card: "+2¢ +1★", then its captions
SECTION_LINE = 32
LINE = 30  # a line of the remarks under the totals

Line = tuple[str, RGB, float]  # a caption line: words, colour, squeeze


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
    # each card's captions keep to its width, so two neighbours' never run together
    room = (box[0], y + 14, box[2], y + 20 + NOTE_LINE * _note_count(slot, c.language))
    for i, (line, colour, squeeze) in enumerate(_note_lines(slot, box[2] - box[0] - 4, c.language)):
        c.text((cx, y + 30 + i * NOTE_LINE), line, MIN_TEXT, colour, role="regular", anchor="mm", kind="note",
               room=room, squeeze=squeeze, path=path)


def _note_lines(slot: WordSlot, max_w: float, language: str = "en") -> list[Line]:
    """The captions under a card: which card became the wild, then the note — each in up to two
    lines, condensed a little when a word is longer than the card is wide; never cut."""
    notes = []
    printed = card(slot.face.card_id).letter
    if slot.face.uncovered and slot.face.wild_letter not in (None, printed):  # what the card really is
        notes.append((_w(language, "printed", letter=printed), ui("text")))
    if slot.wild_from is not None:  # which card became this wild: what the player gives up
        d = card(slot.wild_from)
        notes.append((_w(language, "wild_from", genre=genre_name(d.genre, language), letter=d.letter),
                      genre_colours(d.genre).tint))
    if slot.note:
        notes.append((slot.note, ui("text_dim")))
    lines: list[Line] = []
    for text, colour in notes:
        wrapped, squeeze = fit_lines(text, "regular", MIN_TEXT, max_w, language, NOTE_LINES)
        lines.extend((line, colour, squeeze) for line in wrapped)
    return lines


def _note_count(slot: WordSlot, language: str) -> int:
    return len(_note_lines(slot, _card_w(), language))


def _card_w() -> int:
    return card_pixels(CardFace(1), SCALE)[0] - 4


def _pill_rows(genres: tuple[GenreCount, ...], language: str) -> int:
    """One row of four genre pills, or two of two when a genre's words do not fit a quarter row."""
    counts = {g.genre: g.count for g in genres}
    room = CONTENT_W // 4 - 8 - 39
    for genre in GENRES:
        label = _w(language, "genre", genre=genre_name(genre, language), n=counts.get(genre, 0))
        if text_font("regular", MIN_TEXT, language, label).getlength(label) > room:
            return 2
    return 1


def _genre_row(c: Canvas, genres: tuple[GenreCount, ...], x0: int, y: int) -> int:
    """The genre pills (R10.4: a genre is active with 2 or more); returns the height they take."""
    counts = {g.genre: g.count for g in genres}
    rows = _pill_rows(genres, c.language)
    per_row = len(GENRES) // rows
    step = CONTENT_W // per_row
    for i, genre in enumerate(GENRES):
        n = counts.get(genre, 0)
        active = n >= 2
        x = x0 + (i % per_row) * step
        cy = y + (i // per_row) * PILL_H + PILL_H // 2 - 4
        pill = (x, cy - 17, x + step - 8, cy + 17)
        col = genre_colours(genre)
        c.d.rounded_rectangle(pill, 17, fill=col.main if active else ui("panel"), outline=col.main, width=2)
        at = icons.paste_genre_marker(c.img, genre, x + 18, cy, EMBLEM, "badge")
        c.layout.add("emblem", at, genre=genre, style="badge")
        # an active genre is a filled pill with white words
        label = _w(c.language, "genre", genre=genre_name(genre, c.language), n=n)
        room = (x + 35, pill[1], pill[2] - 4, pill[3])
        c.lines((x + 37, cy), label, MIN_TEXT, room[2] - room[0] - 2, (255, 255, 255) if active else ui("text_dim"),
                most=1, kind="genre_label", room=room, on=("genre_count",), genre=genre)
        c.layout.add("genre_count", pill, genre=genre, count=n, active=active)
    return rows * PILL_H + 6


def _earn_offsets(slots: tuple[WordSlot, ...], row_of: list[int], language: str) -> list[int]:
    """How far each row of cards is pushed down by the captions of the rows above it: a row's
    captions take as many lines as its longest one."""
    rows = max(row_of) + 1 if row_of else 0
    lines = [0] * rows
    for slot, r in zip(slots, row_of, strict=True):
        lines[r] = max(lines[r], _note_count(slot, language))
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


def _section_lines(language: str) -> tuple[list[str], float]:
    return fit_lines(_w(language, "classics"), "bold", MIN_TEXT, CONTENT_W, language)


def _notes(model: WordPreview, language: str) -> list[tuple[list[str], float]]:
    return [fit_lines(note, "regular", MIN_TEXT, CONTENT_W, language) for note in model.notes]


def draw_word_preview(model: WordPreview, language: str = "en") -> Rendered:
    notes = _notes(model, language)
    notes_h = sum(LINE * len(lines) for lines, _ in notes) + (8 if notes else 0)
    height = (MARGIN + HEADER_H + _pill_rows(model.genres, language) * PILL_H + 6
              + _slot_block_height(model.slots, language) + notes_h + MARGIN)
    section, section_squeeze = _section_lines(language)
    if model.classics:
        height += SECTION_LINE * len(section) + 4 + _slot_block_height(model.classics, language)
    c = Canvas(WIDTH, height, language=language)
    x0, y = MARGIN, MARGIN
    cy = y + HEADER_H // 2
    # totals at the right: the two numbers players care about; the word in the rest of the line
    x = x0 + CONTENT_W - 200
    total = c.lines((x - 10, cy), _w(language, "total"), MIN_TEXT, 150, ui("text_dim"), anchor="rm", most=1)
    x = token(c, "coins", x, cy, model.coins, 30) + 18
    token(c, "prestige", x, cy, model.prestige, 30)
    c.layout.add(
        "totals",
        (x0 + CONTENT_W - 200, y, x0 + CONTENT_W, y + HEADER_H),
        coins=model.coins,
        prestige=model.prestige,
    )
    room = (x0, y, total[0][0] - 12, y + HEADER_H)
    c.lines((x0, cy), model.word, 40, room[2] - room[0], role="letter", most=1, kind="word", room=room,
            language="en")
    y += HEADER_H
    y += _genre_row(c, model.genres, x0, y)
    _draw_slots(c, model.slots, x0, y, "word/slot")
    y += _slot_block_height(model.slots, language)
    if model.classics:
        for i, line in enumerate(section):
            c.text((x0, y + 4 + i * SECTION_LINE), line, MIN_TEXT, ui("text_dim"), kind="section",
                   squeeze=section_squeeze, section="classics")
        y += SECTION_LINE * len(section) + 4
        _draw_slots(c, model.classics, x0, y, "classics/slot")
        y += _slot_block_height(model.classics, language)
    if notes:
        y += 8
        for lines, squeeze in notes:
            for line in lines:
                c.text((x0, y), line, MIN_TEXT, ui("warn"), role="regular", kind="note", squeeze=squeeze)
                y += LINE
    return c.finish()


def render_word_preview(model: WordPreview, language: str = "en") -> bytes:
    return draw_word_preview(model, language).png()
