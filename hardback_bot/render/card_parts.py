"""The pieces of a card face: frame, genre ribbon, big letter, benefit bands, state badges, word tags.

Every piece draws on a ``CardCanvas`` in card units.  Words and numbers are at least ``WORD`` units
tall type; a label that does not fit its room is condensed a little, then wrapped, then given a roomier
place by the face layout (``card.py``) — never made smaller or left out.
"""

from __future__ import annotations

from hardback_bot.engine.cards import BENEFIT_KINDS, Benefit, CardDef
from hardback_bot.render import icons
from hardback_bot.render.assets import RGB, genre_colours, ui
from hardback_bot.render.benefits import draw_benefit, genre_marker, glyph_width
from hardback_bot.render.card_canvas import WORD, CardCanvas, UnitBox
from hardback_bot.render.models import CardFace
from hardback_bot.render.text import MIN_SQUEEZE, printable

LETTER_SIZE = 124  # EB Garamond size for the big letter, units (cap height ≈ 80)
GLYPH_MAX = 40  # benefit glyphs never grow past this (units), even on a roomy band
GLYPH_GAP = 5  # between two glyphs of a row
ROW_GAP = 3  # between two rows of glyphs
#: The genre band's emblem: 28 units wide, 14.5 px once a card at scale 1.0 is shown on a phone (the least a
#: composed image draws a card at), where its shape still tells the genre without its colour.
MARKER_R = 14
#: A glyph carrying a number is given at least this height (units) when the card can make room: its
#: digits are then 22 px type at scale 1.0, cap height 16 px (11 px type, 8 px caps on a phone).
NUMBER_GLYPH = 33
NUMBERED = frozenset(kind for kind, valued in BENEFIT_KINDS.items() if valued) | {"double_adjacent"}
BADGE_R = 14
MULTIPLIER_W, MULTIPLIER_H = 40, 28  # the ×2 / ×3 pill
UNCOVERED_W = 2 * BADGE_R + 26  # an uncovered wild's pill: the eye and the letter printed on the card
#: Regions a word tag may be drawn over on purpose (the faded benefits of a foreign classic or a
#: jailed card's bars): a tag covers them and says why.
OVER_BENEFITS = ("benefit", "number", "digits", "glyph_text", "symbol", "genre_band", "state")


def frame(c: CardCanvas, w: int, h: int, border: RGB, paper: RGB, genre: str) -> None:
    c.d.rounded_rectangle(c.box((0, 0, w, h)), c.u(12), fill=border)
    c.d.rounded_rectangle(c.box((6, 6, w - 6, h - 6)), c.u(8), fill=paper)
    c.record_units("face", (0, 0, w, h), genre=genre)


def ribbon(c: CardCanvas, d: CardDef, w: int, labels: tuple[str, ...] = ()) -> bool:
    """Genre ribbon: price tag, purchase prestige, genre emblem, and (a timeless classic) the first of
    ``labels`` that fits between them.  Returns False when none fits (the face then gives the label a
    band of its own)."""
    col = genre_colours(d.genre)
    c.d.rounded_rectangle(c.box((6, 6, w - 6, 42)), c.u(8), fill=col.main)
    c.d.rectangle(c.box((6, 30, w - 6, 42)), fill=col.main)
    c.record_units("ribbon", (6, 6, w - 6, 42), genre=d.genre)
    left = 10.0
    if not d.is_starter:
        # price tag: a white label, deliberately unlike the gold coin of the coins benefit
        text = f"{d.cost}¢"
        tag = (10, 9, 10 + c.width(text, "bold", WORD, "en") + 10, 39)
        c.d.rounded_rectangle(c.box(tag), c.u(5), fill=(255, 255, 255), outline=col.dark, width=round(c.u(1.5)))
        c.record_units("cost", tag, cost=d.cost)
        c.text("cost_text", (tag[0] + 5, 24.5), text, WORD, col.dark, anchor="lm", room=tag, on=("cost",),
               language="en")
        left = tag[2]
    badge_cx = w - 25
    icons.genre_badge(c.d, d.genre, c.u(badge_cx), c.u(24), c.u(15))
    c.record_units("emblem", (badge_cx - 15, 9, badge_cx + 15, 39), genre=d.genre, style="badge")
    # Purchase prestige sits in the ribbon with the price: both are about buying the card (R19.4).
    right = badge_cx - 19
    if d.purchase_prestige:
        text = f"+{d.purchase_prestige}★"
        pill = (right - c.width(text, "bold", WORD, "en") - 10, 11, right, 37)
        c.d.rounded_rectangle(c.box(pill), c.u(10), fill=ui("prestige"), outline=(255, 255, 255),
                              width=round(c.u(1.5)))
        c.record_units("purchase", pill, prestige=d.purchase_prestige)
        c.text("purchase_text", (pill[0] + 5, 24.5), text, WORD, (255, 255, 255), anchor="lm", room=pill,
               on=("purchase",), language="en")
        right = pill[0]
    room = (left + 4, 9, right - 4, 39)
    for label in labels:
        if c.width(label, "bold", WORD) * MIN_SQUEEZE <= room[2] - room[0] - 2:
            c.lines("timeless", label, room, (255, 255, 255), most=1, on=("ribbon",), label=label)
            return True
    return not labels


def letter(c: CardCanvas, text: str, cx: float, cy: float, colour: RGB, limits: tuple[float, float] | None = None,
           size: float = LETTER_SIZE, max_w: float | None = None, room: UnitBox | None = None) -> None:
    """The big letter, centred on the cap height; ``limits`` (top, bottom, in units) keeps the
    descenders of J and Q out of the benefits: first lift the letter, then shrink it; ``max_w`` keeps
    wide letters (W, M) clear of the state badges beside them and of a crowded card's benefits: first
    condense the letter a little, then shrink it."""
    squeeze = 1.0
    for _ in range(8):
        f = c.font("letter", size, text, "en")
        cap_top = f.getbbox("H", anchor="ls")[1]
        baseline = c.u(cy) - cap_top / 2
        bbox = c.d.textbbox((c.u(cx), baseline), text, font=f, anchor="ms")
        width = bbox[2] - bbox[0]
        if max_w is not None and width * squeeze > c.u(max_w):
            squeeze = max(MIN_SQUEEZE, c.u(max_w) / width)
            if width * squeeze > c.u(max_w):
                size *= c.u(max_w) / (width * squeeze)
            continue
        if limits is None:
            break
        top, bottom = c.u(limits[0]), c.u(limits[1])
        over = bbox[3] - bottom
        if over <= 0:
            break
        lift = min(over, max(0.0, bbox[1] - top))
        baseline -= lift
        bbox = c.d.textbbox((c.u(cx), baseline), text, font=f, anchor="ms")
        if bbox[3] <= bottom + 1:
            break
        size *= (bottom - bbox[1]) / (bbox[3] - bbox[1])
        cy -= lift / c.k
    c.text("letter", (cx, baseline / c.k), text, size, colour, role="letter", anchor="ms", room=room,
           squeeze=squeeze, language="en", letter=text)


def _units(benefits: tuple[Benefit, ...]) -> float:
    return sum(glyph_width(b.kind, 1.0) for b in benefits)


def fit_glyphs(benefits: tuple[Benefit, ...], w: float, h: float) -> tuple[float, list[tuple[Benefit, ...]]]:
    """The glyph height and the rows (one, or two when that makes the glyphs clearly larger) that
    fit ``benefits`` into a ``w`` × ``h`` band."""
    n = len(benefits)
    if n == 0:
        return GLYPH_MAX, []
    one = min(GLYPH_MAX, h - 4, (w - GLYPH_GAP * (n - 1)) / _units(benefits))
    best: tuple[float, list[tuple[Benefit, ...]]] = (one, [benefits])
    for k in range(1, n):
        rows = [benefits[:k], benefits[k:]]
        gh = min(GLYPH_MAX, (h - 4 - ROW_GAP) / 2,
                 *((w - GLYPH_GAP * (len(r) - 1)) / _units(r) for r in rows))
        # two rows when they make the glyphs clearly larger, or when one row would make them too small
        if gh > best[0] * (1.12 if best[0] >= NUMBER_GLYPH else 1.0):
            best = (gh, rows)
    return best


def _band_room(box: UnitBox, marker: bool) -> tuple[float, float]:
    left, top, right, bottom = box
    w = right - left - 4 - (2 * MARKER_R + 6 if marker else 0)
    return w, bottom - top


def _tab_room(box: UnitBox) -> tuple[float, float]:
    """The glyphs' room in a genre band whose marker sits on its top edge (a tab): its whole width, below the
    tab's lower half."""
    left, top, right, bottom = box
    return right - left - 4, bottom - top - MARKER_R


def _corner_free(basic: tuple[Benefit, ...], box: UnitBox) -> bool:
    """Whether the basic band's glyphs, centred in ``box``, leave its lower left corner free for a tab."""
    left, _, right, _ = box
    h, rows = fit_glyphs(basic, *_band_room(box, False))
    widest = max((sum(glyph_width(b.kind, h) for b in row) + GLYPH_GAP * (len(row) - 1) for row in rows), default=0)
    return (right - left - widest) / 2 >= 4 + 2 * MARKER_R + 3


def genre_band_layout(d: CardDef, box: UnitBox, mid: float) -> tuple[bool, float]:
    """Whether the genre band's marker is a tab on its top edge, and the genre glyphs' height.  The marker
    sits at the band's left, unless that would make a numbered glyph smaller than ``NUMBER_GLYPH`` (a crowded
    band) and the basic band above leaves the corner free: then it straddles the band's top edge and the
    glyphs take the band's whole width."""
    left, top, right, bottom = box
    genre_box = (left, mid + 1, right, bottom)
    inline = fit_glyphs(d.genre_bonus, *_band_room(genre_box, True))[0]
    if inline >= NUMBER_GLYPH or not any(b.kind in NUMBERED for b in d.genre_bonus):
        return False, inline
    tab = fit_glyphs(d.genre_bonus, *_tab_room(genre_box))[0]
    if tab > inline and _corner_free(d.basic, (left, top, right, mid - 1)):
        return True, tab
    return False, inline


def _band(c: CardCanvas, benefits: tuple[Benefit, ...], box: UnitBox, multiplier: int, ink: RGB, section: str,
          marker: str | None, tab: bool = False) -> None:
    left, top, right, bottom = box
    room = _band_room(box, marker is not None)
    if marker and tab:
        # a tab on the band's top edge, half over the basic band's free corner: the glyphs get the full width
        genre_marker(c.d, marker, c.u(left + 4 + MARKER_R), c.u(top), c.u(MARKER_R))
        c.record_units("emblem", (left + 4, top - MARKER_R, left + 4 + 2 * MARKER_R, top + MARKER_R),
                       genre=marker, style="disc", tab=True)
        room = _tab_room(box)
        top += MARKER_R
    elif marker:
        mr = min(float(MARKER_R), (bottom - top) / 2 - 3)
        genre_marker(c.d, marker, c.u(left + 4 + mr), c.u((top + bottom) / 2), c.u(mr))
        c.record_units("emblem", (left + 4, (top + bottom) / 2 - mr, left + 4 + 2 * mr, (top + bottom) / 2 + mr),
                       genre=marker, style="disc")
        left += 2 * MARKER_R + 6
    h, rows = fit_glyphs(benefits, *room)
    block = len(rows) * h + (len(rows) - 1) * ROW_GAP
    cy = (top + bottom) / 2 - block / 2 + h / 2

    def record(kind: str, draw_box: tuple[float, ...], **data: object) -> None:
        c.record(kind, draw_box, section=section, **data)

    for row in rows:
        total = sum(glyph_width(b.kind, h) for b in row) + GLYPH_GAP * (len(row) - 1)
        x = left + (right - left - total) / 2
        for b in row:
            w = draw_benefit(c.d, b.kind, b.value, multiplier, c.u(x), c.u(cy), c.u(h), record, ink)
            x += w / c.k + GLYPH_GAP
        cy += h + ROW_GAP


def split(d: CardDef, box: UnitBox) -> float:
    """Where the basic band ends and the genre band starts: the split that gives the smaller of the
    two glyph sizes the most room."""
    left, top, right, bottom = box
    best, best_y = -1.0, (top + bottom) / 2
    for frac in (0.5, 0.42, 0.58, 0.36, 0.64):
        y = top + (bottom - top) * frac
        basic = fit_glyphs(d.basic, *_band_room((left, top, right, y - 1), False))[0]
        genre = genre_band_layout(d, box, y)[1]
        score = min(basic, genre) + 0.01 * (basic + genre)
        if score > best + 0.05:
            best, best_y = score, y
    return best_y


def numbered_glyph(d: CardDef, box: UnitBox) -> float:
    """The height the smallest glyph with a number would get in ``box`` (GLYPH_MAX when none has one)."""
    left, top, right, _ = box
    sizes = []
    if d.genre_bonus:
        mid = split(d, box)
        if any(x.kind in NUMBERED for x in d.genre_bonus):
            sizes.append(genre_band_layout(d, box, mid)[1])
        basic_box = (left, top, right, mid - 1)
    else:
        basic_box = box
    if any(x.kind in NUMBERED for x in d.basic):
        sizes.append(fit_glyphs(d.basic, *_band_room(basic_box, False))[0])
    return min(sizes, default=GLYPH_MAX)


def benefit_area(c: CardCanvas, d: CardDef, face: CardFace, box: UnitBox) -> None:
    col = genre_colours(d.genre)
    left, top, right, bottom = box
    if d.genre_bonus:
        mid = split(d, box)
        _band(c, d.basic, (left, top, right, mid - 1), face.multiplier, col.dark, "basic", None)
        gbox = (left, mid + 1, right, bottom)
        c.d.rounded_rectangle(c.box(gbox), c.u(6), fill=col.tint, outline=col.main, width=round(c.u(1.5)))
        c.record_units("genre_band", gbox, genre=d.genre, active=face.genre_active)
        _band(c, d.genre_bonus, gbox, face.multiplier, col.dark, "genre", d.genre, genre_band_layout(d, box, mid)[0])
        if face.genre_active is False:
            # genre not active in this word: fade the band (R10.3)
            c.overlay(lambda o: o.rounded_rectangle(c.box(gbox), c.u(6), fill=(*ui("paper"), 190)))
            c.d.line(
                c.box((gbox[0] + 6, gbox[3] - 5, gbox[2] - 6, gbox[1] + 5)),
                fill=(*col.dark, 255),
                width=round(c.u(2)),
            )
    else:
        _band(c, d.basic, box, face.multiplier, col.dark, "basic", None)


def badge(c: CardCanvas, cx: float, cy: float, kind: str, r: float = BADGE_R) -> UnitBox:
    if kind == "inked":
        icons.circle(c.d, c.u(cx), c.u(cy), c.u(r), fill=(255, 255, 255), outline=ui("ink"), width=round(c.u(2)))
        icons.ink_drop(c.d, c.u(cx), c.u(cy), c.u(r * 0.72))
    elif kind == "cleared":
        icons.circle(c.d, c.u(cx), c.u(cy), c.u(r), fill=(200, 230, 255), outline=ui("ink"), width=round(c.u(2)))
        icons.remover_drop(c.d, c.u(cx), c.u(cy), c.u(r * 0.72))
    elif kind == "uncovered":
        icons.circle(c.d, c.u(cx), c.u(cy), c.u(r), fill=(255, 255, 255), outline=ui("ink"), width=round(c.u(2)))
        icons.eye(c.d, c.u(cx), c.u(cy), c.u(r * 0.72), ui("ink"))
    box = (cx - r, cy - r, cx + r, cy + r)
    c.record_units("state", box, state=kind)
    return box


def uncovered_badge(c: CardCanvas, cx: float, cy: float, printed: str) -> UnitBox:
    """An uncovered wild standing for another letter: the eye, and the letter printed on the card."""
    pill = (cx - UNCOVERED_W / 2, cy - BADGE_R, cx + UNCOVERED_W / 2, cy + BADGE_R)
    c.d.rounded_rectangle(c.box(pill), c.u(BADGE_R), fill=(255, 255, 255), outline=ui("ink"), width=round(c.u(2)))
    ex = pill[0] + BADGE_R
    icons.eye(c.d, c.u(ex), c.u(cy), c.u(BADGE_R * 0.72), ui("ink"))
    c.record_units("state", pill, state="uncovered", printed=printed)
    c.text("printed_letter", ((ex + BADGE_R + pill[2]) / 2 - 1, cy + 1), printed, 26, ui("ink"), role="letter",
           room=pill, on=("state",), language="en")
    return pill


def multiplier_badge(c: CardCanvas, cx: float, cy: float, m: int) -> UnitBox:
    """A doubled (×2) or tripled (×3) card's pill: its numbers are shown multiplied."""
    pill = (cx - MULTIPLIER_W / 2, cy - MULTIPLIER_H / 2, cx + MULTIPLIER_W / 2, cy + MULTIPLIER_H / 2)
    c.d.rounded_rectangle(c.box(pill), c.u(MULTIPLIER_H / 2), fill=ui("highlight"), outline=(255, 255, 255),
                          width=round(c.u(2)))
    c.record_units("state", pill, state="multiplier", multiplier=m)
    c.text("multiplier_text", (cx, cy), f"×{m}", WORD, (255, 255, 255), room=pill, on=("state",), language="en")
    return pill


def word_tag(c: CardCanvas, text: str, box: UnitBox, fill: RGB, fg: RGB = (255, 255, 255),
             on: tuple[str, ...] = OVER_BENEFITS, most: int = 2) -> None:
    """Words on a rounded tag filling ``box`` (units), in as many lines as ``box`` holds (``most``)."""
    c.d.rounded_rectangle(c.box(box), c.u(9), fill=fill, outline=(255, 255, 255), width=round(c.u(1.5)))
    c.record_units("tag", box, on=on)  # it covers those on purpose
    inner = (box[0] + 6, box[1] + 1, box[2] - 6, box[3] - 1)
    c.lines("tag_text", printable(text, "bold", c.language), inner, fg, most=most, on=("tag", *on))
