"""End of game: the final ranking (R22.4, R22.6) and a per-round score chart.

Each player's line has its colour and its own marker shape (a circle, a square, a triangle…), drawn along the
line, in the chart's key and beside the player's row of the ranking, so the lines are told apart without
telling the colours apart.
"""

from __future__ import annotations

from PIL import ImageDraw

from hardback_bot.i18n import translator
from hardback_bot.render.assets import RGB, font, hex_rgb, text_font, ui
from hardback_bot.render.compose import CONTENT_W, MARGIN, MIN_TEXT, WIDTH, Canvas, Rendered, fit_names
from hardback_bot.render.models import ResultsImage
from hardback_bot.render.text import fit_lines

STRINGS_CONTEXT = "results image"
STRINGS_NOTES = {
    "ink": "after a player's final score: their ink, which breaks ties",
    "goal": "on the chart's dashed goal line",
    "round": "the chart's horizontal axis",
}
STRINGS: dict[str, str] = {
    "title": "Final ranking",
    "award": "incl. {n}★ award",
    "ink": "ink {n}",
    "goal": "goal {n}",
    "round": "round",
}

#: Line colours per series, chosen apart from each other on the dark background (not genre colours,
#: which mean genres everywhere else).
SERIES_COLOURS: tuple[RGB, ...] = tuple(
    hex_rgb(c)
    for c in (
        "#F4B942",
        "#4FC3F7",
        "#E57BE3",
        "#8BD46E",
        "#FF7A6B",
        "#C9C9C9",
    )
)
#: Marker shapes per series, in the same order as the colours: a line is known by its shape too.
SERIES_SHAPES = ("circle", "square", "triangle", "diamond", "down", "cross")
MEDALS: dict[int, RGB] = {1: (232, 190, 60), 2: (190, 196, 204), 3: (205, 127, 50)}
MARKER_R = 8  # a series marker's half width: 16 px, 8 px on a phone

HEADER_H = 58
TITLE_LINE = 42  # a headline's second line
ROW_H = 54
CHART_H = 354
LEGEND_ROW = 34
NAME_PX = 24
AXIS_PX = MIN_TEXT


def _series_of(model: ResultsImage, name: str) -> int | None:
    """A ranking row wears the colour and the marker of its chart line (matched by name)."""
    for si, series in enumerate(model.series):
        if series.name == name:
            return si
    return None


def marker(d: ImageDraw.ImageDraw, shape: str, cx: float, cy: float, r: float, colour: RGB,
           outline: RGB | None = None) -> None:
    """A series marker: one of ``SERIES_SHAPES``, ``2r`` wide, with a dark rim so it stands off the lines."""
    rim = outline or ui("background")
    if shape == "circle":
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=rim, width=2)
    elif shape == "square":
        d.rectangle((cx - r * 0.88, cy - r * 0.88, cx + r * 0.88, cy + r * 0.88), fill=colour, outline=rim, width=2)
    elif shape == "triangle":
        d.polygon([(cx, cy - r * 1.05), (cx + r * 1.05, cy + r * 0.8), (cx - r * 1.05, cy + r * 0.8)], fill=colour,
                  outline=rim, width=2)
    elif shape == "down":
        d.polygon([(cx, cy + r * 1.05), (cx + r * 1.05, cy - r * 0.8), (cx - r * 1.05, cy - r * 0.8)], fill=colour,
                  outline=rim, width=2)
    elif shape == "diamond":
        d.polygon([(cx, cy - r * 1.15), (cx + r * 1.15, cy), (cx, cy + r * 1.15), (cx - r * 1.15, cy)], fill=colour,
                  outline=rim, width=2)
    else:  # a cross
        a, w = r * 1.05, r * 0.36
        d.polygon([(cx - w, cy - a), (cx + w, cy - a), (cx + w, cy - w), (cx + a, cy - w), (cx + a, cy + w),
                   (cx + w, cy + w), (cx + w, cy + a), (cx - w, cy + a), (cx - w, cy + w), (cx - a, cy + w),
                   (cx - a, cy - w), (cx - w, cy - w)], fill=colour, outline=rim, width=2)


def _series_marker(c: Canvas, si: int, cx: float, cy: float, r: float = MARKER_R, **data: object) -> None:
    shape = SERIES_SHAPES[si % len(SERIES_SHAPES)]
    marker(c.d, shape, cx, cy, r, SERIES_COLOURS[si % len(SERIES_COLOURS)])
    c.layout.add("series_marker", (round(cx - r), round(cy - r), round(cx + r), round(cy + r)), shape=shape,
                 series=si, **data)


def _words(c: Canvas, key: str, **params: object) -> str:
    return c.t.entry(STRINGS_CONTEXT, STRINGS[key], **params)


def _ranking(c: Canvas, model: ResultsImage, y: int) -> int:
    x0 = MARGIN
    details = []
    for row in model.ranking:
        parts = [_words(c, "award", n=row.award_points)] if row.award_points else []
        parts.append(_words(c, "ink", n=row.ink))
        details.append("  ·  ".join(parts))
    details_w = max((c.font("regular", MIN_TEXT, t).getlength(t) for t in details), default=0)
    score_w = font("bold", 28).getlength("000★")
    names = fit_names([row.name for row in model.ranking], "regular", NAME_PX,
                      CONTENT_W - 78 - details_w - score_w - 40, c.language)
    for i, row in enumerate(model.ranking):
        cy = y + i * ROW_H + ROW_H // 2
        c.d.rounded_rectangle((x0, cy - ROW_H // 2 + 3, x0 + CONTENT_W, cy + ROW_H // 2 - 3), 8, fill=ui("panel"))
        medal = MEDALS.get(row.place, ui("background"))
        disc = (x0 + 8, cy - 17, x0 + 42, cy + 17)
        c.d.ellipse(disc, fill=medal)
        c.layout.add("medal", disc, place=row.place)
        c.text(
            (x0 + 25, cy),
            str(row.place),
            MIN_TEXT,
            (30, 30, 30) if row.place in MEDALS else ui("text"),
            anchor="mm",
            kind="place",
            room=disc,
            on=("medal",),
            language="en",
            place=row.place,
            name=row.name,
        )
        si = _series_of(model, row.name)
        if si is not None:
            _series_marker(c, si, x0 + 60, cy, place=row.place)
        c.text((x0 + 78, cy), names[i], NAME_PX, role="regular", anchor="lm", kind="result_name", place=row.place)
        right = x0 + CONTENT_W - 14 - score_w - 16
        c.text((right, cy), details[i], MIN_TEXT, ui("text_dim"), role="regular", anchor="rm", kind="details",
               place=row.place)
        c.text(
            (x0 + CONTENT_W - 14, cy),
            f"{row.score}★",
            28,
            anchor="rm",
            kind="result_score",
            score=row.score,
            place=row.place,
        )
    return len(model.ranking) * ROW_H


def _nice_step(top: int) -> int:
    for step in (5, 10, 20, 25, 50, 100, 200, 250, 500):
        if top / step <= 6:
            return step
    return 1000


def _chart(c: Canvas, model: ResultsImage, y: int) -> None:
    x0 = MARGIN + 52
    plot = (x0, y + 10, MARGIN + CONTENT_W - 10, y + CHART_H - 62)
    c.d.rectangle(plot, fill=ui("panel"))
    rounds = max((len(s.scores) for s in model.series), default=0)
    top = max([*(max(s.scores, default=0) for s in model.series), model.goal or 0, 10])
    step = _nice_step(top)
    top = -(-top // step) * step
    pw, ph = plot[2] - plot[0], plot[3] - plot[1]

    def px(i: int) -> float:
        return plot[0] + (pw * i / max(1, rounds - 1) if rounds > 1 else pw / 2)

    def py(v: float) -> float:
        return plot[3] - ph * v / top

    for v in range(0, top + 1, step):
        c.d.line((plot[0], py(v), plot[2], py(v)), fill=ui("background"), width=1)
        c.text((plot[0] - 6, py(v)), str(v), AXIS_PX, ui("text_dim"), role="regular", anchor="rm", kind="axis")
    if model.goal:
        gy = py(model.goal)
        for gx in range(plot[0], plot[2], 14):  # dashed goal line
            c.d.line((gx, gy, min(gx + 7, plot[2]), gy), fill=ui("warn"), width=2)
        c.text((plot[0] + 6, gy - 3), _words(c, "goal", n=model.goal), AXIS_PX, ui("warn"), role="regular",
               anchor="ld", kind="axis")
    # round numbers: as many as fit without touching
    label_w = font("regular", AXIS_PX).getlength(str(max(rounds, 1))) + 16
    label_every = max(1, -(-round(label_w * rounds) // max(1, plot[2] - plot[0])))
    for i in range(0, rounds, label_every):
        c.text((px(i), plot[3] + 6), str(i + 1), AXIS_PX, ui("text_dim"), role="regular", anchor="ma", kind="axis")
    c.text(((plot[0] + plot[2]) // 2, plot[3] + 32), _words(c, "round"), AXIS_PX, ui("text_dim"), role="regular",
           anchor="ma", kind="axis")
    every = max(1, -(-rounds // 8))  # markers on at most eight points of a line, and on its last
    for si, series in enumerate(model.series):
        colour = SERIES_COLOURS[si % len(SERIES_COLOURS)]
        pts = [(px(i), py(v)) for i, v in enumerate(series.scores)]
        if len(pts) > 1:
            c.d.line(pts, fill=colour, width=4, joint="curve")
    for si, series in enumerate(model.series):  # over every line, so no line hides another's markers
        pts = [(px(i), py(v)) for i, v in enumerate(series.scores)]
        # staggered from one series to the next, so two lines running together still show both shapes
        for i, p in enumerate(pts):
            if i == len(pts) - 1 or (i + si) % every == 0:
                _series_marker(c, si, p[0], p[1], MARKER_R - 1 if i < len(pts) - 1 else MARKER_R, point=i)
        c.layout.add(
            "series",
            (
                round(min(p[0] for p in pts)) if pts else plot[0],
                plot[1],
                round(max(p[0] for p in pts)) if pts else plot[0],
                plot[3],
            ),
            name=series.name,
            colour=SERIES_COLOURS[si % len(SERIES_COLOURS)],
            shape=SERIES_SHAPES[si % len(SERIES_SHAPES)],
            points=len(pts),
        )
    c.layout.add("chart", plot, rounds=rounds, top=top)


def _legend_rows(model: ResultsImage, language: str) -> list[list[int]]:
    """Series indices per legend row: as many names as fit a row at full length (they wrap)."""
    f = text_font("regular", MIN_TEXT, language)
    rows: list[list[int]] = [[]]
    used = 0
    for si, series in enumerate(model.series):
        w = 32 + min(f.getlength(series.name), CONTENT_W - 80) + 24
        if rows[-1] and used + w > CONTENT_W - 52:
            rows.append([])
            used = 0
        rows[-1].append(si)
        used += w
    return rows


def _title(model: ResultsImage, language: str) -> tuple[list[str], float]:
    title = model.headline or translator(language).entry(STRINGS_CONTEXT, STRINGS["title"])
    return fit_lines(title, "letter", 34, CONTENT_W, language)


def _extra(model: ResultsImage, language: str) -> list[tuple[list[str], float]]:
    return [fit_lines(line, "regular", MIN_TEXT, CONTENT_W, language) for line in model.extra]


def draw_results(model: ResultsImage, language: str = "en") -> Rendered:
    has_chart = any(s.scores for s in model.series)
    title, squeeze = _title(model, language)
    extra = _extra(model, language)
    height = MARGIN + HEADER_H + TITLE_LINE * (len(title) - 1) + len(model.ranking) * ROW_H + MARGIN
    height += 30 * sum(len(lines) for lines, _ in extra)
    legend = _legend_rows(model, language) if has_chart else []
    if has_chart:
        height += 16 + CHART_H + LEGEND_ROW * len(legend)
    c = Canvas(WIDTH, height, language=language)
    y = MARGIN
    for i, line in enumerate(title):
        c.text((MARGIN, y + HEADER_H // 2 - 4 + i * TITLE_LINE), line, 34, role="letter", anchor="lm", kind="title",
               squeeze=squeeze)
    y += HEADER_H + TITLE_LINE * (len(title) - 1)
    y += _ranking(c, model, y)
    for lines, line_squeeze in extra:
        for line in lines:
            c.text((MARGIN, y + 4), line, MIN_TEXT, ui("text_dim"), role="regular", kind="extra", squeeze=line_squeeze)
            y += 30
    if has_chart:
        y += 16
        _chart(c, model, y)
        y += CHART_H
        names = fit_names([s.name for s in model.series], "regular", MIN_TEXT, CONTENT_W - 80, language)
        for row in legend:
            x = MARGIN + 52
            for si in row:
                colour = SERIES_COLOURS[si % len(SERIES_COLOURS)]
                c.d.line((x, y + 16, x + 26, y + 16), fill=colour, width=4)
                _series_marker(c, si, x + 13, y + 16, key=True)
                box = c.text((x + 32, y + 16), names[si], MIN_TEXT, role="regular", anchor="lm", kind="legend",
                             name=model.series[si].name)
                x = box[2] + 24
            y += LEGEND_ROW
    return c.finish()


def render_results(model: ResultsImage, language: str = "en") -> bytes:
    return draw_results(model, language).png()
