"""A player's deck (issue 17): their draw pile as a set, their discard pile, every player's genre mix.

The draw pile is drawn as a *set*: cards sorted by genre and letter, identical cards once with a count,
so the picture never tells the order of the pile (RULES.md R28.3).  The genre mix is one bar per player,
the cards of each genre counted (public: purchases and trashes are, R28.1).  Texts come in the model,
already in the reader's language; Japanese text is drawn with the CJK font (hardback_bot.i18n.fonts).
"""

from __future__ import annotations

import io
import threading
from collections import Counter
from dataclasses import dataclass

from PIL import ImageFont

from hardback_bot.engine.cards import card, definition_id
from hardback_bot.i18n import font_for_language
from hardback_bot.render.assets import RGB, genre_colours, ui
from hardback_bot.render.compose import CONTENT_W, MARGIN, MIN_TEXT, WIDTH, Canvas, Rendered, place_cards
from hardback_bot.render.models import CardFace

GENRE_ORDER = ("starter", "adventure", "horror", "mystery", "romance")
CARD_SCALE = 0.5  # seven cards a row: a late-game draw pile of 30 distinct cards still fits in five rows
SECTION_H = 40
BAR_H = 34
NAME_W = 170


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


_local = threading.local()


def label_font(language: str, weight: str, size: int) -> ImageFont.FreeTypeFont:
    fonts: dict[tuple[str, str, int], ImageFont.FreeTypeFont] | None = getattr(_local, "fonts", None)
    if fonts is None:
        fonts = _local.fonts = {}
    key = (language, weight, size)
    if key not in fonts:
        fonts[key] = ImageFont.truetype(io.BytesIO(font_for_language(language, weight).read_bytes()), size)
    return fonts[key]


def draw_label(c: Canvas, xy: tuple[float, float], text: str, size: int, language: str, *, fill: RGB | None = None,
          weight: str = "regular", anchor: str = "la", kind: str = "text", max_w: float | None = None) -> tuple:
    f = label_font(language, weight, size)
    if max_w is not None and f.getlength(text) > max_w:
        while len(text) > 1 and f.getlength(text + "…") > max_w:
            text = text[:-1]
        text += "…"
    c.d.text(xy, text, font=f, fill=fill or ui("text"), anchor=anchor)
    box = c.d.textbbox(xy, text, font=f, anchor=anchor)
    c.layout.add(kind, box, text=text, px=size, font=str(font_for_language(language, weight)))
    return box


def card_set(cards: tuple[int, ...]) -> list[tuple[int, int]]:
    """(a card id of each distinct card, how many) sorted by genre, letter and cost: a set, never an order."""
    by_definition: Counter[int] = Counter(definition_id(c) for c in cards)
    first: dict[int, int] = {}
    for c in sorted(cards):
        first.setdefault(definition_id(c), c)
    order = sorted(by_definition, key=lambda d: (GENRE_ORDER.index(card(first[d]).genre), card(first[d]).letter,
                                                 card(first[d]).cost, d))
    return [(first[d], by_definition[d]) for d in order]


def _pile(c: Canvas, model: DeckImage, y: int, label: str, cards: tuple[int, ...], section: str) -> int:
    lang = model.language
    draw_label(c, (MARGIN, y + 4), label, MIN_TEXT, lang, fill=ui("text_dim"), weight="bold", kind="section",
          max_w=CONTENT_W)
    c.layout.add("section_" + section, (MARGIN, y, MARGIN + CONTENT_W, y + SECTION_H), count=len(cards))
    y += SECTION_H
    groups = card_set(cards)
    if not groups:
        draw_label(c, (MARGIN + CONTENT_W // 2, y + 18), model.labels.empty, MIN_TEXT, lang, fill=ui("text_dim"),
              anchor="mm", kind="empty")
        return y + 40
    faces = [CardFace(cid) for cid, _ in groups]
    pos, _, height = place_cards(faces, CARD_SCALE)
    for i, (face, (cid, n)) in enumerate(zip(faces, groups, strict=True)):
        x, top = MARGIN + pos[i][0], y + pos[i][1]
        box = c.card(face, x, top, CARD_SCALE, f"{section}/card{i}")
        c.layout.add("count", box, card_id=cid, count=n, section=section)
        if n > 1:  # a badge on the card's top right corner: how many of this card
            r = 17
            cx, cy = box[2] - r + 4, box[1] + r - 4
            c.d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ui("highlight"), outline=ui("background"), width=3)
            draw_label(c, (cx, cy), f"×{n}", MIN_TEXT - 2, "en", fill=ui("ink"), weight="bold", anchor="mm",
                       kind="badge")
    return y + height + 12


def _mixes(c: Canvas, model: DeckImage, y: int) -> int:
    lang = model.language
    draw_label(c, (MARGIN, y + 4), model.labels.mix, MIN_TEXT, lang, fill=ui("text_dim"), weight="bold", kind="section",
          max_w=CONTENT_W)
    y += SECTION_H
    # the legend: each genre's colour and name
    x = MARGIN
    for genre, name in zip(GENRE_ORDER, model.labels.genres, strict=True):
        colour = genre_colours(genre).main
        c.d.rectangle((x, y + 6, x + 18, y + 24), fill=colour)
        box = draw_label(c, (x + 24, y + 15), name, MIN_TEXT - 2, lang, anchor="lm", kind="legend")
        x = box[2] + 16
    y += 36
    widest = max((m.total for m in model.mixes), default=1) or 1
    bar_w = CONTENT_W - NAME_W - 60
    for row, mix in enumerate(model.mixes):
        draw_label(c, (MARGIN, y + BAR_H // 2), mix.name, MIN_TEXT, lang, weight="bold" if mix.you else "regular",
              anchor="lm", kind="mix_name", max_w=NAME_W - 10)
        x = MARGIN + NAME_W
        for genre, n in zip(GENRE_ORDER, mix.counts, strict=True):
            if n <= 0:
                continue
            w = max(26, round(bar_w * n / widest))
            colours = genre_colours(genre)
            c.d.rectangle((x, y, x + w - 2, y + BAR_H), fill=colours.main)
            draw_label(c, (x + (w - 2) / 2, y + BAR_H / 2), str(n), MIN_TEXT - 2, "en", fill=ui("text"), weight="bold",
                  anchor="mm", kind="mix_count")
            c.layout.add("mix_segment", (x, y, x + w - 2, y + BAR_H), player=row, genre=genre, count=n)
            x += w
        draw_label(c, (x + 8, y + BAR_H / 2), str(mix.total), MIN_TEXT, "en", fill=ui("text_dim"), anchor="lm",
              kind="mix_total")
        y += BAR_H + 10
    return y


def _height(model: DeckImage) -> int:
    def pile(cards: tuple[int, ...]) -> int:
        groups = card_set(cards)
        if not groups:
            return SECTION_H + 40
        _, _, h = place_cards([CardFace(cid) for cid, _ in groups], CARD_SCALE)
        return SECTION_H + h + 12

    return (MARGIN + 52 + pile(model.draw) + pile(model.discard) + SECTION_H + 36
            + len(model.mixes) * (BAR_H + 10) + MARGIN)


def draw_deck(model: DeckImage) -> Rendered:
    c = Canvas(WIDTH, _height(model), language=model.language)
    draw_label(c, (MARGIN, MARGIN + 22), model.labels.title, 28, model.language, weight="bold", anchor="lm",
          kind="title", max_w=CONTENT_W)
    y = MARGIN + 52
    y = _pile(c, model, y, model.labels.draw, model.draw, "draw")
    y = _pile(c, model, y, model.labels.discard, model.discard, "discard")
    _mixes(c, model, y)
    return c.finish()


def render_deck(model: DeckImage) -> bytes:
    return draw_deck(model).png()
