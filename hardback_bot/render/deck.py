"""A player's deck: their draw pile as a set, their discard pile, every player's genre mix.

The draw pile is drawn as a *set*: cards sorted by genre and letter, identical cards once with a count,
so the picture never tells the order of the pile (RULES.md R28.3).  Each card is a chip (``chip.py``:
the letter on its genre's tile, the benefit glyphs at the table's size), so a late-game deck stays one
phone screen high and every number on it reads there.  The genre mix is one bar per player, the cards of
each genre counted (public: purchases and trashes are, R28.1); each segment carries its genre's emblem
beside the count, and the key above the bars pairs each emblem with the genre's name, so the bars read
without telling the colours apart.  Texts come in the model, already in the
reader's language; Japanese is drawn with the CJK font (hardback_bot.i18n.fonts).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from hardback_bot.engine.cards import card, definition_id
from hardback_bot.render.assets import RGB, genre_colours, text_font, ui
from hardback_bot.render.chip import CHIP_H, chip_width, draw_chip
from hardback_bot.render.compose import CONTENT_W, MARGIN, MIN_TEXT, WIDTH, Canvas, Rendered, fit_text, flow_rows
from hardback_bot.render.icons import paste_genre_marker
from hardback_bot.render.models import CardFace
from hardback_bot.render.text import fit_lines

GENRE_ORDER = ("starter", "adventure", "horror", "mystery", "romance")
SECTION_H = 40
SECTION_LINE = 30
CHIP_GAP = 10
BAR_H = 34
NAME_W = 170
EMBLEM = 28  # a genre's emblem, in the key and on each segment: 14.5 px on a phone
SEGMENT_PAD = 4


@dataclass(frozen=True, slots=True)
class GenreMix:
    """One player's deck by genre: cards of each genre in ``GENRE_ORDER`` (starter first)."""

    name: str
    counts: tuple[int, int, int, int, int]
    you: bool = False

    @property
    def total(self) -> int:
        return sum(self.counts)


@dataclass(frozen=True, slots=True)
class DeckLabels:
    """Every text of the picture, in the reader's language (the sessions layer translates them)."""

    title: str
    draw: str  # e.g. "Draw pile · 12 cards (a set: never its order)"
    discard: str
    mix: str
    empty: str  # "none"
    genres: tuple[str, str, str, str, str]  # the genre names, GENRE_ORDER


@dataclass(frozen=True, slots=True)
class DeckImage:
    draw: tuple[int, ...]  # card ids; any order in, always shown sorted
    discard: tuple[int, ...]
    mixes: tuple[GenreMix, ...]
    labels: DeckLabels
    language: str = "en"


def card_set(cards: tuple[int, ...]) -> list[tuple[int, int]]:
    """(a card id of each distinct card, how many) sorted by genre, letter and cost: a set, never an order."""
    by_definition: Counter[int] = Counter(definition_id(c) for c in cards)
    first: dict[int, int] = {}
    for c in sorted(cards):
        first.setdefault(definition_id(c), c)
    order = sorted(by_definition, key=lambda d: (GENRE_ORDER.index(card(first[d]).genre), card(first[d]).letter,
                                                 card(first[d]).cost, d))
    return [(first[d], by_definition[d]) for d in order]


def _badge_w(n: int) -> int:
    return 0 if n <= 1 else round(text_font("bold", MIN_TEXT).getlength(f"×{n}")) + 22


def _rows(cards: tuple[int, ...]) -> list[list[int]]:
    widths = [chip_width(CardFace(cid)) + (_badge_w(n) + 6 if n > 1 else 0) for cid, n in card_set(cards)]
    return flow_rows(widths, CONTENT_W, CHIP_GAP) if widths else []


def _label(text: str, language: str) -> tuple[list[str], float]:
    return fit_lines(text, "bold", MIN_TEXT, CONTENT_W, language)


def _pile_height(model: DeckImage, label: str, cards: tuple[int, ...]) -> int:
    head = SECTION_H + SECTION_LINE * (len(_label(label, model.language)[0]) - 1)
    rows = _rows(cards)
    return head + (len(rows) * (CHIP_H + CHIP_GAP) + 2 if rows else 40)


def _pile(c: Canvas, model: DeckImage, y: int, label: str, cards: tuple[int, ...], section: str) -> int:
    lines, squeeze = _label(label, model.language)
    for i, line in enumerate(lines):
        c.text((MARGIN, y + 4 + i * SECTION_LINE), line, MIN_TEXT, ui("text_dim"), kind="section", squeeze=squeeze)
    head = SECTION_H + SECTION_LINE * (len(lines) - 1)
    c.layout.add("section_" + section, (MARGIN, y, MARGIN + CONTENT_W, y + head), count=len(cards))
    y += head
    groups = card_set(cards)
    if not groups:
        c.lines((MARGIN + CONTENT_W // 2, y + 18), model.labels.empty, MIN_TEXT, CONTENT_W, ui("text_dim"),
                anchor="mm", most=1, kind="empty")
        return y + 40
    for row in _rows(cards):
        x = MARGIN
        for i in row:
            cid, n = groups[i]
            box = draw_chip(c, CardFace(cid), x, y, f"{section}/card{i}")
            c.layout.add("count", box, card_id=cid, count=n, section=section)
            x = box[2] + 6
            if n > 1:  # how many of this card: a badge after its chip, covering nothing
                w = _badge_w(n)
                cy = (box[1] + box[3]) // 2
                pill = (x, cy - 16, x + w, cy + 16)
                c.d.rounded_rectangle(pill, 16, fill=ui("highlight"))
                c.layout.add("count_badge", pill, card_id=cid, count=n)
                c.text((x + w // 2, cy), f"×{n}", MIN_TEXT, ui("ink"), anchor="mm", kind="badge", room=pill,
                       on=("count_badge",), language="en")
                x += w
            x += CHIP_GAP
        y += CHIP_H + CHIP_GAP
    return y + 2


def _legend_rows(model: DeckImage) -> list[list[int]]:
    f = text_font("regular", MIN_TEXT, model.language, "".join(model.labels.genres))
    widths = [round(EMBLEM + 6 + f.getlength(name) + 16) for name in model.labels.genres]
    return flow_rows(widths, CONTENT_W, 0)


def _count_colour(genre: str) -> RGB:
    """The count on a segment: light type on the dark genres, dark on the light ones (adventure, starter)."""
    main = genre_colours(genre).main
    return ui("ink") if 0.299 * main[0] + 0.587 * main[1] + 0.114 * main[2] > 140 else ui("text")


def _segment_min(n: int) -> float:
    """A segment holds the genre's emblem and its count."""
    return SEGMENT_PAD + EMBLEM + 6 + text_font("bold", MIN_TEXT).getlength(str(n)) + 8


def segment_widths(counts: tuple[int, ...], length: float) -> list[float]:
    """Each genre's share of a bar ``length`` px long, in proportion to its cards, but never narrower than
    its emblem and count: the rest is shared out in proportion (a bar grows past ``length`` only when the
    minimums alone are longer)."""
    mins = [_segment_min(n) if n > 0 else 0.0 for n in counts]
    fixed: set[int] = set()
    while True:
        free = [i for i, n in enumerate(counts) if n > 0 and i not in fixed]
        room = length - sum(mins[i] for i in fixed)
        per_card = room / max(1, sum(counts[i] for i in free))
        short = [i for i in free if counts[i] * per_card < mins[i]]
        if not short:
            return [mins[i] if i in fixed else counts[i] * per_card if n > 0 else 0.0
                    for i, n in enumerate(counts)]
        fixed.update(short)


def _mixes(c: Canvas, model: DeckImage, y: int) -> int:
    lang = model.language
    lines, squeeze = _label(model.labels.mix, lang)
    for i, line in enumerate(lines):
        c.text((MARGIN, y + 4 + i * SECTION_LINE), line, MIN_TEXT, ui("text_dim"), kind="section", squeeze=squeeze)
    y += SECTION_H + SECTION_LINE * (len(lines) - 1)
    # the key: each genre's emblem (on its colour) and name
    for row in _legend_rows(model):
        x = MARGIN
        for i in row:
            genre, name = GENRE_ORDER[i], model.labels.genres[i]
            at = paste_genre_marker(c.img, genre, x + EMBLEM / 2, y + 15, EMBLEM, "disc")
            c.layout.add("emblem", at, genre=genre, style="disc")
            box = c.text((x + EMBLEM + 6, y + 15), name, MIN_TEXT, role="regular", anchor="lm", kind="legend",
                         genre=genre)
            x = box[2] + 16
        y += 36
    widest = max((m.total for m in model.mixes), default=1) or 1
    bar_w = CONTENT_W - NAME_W - 60
    for row, mix in enumerate(model.mixes):
        name = fit_text(mix.name, "bold" if mix.you else "regular", MIN_TEXT, NAME_W - 10, lang)
        c.text((MARGIN, y + BAR_H // 2), name, MIN_TEXT, role="bold" if mix.you else "regular", anchor="lm",
               kind="mix_name")
        x = float(MARGIN + NAME_W)
        widths = segment_widths(mix.counts, bar_w * mix.total / widest)
        for genre, n, w in zip(GENRE_ORDER, mix.counts, widths, strict=True):
            if n <= 0:
                continue
            segment = (round(x), y, round(x + w) - 2, y + BAR_H)
            c.d.rectangle(segment, fill=genre_colours(genre).main)
            c.layout.add("mix_segment", segment, player=row, genre=genre, count=n)
            at = paste_genre_marker(c.img, genre, segment[0] + SEGMENT_PAD + EMBLEM / 2, y + BAR_H / 2, EMBLEM,
                                    "badge")
            c.layout.add("emblem", at, player=row, genre=genre, style="badge")
            number = (at[2] + 2, y, segment[2], y + BAR_H)
            c.text(((number[0] + number[2]) / 2, y + BAR_H / 2), str(n), MIN_TEXT, _count_colour(genre), anchor="mm",
                   kind="mix_count", room=number, on=("mix_segment",), language="en")
            x += w
        c.text((round(x) + 8, y + BAR_H / 2), str(mix.total), MIN_TEXT, ui("text_dim"), role="regular", anchor="lm",
               kind="mix_total", language="en")
        y += BAR_H + 10
    return y


def _height(model: DeckImage) -> int:
    mix_head = SECTION_H + SECTION_LINE * (len(_label(model.labels.mix, model.language)[0]) - 1)
    return (MARGIN + 52 + _pile_height(model, model.labels.draw, model.draw)
            + _pile_height(model, model.labels.discard, model.discard) + mix_head + 36 * len(_legend_rows(model))
            + len(model.mixes) * (BAR_H + 10) + MARGIN)


def draw_deck(model: DeckImage) -> Rendered:
    c = Canvas(WIDTH, _height(model), language=model.language)
    c.lines((MARGIN, MARGIN + 22), model.labels.title, 28, CONTENT_W, most=1, role="bold", kind="title")
    y = MARGIN + 52
    y = _pile(c, model, y, model.labels.draw, model.draw, "draw")
    y = _pile(c, model, y, model.labels.discard, model.discard, "discard")
    _mixes(c, model, y)
    return c.finish()


def render_deck(model: DeckImage) -> bytes:
    return draw_deck(model).png()
