"""One card face, in any state, as an RGBA image plus its layout regions — cached.

Geometry is written in "card units": a portrait card is 160 × 224 units, a timeless classic is
printed sideways, 224 × 160 (RULES R1.8).  ``scale`` maps units to output pixels (``card_canvas``).
The face is laid out here; its pieces (ribbon, letter, benefit bands, badges, tags) are drawn by
``card_parts``.  Words the card prints that need more room than their usual place get a band of their
own (a foreign classic's tag, a timeless label too long for the ribbon), and a card whose benefits are
crowded gives them some of the letter's room, so its numbers stay as legible as any other card's.  An
uncovered wild's badge shows, beside the eye, the letter printed on the card (the word preview says
it in words under the card).

The cache holds ``CardRender`` objects keyed by the (frozen, hashable) ``CardFace``, scale and
language, with the face's card named by its printed definition: every seat's copy of a starting card
is one face, drawn once per process.  Cached images are shared between threads: callers only read
them (``paste`` / ``alpha_composite`` *from* them) and must never draw on them.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from PIL import Image, ImageDraw

from hardback_bot.engine.cards import CardDef, card, definition_id
from hardback_bot.render import icons
from hardback_bot.render.assets import genre_colours, ui
from hardback_bot.render.card_canvas import LINE, WORD, WORDS_CONTEXT, CardCanvas, CardRender, UnitBox, lines_needed
from hardback_bot.render.card_parts import (
    BADGE_R,
    LETTER_SIZE,
    MARKER_R,
    MULTIPLIER_H,
    MULTIPLIER_W,
    NUMBER_GLYPH,
    OVER_BENEFITS,
    UNCOVERED_W,
    badge,
    benefit_area,
    frame,
    letter,
    multiplier_badge,
    numbered_glyph,
    ribbon,
    uncovered_badge,
    word_tag,
)
from hardback_bot.render.layout import Box, Layout
from hardback_bot.render.models import CardFace
from hardback_bot.render.text import MIN_SQUEEZE, printable

#: Words printed on card faces, translated by the catalogues (domain ``content``) under this msgctxt;
#: labels that do not fit are condensed a little, wrap, or get a band of their own.
STRINGS_CONTEXT = WORDS_CONTEXT
STRINGS_NOTES = {
    "timeless": "capitals, on the ribbon of a sideways card: about 20 characters at most",
    "timeless_short": "capitals; the short form when the long one does not fit the ribbon",
    "wild": "capitals, on the back of a card played face down: very short",
    "no_benefits": "under a face-down card",
    "jailer": "a tag on a jailed card naming who holds it",
}
STRINGS: dict[str, str] = {
    "timeless": "TIMELESS CLASSIC",
    "timeless_short": "TIMELESS",
    "wild": "WILD",
    "no_benefits": "no benefits",
    "foreign": "{owner}'s: no benefits",
    "foreign_anon": "another's: no benefits",
    "jailer": "jail: {owner}",
    "jailed": "in jail",
}

CARD_W, CARD_H = 160, 224  # portrait card, in units
BAND = LINE + 2  # a band of one line of words


def card_units(face: CardFace) -> tuple[int, int]:
    """Width and height in units: landscape for face-up timeless classics, portrait otherwise."""
    d = card(face.card_id)
    if d.timeless and not _face_down(face):
        return CARD_H, CARD_W
    return CARD_W, CARD_H


def card_pixels(face: CardFace, scale: float = 1.0) -> tuple[int, int]:
    w, h = card_units(face)
    return round(w * scale), round(h * scale)


def _face_down(face: CardFace) -> bool:
    return face.wild_letter is not None and not face.uncovered


def _words(c: CardCanvas, key: str, **params: object) -> str:
    return c.word(STRINGS[key], **params)


def _naming(c: CardCanvas, key: str, owner: str, width: float) -> str:
    """The tag ``key`` naming ``owner``, the name shortened (never the words) until the tag fits two
    lines of ``width`` units without being condensed past ``MIN_SQUEEZE``."""
    name = printable(owner, "bold", c.language)
    text = _words(c, key, owner=name)
    while len(name) > 1 and c.fitted(text, "bold", WORD, width - 4, 2)[1] < MIN_SQUEEZE:
        name = name[:-1].rstrip()
        text = _words(c, key, owner=name + "…")
    return text


# --- faces ----------------------------------------------------------------------------------


def _draw_back(c: CardCanvas, face: CardFace, w: int, h: int) -> None:
    """A wild: face down (R1.6), showing only the letter it stands for. No benefits."""
    c.d.rounded_rectangle(c.box((0, 0, w, h)), c.u(12), fill=ui("paper_edge"))
    c.d.rounded_rectangle(c.box((5, 5, w - 5, h - 5)), c.u(9), fill=ui("back"))
    c.record_units("face", (0, 0, w, h))
    pat = ui("back_pattern")
    step = 20
    for i in range(-h // step, w // step + 2):  # diagonal lattice, the classic card-back look
        x = i * step
        c.d.line(c.box((x, 8, x + (h - 16) * 0.6, h - 8)), fill=pat, width=round(c.u(2)))
        c.d.line(c.box((x + (h - 16) * 0.6, 8, x, h - 8)), fill=pat, width=round(c.u(2)))
    # a rim over the lattice ends, then cut the corners round
    c.d.rounded_rectangle(c.box((0, 0, w, h)), c.u(12), outline=ui("paper_edge"), width=round(c.u(7)))
    c.d.rounded_rectangle(c.box((6, 6, w - 6, h - 6)), c.u(8), outline=ui("back"), width=round(c.u(2)))
    mask_outer = Image.new("L", c.img.size, 0)
    ImageDraw.Draw(mask_outer).rounded_rectangle(c.box((0, 0, w, h)), c.u(12), fill=255)
    c.img.putalpha(mask_outer)
    c.record_units("wild", (0, 0, w, h))
    c.lines("wild_text", _words(c, "wild"), (10, 10, w - 10, 40), ui("paper"), most=1)
    if face.source_shown:
        foot = h - 48.0
    else:
        # what a wild gives: nothing (one line, or two when the words need them)
        nothing = _words(c, "no_benefits")
        n = lines_needed(c, nothing, "regular", w - 20)
        foot = h - 10 - n * LINE
        c.lines("no_benefits", nothing, (10, foot, w - 10, h - 10), ui("paper_edge"), role="regular")
    disc = (w / 2 - 56, 44, w / 2 + 56, min(h / 2 + 56, foot - 2))
    c.d.ellipse(c.box(disc), fill=ui("back"), outline=ui("paper_edge"), width=round(c.u(3)))
    letter(c, face.wild_letter or "?", w / 2, (disc[1] + disc[3]) / 2, ui("paper"), (disc[1] + 4, disc[3] - 2),
           max_w=disc[2] - disc[0] - 12, room=disc)
    if face.source_shown:
        # which card this wild is: its genre colour and emblem and its printed letter
        d = card(face.card_id)
        col = genre_colours(d.genre)
        band = (w / 2 - 44, h - 46, w / 2 + 44, h - 10)
        c.d.rounded_rectangle(c.box(band), c.u(9), fill=col.main, outline=ui("paper"), width=round(c.u(2)))
        icons.genre_disc(c.d, d.genre, c.u(band[0] + 18), c.u(h - 28), c.u(MARKER_R))
        c.record_units("emblem", (band[0] + 4, h - 28 - MARKER_R, band[0] + 4 + 2 * MARKER_R, h - 28 + MARKER_R),
                       genre=d.genre, style="disc")
        c.record_units("wild_source", band, card_id=face.card_id, letter=d.letter, genre=d.genre)
        c.text("source_letter", (w / 2 + 14, h - 27), d.letter, 28, (255, 255, 255), role="letter", room=band,
               on=("wild_source",), language="en")


def _badges(face: CardFace) -> list[str]:
    return [kind for kind, on in (("uncovered", face.uncovered), ("inked", face.inked),
                                  ("cleared", face.cleared and not face.inked), ("multiplier", face.multiplier > 1))
            if on]


def _badge_size(kind: str, printed: bool) -> tuple[float, float]:
    if kind == "multiplier":
        return MULTIPLIER_W, MULTIPLIER_H
    if kind == "uncovered" and printed:
        return UNCOVERED_W, 2 * BADGE_R
    return 2 * BADGE_R, 2 * BADGE_R


def _badge_column(badges: list[str], box: UnitBox, printed: bool
                  ) -> tuple[dict[str, tuple[float, float]], tuple[float, float]]:
    """Where each badge of a portrait face goes (centres, units) and how much of the letter box's width
    the badge columns take at its left and right."""
    spots: dict[str, tuple[float, float]] = {}
    used = [0.0, 0.0]
    y = [box[1] + 4, box[1] + 4]
    for kind in badges:
        bw, bh = _badge_size(kind, printed)
        side = 0 if y[0] + bh <= box[3] - 2 else 1
        x = box[0] + 4 + bw / 2 if side == 0 else box[2] - 4 - bw / 2
        spots[kind] = (x, y[side] + bh / 2)
        y[side] += bh + 4
        used[side] = max(used[side], bw + 12)
    return spots, (used[0], used[1])


def _portrait_boxes(d: CardDef, w: int, h: int) -> tuple[UnitBox, UnitBox]:
    """Letter box and benefit box of a portrait face.  A card whose numbered glyphs would come out small
    gives its benefits some of the letter's height."""
    benefit_top = 129.0
    while benefit_top > 101 and numbered_glyph(d, (9, benefit_top, w - 9, h - 9)) < NUMBER_GLYPH:
        benefit_top -= 4
    return (6, 40, w - 6, benefit_top - 1), (9, benefit_top, w - 9, h - 9)


def _landscape_boxes(d: CardDef, w: int, h: int, top_band: int, bottom_band: int
                     ) -> tuple[UnitBox, UnitBox, UnitBox | None, UnitBox | None]:
    """Letter box, benefit box, and the bands above the benefits (a timeless label too long for the
    ribbon) and along the foot of a landscape face (a foreign classic's tag, over its faded benefits).
    A card whose numbered glyphs would come out small gives its benefits some of the letter's width."""
    foot_top = h - 9 - BAND * bottom_band
    top = 46 + BAND * top_band
    split_x = 106.0
    while split_x > 52 and numbered_glyph(d, (split_x, top, w - 9, h - 9)) < NUMBER_GLYPH:
        split_x -= 6
    label = (split_x, 44, w - 8, top - 2) if top_band else None
    foot = (8, foot_top, w - 8, h - 8) if bottom_band else None
    letter_bottom = (foot_top - 2) if bottom_band else h - 6
    return (8, 42, split_x, letter_bottom), (split_x, top, w - 9, h - 9), label, foot


def _draw_face(c: CardCanvas, face: CardFace, d: CardDef, w: int, h: int) -> None:
    col = genre_colours(d.genre)
    border = col.main
    if face.inked:
        border = ui("ink")
    elif face.cleared:
        border = (170, 200, 230)
    frame(c, w, h, border, ui("paper"), d.genre)
    if face.inked or face.cleared:
        # the genre rim inside the state border keeps the genre readable
        c.d.rounded_rectangle(c.box((6, 6, w - 6, h - 6)), c.u(8), outline=col.main, width=round(c.u(3)))
    shown = face.wild_letter if (face.uncovered and face.wild_letter) else d.letter
    # an uncovered wild keeps the letter it was given (R14.3): its badge shows the letter printed on it
    printed = shown != d.letter
    badges = _badges(face)
    foreign = None
    if face.foreign_classic:
        foreign = _naming(c, "foreign", face.owner, w - 28) if face.owner else _words(c, "foreign_anon")
    if w > h:
        labels = (_words(c, "timeless"), _words(c, "timeless_short"))
        in_ribbon = ribbon(c, d, w, labels)
        foot_lines = lines_needed(c, foreign, "bold", w - 28) if foreign else 0
        letter_box, benefit_box, label_band, foot = _landscape_boxes(d, w, h, 0 if in_ribbon else 1, foot_lines)
        if label_band is not None:
            c.lines("timeless", labels[-1], label_band, col.dark, most=1, label=labels[-1])
        # the letter fills a landscape card's left part; its state badges sit in a row above it
        spots, x = {}, letter_box[0] + 4
        for kind in badges:
            bw = _badge_size(kind, printed)[0]
            spots[kind] = (x + bw / 2, letter_box[1] + 4 + BADGE_R)
            x += bw + 4
        limits = (letter_box[1] + (2 * BADGE_R + 8 if badges else 6), letter_box[3])
        max_w = letter_box[2] - letter_box[0] - 6
        size = LETTER_SIZE * 0.86
    else:
        ribbon(c, d, w)
        letter_box, benefit_box = _portrait_boxes(d, w, h)
        foot = None
        # state badges stack in a column at the letter box's left (a right one when that is full); the
        # letter is centred in the rest, so even W and M stay clear of them
        spots, used = _badge_column(badges, letter_box, printed)
        left, right = letter_box[0] + used[0], letter_box[2] - used[1]
        letter_box = (left, letter_box[1], right, letter_box[3])
        limits = (letter_box[1] + 6, letter_box[3] + 2)
        max_w = right - left + 4
        size = LETTER_SIZE * 0.92
    lcx, lcy = (letter_box[0] + letter_box[2]) / 2, (limits[0] + limits[1]) / 2 + 3
    letter(c, shown, lcx, lcy, col.dark, limits, size, max_w, room=(*letter_box[:3], limits[1] + 2))
    benefit_area(c, d, face, benefit_box)
    for kind in badges:
        if kind == "multiplier":
            multiplier_badge(c, *spots[kind], face.multiplier)
        elif kind == "uncovered" and printed:
            uncovered_badge(c, *spots[kind], d.letter)
        else:
            badge(c, *spots[kind], kind)
    if foreign and foot is not None:
        # another player's classic in this word gives nothing (R10.1): fade the benefits, say why
        fb = (benefit_box[0] - 4, benefit_box[1] - 2, benefit_box[2] + 4, benefit_box[3] + 4)
        c.overlay(lambda o: o.rectangle(c.box(fb), fill=(*ui("paper"), 205)))
        c.record_units("state", fb, state="foreign", overlay=True)
        word_tag(c, foreign, foot, (90, 90, 90), on=(*OVER_BENEFITS, "emblem"))


def _draw_overlays(c: CardCanvas, face: CardFace, w: int, h: int) -> None:
    if face.jailed:

        def bars(o: ImageDraw.ImageDraw) -> None:
            for x in range(18, w - 8, 26):
                o.rectangle(c.box((x, 4, x + 6, h - 4)), fill=(35, 35, 35, 170))
            o.rectangle(c.box((4, h * 0.38, w - 4, h * 0.38 + 6)), fill=(35, 35, 35, 170))

        c.overlay(bars)
        c.record_units("state", (0, 0, w, h), state="jailed", overlay=True)
        text = _naming(c, "jailer", face.owner, w - 28) if face.owner else _words(c, "jailed")
        n = lines_needed(c, text, "bold", w - 28)
        # the jail's tag lies over the foot of the barred card: its benefits, on a landscape card the letter
        word_tag(c, text, (10, h - 12 - BAND * n, w - 10, h - 10), ui("jail"), on=(*OVER_BENEFITS, "letter", "emblem"))


def render_card(face: CardFace, scale: float = 1.0, language: str = "en") -> CardRender:
    """Draw ``face`` at ``scale`` (1.0 = 160 px wide portrait), its printed words in ``language``.
    Cached; see module docstring."""
    printed = definition_id(face.card_id)
    return _drawn(face if printed == face.card_id else replace(face, card_id=printed), scale, language)


# ~100 KB per face on average over the scales used: 1024 faces bound the cache near 100 MB, and
# hold every card at the scales the composed images use plus the common states.
@lru_cache(maxsize=1024)
def _drawn(face: CardFace, scale: float, language: str) -> CardRender:
    if face.dimmed:
        return _dimmed(_drawn(replace(face, dimmed=False), scale, language))
    d = card(face.card_id)
    w, h = card_units(face)
    c = CardCanvas(w, h, scale, language)
    if _face_down(face):
        _draw_back(c, face, w, h)
    else:
        _draw_face(c, face, d, w, h)
    _draw_overlays(c, face, w, h)
    return c.finish()


DIM_ALPHA = 150  # how much of the background's colour veils a card that cannot be bought


def _dimmed(face: CardRender) -> CardRender:
    """A card the player cannot afford: the face as drawn, veiled in the background's colour.  Made from the face
    already kept rather than drawn afresh (every card of an offer row has both): the veil covers exactly the
    card's rounded shape, so veiling the finished face gives the same picture, to a level or two."""
    rgb = face.image.convert("RGB")
    veiled = Image.blend(rgb, Image.new("RGB", rgb.size, ui("background")), DIM_ALPHA / 255)
    veiled.putalpha(face.image.getchannel("A"))
    veil = Layout(face.size).add("state", (0, 0, *face.size), state="dimmed", overlay=True)
    return CardRender(veiled, (*face.regions, veil))


def cache_info() -> str:
    return str(_drawn.cache_info())


def cache_clear() -> None:
    """Forget every drawn face (benchmarks time the cold draw)."""
    _drawn.cache_clear()


def box_of(render: CardRender, kind: str) -> Box:
    for r in render.regions:
        if r.kind == kind:
            return r.box
    raise KeyError(kind)


__all__ = ["CARD_H", "CARD_W", "STRINGS", "STRINGS_CONTEXT", "WORD", "CardRender", "box_of", "card_pixels",
           "card_units", "render_card"]
