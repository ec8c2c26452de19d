"""One card face, in any state, as an RGBA image plus its layout regions — cached.

Geometry is written in "card units": a portrait card is 160 × 224 units, a timeless classic is
printed sideways, 224 × 160 (RULES R1.8).  ``scale`` maps units to output pixels; drawing happens
at ``SUPERSAMPLE`` times that and is shrunk at the end, which anti-aliases the polygons that
Pillow draws without smoothing.

The cache holds ``CardRender`` objects keyed by the (frozen, hashable) ``CardFace`` and scale, so
a face is drawn once per process.  Cached images are shared between threads: callers only read
them (``paste`` / ``alpha_composite`` *from* them) and must never draw on them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from hardback_bot.engine.cards import Benefit, CardDef, card
from hardback_bot.i18n import Translator, translator
from hardback_bot.render import icons
from hardback_bot.render.assets import RGB, font, genre_colours, text_font, text_font_file, ui
from hardback_bot.render.benefits import draw_benefit, genre_marker, glyph_width
from hardback_bot.render.layout import Box, Layout, Region
from hardback_bot.render.models import CardFace
from hardback_bot.render.text import printable

#: Words printed on card faces, translated by the catalogues (domain ``content``) under this msgctxt;
#: labels that do not fit shrink or fall back to the shorter form.
STRINGS_CONTEXT = "card face"
STRINGS_NOTES = {
    "timeless": "capitals, on the ribbon of a sideways card: about 20 characters at most",
    "timeless_short": "capitals; the short form when the long one does not fit the ribbon",
    "wild": "capitals, on the back of a card played face down: very short",
    "no_benefits": "under a face-down card",
    "printed": "ribbon of an uncovered wild standing for another letter: the letter printed on it",
    "jailer": "a tag on a jailed card naming who holds it",
}
STRINGS: dict[str, str] = {
    "timeless": "TIMELESS CLASSIC",
    "timeless_short": "TIMELESS",
    "wild": "WILD",
    "no_benefits": "no benefits",
    "printed": "printed {letter}",
    "foreign": "{owner}'s: no benefits",
    "foreign_anon": "another's: no benefits",
    "jailer": "jail: {owner}",
    "jailed": "in jail",
}

CARD_W, CARD_H = 160, 224  # portrait card, in units
SUPERSAMPLE = 2
GLYPH_H = 34  # benefit glyph height, units
LETTER_SIZE = 124  # EB Garamond size for the big letter, units (cap height ≈ 80)


@dataclass(frozen=True, slots=True)
class CardRender:
    """A drawn card. ``image`` is shared (cached): read it, never draw on it."""

    image: Image.Image
    regions: tuple[Region, ...]

    @property
    def size(self) -> tuple[int, int]:
        return self.image.size


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


class _Canvas:
    """Draws in units, records regions in output pixels; its words are in ``language``."""

    def __init__(self, w_units: int, h_units: int, scale: float, language: str = "en") -> None:
        self.t: Translator = translator(language)
        self.language = self.t.language
        self.scale = scale
        self.k = scale * SUPERSAMPLE
        self.out_size = (round(w_units * scale), round(h_units * scale))
        self.img = Image.new("RGBA", (round(w_units * self.k), round(h_units * self.k)), (0, 0, 0, 0))
        self.d = ImageDraw.Draw(self.img)
        self.layout = Layout(self.out_size)

    def u(self, v: float) -> float:
        return v * self.k

    def box(self, b: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        return (b[0] * self.k, b[1] * self.k, b[2] * self.k, b[3] * self.k)

    def px(self, v: float) -> int:
        """A font size in drawing pixels."""
        return max(6, round(v * self.k))

    def words(self, key: str, **params: object) -> str:
        """One of the card's printed words (``STRINGS``), in the card's language."""
        return self.t.entry(STRINGS_CONTEXT, STRINGS[key], **params)

    def word_font(self, role: str, size: int, text: str = "") -> ImageFont.FreeTypeFont:
        """The face for printed words (Japanese needs its own); numbers and letters keep the card fonts."""
        return text_font(role, size, self.language, text)

    def record(self, kind: str, draw_box: tuple[float, float, float, float], **data: object) -> None:
        # drawing pixels -> output pixels
        b = tuple(round(v / SUPERSAMPLE) for v in draw_box)
        self.layout.add(kind, b, **data)  # type: ignore[arg-type]

    def record_units(self, kind: str, unit_box: tuple[float, float, float, float], **data: object) -> None:
        self.record(kind, self.box(unit_box), **data)

    def overlay(self, draw: object) -> None:
        """Draw translucent shapes: ``draw(ImageDraw)`` on a clear layer, then composite."""
        layer = Image.new("RGBA", self.img.size, (0, 0, 0, 0))
        draw(ImageDraw.Draw(layer))  # type: ignore[operator]
        self.img.alpha_composite(layer)

    def finish(self) -> CardRender:
        small = self.img.convert("RGBa").resize(self.out_size, Image.Resampling.LANCZOS).convert("RGBA")
        return CardRender(small, tuple(self.layout.regions))


# --- pieces -----------------------------------------------------------------------------------


def _frame(c: _Canvas, w: int, h: int, border: RGB, paper: RGB) -> None:
    c.d.rounded_rectangle(c.box((0, 0, w, h)), c.u(12), fill=border)
    c.d.rounded_rectangle(c.box((6, 6, w - 6, h - 6)), c.u(8), fill=paper)
    c.record_units("face", (0, 0, w, h))


def _ribbon(c: _Canvas, d: CardDef, w: int, note: str | None = None, reserve: float = 0) -> None:
    """Genre ribbon: price tag, purchase prestige, genre emblem, and a label between them.
    ``reserve`` units after the price tag are left free for state badges (landscape cards)."""
    col = genre_colours(d.genre)
    c.d.rounded_rectangle(c.box((6, 6, w - 6, 42)), c.u(8), fill=col.main)
    c.d.rectangle(c.box((6, 30, w - 6, 42)), fill=col.main)
    c.record_units("ribbon", (6, 6, w - 6, 42), genre=d.genre)
    if not d.is_starter:
        # price tag: a white label, deliberately unlike the gold coin of the coins benefit
        text = f"{d.cost}¢"
        f = font("bold", c.px(21))
        tw = c.d.textlength(text, font=f) / c.k
        tag = (10, 10, 10 + tw + 12, 38)
        c.d.rounded_rectangle(c.box(tag), c.u(5), fill=(255, 255, 255), outline=col.dark, width=round(c.u(1.5)))
        c.d.text((c.u(tag[0] + 6), c.u(24.5)), text, font=f, fill=col.dark, anchor="lm")
        c.record_units("cost", tag, cost=d.cost)
    badge_cx = w - 25
    icons.genre_badge(c.d, d.genre, c.u(badge_cx), c.u(24), c.u(15))
    c.record_units("genre_icon", (badge_cx - 15, 9, badge_cx + 15, 39), genre=d.genre)
    # Purchase prestige sits in the ribbon with the price: both are about buying the card (R19.4).
    mid_right = badge_cx - 20
    if d.purchase_prestige:
        text = f"+{d.purchase_prestige}★"
        f = font("bold", c.px(16))
        tw = c.d.textlength(text, font=f) / c.k
        pill = (mid_right - tw - 12, 12, mid_right, 36)
        c.d.rounded_rectangle(c.box(pill), c.u(10), fill=ui("prestige"), outline=(255, 255, 255), width=round(c.u(1.5)))
        c.d.text((c.u(pill[0] + 6), c.u(24)), text, font=f, fill=(255, 255, 255), anchor="lm")
        c.record_units("purchase", pill, prestige=d.purchase_prestige)
        mid_right = pill[0] - 4
    if d.timeless:
        left = 56 + reserve
        # the longest label that fits; with no room the landscape shape alone says "timeless"
        for label in (c.words("timeless"), c.words("timeless_short")):
            f = c.word_font("bold", c.px(11), label)
            tw = c.d.textlength(label, font=f) / c.k
            if tw <= mid_right - left - 4:
                cx = (left + mid_right) / 2
                c.d.text((c.u(cx), c.u(24)), label, font=f, fill=(255, 255, 255), anchor="mm")
                c.record_units("timeless", (cx - tw / 2, 14, cx + tw / 2, 34), label=label)
                break
    elif note:
        c.d.text(
            (c.u((56 + mid_right) / 2), c.u(24)),
            note,
            font=c.word_font("bold", c.px(11), note),
            fill=(255, 255, 255),
            anchor="mm",
        )


def _letter(
    c: _Canvas,
    letter: str,
    cx: float,
    cy: float,
    colour: RGB,
    limits: tuple[float, float] | None = None,
    size: float = LETTER_SIZE,
    max_w: float | None = None,
) -> None:
    """The big letter, centred on the cap height; ``limits`` (top, bottom, in units) keeps the
    descenders of J and Q out of the benefits: first lift the letter, then shrink it."""
    for _ in range(4):
        f = font("letter", c.px(size))
        cap_top = f.getbbox("H", anchor="ls")[1]
        baseline = c.u(cy) - cap_top / 2
        bbox = c.d.textbbox((c.u(cx), baseline), letter, font=f, anchor="ms")
        if max_w is not None and bbox[2] - bbox[0] > c.u(max_w):  # W and M on a landscape card
            size *= c.u(max_w) / (bbox[2] - bbox[0])
            continue
        if limits is None:
            break
        top, bottom = c.u(limits[0]), c.u(limits[1])
        over = bbox[3] - bottom
        if over <= 0:
            break
        lift = min(over, max(0.0, bbox[1] - top))
        baseline -= lift
        bbox = c.d.textbbox((c.u(cx), baseline), letter, font=f, anchor="ms")
        if bbox[3] <= bottom + 1:
            break
        size *= (bottom - bbox[1]) / (bbox[3] - bbox[1])
        cy -= lift / c.k
    c.d.text((c.u(cx), baseline), letter, font=f, fill=colour, anchor="ms")
    c.record("letter", bbox, letter=letter)


GLYPH_MAX = 40  # benefit glyphs never grow past this (units), even on a roomy band
GLYPH_GAP = 5  # between two glyphs of a row
ROW_GAP = 3  # between two rows of glyphs
MARKER_R = 8  # the genre band's emblem


def _units(benefits: tuple[Benefit, ...]) -> float:
    return sum(glyph_width(b.kind, 1.0) for b in benefits)


def _fit(benefits: tuple[Benefit, ...], w: float, h: float) -> tuple[float, list[tuple[Benefit, ...]]]:
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
        if gh > best[0] * 1.12:
            best = (gh, rows)
    return best


def _band_room(box: tuple[float, float, float, float], marker: bool) -> tuple[float, float]:
    left, top, right, bottom = box
    w = right - left - 4 - (2 * MARKER_R + 6 if marker else 0)
    return w, bottom - top


def _band(
    c: _Canvas,
    benefits: tuple[Benefit, ...],
    box: tuple[float, float, float, float],
    multiplier: int,
    ink: RGB,
    section: str,
    marker: str | None,
) -> None:
    left, top, right, bottom = box
    if marker:
        mr = min(float(MARKER_R), (bottom - top) / 2 - 3)
        genre_marker(c.d, marker, c.u(left + 4 + mr), c.u((top + bottom) / 2), c.u(mr))
        left += 2 * MARKER_R + 6
    h, rows = _fit(benefits, *_band_room(box, marker is not None))
    block = len(rows) * h + (len(rows) - 1) * ROW_GAP
    cy = (top + bottom) / 2 - block / 2 + h / 2

    def record(kind: str, draw_box: tuple[float, float, float, float], **data: object) -> None:
        c.record(kind, draw_box, section=section, **data)

    for row in rows:
        total = sum(glyph_width(b.kind, h) for b in row) + GLYPH_GAP * (len(row) - 1)
        x = left + (right - left - total) / 2
        for b in row:
            w = draw_benefit(c.d, b.kind, b.value, multiplier, c.u(x), c.u(cy), c.u(h), record, ink)
            x += w / c.k + GLYPH_GAP
        cy += h + ROW_GAP


def _split(d: CardDef, box: tuple[float, float, float, float]) -> float:
    """Where the basic band ends and the genre band starts: the split that gives the smaller of the
    two glyph sizes the most room."""
    left, top, right, bottom = box
    best, best_y = -1.0, (top + bottom) / 2
    for frac in (0.5, 0.42, 0.58, 0.36, 0.64):
        y = top + (bottom - top) * frac
        basic = _fit(d.basic, *_band_room((left, top, right, y - 1), False))[0]
        genre = _fit(d.genre_bonus, *_band_room((left, y + 1, right, bottom), True))[0]
        score = min(basic, genre) + 0.01 * (basic + genre)
        if score > best + 0.05:
            best, best_y = score, y
    return best_y


def _benefit_area(c: _Canvas, d: CardDef, face: CardFace, box: tuple[float, float, float, float]) -> None:
    col = genre_colours(d.genre)
    left, top, right, bottom = box
    if d.genre_bonus:
        mid = _split(d, box)
        _band(c, d.basic, (left, top, right, mid - 1), face.multiplier, col.dark, "basic", None)
        gbox = (left, mid + 1, right, bottom)
        c.d.rounded_rectangle(c.box(gbox), c.u(6), fill=col.tint, outline=col.main, width=round(c.u(1.5)))
        c.record_units("genre_band", gbox, genre=d.genre, active=face.genre_active)
        _band(c, d.genre_bonus, gbox, face.multiplier, col.dark, "genre", d.genre)
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


def _badge(c: _Canvas, cx: float, cy: float, r: float, kind: str) -> None:
    if kind == "inked":
        icons.circle(c.d, c.u(cx), c.u(cy), c.u(r), fill=(255, 255, 255), outline=ui("ink"), width=round(c.u(2)))
        icons.ink_drop(c.d, c.u(cx), c.u(cy), c.u(r * 0.72))
    elif kind == "cleared":
        icons.circle(c.d, c.u(cx), c.u(cy), c.u(r), fill=(200, 230, 255), outline=ui("ink"), width=round(c.u(2)))
        icons.remover_drop(c.d, c.u(cx), c.u(cy), c.u(r * 0.72))
    elif kind == "uncovered":
        icons.circle(c.d, c.u(cx), c.u(cy), c.u(r), fill=(255, 255, 255), outline=ui("ink"), width=round(c.u(2)))
        icons.eye(c.d, c.u(cx), c.u(cy), c.u(r * 0.72), ui("ink"))
    c.record_units("state", (cx - r, cy - r, cx + r, cy + r), state=kind)


def _multiplier_badge(c: _Canvas, cx: float, cy: float, m: int) -> None:
    r = 14
    icons.circle(c.d, c.u(cx), c.u(cy), c.u(r), fill=ui("highlight"), outline=(255, 255, 255), width=round(c.u(2)))
    c.d.text((c.u(cx), c.u(cy)), f"×{m}", font=font("bold", c.px(15)), fill=(255, 255, 255), anchor="mm")
    c.record_units("state", (cx - r, cy - r, cx + r, cy + r), state="multiplier", multiplier=m)


def _tag(c: _Canvas, text: str, cy: float, w: int, fill: RGB, fg: RGB = (255, 255, 255)) -> None:
    text = printable(text, "bold", c.language)
    f = c.word_font("bold", c.px(12), text)
    while len(text) > 3 and c.d.textlength(text, font=f) / c.k > w - 24:
        text = text[:-2] + "…"
    tw = c.d.textlength(text, font=f) / c.k
    box = (w / 2 - tw / 2 - 7, cy - 10, w / 2 + tw / 2 + 7, cy + 10)
    c.d.rounded_rectangle(c.box(box), c.u(9), fill=fill, outline=(255, 255, 255), width=round(c.u(1.5)))
    c.d.text((c.u(w / 2), c.u(cy)), text, font=f, fill=fg, anchor="mm")
    c.record_units("tag", box, text=text, font=str(text_font_file("bold", c.language, text)))


# --- faces ----------------------------------------------------------------------------------


def _draw_back(c: _Canvas, face: CardFace, w: int, h: int) -> None:
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
    disc = (w / 2 - 58, h / 2 - 64, w / 2 + 58, h / 2 + 56)
    c.d.ellipse(c.box(disc), fill=ui("back"), outline=ui("paper_edge"), width=round(c.u(3)))
    wild = c.words("wild")
    c.d.text((c.u(w / 2), c.u(24)), wild, font=c.word_font("bold", c.px(17), wild), fill=ui("paper"), anchor="mm")
    c.record_units("wild", (0, 0, w, h))
    _letter(c, face.wild_letter or "?", w / 2, h / 2 - 4, ui("paper"), (40, h - 36))
    if face.source_shown:
        # which card this wild is: its genre colour and emblem and its printed letter
        d = card(face.card_id)
        col = genre_colours(d.genre)
        band = (w / 2 - 40, h - 44, w / 2 + 40, h - 12)
        c.d.rounded_rectangle(c.box(band), c.u(9), fill=col.main, outline=ui("paper"), width=round(c.u(2)))
        icons.genre_disc(c.d, d.genre, c.u(band[0] + 16), c.u(h - 28), c.u(11))
        c.d.text((c.u(w / 2 + 12), c.u(h - 27)), d.letter, font=font("letter", c.px(26)), fill=(255, 255, 255),
                 anchor="mm")
        c.record_units("wild_source", band, card_id=face.card_id, letter=d.letter, genre=d.genre)
        return
    nothing = c.words("no_benefits")
    c.d.text(
        (c.u(w / 2), c.u(h - 26)),
        nothing,
        font=c.word_font("regular", c.px(12), nothing),
        fill=ui("paper_edge"),
        anchor="mm",
    )


def _draw_face(c: _Canvas, face: CardFace, d: CardDef, w: int, h: int) -> None:
    col = genre_colours(d.genre)
    border = col.main
    if face.inked:
        border = ui("ink")
    elif face.cleared:
        border = (170, 200, 230)
    _frame(c, w, h, border, ui("paper"))
    if face.inked or face.cleared:
        # the genre rim inside the state border keeps the genre readable
        c.d.rounded_rectangle(c.box((6, 6, w - 6, h - 6)), c.u(8), outline=col.main, width=round(c.u(3)))
    letter = face.wild_letter if (face.uncovered and face.wild_letter) else d.letter
    landscape = w > h
    badges = [
        kind
        for kind, on in (
            ("uncovered", face.uncovered),
            ("inked", face.inked),
            ("cleared", face.cleared and not face.inked),
            ("multiplier", face.multiplier > 1),
        )
        if on
    ]
    # an uncovered wild keeps the letter it was given (R14.3): say what is printed on it
    note = c.words("printed", letter=d.letter) if letter != d.letter else None
    if landscape:
        # the letter fills a landscape card's left part: its state badges ride in the ribbon
        _ribbon(c, d, w, note, reserve=30 * len(badges))
        letter_box = (8, 42, 106, h - 6)
        benefit_box = (106, 46, w - 9, h - 9)
        spots = {kind: (64.0 + 30 * i, 24.0) for i, kind in enumerate(badges)}
    else:
        _ribbon(c, d, w, note)
        letter_box = (6, 40, w - 6, 128)
        benefit_box = (9, 129, w - 9, h - 9)
        ink_spot = (letter_box[2] - 20, letter_box[1] + 20)
        spots = {
            "uncovered": (letter_box[0] + 20, letter_box[1] + 20),
            "inked": ink_spot,
            "cleared": ink_spot,
            "multiplier": (letter_box[2] - 20, letter_box[3] - 20),
        }
    lcx, lcy = (letter_box[0] + letter_box[2]) / 2, (letter_box[1] + letter_box[3]) / 2 + 3
    size = LETTER_SIZE * (0.86 if landscape else 0.92)
    max_w = letter_box[2] - letter_box[0] + 4
    _letter(c, letter, lcx, lcy, col.dark, (letter_box[1] + 6, letter_box[3] + 2), size, max_w)
    _benefit_area(c, d, face, benefit_box)

    r = 13 if landscape else 14
    for kind in badges:
        if kind == "multiplier":
            _multiplier_badge(c, *spots[kind], face.multiplier)
        else:
            _badge(c, *spots[kind], r, kind)

    if face.foreign_classic:
        # another player's classic in this word gives nothing (R10.1): fade the benefits
        fb = (benefit_box[0] - 4, benefit_box[1] - 2, benefit_box[2] + 4, benefit_box[3] + 4)
        c.overlay(lambda o: o.rectangle(c.box(fb), fill=(*ui("paper"), 205)))
        c.record_units("state", fb, state="foreign")
        text = c.words("foreign", owner=face.owner) if face.owner else c.words("foreign_anon")
        _tag(c, text, (benefit_box[1] + benefit_box[3]) / 2, w, (90, 90, 90))


def _draw_overlays(c: _Canvas, face: CardFace, w: int, h: int) -> None:
    if face.jailed:

        def bars(o: ImageDraw.ImageDraw) -> None:
            for x in range(18, w - 8, 26):
                o.rectangle(c.box((x, 4, x + 6, h - 4)), fill=(35, 35, 35, 170))
            o.rectangle(c.box((4, h * 0.38, w - 4, h * 0.38 + 6)), fill=(35, 35, 35, 170))

        c.overlay(bars)
        c.record_units("state", (0, 0, w, h), state="jailed")
        _tag(c, c.words("jailer", owner=face.owner) if face.owner else c.words("jailed"), h - 22, w, ui("jail"))
    if face.dimmed:
        c.overlay(lambda o: o.rounded_rectangle(c.box((0, 0, w, h)), c.u(12), fill=(*ui("background"), 150)))
        c.record_units("state", (0, 0, w, h), state="dimmed")


# ~100 KB per face on average over the scales used: 1024 faces bound the cache near 100 MB, and
# hold every card at the three scales the composed images use plus the common states.
@lru_cache(maxsize=1024)
def render_card(face: CardFace, scale: float = 1.0, language: str = "en") -> CardRender:
    """Draw ``face`` at ``scale`` (1.0 = 160 px wide portrait), its printed words in ``language``.
    Cached; see module docstring."""
    d = card(face.card_id)
    w, h = card_units(face)
    c = _Canvas(w, h, scale, language)
    if _face_down(face):
        _draw_back(c, face, w, h)
    else:
        _draw_face(c, face, d, w, h)
    _draw_overlays(c, face, w, h)
    return c.finish()


def cache_info() -> str:
    return str(render_card.cache_info())


def box_of(render: CardRender, kind: str) -> Box:
    for r in render.regions:
        if r.kind == kind:
            return r.box
    raise KeyError(kind)
