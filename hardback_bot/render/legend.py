"""The icon legend of ``/hardback rules icons``: every symbol on the cards and the table, in words.

Two images, so each stays phone-shaped: ``"cards"`` (genres, the parts of a card, every benefit glyph,
the four joining symbols) and ``"table"`` (card states and the table's tokens and marks).  Every
icon is drawn by the same code that draws it on the cards and the table (glyphs, crops of rendered
cards at their recorded regions), so the legend cannot drift from the art.

Sizes are chosen for the phone: the images are 772 px wide and shown about 400 px wide, so captions
use 24 px type (about 12 px there), glyphs are 44 px tall and whole cards are drawn at the offer row's
size, their printed words as legible as there.  Captions wrap onto more lines, which leaves room for
longer translations; a word too long for its line is condensed a little, never cut.  Every caption is
in ``STRINGS``, translated by the catalogues (domain ``content``, msgctxt ``STRINGS_CONTEXT``); both
parts are drawn in any language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from hardback_bot.cardtext import benefit_text, genre_name
from hardback_bot.engine.cards import BENEFIT_KINDS, GENRES, Benefit
from hardback_bot.i18n import translator
from hardback_bot.render import icons
from hardback_bot.render.assets import text_font, ui
from hardback_bot.render.benefits import glyph
from hardback_bot.render.card import render_card
from hardback_bot.render.chip import CHIP_H, chip_width, draw_chip
from hardback_bot.render.compose import MARGIN, WIDTH, Canvas, Rendered, encode_png, token
from hardback_bot.render.layout import Box, Region
from hardback_bot.render.models import CardFace
from hardback_bot.render.table import computer_mark
from hardback_bot.render.text import fit_lines, wrap_text

PARTS = ("cards", "table")
GLYPH = 44
CAPTION = 24
HEAD = 30
#: The column the icons are centred in: a timeless classic at the offer row's size fits, and so does a jailed
#: card's chip at the table's size (its emblems as wide as on the table: 14.5 px on a phone).
ICON_W = 260
LINE = 30  # caption line height
ROW_PAD = 14
VALUE = 2  # the number shown in the sample glyphs ("gain 2¢")

STRINGS_CONTEXT = "icon legend"
STRINGS_NOTES = {
    "sample.award": "as the table shows an award",
    "sample.turn": "as the table's tag after the name of the player whose turn it is (the table image's 'to play')",
    "sample.deck": "as the offer row's count of cards left in its deck",
    "sample.hand": "as the table's count of a player's cards in hand",
}
STRINGS: dict[str, str] = {
    "title.cards": "Icons on the cards",
    "title.table": "Card states and the table",
    "section.genres": "Genres",
    "section.parts": "Parts of a card",
    "section.benefits": "Benefits: what a card gives in your word",
    "section.symbols": "Symbols between icons",
    "section.states": "Card states",
    "section.table": "On the table",
    "part.cost": "price in the offer row",
    "part.purchase": "prestige you get once, when you buy the card",
    "part.genre_band": "genre bonus: works only with 2+ cards of this genre in your turn",
    "part.timeless": "timeless classic: printed sideways, stays in play and pays every turn",
    "symbol.or": "or: you choose one of the two",
    "symbol.times": "times: for each of these, or twice the numbers",
    "symbol.for": "in exchange: give up the left for the right",
    "symbol.beside": "a card directly left or right of this one in your word",
    "state.wild": "wild: played face down as any letter; gives nothing",
    "state.uncovered": "uncovered wild: face up again, keeps its letter, gives its benefits; beside the eye, the "
                       "letter printed on the card",
    "state.inked": "inked: drawn with ink, must go face up into your next word",
    "state.cleared": "cleared with remover: an ordinary card again",
    "state.doubled": "doubled (×3 tripled): numbers shown multiplied, on an orange ring",
    "state.genre_off": "genre bonus off this turn (fewer than 2 cards of the genre)",
    "state.jailed": "in a player's jail: only they may buy it",
    "state.foreign": "another player's timeless classic in your word: it gives nothing",
    "state.dimmed": "dimmed in the offer row: you cannot afford it",
    "table.ink": "ink: spend 1 to draw a card",
    "table.remover": "remover: spend 1 to clear an inked card",
    "table.coins": "coins (¢): spend them on cards; leftovers become ink",
    "table.prestige": "prestige (★): the score",
    "table.award": "literary award: this prestige is added when the game ends",
    "table.adverts": "adverts bought (of 5)",
    "table.turn": "whose turn it is",
    "table.deck": "cards left in the offer deck",
    "table.hand": "cards in a player's hand",
    "table.computer": "a computer player",
    "table.classic": "a timeless classic in play, shown in one line: its letter and benefits",
    "table.jail": "the card in a player's jail, with its price",
    "sample.award": "+6★",
    "sample.turn": "to play",
    "sample.deck": "96 in deck",
    "sample.hand": "hand 5",
    # the alt text: every caption in order
    "alt.title": "{title}:",
    "alt.section": "{section}: {captions}.",
    "alt.join": "; ",
}

Draw = Callable[[Canvas, int, int], None]  # draws an icon centred at (cx, cy)


@dataclass(frozen=True, slots=True)
class Entry:
    key: str  # a STRINGS key, or "benefit:<kind>" / "genre:<name>"
    icon: Draw
    icon_h: int


#: A legend's sections: each heading's key (``STRINGS``) and its entries.
Sections = list[tuple[str, list[Entry]]]


@dataclass(frozen=True, slots=True)
class Piece:
    """An image the legend pastes (a crop of a card, a whole card, a glyph, a chip) with the regions
    drawn in it, in its own pixels, so the legend's layout records its texts too."""

    image: Image.Image
    regions: tuple[Region, ...] = ()


def _s(language: str, key: str) -> str:
    return translator(language).entry(STRINGS_CONTEXT, STRINGS[key])


def _caption(key: str, language: str = "en") -> str:
    if key.startswith("benefit:"):
        kind = key.split(":", 1)[1]
        return benefit_text(Benefit(kind, _value(kind)), "long", language)
    if key.startswith("genre:"):
        return genre_name(key.split(":", 1)[1], language)
    return _s(language, key)


def _paste(c: Canvas, piece: Piece, cx: int, cy: int) -> None:
    img = piece.image
    w, h = img.size
    x, y = cx - w // 2, cy - h // 2
    c.img.paste(img, (x, y), img if img.mode == "RGBA" else None)
    c.layout.extend(piece.regions, x, y, "legend")


def _crop(face: CardFace, scale: float, kind: str, pad: int = 3, round_: bool = False, corner: float = 0,
          **data: object) -> Piece:
    """A piece of a rendered card: the first region of ``kind`` (matching ``data``) plus a margin, with
    the regions wholly inside it; ``round_`` keeps only the disc inside the box (a state badge), ``corner``
    the rounded box of that radius (a tag, without the ribbon around it).  Crops hold no words, so they are
    cut from the English card."""
    r = render_card(face, scale)
    for region in r.regions:
        if region.kind == kind and all(region.get(k) == v for k, v in data.items()):
            left, top, right, bottom = region.box
            w, h = r.image.size
            cut = (max(0, left - pad), max(0, top - pad), min(w, right + pad), min(h, bottom + pad))
            piece = r.image.crop(cut)
            if round_ or corner:
                mask = Image.new("L", piece.size, 0)
                whole = (0, 0, piece.size[0] - 1, piece.size[1] - 1)
                if round_:
                    ImageDraw.Draw(mask).ellipse(whole, fill=255)
                else:
                    ImageDraw.Draw(mask).rounded_rectangle(whole, corner, fill=255)
                clear = Image.new("RGBA", piece.size, (0, 0, 0, 0))
                piece = Image.composite(piece, clear, mask)
            return Piece(piece, _within(r.regions, cut))
    raise KeyError(kind)


def _card(face: CardFace, language: str, top: int = 0, bottom: int | None = None) -> Piece:
    """A card at the offer row's size (its words as legible as there), or the band of it from ``top``
    to ``bottom`` (pixels) when that is the part the caption is about."""
    r = render_card(face, 1.0, language)
    w, h = r.image.size
    bottom = h if bottom is None else bottom
    return Piece(r.image.crop((0, top, w, bottom)) if (top, bottom) != (0, h) else r.image,
                 _within(r.regions, (0, top, w, bottom)))


def _within(regions: tuple[Region, ...], cut: Box) -> tuple[Region, ...]:
    """The regions of a card wholly inside ``cut``, moved to the cut's corner; an overlay (a card's fade, a jail's
    bars) reaches past any cut, so it is kept, clipped to it."""
    left, top, right, bottom = cut
    out = []
    for x in regions:
        if x.box[0] >= left and x.box[1] >= top and x.box[2] <= right and x.box[3] <= bottom:
            out.append(x.shifted(-left, -top, "card"))
        elif x.get("overlay") and x.box[0] < right and x.box[2] > left and x.box[1] < bottom and x.box[3] > top:
            clipped = (max(left, x.box[0]), max(top, x.box[1]), min(right, x.box[2]), min(bottom, x.box[3]))
            out.append(Region(x.kind, clipped, x.data).shifted(-left, -top, "card"))
    return tuple(out)


def _value(kind: str) -> int:
    # the number the cards print: preview is always 3 (R11.12), others read well as 2
    return (3 if kind == "preview" else VALUE) if BENEFIT_KINDS[kind] else 0


def _side_by_side(*parts: Piece, gap: int = 10) -> Piece:
    w = sum(p.image.size[0] for p in parts) + gap * (len(parts) - 1)
    h = max(p.image.size[1] for p in parts)
    out = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    regions: list[Region] = []
    x = 0
    for p in parts:
        y = (h - p.image.size[1]) // 2
        out.paste(p.image, (x, y), p.image)
        regions += [r.shifted(x, y) for r in p.regions]
        x += p.image.size[0] + gap
    return Piece(out, tuple(regions))


def _glyph(kind: str, multiplier: int = 1) -> Entry:
    img, regions = glyph(kind, _value(kind), GLYPH, multiplier)
    piece = Piece(img, regions)
    return Entry(f"benefit:{kind}", lambda c, x, y: _paste(c, piece, x, y), GLYPH)


def _image(key: str, piece: Piece) -> Entry:
    return Entry(key, lambda c, x, y: _paste(c, piece, x, y), piece.image.size[1])


def _genre(genre: str) -> Entry:
    def draw(c: Canvas, x: int, y: int) -> None:
        c.layout.add("emblem", icons.paste_genre_marker(c.img, genre, x, y, 52, "badge"), genre=genre, style="badge")

    return Entry(f"genre:{genre}", draw, 52)


def _symbol(key: str, draw: Callable[[Canvas, int, int], None]) -> Entry:
    return Entry(key, draw, GLYPH)


def _times(c: Canvas, x: int, y: int) -> None:
    icons.times(c.d, x, y, GLYPH / 2, ui("text"))


def _award(c: Canvas, x: int, y: int) -> None:
    icons.rosette(c.d, x - 30, y, 14, ui("warn"))
    c.text((x - 8, y), _s(c.language, "sample.award"), 24, anchor="lm")


def _adverts(c: Canvas, x: int, y: int) -> None:
    for i in range(5):
        c.d.rectangle((x - 45 + i * 18, y - 7, x - 32 + i * 18, y + 7), fill=ui("warn") if i < 2 else ui("background"))


def _turn(c: Canvas, x: int, y: int) -> None:
    label = _s(c.language, "sample.turn")
    squeeze = fit_lines(label, "bold", 22, ICON_W - 36, c.language, 1)[1]
    half = min(ICON_W // 2 - 4, max(56, round(c.font("bold", 22, label).getlength(label) * squeeze / 2) + 14))
    tag = (x - half, y - 16, x + half, y + 16)
    c.d.rounded_rectangle(tag, 16, fill=ui("warn"))
    c.layout.add("tag", tag)
    c.text((x, y), label, 22, (30, 30, 30), anchor="mm", room=tag, on=("tag",), squeeze=squeeze)


def _deck(c: Canvas, x: int, y: int) -> None:
    left = x - ICON_W // 2 + 8  # the card back at the column's left, the count in the rest of it
    icons.card_back_small(c.d, left + 12, y, 16, "")
    c.layout.add("deck_icon", (left, y - 16, left + 24, y + 16))
    c.lines((left + 30, y), _s(c.language, "sample.deck"), 22, ICON_W - 8 - 30 - 12, ui("text_dim"), role="bold",
            most=1)


def _computer(c: Canvas, x: int, y: int) -> None:
    computer_mark(c, x - 13, y + 2, -1)


def _chip(face: CardFace) -> Piece:
    """A table chip, drawn on the panel colour (and shrunk to the icon column if it is wider)."""
    c = Canvas(chip_width(face) + 4, CHIP_H + 4, ui("panel"))
    draw_chip(c, face, 2, 2, "chip")
    img = c.img.convert("RGBA")
    regions = tuple(c.layout)
    if img.size[0] > ICON_W - 10:
        scale = (ICON_W - 10) / img.size[0]
        img = img.resize((ICON_W - 10, round(img.size[1] * scale)), Image.Resampling.LANCZOS)
        regions = tuple(r.scaled(scale) for r in regions)
    return Piece(img, regions)


def _tok(kind: str, count: int) -> Draw:
    return lambda c, x, y: (token(c, kind, x - 28, y, count, 30), None)[1]


def _hand(c: Canvas, x: int, y: int) -> None:
    c.text((x, y), _s(c.language, "sample.hand"), 22, ui("text_dim"), anchor="mm")


def sections(part: str, language: str = "en") -> Sections:
    """The sections of the legend's ``part``, each entry with the icon that draws it."""
    if part == "cards":
        sample = CardFace(3)  # adventure B: a cost tag, purchase prestige and a genre band
        classic = CardFace(5)
        return [
            ("section.genres", [_genre(g) for g in (*GENRES, "starter")]),
            ("section.parts", [
                # cut close: the tag alone, not the ribbon of the genre's colour around it
                _image("part.cost", _crop(sample, 1.6, "cost", pad=1, corner=9)),
                _image("part.purchase", _crop(sample, 1.6, "purchase", pad=1, corner=17)),
                _image("part.genre_band", _crop(sample, 1.1, "genre_band")),
                _image("part.timeless", _card(classic, language)),
            ]),
            ("section.benefits", [_glyph(kind) for kind in BENEFIT_KINDS]),
            ("section.symbols", [
                _symbol("symbol.or", lambda c, x, y: icons.slash(c.d, x, y, GLYPH / 2, ui("text"))),
                _symbol("symbol.times", _times),
                _symbol("symbol.for", lambda c, x, y: icons.arrow_right(c.d, x, y, GLYPH * 0.6, ui("text"))),
                _symbol("symbol.beside", lambda c, x, y: icons.side_arrows(c.d, x, y, GLYPH * 0.45, GLYPH * 0.22,
                                                                           ui("text"))),
            ]),
        ]
    return [
        ("section.states", [
            _image("state.wild", _card(CardFace(36, wild_letter="Q"), language)),
            _image("state.uncovered", _crop(CardFace(67, wild_letter="A", uncovered=True), 1.4, "state",
                                            pad=1, round_=True, state="uncovered")),
            _image("state.inked", _crop(CardFace(36, inked=True), 1.4, "state", pad=1, round_=True, state="inked")),
            _image("state.cleared", _crop(CardFace(36, cleared=True), 1.4, "state", pad=1, round_=True,
                                          state="cleared")),
            _image("state.doubled", _side_by_side(
                _crop(CardFace(36, multiplier=2), 1.4, "number", pad=5, round_=True),
                _crop(CardFace(36, multiplier=2), 1.4, "state", pad=1, round_=True, state="multiplier"))),
            _image("state.genre_off", _crop(CardFace(20, genre_active=False), 1.0, "genre_band")),
            _image("state.jailed", _card(CardFace(110, jailed=True), language, top=64)),
            _image("state.foreign", _card(CardFace(5, foreign_classic=True), language)),
            _image("state.dimmed", _card(CardFace(16, dimmed=True), language, bottom=132)),
        ]),
        ("section.table", [
            Entry("table.ink", _tok("ink", 3), GLYPH),
            Entry("table.remover", _tok("remover", 1), GLYPH),
            Entry("table.coins", _tok("coins", 7), GLYPH),
            Entry("table.prestige", _tok("prestige", 42), GLYPH),
            Entry("table.award", _award, GLYPH),
            Entry("table.adverts", _adverts, GLYPH),
            Entry("table.turn", _turn, GLYPH),
            Entry("table.hand", _hand, GLYPH),
            Entry("table.deck", _deck, GLYPH),
            Entry("table.computer", _computer, GLYPH),
            _image("table.classic", _chip(CardFace(12))),
            _image("table.jail", _chip(CardFace(12, jailed=True))),
        ]),
    ]


def _wrap(text: str, max_w: float, language: str = "en") -> list[tuple[str, float]]:
    """Greedy wrap at the caption size (at spaces; between Japanese characters), each line with the
    squeeze it needs (a word longer than the line is condensed, not cut)."""
    lines = wrap_text(text, "regular", CAPTION, max_w, language) or [""]
    f = text_font("regular", CAPTION, language, text)
    return [(line, min(1.0, max_w / max(1.0, f.getlength(line)))) for line in lines]


def _row_height(entry: Entry, lines: int) -> int:
    return max(entry.icon_h, lines * LINE) + ROW_PAD


GRID = frozenset({"section.genres"})  # short captions: drawn across, icon above its word
GRID_H = 52 + 12 + LINE + ROW_PAD


def _grid(c: Canvas, entries: list[Entry], y: int) -> None:
    # as wide as one of the five genres' cells, however few are shown
    step = (WIDTH - 2 * MARGIN) // max(len(entries), len(GENRES) + 1)
    for i, e in enumerate(entries):
        x = MARGIN + i * step
        box: Box = (x + 4, y, x + step - 4, y + GRID_H - ROW_PAD // 2)
        c.d.rounded_rectangle(box, 8, fill=ui("panel"))
        e.icon(c, x + step // 2, y + 6 + e.icon_h // 2)
        c.layout.add("legend_icon", box, key=e.key)
        c.lines((x + step // 2, y + 12 + e.icon_h + LINE // 2), _caption(e.key, c.language), CAPTION, step - 14,
                anchor="mm", most=1, kind="legend_text", room=box, key=e.key)


def _icon_background(key: str) -> tuple[int, int, int]:
    # card pieces sit on the card's paper, table marks on the table's panel colour
    return ui("paper") if key.startswith(("state.", "part.", "benefit:")) else ui("panel")


def draw_sections(chosen: Sections, language: str, title: str | None) -> Rendered:
    """``chosen`` sections drawn as the legend draws them, under ``title`` (or none)."""
    text_x = MARGIN + ICON_W + 18
    text_w = WIDTH - MARGIN - text_x
    laid = [(head, [(e, _wrap(_caption(e.key, language), text_w, language)) for e in entries])
            for head, entries in chosen]
    height = MARGIN + (56 if title else 0)
    for head, rows in laid:
        body = GRID_H if head in GRID else sum(_row_height(e, len(lines)) for e, lines in rows)
        height += HEAD + 18 + body + 10
    height += MARGIN
    c = Canvas(WIDTH, height, language=language)
    y = MARGIN
    if title:
        c.lines((MARGIN, y + 24), title, 38, WIDTH - 2 * MARGIN, role="letter", most=1, kind="title")
        y += 56
    for head, rows in laid:
        c.lines((MARGIN, y + HEAD // 2), _s(language, head), HEAD - 4, WIDTH - 2 * MARGIN, ui("warn"), role="bold",
                most=1, kind="section", section=head)
        y += HEAD + 18
        if head in GRID:
            _grid(c, [e for e, _ in rows], y)
            y += GRID_H + 10
            continue
        for e, lines in rows:
            h = _row_height(e, len(lines))
            cy = y + h // 2
            box: Box = (MARGIN, y, MARGIN + ICON_W, y + h)
            c.d.rounded_rectangle(box, 8, fill=_icon_background(e.key))
            e.icon(c, MARGIN + ICON_W // 2, cy)
            c.layout.add("legend_icon", box, key=e.key)
            ty = cy - (len(lines) - 1) * LINE / 2
            for i, (line, squeeze) in enumerate(lines):
                c.text((text_x, ty + i * LINE), line, CAPTION, role="regular", anchor="lm", kind="legend_text",
                       room=(text_x, y, WIDTH - MARGIN, y + h), squeeze=squeeze, key=e.key)
            y += h
        y += 10
    return c.finish()


def draw_legend(part: str = "cards", language: str = "en") -> Rendered:
    if part not in PARTS:
        raise ValueError(f"no legend part {part!r}; parts: {', '.join(PARTS)}")
    return draw_sections(sections(part, language), language, _s(language, f"title.{part}"))


@cache
def render_legend(part: str = "cards", language: str = "en") -> bytes:
    """The legend as PNG bytes, drawn once per process and language (it depends on nothing else)."""
    return encode_png(draw_legend(part, language).image)


@cache
def legend_lines(part: str = "cards", language: str = "en") -> tuple[str, ...]:
    """Every caption of the part in words, in order: its title, then one line per section. The alt text, and
    the rules in text mode (docs/accessibility.md), which show no picture and so the whole of it. Worked out
    once per process and language (the captions come with their drawings)."""
    t = translator(language)
    texts = [t.entry(STRINGS_CONTEXT, STRINGS["alt.title"], title=_s(language, f"title.{part}"))]
    return (*texts, *describe_sections(sections(part, language), language))


def legend_description(part: str = "cards", language: str = "en") -> str:
    """Alt text: every caption of the part, in order."""
    return " ".join(legend_lines(part, language))[:1024]


def describe_sections(chosen: Sections, language: str) -> list[str]:
    """One sentence of alt text per section: its heading and its captions."""
    t = translator(language)
    return [t.entry(STRINGS_CONTEXT, STRINGS["alt.section"], section=_s(language, head),
                    captions=_s(language, "alt.join").join(_caption(e.key, language) for e in entries))
            for head, entries in chosen]
