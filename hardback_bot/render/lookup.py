"""``/hardback card``: one card drawn large, with its benefits explained in words."""

from __future__ import annotations

from hardback_bot.cardtext import benefit_text, genre_name, genre_title, text
from hardback_bot.engine.cards import Benefit, card
from hardback_bot.render.assets import genre_colours, text_font, ui
from hardback_bot.render.benefits import glyph, glyph_width
from hardback_bot.render.card import card_pixels
from hardback_bot.render.compose import CONTENT_W, MARGIN, WIDTH, Canvas, Rendered
from hardback_bot.render.models import CardFace
from hardback_bot.render.text import fit_lines

SCALE = 1.6  # 256 px wide portrait, so the words beside it get ~470 px at a phone-readable size
GLYPH = 44
TEXT_PX = 24
LINE = 30
PAD = 18
INK = (50, 40, 30)


def _lines(face: CardFace, language: str = "en") -> list[tuple[str, object]]:
    """What the text panel says, as ('title'|'text'|'head'|'benefit', payload) entries: the words of
    ``cardtext`` in ``language``, so the image and the embed under it agree."""
    d = card(face.card_id)
    out: list[tuple[str, object]] = [
        ("title", text("head.card", language, genre=genre_title(d.genre, language), letter=d.letter))]
    if d.is_starter:
        out.append(("text", text("long.starter", language)))
    else:
        out.append(("text", text("head.cost", language, cost=d.cost, id=d.id)))
    if d.purchase_prestige:
        out.append(("text", text("head.purchase", language, n=d.purchase_prestige)))
    if d.timeless:
        out.append(("text", text("head.timeless", language)))
    out.append(("head", text("head.basic", language)))
    out.extend(("benefit", b) for b in d.basic)
    if d.genre_bonus:
        out.append(("head", text("head.genre", language, genre=genre_name(d.genre, language))))
        out.extend(("benefit", b) for b in d.genre_bonus)
    return out


def _wrap(line: str, role: str, size: int, max_w: float, language: str, most: int = 4) -> list[str]:
    """Split into at most ``most`` lines (at spaces; anywhere between Japanese characters), never cut
    (``fit_lines``: a line too long even so is condensed, see ``_squeeze``)."""
    return fit_lines(line, role, size, max_w, language, most)[0] or [""]


def _squeeze(line: str, role: str, size: int, max_w: float, language: str) -> float:
    return min(1.0, max_w / max(1.0, text_font(role, size, language, line).getlength(line)))


def _rows(face: CardFace, w: int, language: str = "en") -> list[tuple[str, object, list[str], int]]:
    """(kind, payload, wrapped lines, height) for each entry of the panel, ``w`` px wide."""
    inner = w - 2 * PAD
    out = []
    for kind, payload in _lines(face, language):
        if kind == "title":
            out.append((kind, payload, [str(payload)], 54))
        elif kind == "text":
            lines = _wrap(str(payload), "regular", TEXT_PX, inner, language)
            out.append((kind, payload, lines, len(lines) * LINE + 6))
        elif kind == "head":
            lines = _wrap(str(payload), "bold", TEXT_PX, inner, language, 2)
            out.append((kind, payload, lines, 12 + len(lines) * LINE + 4))
        else:
            b = payload
            assert isinstance(b, Benefit)
            gw = max(round(glyph_width(b.kind, GLYPH)), 76)
            lines = _wrap(benefit_text(b, "long", language), "regular", TEXT_PX, inner - gw - 14, language)
            out.append((kind, payload, lines, max(GLYPH, len(lines) * LINE) + 12))
    return out


def _panel_height(rows: list[tuple[str, object, list[str], int]]) -> int:
    return 24 + sum(r[3] for r in rows)


def _draw_panel(c: Canvas, face: CardFace, rows: list[tuple[str, object, list[str], int]], x: int, y: int, w: int,
                h: int) -> None:
    d = card(face.card_id)
    col = genre_colours(d.genre)
    c.d.rounded_rectangle((x, y, x + w, y + h), 12, fill=ui("paper"), outline=col.main, width=4)
    c.layout.add("panel", (x, y, x + w, y + h), genre=d.genre)  # its outline is the genre's colour: its title names it
    inner = w - 2 * PAD
    ty = y + 12
    for kind, payload, lines, rh in rows:
        if kind == "title":
            c.lines((x + PAD, ty + rh // 2), lines[0], 38, inner, col.dark, role="letter", most=1, kind="title")
        elif kind in ("text", "head"):
            top = ty + (12 if kind == "head" else 3)
            role = "regular" if kind == "text" else "bold"
            for i, line in enumerate(lines):
                c.text((x + PAD, top + i * LINE + LINE // 2), line, TEXT_PX, INK if kind == "text" else col.dark,
                       role=role, anchor="lm", kind=kind, squeeze=_squeeze(line, role, TEXT_PX, inner, c.language))
        else:
            b = payload
            assert isinstance(b, Benefit)
            g, regions = glyph(b.kind, b.value, GLYPH)
            mid = ty + rh // 2
            c.img.paste(g, (x + PAD, mid - GLYPH // 2), g)
            c.layout.extend(regions, x + PAD, mid - GLYPH // 2, "explain")
            gw = max(round(glyph_width(b.kind, GLYPH)), 76)
            tx = x + PAD + gw + 14
            for i, line in enumerate(lines):
                c.text((tx, mid + round((i - (len(lines) - 1) / 2) * LINE)), line, TEXT_PX, INK, role="regular",
                       anchor="lm", kind="explain", benefit=b.kind,
                       squeeze=_squeeze(line, "regular", TEXT_PX, inner - gw - 14, c.language))
        ty += rh


def draw_card_lookup(card_id: int, language: str = "en") -> Rendered:
    """The card ``card_id`` drawn large with its benefits in words, all in ``language``."""
    face = CardFace(card_id)
    cw, ch = card_pixels(face, SCALE)
    if cw < ch:  # portrait: card left, explanation right
        px = MARGIN + cw + 16
        pw = WIDTH - MARGIN - px
        rows = _rows(face, pw, language)
        ph = max(ch, _panel_height(rows))
        c = Canvas(WIDTH, ph + 2 * MARGIN, language=language)
        c.card(face, MARGIN, MARGIN, SCALE, "card")
        _draw_panel(c, face, rows, px, MARGIN, pw, ph)
    else:  # a timeless classic is landscape: card on top, explanation below
        rows = _rows(face, CONTENT_W, language)
        ph = _panel_height(rows)
        c = Canvas(WIDTH, ch + 16 + ph + 2 * MARGIN, language=language)
        c.card(face, (WIDTH - cw) // 2, MARGIN, SCALE, "card")
        _draw_panel(c, face, rows, MARGIN, MARGIN + ch + 16, CONTENT_W, ph)
    return c.finish()


def render_card_lookup(card_id: int, language: str = "en") -> bytes:
    return draw_card_lookup(card_id, language).png()


def render_card_png(face: CardFace, scale: float = 1.0, language: str = "en") -> bytes:
    """A single card face in any state, on a transparent background (rounded corners)."""
    from hardback_bot.render.card import render_card
    from hardback_bot.render.compose import encode_png

    return encode_png(render_card(face, scale, language).image)
