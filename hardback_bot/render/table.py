"""The public table: each seat's score toward the goal, tokens, classics, jail, awards and adverts,
whose turn it is, Penny in co-op, and the offer row underneath.

Once the game is over (``TableImage.status`` "finished" or "ended") the table shows the final state:
no "Final round" banner and nobody "to play"; a finished game shows each seat's final score (awards
included, as in the results) and place.  While playing, an award reads "+6★ at the end", so a seat's
score plus its award is what the results will say.

Laid out for a phone (shown ~400 px wide): type of 22 px and more, and classics and jailed cards as
chips (``chip.py``) whose glyphs are as large as the offer row's, instead of shrunken cards.
"""

from __future__ import annotations

import functools
from dataclasses import replace

from hardback_bot.cardtext import genre_name
from hardback_bot.i18n import translator
from hardback_bot.render import icons
from hardback_bot.render import offer as offer_mod
from hardback_bot.render.assets import RGB, genre_colours, text_font, ui
from hardback_bot.render.chip import CHIP_H, chip_width, draw_chip
from hardback_bot.render.compose import CONTENT_W, MARGIN, WIDTH, Canvas, Rendered, fit_names, token
from hardback_bot.render.models import PennyPanel, PlayerPanel, TableImage

STRINGS_CONTEXT = "table image"
STRINGS_NOTES = {
    "title": "the game's name, the image's title",
    "to_play": "a small tag after the name of the player whose turn it is",
    "place.1": "a small tag after a name once the game is over: first place",
    "place.n": "places from the 4th on; {n} is the place",
    "hand": "how many cards the player holds",
    "award": "a literary award's prestige, added when the game ends",
    "award_in": "once the game is over: the score includes the award",
    "signature": "Penny Dreadful's signature genre (co-op)",
}
STRINGS: dict[str, str] = {
    "title": "Hardback",
    "round": "round {n}",
    "goal": "goal {goal}★",
    "goal_team": "goal {goal}★ (team)",
    "final_round": "Final round",
    "finished": "Game over",
    "ended": "Game ended early",
    "to_play": "to play",
    "place.1": "1st",
    "place.2": "2nd",
    "place.3": "3rd",
    "place.n": "{n}th",
    "hand": "hand {n}",
    "award": "+{n}★ at the end",
    "award_in": "incl. {n}★ award",
    "adverts": "adverts",
    "team": "Team",
    "penny": "Penny Dreadful",
    "signature": "signature: {genre}",
    "no_signature": "no signature genre",
}

HEADER_H = 52
BANNER_H = 44
PANEL_GAP = 8
ROW_A = 36  # name, turn or place tag, score
ROW_B = 26  # score bar
ROW_C = 40  # tokens, award, adverts
CHIP_GAP = 10
NAME_PX = 26
SMALL_PX = 22
TOKEN_PX = 26
PENNY_H = 76
TEAM_H = 76
ADVERT_COUNT = 5  # R25.1
OVER = frozenset({"finished", "ended"})


def _w(language: str, key: str, **params: object) -> str:
    return translator(language).entry(STRINGS_CONTEXT, STRINGS[key], **params)


def _place(language: str, n: int) -> str:
    return _w(language, f"place.{n}" if f"place.{n}" in STRINGS else "place.n", n=n)


def _chip_rows(p: PlayerPanel) -> list[list[tuple[object, str]]]:
    items = [(f, "classic") for f in p.classics] + ([(p.jail, "jail")] if p.jail is not None else [])
    rows: list[list[tuple[object, str]]] = []
    used = 0
    for face, role in items:
        w = chip_width(face)  # type: ignore[arg-type]
        if rows and used + CHIP_GAP + w <= CONTENT_W - 24:
            rows[-1].append((face, role))
            used += CHIP_GAP + w
        else:
            rows.append([(face, role)])
            used = w
    return rows


def _token_items(p: PlayerPanel, model: TableImage, language: str) -> list[tuple[str, int]]:
    """The pieces of the token line, with their widths: they wrap onto a second line when needed."""
    f = text_font("regular", SMALL_PX, language)
    items = [("ink", 86), ("remover", 86)]
    if p.hand_count is not None:
        items.append(("hand", round(f.getlength(_w(language, "hand", n=p.hand_count))) + 24))
    if model.awards_on and p.award:
        items.append(("award", 34 + round(f.getlength(_award_text(p, model, language))) + 24))
    if model.adverts_on:
        items.append(("adverts", round(f.getlength(_w(language, "adverts"))) + 10 + 20 * ADVERT_COUNT + 16))
    return items


def _token_lines(p: PlayerPanel, model: TableImage, language: str) -> list[list[tuple[str, int]]]:
    lines: list[list[tuple[str, int]]] = [[]]
    used = 0
    for item in _token_items(p, model, language):
        if lines[-1] and used + item[1] > CONTENT_W - 36:
            lines.append([])
            used = 0
        lines[-1].append(item)
        used += item[1]
    return lines


def _award_text(p: PlayerPanel, model: TableImage, language: str) -> str:
    if model.status == "finished" and model.penny is None:
        return _w(language, "award_in", n=p.award)
    return _w(language, "award", n=p.award)


def _panel_height(p: PlayerPanel, model: TableImage, language: str) -> int:
    h = 14 + ROW_A + (ROW_B if model.penny is None else 0) + ROW_C * len(_token_lines(p, model, language)) + 8
    rows = _chip_rows(p)
    if rows:
        h += len(rows) * (CHIP_H + CHIP_GAP)
    return h


def _bar(c: Canvas, x: int, cy: int, w: int, value: int, goal: int, colour: RGB, kind: str, **data: object) -> None:
    h = 16
    box = (x, cy - h // 2, x + w, cy + h // 2)
    c.d.rounded_rectangle(box, h // 2, fill=ui("background"))
    frac = max(0.0, min(1.0, value / goal)) if goal > 0 else 0.0
    if frac > 0:
        c.d.rounded_rectangle((x, box[1], x + max(h, round(w * frac)), box[3]), h // 2, fill=colour)
    c.layout.add(kind, box, value=value, goal=goal, fraction=round(frac, 3), **data)


def _adverts(c: Canvas, x: int, cy: int, bought: int) -> int:
    box = c.text((x, cy), _w(c.language, "adverts"), SMALL_PX, ui("text_dim"), role="regular", anchor="lm")
    x = box[2] + 10
    for i in range(ADVERT_COUNT):
        fill = ui("warn") if i < bought else ui("background")
        c.d.rectangle((x + i * 20, cy - 8, x + i * 20 + 15, cy + 8), fill=fill)
    c.layout.add("adverts", (x, cy - 8, x + 20 * ADVERT_COUNT, cy + 8), bought=bought)
    return x + 20 * ADVERT_COUNT


def _award(c: Canvas, x: int, cy: int, p: PlayerPanel, model: TableImage) -> int:
    icons.rosette(c.d, x + 12, cy, 12, ui("warn"))
    c.layout.add("award_icon", (x + 1, cy - 13, x + 23, cy + 16))
    text = _award_text(p, model, c.language)
    box = c.text((x + 30, cy), text, SMALL_PX, ui("text"), role="regular", anchor="lm", kind="award_text",
                 on=("award",))
    c.layout.add("award", (x, cy - 14, box[2], cy + 14), award=p.award)
    return box[2]


def _tag(c: Canvas, x: int, cy: int, text: str, fill: RGB, kind: str, seat: int) -> int:
    w = round(c.font("bold", SMALL_PX, text).getlength(text)) + 24
    tag = (x, cy - 15, x + w, cy + 15)
    c.d.rounded_rectangle(tag, 15, fill=fill)
    c.layout.add("tag", tag, seat=seat)
    c.text((x + w // 2, cy), text, SMALL_PX, (30, 30, 30), anchor="mm", kind=kind, room=tag, on=("tag",), seat=seat)
    return x + w


def computer_mark(c: Canvas, x: int, cy: int, seat: int) -> int:
    """A computer player's mark after the name: a small monitor (explained by the legend)."""
    col = ui("text_dim")
    c.d.rounded_rectangle((x, cy - 11, x + 26, cy + 7), 3, outline=col, width=3)
    c.d.rectangle((x + 10, cy + 7, x + 16, cy + 11), fill=col)
    c.d.rectangle((x + 6, cy + 11, x + 20, cy + 13), fill=col)
    c.layout.add("computer", (x, cy - 11, x + 26, cy + 13), seat=seat)
    return x + 26


def _player_panel(c: Canvas, p: PlayerPanel, seat: int, name: str, model: TableImage, y: int, h: int) -> None:
    x0 = MARGIN
    over = model.status in OVER
    active = seat == model.active_seat and not over
    box = (x0, y, x0 + CONTENT_W, y + h)
    c.d.rounded_rectangle(box, 10, fill=ui("panel_active") if active else ui("panel"))
    if active:
        c.d.rounded_rectangle((x0, y, x0 + 6, y + h), 3, fill=ui("warn"))
    c.layout.add("panel", box, seat=seat, name=p.name, active=active)
    tx = x0 + 18
    right = x0 + CONTENT_W - 16
    cy = y + 14 + ROW_A // 2
    nb = c.text((tx, cy), name, NAME_PX, role="regular", anchor="lm", kind="name", seat=seat)
    x = nb[2] + 10
    if p.is_bot:
        x = computer_mark(c, x, cy, seat) + 10
    if active:
        _tag(c, x, cy, _w(c.language, "to_play"), ui("warn"), "turn", seat)
    elif over and p.place is not None and model.penny is None:
        _tag(c, x, cy, _place(c.language, p.place), (232, 190, 60) if p.place == 1 else ui("text_dim"), "place", seat)
    if model.penny is None:
        c.text((right, cy), f"{p.score}★", 30, anchor="rm", kind="score_text", seat=seat)
        cy += ROW_A // 2 + ROW_B // 2
        _bar(c, tx, cy, right - tx, p.score, model.goal, ui("good"), "score", seat=seat)
        cy += ROW_B // 2
    else:
        cy += ROW_A // 2
    for line in _token_lines(p, model, c.language):
        cy += ROW_C // 2
        x = tx
        for item, width in line:
            if item == "ink":
                token(c, "ink", x, cy, p.ink, TOKEN_PX)
            elif item == "remover":
                token(c, "remover", x, cy, p.remover, TOKEN_PX)
            elif item == "hand":
                c.text((x, cy), _w(c.language, "hand", n=p.hand_count), SMALL_PX, ui("text_dim"), role="regular",
                       anchor="lm", kind="hand", seat=seat)
            elif item == "award":
                _award(c, x, cy, p, model)
            else:
                _adverts(c, x, cy, p.adverts)
            x += width
        cy += ROW_C // 2
    cy += 4
    for row in _chip_rows(p):
        x = tx
        for face, role in row:
            chip = draw_chip(c, face, x, cy, f"seat{seat}/{role}")  # type: ignore[arg-type]
            x = chip[2] + CHIP_GAP
        cy += CHIP_H + CHIP_GAP


def _penny(c: Canvas, penny: PennyPanel, team: int, goal: int, y: int) -> int:
    x0 = MARGIN
    h = TEAM_H + PENNY_H
    c.d.rounded_rectangle((x0, y, x0 + CONTENT_W, y + h), 10, fill=ui("panel"))
    right = x0 + CONTENT_W - 16
    name_right = x0
    for i, (label, value, colour) in enumerate(
        ((_w(c.language, "team"), team, ui("good")), (_w(c.language, "penny"), penny.score, (200, 80, 80)))
    ):
        cy = y + 24 + i * TEAM_H
        name_right = c.text((x0 + 18, cy), label, 28, role="letter", anchor="lm", kind="coop_name", who=label)[2]
        c.text((right, cy), f"{value}★", 30, anchor="rm", kind="score_text", who=label)
        _bar(c, x0 + 18, cy + 32, right - x0 - 18, value, goal, colour, "coop_score", who=label)
    # Penny's signature genre (R29.3), on her name's line: after her name (longer in some languages),
    # short of her score
    cy = y + 24 + TEAM_H
    gx = max(x0 + 260, name_right + 14)
    room = right - 110 - gx
    if penny.genre:
        at = icons.paste_genre_marker(c.img, penny.genre, gx + 16, cy, 32, "badge")
        signature = _w(c.language, "signature", genre=genre_name(penny.genre, c.language))
        c.layout.add("emblem", at, genre=penny.genre, style="badge")
        c.lines((gx + 40, cy), signature, SMALL_PX, room - 40, genre_colours(penny.genre).tint, most=1,
                kind="penny_genre", genre=penny.genre)
    else:
        c.lines((gx, cy), _w(c.language, "no_signature"), SMALL_PX, room, ui("text_dim"), most=1)
    return h


def draw_table(model: TableImage, language: str = "en") -> Rendered:
    over = model.status in OVER
    names = fit_names([p.name for p in model.players], "regular", NAME_PX,
                      CONTENT_W - 36 - 140 - 120 - 40, language)
    heights = [_panel_height(p, model, language) for p in model.players]
    banner = over or model.final_round
    height = MARGIN + HEADER_H + (BANNER_H if banner else 0)
    if model.penny is not None:
        height += TEAM_H + PENNY_H + PANEL_GAP
    height += sum(h + PANEL_GAP for h in heights)
    if model.offer_row is not None:
        height += 10 + offer_mod.block_height(model.offer_row, offer_mod.SCALE, language)
    height += MARGIN
    c = Canvas(WIDTH, height, language=language)
    x0, y = MARGIN, MARGIN
    cy = y + HEADER_H // 2 - 4
    c.text((x0, cy), _w(language, "title"), 34, role="letter", anchor="lm", kind="title")
    right = []
    if model.round_number is not None:
        right.append(_w(language, "round", n=model.round_number))
    right.append(_w(language, "goal" if model.penny is None else "goal_team", goal=model.goal))
    c.text((x0 + CONTENT_W, cy), " · ".join(right), SMALL_PX, ui("text_dim"), role="regular", anchor="rm",
           kind="goal", goal=model.goal)
    y += HEADER_H
    if banner:
        fb = (x0, y, x0 + CONTENT_W, y + BANNER_H - 8)
        if over:
            kind, fill = model.status, ui("good") if model.status == "finished" else ui("panel")
        else:
            kind, fill = "final_round", (200, 80, 80)
        c.d.rounded_rectangle(fb, 8, fill=fill)
        c.text(((fb[0] + fb[2]) // 2, (fb[1] + fb[3]) // 2), _w(language, kind), 24, anchor="mm", kind=kind)
        y += BANNER_H
    if model.penny is not None:
        team = model.team_score
        if team is None:  # every seat shows the shared score in co-op (R29.2)
            team = max((p.score for p in model.players), default=0)
        y += _penny(c, model.penny, team, model.goal, y) + PANEL_GAP
    # What a seat's panel shows depends on that seat and on these few facts of the table, not on the others'
    # seats or the offer row: a move redraws the panels it changed and pastes the others as they were drawn.
    facts = replace(model, players=(), offer_row=None, round_number=None, final_round=False, team_score=None,
                    penny=PennyPanel(0) if model.penny is not None else None, active_seat=-1)
    for seat, p in enumerate(model.players):
        active = seat == model.active_seat
        c.paste(_panel_part(p, seat, names[seat], replace(facts, active_seat=seat) if active else facts,
                            heights[seat], language), 0, y)
        y += heights[seat] + PANEL_GAP
    if model.offer_row is not None:
        y += 10
        c.paste(offer_mod.block_part(model.offer_row, offer_mod.SCALE, language), 0, y)
    return c.finish()


#: Seats' panels kept drawn (a few games' worth): most moves change one seat's panel, or none.
PANELS_KEPT = 48


@functools.lru_cache(maxsize=PANELS_KEPT)
def _panel_part(p: PlayerPanel, seat: int, name: str, facts: TableImage, height: int, language: str) -> Rendered:
    """One seat's panel on a strip of its own, the image's full width: ``facts`` holds the table's facts a panel
    shows (whether it is this seat's turn, the goal, whether the game is over, co-op, awards and adverts)."""
    c = Canvas(WIDTH, height, language=language)
    _player_panel(c, p, seat, name, facts, 0, height)
    return c.finish()


def render_table(model: TableImage, language: str = "en") -> bytes:
    return draw_table(model, language).png()
