"""Every word of a finished game as a picture: one block per player, a line per word with its round and
what it earned.  Texts come in the model, already in the reader's language."""

from __future__ import annotations

from dataclasses import dataclass

from hardback_bot.render.assets import ui
from hardback_bot.render.compose import CONTENT_W, MARGIN, MIN_TEXT, WIDTH, Canvas, Rendered, fit_text, token

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
    c.lines((MARGIN, MARGIN + 20), model.title, 28, CONTENT_W, role="bold", most=1, kind="title")
    y = MARGIN + 48
    for gi, group in enumerate(model.groups):
        head = (MARGIN, y, MARGIN + CONTENT_W, y + HEAD_H - 6)
        c.d.rectangle(head, fill=ui("panel"))
        cy = y + (HEAD_H - 6) / 2
        # the totals at the right, the player's name (shortened when long) in the rest
        summary = c.lines((MARGIN + CONTENT_W - 10, cy), group.summary, MIN_TEXT, CONTENT_W / 2, ui("text_dim"),
                          anchor="rm", most=1, kind="group_summary", room=head)
        name = fit_text(group.name, "bold", 24, summary[0][0] - MARGIN - 30, lang)
        c.text((MARGIN + 10, cy), name, 24, anchor="lm", kind="group", room=head)
        y += HEAD_H
        if not group.rows:
            c.lines((MARGIN + 10, y + ROW_H / 2), model.empty, MIN_TEXT, CONTENT_W - 20, ui("text_dim"), most=1,
                    kind="empty")
            y += ROW_H
        for ri, row in enumerate(group.rows[:MAX_ROWS]):
            cy = y + ROW_H / 2
            c.lines((MARGIN + 10, cy), model.round_label.format(n=row.round), MIN_TEXT, 150, ui("text_dim"), most=1,
                    kind="round")
            word = fit_text(row.word, "bold", 24, CONTENT_W - 170 - 250, "en")
            c.text((MARGIN + 170, cy), word, 24, anchor="lm", kind="word", language="en")
            x = MARGIN + CONTENT_W - 240
            x = token(c, "coins", x, cy, row.coins, MIN_TEXT) + 18
            x = token(c, "prestige", x, cy, row.prestige, MIN_TEXT) + 10
            if row.award:
                c.text((x, cy), f"+{row.award}★", MIN_TEXT, ui("warn"), role="regular", anchor="lm", kind="award",
                       language="en")
            c.layout.add("word_row", (MARGIN, y, MARGIN + CONTENT_W, y + ROW_H), group=gi, row=ri, word=row.word)
            y += ROW_H
        if len(group.rows) > MAX_ROWS:
            c.lines((MARGIN + 10, y + ROW_H / 2), model.more.format(n=len(group.rows) - MAX_ROWS), MIN_TEXT,
                    CONTENT_W - 20, ui("text_dim"), most=1, kind="more")
            y += ROW_H
        y += 10
    return c.finish()


def render_words(model: WordsImage) -> bytes:
    return draw_words(model).png()
