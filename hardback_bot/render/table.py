"""The public table: each seat's score toward the goal, tokens, classics, jail, awards and adverts,
whose turn it is, Penny in co-op, and the offer row underneath."""

from __future__ import annotations

from hardback_bot.render import icons
from hardback_bot.render import offer as offer_mod
from hardback_bot.render.assets import RGB, genre_colours, ui
from hardback_bot.render.card import card_pixels
from hardback_bot.render.compose import CONTENT_W, MARGIN, WIDTH, Canvas, Rendered, fit_text, token
from hardback_bot.render.models import CardFace, PennyPanel, PlayerPanel, TableImage

HEADER_H = 52
BANNER_H = 34
MINI = 0.5  # classics and jails: secondary, so small
PANEL_GAP = 8
LEFT_W = 390  # name, score bar, tokens; mini cards to the right of this
PENNY_H = 74
TEAM_H = 74
ADVERT_COUNT = 5  # R25.1


def _panel_height(model: TableImage) -> int:
    h = 116 if model.penny is None else 80
    if model.awards_on or model.adverts_on:
        h += 32
    if any(p.classics or p.jail for p in model.players):
        h = max(h, 140)
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
    box = c.text((x, cy), "adverts", 19, ui("text_dim"), role="regular", anchor="lm")
    x = box[2] + 10
    for i in range(ADVERT_COUNT):
        c.d.rectangle(
            (x + i * 18, cy - 7, x + i * 18 + 13, cy + 7), fill=ui("warn") if i < bought else ui("background")
        )
    c.layout.add("adverts", (x, cy - 8, x + 18 * ADVERT_COUNT, cy + 8), bought=bought)
    return x + 18 * ADVERT_COUNT


def _award(c: Canvas, x: int, cy: int, award: int) -> int:
    # a rosette: a disc with two ribbon tails
    col = ui("warn")
    c.d.polygon([(x + 7, cy), (x + 2, cy + 14), (x + 10, cy + 11)], fill=col)
    c.d.polygon([(x + 17, cy), (x + 22, cy + 14), (x + 14, cy + 11)], fill=col)
    c.d.ellipse((x + 2, cy - 12, x + 22, cy + 8), fill=col)
    box = c.text((x + 28, cy), f"award {award}★", 19, ui("text"), role="regular", anchor="lm")
    c.layout.add("award", (x, cy - 12, box[2], cy + 14), award=award)
    return box[2]


def _mini_cards(c: Canvas, p: PlayerPanel, right: int, top: int, bottom: int, path: str) -> None:
    x = right
    items: list[tuple[CardFace, str]] = []
    if p.jail is not None:
        items.append((p.jail, "jail"))
    items.extend((f, "classic") for f in reversed(p.classics))
    room = right - (LEFT_W + MARGIN)
    scale = MINI
    need = sum(card_pixels(f, MINI)[0] + 8 for f, _ in items)
    if need > room:  # many classics: shrink them, down to a floor below which they are unreadable
        scale = max(0.3, MINI * (room - 6) / need)
    for face, role in items:
        w, h = card_pixels(face, scale)
        if x - w < LEFT_W + MARGIN:
            c.text((x, (top + bottom) // 2), "…", 22, ui("text_dim"), anchor="rm")
            break
        y = bottom - h - 6
        c.card(face, x - w, y, scale, f"{path}/{role}")
        c.text((x - w // 2, y - 2), role, 12, ui("text_dim"), role="regular", anchor="md")
        x -= w + 8


def _player_panel(c: Canvas, p: PlayerPanel, seat: int, model: TableImage, y: int, h: int) -> None:
    x0 = MARGIN
    active = seat == model.active_seat
    box = (x0, y, x0 + CONTENT_W, y + h)
    c.d.rounded_rectangle(box, 10, fill=ui("panel_active") if active else ui("panel"))
    if active:
        c.d.rounded_rectangle((x0, y, x0 + 6, y + h), 3, fill=ui("warn"))
    c.layout.add("panel", box, seat=seat, name=p.name, active=active)
    tx = x0 + 18
    cy = y + 24
    suffix = " (bot)" if p.is_bot else ""
    name = fit_text(p.name, "regular", 26, LEFT_W - 140 - (70 if p.is_bot else 0)) + suffix
    nb = c.text((tx, cy), name, 26, role="regular", anchor="lm", kind="name", seat=seat)
    if active:
        tag = (nb[2] + 10, cy - 13, nb[2] + 104, cy + 13)
        c.d.rounded_rectangle(tag, 13, fill=ui("warn"))
        c.text(((tag[0] + tag[2]) // 2, cy), "to play", 17, (30, 30, 30), anchor="mm", kind="turn", seat=seat)
    cy += 36
    if model.penny is None:
        _bar(c, tx, cy, 240, p.score, model.goal, ui("good"), "score", seat=seat)
        sb = c.text((tx + 252, cy), f"{p.score}★", 28, anchor="lm", kind="score_text", seat=seat)
        c.text((sb[2] + 8, cy + 2), f"/ {model.goal}", 18, ui("text_dim"), role="regular", anchor="lm")
        cy += 36
    x = token(c, "ink", tx, cy, p.ink, 23) + 20
    x = token(c, "remover", x, cy, p.remover, 23) + 20
    if p.hand_count is not None:
        c.text((x, cy), f"hand {p.hand_count}", 19, ui("text_dim"), role="regular", anchor="lm")
    if model.awards_on or model.adverts_on:
        # awards and adverts get a line of their own: the token line is full on a 5-seat table
        cy += 32
        x = tx
        if model.awards_on and p.award:
            x = _award(c, x, cy, p.award) + 24
        if model.adverts_on:
            _adverts(c, x, cy, p.adverts)
    _mini_cards(c, p, x0 + CONTENT_W - 10, y, y + h, f"seat{seat}")


def _penny(c: Canvas, penny: PennyPanel, team: int, goal: int, y: int) -> int:
    x0 = MARGIN
    h = TEAM_H + PENNY_H
    c.d.rounded_rectangle((x0, y, x0 + CONTENT_W, y + h), 10, fill=ui("panel"))
    for i, (label, value, colour) in enumerate(
        (("Team", team, ui("good")), ("Penny Dreadful", penny.score, (200, 80, 80)))
    ):
        cy = y + 24 + i * TEAM_H
        c.text((x0 + 18, cy), label, 28, role="letter", anchor="lm", kind="coop_name", who=label)
        _bar(c, x0 + 18, cy + 32, 400, value, goal, colour, "coop_score", who=label)
        sb = c.text((x0 + 430, cy + 32), f"{value}★", 28, anchor="lm", kind="score_text", who=label)
        c.text((sb[2] + 8, cy + 34), f"/ {goal}", 18, ui("text_dim"), role="regular", anchor="lm")
    # Penny's signature genre (R29.3)
    gx, gy = x0 + CONTENT_W - 40, y + TEAM_H + 30
    if penny.genre:
        icons.genre_badge(c.d, penny.genre, gx, gy, 20)
        c.text(
            (gx - 28, gy),
            f"signature: {penny.genre}",
            18,
            genre_colours(penny.genre).tint,
            role="regular",
            anchor="rm",
            kind="penny_genre",
            genre=penny.genre,
        )
    else:
        c.text((gx + 20, gy), "no signature genre", 15, ui("text_dim"), role="regular", anchor="rm")
    return h


def draw_table(model: TableImage) -> Rendered:
    panel_h = _panel_height(model)
    height = MARGIN + HEADER_H + (BANNER_H if model.final_round else 0)
    if model.penny is not None:
        height += TEAM_H + PENNY_H + PANEL_GAP
    height += len(model.players) * (panel_h + PANEL_GAP)
    if model.offer_row is not None:
        height += 10 + offer_mod.block_height(model.offer_row)
    height += MARGIN
    c = Canvas(WIDTH, height)
    x0, y = MARGIN, MARGIN
    cy = y + HEADER_H // 2 - 4
    c.text((x0, cy), "Hardback", 32, role="letter", anchor="lm", kind="title")
    right = []
    if model.round_number is not None:
        right.append(f"round {model.round_number}")
    right.append(f"goal {model.goal}★" if model.penny is None else f"goal {model.goal}★ (team)")
    c.text(
        (x0 + CONTENT_W, cy),
        " · ".join(right),
        18,
        ui("text_dim"),
        role="regular",
        anchor="rm",
        kind="goal",
        goal=model.goal,
    )
    y += HEADER_H
    if model.final_round:
        fb = (x0, y, x0 + CONTENT_W, y + BANNER_H - 8)
        c.d.rounded_rectangle(fb, 8, fill=(200, 80, 80))
        c.text(((fb[0] + fb[2]) // 2, (fb[1] + fb[3]) // 2), "Final round", 17, anchor="mm", kind="final_round")
        y += BANNER_H
    if model.penny is not None:
        team = model.team_score
        if team is None:  # every seat shows the shared score in co-op (R29.2)
            team = max((p.score for p in model.players), default=0)
        y += _penny(c, model.penny, team, model.goal, y) + PANEL_GAP
    for seat, p in enumerate(model.players):
        _player_panel(c, p, seat, model, y, panel_h)
        y += panel_h + PANEL_GAP
    if model.offer_row is not None:
        y += 10
        offer_mod.draw_block(c, model.offer_row, x0, y, path="offer")
    return c.finish()


def render_table(model: TableImage) -> bytes:
    return draw_table(model).png()
