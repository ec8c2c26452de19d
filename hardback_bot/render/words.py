"""Every word of a finished game as a picture (issue 17): one block per player, a line per word with its
round and what it earned.  Texts come in the model, already in the reader's language."""

from __future__ import annotations

from dataclasses import dataclass

from hardback_bot.render.assets import ui
from hardback_bot.render.compose import CONTENT_W, MARGIN, MIN_TEXT, WIDTH, Canvas, Rendered, token
from hardback_bot.render.deck import draw_label

ROW_H = 32
HEAD_H = 44
MAX_ROWS = 40  # words drawn per player; the rest are counted on a last line (the text form has them all)


@dataclass(frozen=True, slots=True)
class WordRow:
    round: int
    word: str
    coins: int
    prestige: int
    award: int = 0


@dataclass(frozen=True, slots=True)
class WordGroup:
    name: str
    rows: tuple[WordRow, ...]  # in the order to show
    summary: str  # e.g. "12 words · 34¢ · 20★"


@dataclass(frozen=True, slots=True)
class WordsImage:
    title: str
    groups: tuple[WordGroup, ...]
    round_label: str  # "round {n}" with {n}
    more: str  # "… and {n} more" with {n}
    empty: str
    language: str = "en"


def _height(model: WordsImage) -> int:
    h = MARGIN + 48
    for g in model.groups:
        shown = min(len(g.rows), MAX_ROWS)
        h += HEAD_H + max(1, shown) * ROW_H + (ROW_H if len(g.rows) > MAX_ROWS else 0) + 10
    return h + MARGIN


def draw_words(model: WordsImage) -> Rendered:
    lang = model.language
    c = Canvas(WIDTH, _height(model), language=model.language)
    draw_label(c, (MARGIN, MARGIN + 20), model.title, 28, lang, weight="bold", anchor="lm", kind="title",
               max_w=CONTENT_W)
    y = MARGIN + 48
    for gi, group in enumerate(model.groups):
        c.d.rectangle((MARGIN, y, MARGIN + CONTENT_W, y + HEAD_H - 6), fill=ui("panel"))
        draw_label(c, (MARGIN + 10, y + (HEAD_H - 6) / 2), group.name, 24, lang, weight="bold", anchor="lm",
              kind="group", max_w=CONTENT_W / 2 - 20)
        draw_label(c, (MARGIN + CONTENT_W - 10, y + (HEAD_H - 6) / 2), group.summary, MIN_TEXT, lang,
              fill=ui("text_dim"), anchor="rm", kind="group_summary", max_w=CONTENT_W / 2)
        y += HEAD_H
        if not group.rows:
            draw_label(c, (MARGIN + 10, y + ROW_H / 2), model.empty, MIN_TEXT, lang, fill=ui("text_dim"), anchor="lm",
                  kind="empty")
            y += ROW_H
        for ri, row in enumerate(group.rows[:MAX_ROWS]):
            cy = y + ROW_H / 2
            draw_label(c, (MARGIN + 10, cy), model.round_label.format(n=row.round), MIN_TEXT, lang,
                  fill=ui("text_dim"), anchor="lm", kind="round")
            draw_label(c, (MARGIN + 170, cy), row.word, 24, "en", weight="bold", anchor="lm", kind="word",
                  max_w=CONTENT_W - 170 - 250)
            x = MARGIN + CONTENT_W - 240
            x = token(c, "coins", x, cy, row.coins, MIN_TEXT) + 18
            x = token(c, "prestige", x, cy, row.prestige, MIN_TEXT) + 10
            if row.award:
                draw_label(c, (x, cy), f"+{row.award}★", MIN_TEXT, "en", fill=ui("warn"), anchor="lm", kind="award")
            c.layout.add("word_row", (MARGIN, y, MARGIN + CONTENT_W, y + ROW_H), group=gi, row=ri, word=row.word)
            y += ROW_H
        if len(group.rows) > MAX_ROWS:
            draw_label(c, (MARGIN + 10, y + ROW_H / 2), model.more.format(n=len(group.rows) - MAX_ROWS), MIN_TEXT, lang,
                  fill=ui("text_dim"), anchor="lm", kind="more")
            y += ROW_H
        y += 10
    return c.finish()


def render_words(model: WordsImage) -> bytes:
    return draw_words(model).png()
