"""A player's private hand (ephemeral message): hand cards, inked cards set apart, ink and remover."""

from __future__ import annotations

from dataclasses import replace

from hardback_bot.i18n import translator
from hardback_bot.render.assets import text_font, ui
from hardback_bot.render.compose import (
    CONTENT_W,
    MARGIN,
    MIN_TEXT,
    WIDTH,
    Canvas,
    Rendered,
    fit_text,
    place_cards,
    token,
)
from hardback_bot.render.models import CardFace, HandImage
from hardback_bot.render.text import fit_lines

STRINGS_CONTEXT = "hand image"
STRINGS_NOTES = {
    "ink": "a label after the count of the player's ink tokens",
    "remover": "a label after the count of the player's remover tokens",
    "cards": "section heading over the cards in hand",
    "inked": "section heading over the inked cards",
}
STRINGS: dict[str, str | tuple[str, str]] = {
    "title": "Your hand",
    "ink": "ink",
    "remover": "remover",
    "draw": "draw pile {n}",
    "discard": "discard {n}",
    "cards": ("Hand · 1 card", "Hand · {n} cards"),
    "none": "No cards in hand",
    "inked": "Inked · must be used face up",
}

SCALE = 1.0  # four portrait cards a row (five wrap 3+2): glyphs ~20 px, letters ~36 px at 400 px wide
HEADER_H = 52
SECTION_H = 38
LINE = 30  # a second line of a section's words
GAP_SECTIONS = 24


def _as_inked(face: CardFace) -> CardFace:
    # Cards in the inked group are drawn inked even if the adapter forgot the flag (R6.4).
    return face if face.inked or face.cleared else replace(face, inked=True)


def _section_lines(model: HandImage, language: str) -> tuple[str, str, int, list[str], float]:
    """The hand's section line: its name, the piles' counts (on the same line when both fit, else on a
    second one), and the inked section's name in as many lines as it needs."""
    t = translator(language)
    piles = []
    if model.draw_count is not None:
        piles.append(t.entry(STRINGS_CONTEXT, STRINGS["draw"], n=model.draw_count))
    if model.discard_count is not None:
        piles.append(t.entry(STRINGS_CONTEXT, STRINGS["discard"], n=model.discard_count))
    label = t.entry(STRINGS_CONTEXT, STRINGS["cards"], len(model.cards) + len(model.inked))  # the inked ones too
    piles_text = "  ·  ".join(piles)
    together = (text_font("bold", MIN_TEXT, language, label).getlength(label)
                + text_font("regular", MIN_TEXT, language, piles_text).getlength(piles_text) + 24)
    rows = 1 if not piles or together <= CONTENT_W else 2
    inked, squeeze = fit_lines(t.entry(STRINGS_CONTEXT, STRINGS["inked"]), "bold", MIN_TEXT, CONTENT_W, language)
    return label, piles_text, rows, inked, squeeze


def draw_hand(model: HandImage, language: str = "en") -> Rendered:
    inked = tuple(_as_inked(f) for f in model.inked)
    _, _, hand_h = place_cards(model.cards, SCALE)
    _, _, inked_h = place_cards(inked, SCALE)
    label, piles_text, rows, inked_lines, inked_squeeze = _section_lines(model, language)
    height = MARGIN + HEADER_H + SECTION_H + LINE * (rows - 1) + (hand_h or 40) + MARGIN
    if inked:
        height += GAP_SECTIONS + SECTION_H + LINE * (len(inked_lines) - 1) + inked_h
    c = Canvas(WIDTH, height, language=language)

    def words(key: str, **params: object) -> str:
        return c.t.entry(STRINGS_CONTEXT, STRINGS[key], **params)

    x0, y = MARGIN, MARGIN
    cy = y + HEADER_H // 2
    # tokens at the right (ink, remover), measured first so the title gets the rest of the line
    ink, remover = words("ink"), words("remover")
    f = c.font("regular", MIN_TEXT, ink + remover)
    tokens_w = 2 * (26 * 1.24 + 5 + 34 + 10) + f.getlength(ink) + f.getlength(remover) + 24
    room = (x0, y, round(x0 + CONTENT_W - tokens_w - 20), y + HEADER_H)
    if model.title:  # a player's name: shortened when long
        title = fit_text(model.title, "regular", 28, room[2] - room[0], language)
        c.text((x0, cy), title, 28, role="regular", anchor="lm", kind="title", room=room)
    else:
        c.lines((x0, cy), words("title"), 28, room[2] - room[0], most=1, kind="title", room=room)
    x = x0 + CONTENT_W - tokens_w
    x = token(c, "ink", x, cy, model.ink, 26) + 8
    box = c.text((x, cy), ink, MIN_TEXT, ui("text_dim"), role="regular", anchor="lm", kind="label")
    x = box[2] + 24
    x = token(c, "remover", x, cy, model.remover, 26) + 8
    c.text((x, cy), remover, MIN_TEXT, ui("text_dim"), role="regular", anchor="lm", kind="label")
    y += HEADER_H
    # the section's name, the piles at the right of the same line (or under it when both do not fit)
    c.lines((x0, y + 2), label, MIN_TEXT, CONTENT_W, ui("text_dim"), role="bold", anchor="la", most=1,
            kind="section", section="hand")
    if piles_text:
        c.lines((x0 + CONTENT_W, y + 4 + LINE * (rows - 1)), piles_text, MIN_TEXT, CONTENT_W, ui("text_dim"),
                anchor="ra", most=1, kind="piles")
    y += SECTION_H + LINE * (rows - 1)
    if model.cards:
        pos, _, _ = place_cards(model.cards, SCALE)
        for i, face in enumerate(model.cards):
            c.card(face, x0 + pos[i][0], y + pos[i][1], SCALE, f"hand/card{i}")
        y += hand_h
    else:
        c.text((x0 + CONTENT_W // 2, y + 20), words("none"), MIN_TEXT, ui("text_dim"), anchor="mm", kind="empty")
        y += 40
    if inked:
        y += GAP_SECTIONS
        c.d.line((x0, y - 10, x0 + CONTENT_W, y - 10), fill=ui("panel"), width=2)
        for i, line in enumerate(inked_lines):
            c.text((x0, y + 2 + i * LINE), line, MIN_TEXT, ui("warn"), kind="section", squeeze=inked_squeeze,
                   section="inked")
        y += SECTION_H + LINE * (len(inked_lines) - 1)
        pos, _, _ = place_cards(inked, SCALE)
        for i, face in enumerate(inked):
            c.card(face, x0 + pos[i][0], y + pos[i][1], SCALE, f"inked/card{i}")
    return c.finish()


def render_hand(model: HandImage, language: str = "en") -> bytes:
    return draw_hand(model, language).png()
