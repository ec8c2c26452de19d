"""End of game: the final ranking (R22.4, R22.6) and a per-round score chart."""

from __future__ import annotations

from hardback_bot.render.assets import RGB, hex_rgb, ui
from hardback_bot.render.compose import CONTENT_W, MARGIN, WIDTH, Canvas, Rendered, fit_text
from hardback_bot.render.models import ResultsImage

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
MEDALS: dict[int, RGB] = {1: (232, 190, 60), 2: (190, 196, 204), 3: (205, 127, 50)}

HEADER_H = 54
ROW_H = 44
CHART_H = 300
LEGEND_H = 30


def _colour_of(model: ResultsImage, name: str) -> RGB:
    """A ranking row wears the colour of its chart line (matched by name)."""
    for si, series in enumerate(model.series):
        if series.name == name:
            return SERIES_COLOURS[si % len(SERIES_COLOURS)]
    return ui("text_dim")


def _ranking(c: Canvas, model: ResultsImage, y: int) -> int:
    x0 = MARGIN
    for i, row in enumerate(model.ranking):
        cy = y + i * ROW_H + ROW_H // 2
        c.d.rounded_rectangle((x0, cy - ROW_H // 2 + 3, x0 + CONTENT_W, cy + ROW_H // 2 - 3), 8, fill=ui("panel"))
        medal = MEDALS.get(row.place, ui("background"))
        c.d.ellipse((x0 + 10, cy - 15, x0 + 40, cy + 15), fill=medal)
        c.text(
            (x0 + 25, cy),
            str(row.place),
            17,
            (30, 30, 30) if row.place in MEDALS else ui("text"),
            anchor="mm",
            kind="place",
            place=row.place,
            name=row.name,
        )
        colour = _colour_of(model, row.name)
        c.d.rectangle((x0 + 52, cy - 3, x0 + 68, cy + 3), fill=colour)
        c.text(
            (x0 + 78, cy),
            fit_text(row.name, "regular", 20, 360),
            20,
            role="regular",
            anchor="lm",
            kind="result_name",
            place=row.place,
        )
        details = []
        if row.award_points:
            details.append(f"award +{row.award_points}")
        details.append(f"ink {row.ink}")
        c.text((x0 + CONTENT_W - 120, cy), "  ".join(details), 15, ui("text_dim"), role="regular", anchor="rm")
        c.text(
            (x0 + CONTENT_W - 12, cy),
            f"{row.score}★",
            22,
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
    x0 = MARGIN + 44
    plot = (x0, y + 10, MARGIN + CONTENT_W - 10, y + CHART_H - 30)
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
        c.text((plot[0] - 6, py(v)), str(v), 13, ui("text_dim"), role="regular", anchor="rm")
    if model.goal:
        gy = py(model.goal)
        for gx in range(plot[0], plot[2], 14):  # dashed goal line
            c.d.line((gx, gy, min(gx + 7, plot[2]), gy), fill=ui("warn"), width=2)
        c.text((plot[0] + 6, gy - 3), f"goal {model.goal}", 13, ui("warn"), role="regular", anchor="ld")
    label_every = max(1, rounds // 10)
    for i in range(0, rounds, label_every):
        c.text((px(i), plot[3] + 6), str(i + 1), 13, ui("text_dim"), role="regular", anchor="ma")
    c.text((plot[0] - 8, plot[3] + 6), "round", 13, ui("text_dim"), role="regular", anchor="ra")
    for si, series in enumerate(model.series):
        colour = SERIES_COLOURS[si % len(SERIES_COLOURS)]
        pts = [(px(i), py(v)) for i, v in enumerate(series.scores)]
        if len(pts) > 1:
            c.d.line(pts, fill=colour, width=4, joint="curve")
        for p in pts[-1:]:
            c.d.ellipse((p[0] - 5, p[1] - 5, p[0] + 5, p[1] + 5), fill=colour)
        c.layout.add(
            "series",
            (
                round(min(p[0] for p in pts)) if pts else plot[0],
                plot[1],
                round(max(p[0] for p in pts)) if pts else plot[0],
                plot[3],
            ),
            name=series.name,
            colour=colour,
            points=len(pts),
        )
    c.layout.add("chart", plot, rounds=rounds, top=top)


def draw_results(model: ResultsImage) -> Rendered:
    has_chart = any(s.scores for s in model.series)
    height = MARGIN + HEADER_H + len(model.ranking) * ROW_H + MARGIN
    height += 24 * len(model.extra)
    if has_chart:
        height += 16 + CHART_H + LEGEND_H
    c = Canvas(WIDTH, height)
    y = MARGIN
    title = model.headline or "Final ranking"
    c.text(
        (MARGIN, y + HEADER_H // 2 - 4),
        fit_text(title, "letter", 32, CONTENT_W),
        32,
        role="letter",
        anchor="lm",
        kind="title",
    )
    y += HEADER_H
    y += _ranking(c, model, y)
    for line in model.extra:
        c.text((MARGIN, y + 4), fit_text(line, "regular", 16, CONTENT_W), 16, ui("text_dim"), role="regular")
        y += 24
    if has_chart:
        y += 16
        _chart(c, model, y)
        y += CHART_H
        x = MARGIN + 44
        name_w = (CONTENT_W - 44) // max(1, len(model.series)) - 44
        for si, series in enumerate(model.series):
            colour = SERIES_COLOURS[si % len(SERIES_COLOURS)]
            c.d.rectangle((x, y + 8, x + 16, y + 14), fill=colour)
            box = c.text(
                (x + 22, y + 11),
                fit_text(series.name, "regular", 14, name_w),
                14,
                role="regular",
                anchor="lm",
                kind="legend",
                name=series.name,
            )
            x = box[2] + 18
    return c.finish()


def render_results(model: ResultsImage) -> bytes:
    return draw_results(model).png()
