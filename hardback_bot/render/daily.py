"""The daily's share picture: a day's result against par, with one square a turn, and nothing of the deal.

Its model holds numbers only (the date, the score, the par, how many words, whether Penny was beaten and
each turn's square), never a word, a letter or a card, so the picture cannot give the deal away whatever
calls it; its own words come from the table below, in the picture's language. The share line of text
(hardback_bot/sessions/daily/card.py) uses the same squares: :func:`square_level` and :data:`SQUARES`.
"""

from __future__ import annotations

from dataclasses import dataclass

from hardback_bot.render.assets import RGB, hex_rgb, ui
from hardback_bot.render.compose import CONTENT_W, MARGIN, MIN_TEXT, WIDTH, Canvas, Rendered, fit_text

STRINGS_CONTEXT = "daily share image"
STRINGS_NOTES = {
    "versus": "{diff} is the score minus par, with its sign: +7, -3, ±0",
    "squares": "under the row of coloured squares; each square is one turn of the game",
}
STRINGS: dict[str, str | tuple[str, str]] = {
    "title": "Hardback Daily",
    "versus": "par {par}★ · {diff}",
    "no_par": "par not known yet",
    "words": ("{n} word", "{n} words"),
    "won": "Penny Dreadful beaten",
    "lost": "Penny Dreadful won",
    "squares": "one square a turn:",
}

# A turn's square by the prestige it earned (its word, award and purchases): the same in the picture and in
# the share line's emoji. Thresholds: the level's lowest prestige.
LEVELS = (0, 3, 7, 12)
SQUARES = ("⬜", "🟨", "🟩", "🟦")
LEVEL_COLOURS: tuple[RGB, ...] = tuple(hex_rgb(c) for c in ("#D9DCE1", "#F0C43A", "#5DB760", "#4A8FE0"))
LEVEL_CAPTIONS = ("0–2★", "3–6★", "7–11★", "12★+")
MAX_SQUARES = 30  # a daily takes 8–20 turns; a longer one shows its first 30

SQUARE = 40
SQUARE_GAP = 8
PER_ROW = (CONTENT_W + SQUARE_GAP) // (SQUARE + SQUARE_GAP)
MIN_HEIGHT = 320  # never a thin strip once shrunk on a phone


def square_level(prestige: int) -> int:
    """The square (0–3) of a turn that earned ``prestige``."""
    return sum(1 for low in LEVELS[1:] if prestige >= low)


def squares(prestige_by_turn: tuple[int, ...] | list[int]) -> str:
    """The emoji squares of a game's turns, as the share line shows them."""
    return "".join(SQUARES[square_level(p)] for p in list(prestige_by_turn)[:MAX_SQUARES])


@dataclass(frozen=True, slots=True)
class DailyShareImage:
    date: str  # "2026-12-04"
    score: int
    par: int | None  # None while the day's par is being computed
    words: int
    won: bool  # against Penny Dreadful
    levels: tuple[int, ...]  # each turn's square, 0–3 (square_level)
    language: str = "en"


def diff_text(score: int, par: int) -> str:
    """The score against par with its sign (ASCII minus: every font of the bot has it)."""
    d = score - par
    return f"+{d}" if d > 0 else f"{d}" if d < 0 else "±0"


def _words(c: Canvas, key: str, **params: object) -> str:
    return c.t.entry(STRINGS_CONTEXT, STRINGS[key], **params)


def _square(c: Canvas, box: tuple[float, float, float, float], level: int, **data: object) -> None:
    """A turn's square: its level's colour, and as many dots as its level (none to three), so the level reads
    without its colour."""
    level = max(0, min(3, level))
    c.d.rounded_rectangle(box, 6 if box[2] - box[0] > 30 else 4, fill=LEVEL_COLOURS[level])
    side = box[2] - box[0]
    r, gap = side * 0.13, side * 0.3
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    for i in range(level):
        x = cx + (i - (level - 1) / 2) * gap
        c.d.ellipse((x - r, cy - r, x + r, cy + r), fill=(30, 30, 30))
    c.layout.add("square", tuple(round(v) for v in box), level=level, dots=level, **data)  # type: ignore[arg-type]


def _height(model: DailyShareImage) -> int:
    rows = max(1, -(-min(len(model.levels), MAX_SQUARES) // PER_ROW))
    return max(MIN_HEIGHT, MARGIN + 44 + 96 + 44 + 34 + rows * (SQUARE + SQUARE_GAP) + 44 + MARGIN)


def draw_daily_share(model: DailyShareImage) -> Rendered:
    c = Canvas(WIDTH, _height(model), language=model.language)
    x0, right = MARGIN, MARGIN + CONTENT_W
    y = MARGIN
    date_w = c.font("regular", 24, model.date).getlength(model.date)
    title = fit_text(_words(c, "title"), "bold", 30, CONTENT_W - date_w - 24, c.language)
    c.text((x0, y + 20), title, 30, anchor="lm", kind="title")
    c.text((right, y + 20), model.date, 24, ui("text_dim"), role="regular", anchor="rm", kind="date")
    y += 44
    score = f"{model.score}★"
    box = c.text((x0, y + 48), score, 72, anchor="lm", kind="score", score=model.score)
    if model.par is None:
        versus, colour = _words(c, "no_par"), ui("text_dim")
    else:
        versus = _words(c, "versus", par=model.par, diff=diff_text(model.score, model.par))
        colour = ui("good") if model.score > model.par else ui("warn") if model.score == model.par else ui("text_dim")
    versus = fit_text(versus, "bold", 32, right - box[2] - 28, c.language)
    c.text((box[2] + 28, y + 48), versus, 32, colour, anchor="lm", kind="versus", par=model.par)
    y += 96
    facts = " · ".join([_words(c, "words", n=model.words), _words(c, "won" if model.won else "lost")])
    c.text((x0, y + 20), fit_text(facts, "regular", 26, CONTENT_W, c.language), 26, role="regular", anchor="lm",
           kind="facts", words=model.words, won=model.won)
    y += 44
    c.text((x0, y + 14), fit_text(_words(c, "squares"), "regular", MIN_TEXT, CONTENT_W, c.language), MIN_TEXT,
           ui("text_dim"), role="regular", anchor="lm", kind="section")
    y += 34
    for i, level in enumerate(model.levels[:MAX_SQUARES]):
        row, col = divmod(i, PER_ROW)
        sx, sy = x0 + col * (SQUARE + SQUARE_GAP), y + row * (SQUARE + SQUARE_GAP)
        _square(c, (sx, sy, sx + SQUARE, sy + SQUARE), level, turn=i + 1)
    rows = max(1, -(-min(len(model.levels), MAX_SQUARES) // PER_ROW))
    y += rows * (SQUARE + SQUARE_GAP) + 8
    x = float(x0)
    for level, caption in enumerate(LEVEL_CAPTIONS):
        _square(c, (x, y + 4, x + 28, y + 32), level, key=True)
        box = c.text((x + 36, y + 18), caption, MIN_TEXT, ui("text_dim"), role="regular", anchor="lm",
                     kind="legend", level=level)
        x = box[2] + 24
    return c.finish()


def render_daily_share(model: DailyShareImage) -> bytes:
    return draw_daily_share(model).png()


def sample(language: str = "en") -> DailyShareImage:
    """A result as the gallery and the image tests draw it."""
    return DailyShareImage("2026-12-04", 58, 51, 14, True, (0, 1, 1, 2, 0, 3, 2, 1, 2, 3, 1, 2), language)


__all__ = ["LEVELS", "SQUARES", "DailyShareImage", "diff_text", "draw_daily_share", "render_daily_share", "sample",
           "square_level", "squares"]
