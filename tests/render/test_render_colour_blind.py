"""Colour is never the only signal: every picture, seen by a colour-blind player on a phone.

Every element painted in a genre's colour (a card, a chip, a genre band, a segment of the deck's genre mix, a
genre pill, the legend's swatches) carries that genre's emblem, or its name, in the same region; every emblem is
at least 14 px wide once its picture is shown 400 px wide; and under simulated deuteranopia, protanopia and
tritanopia (and normal vision) each emblem is read back as its own genre from its shape alone, at that width
(``colour_signals``).  Before emblems were added to chips and to the deck's bars, those pictures failed the first
check, and every card's genre band failed the second (its emblem was 8 px wide on a phone).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from functools import cache

import numpy as np
import pytest
from colour_signals import (
    CONTRAST,
    DEFICIENCIES,
    GENRES,
    MARKER_PHONE_PX,
    SHAPE_MARGIN,
    SHAPE_MATCH,
    delta_e,
    marker_phone_px,
    phone,
    read_marker,
    readable_markers,
    unmarked_genre_colour,
)
from image_kinds import IMAGE_KINDS

from hardback_bot.engine.cards import card, card_defs
from hardback_bot.render import Rendered, draw_hand, samples
from hardback_bot.render.assets import genre_colours
from hardback_bot.render.card import render_card
from hardback_bot.render.chip import CHIP_H, chip_width, draw_chip
from hardback_bot.render.compose import WIDTH, Canvas
from hardback_bot.render.deck import DeckImage, draw_deck
from hardback_bot.render.models import CardFace, HandImage

#: The least CAM02-UCS distance between two genres' colours, in normal vision and under each deficiency
#: (before the palette was changed: 6.0 between horror and romance under deuteranopia).
PALETTE_DELTA_E = 15.0


def _every_state() -> Rendered:
    states = tuple(samples.card_states().values())
    return draw_hand(HandImage(cards=states, inked=(), ink=0, remover=0))


def _every_card_as_a_chip() -> Rendered:
    model = samples.deck("en")
    return draw_deck(DeckImage(tuple(sorted(card_defs())), (), model.mixes, model.labels))


PICTURES: dict[str, Callable[[], Rendered]] = {
    **{name: (lambda draw=draw: draw("en")) for name, draw in IMAGE_KINDS.items()},
    "every_card_state": _every_state,
    "every_card_as_a_chip": _every_card_as_a_chip,
}
#: Read by shape under every deficiency: each picture kind once (the two above repeat the same markers 150 times).
READ = [name for name in PICTURES if name not in ("every_card_as_a_chip",)]


@cache
def picture(name: str) -> Rendered:
    return PICTURES[name]()


@pytest.mark.parametrize("name", list(PICTURES))
def test_every_genre_colour_carries_its_emblem_or_name(name: str) -> None:
    r = picture(name)
    assert not unmarked_genre_colour(r), unmarked_genre_colour(r)


@pytest.mark.parametrize("name", list(PICTURES))
def test_every_emblem_is_legible_at_phone_width(name: str) -> None:
    r = picture(name)
    small = [(m.get("genre"), m.box, round(marker_phone_px(m, r.image.size[0]), 1))
             for m in r.layout.of_kind("emblem") if marker_phone_px(m, r.image.size[0]) < MARKER_PHONE_PX]
    assert not small, small


@pytest.mark.parametrize(("name", "deficiency"), list(itertools.product(READ, (None, *DEFICIENCIES))))
def test_every_emblem_tells_its_genre_by_shape_without_colour(name: str, deficiency: str | None) -> None:
    r = picture(name)
    shown = phone(r.image)
    wrong = []
    for marker in readable_markers(r):
        reading = read_marker(shown, marker, r.image.size[0], deficiency)
        if (reading.read_as != reading.genre or reading.margin < SHAPE_MARGIN or reading.match < SHAPE_MATCH
                or reading.contrast < CONTRAST):
            wrong.append(reading)
    assert not wrong, wrong


def test_the_markers_are_read_in_every_picture_with_genres() -> None:
    # the shape check above is not vacuous: the pictures with genre colours have markers of every genre in them
    seen = {str(m.get("genre")) for name in READ for m in readable_markers(picture(name))}
    assert seen == set(GENRES)
    assert len(readable_markers(picture("deck"))) >= 20


@pytest.mark.parametrize("cid", sorted(card_defs()))
def test_every_card_face_and_chip_carries_its_emblem(cid: int) -> None:
    """The ribbon's badge on every card, the band's disc wherever a genre bonus is printed (a card in a composed
    picture is drawn at scale 1.0 at the least), and both on its chip, jailed or not."""
    d = card(cid)
    r = render_card(CardFace(cid), 1.0)
    emblems = [x for x in r.regions if x.kind == "emblem" and x.get("genre") == d.genre]
    assert any(x.get("style") == "badge" for x in emblems)
    bands = [x for x in r.regions if x.kind == "genre_band"]
    assert len([x for x in emblems if x.get("style") == "disc" and x.get("benefit") is None]) == len(bands)
    assert all(marker_phone_px(x, WIDTH) >= MARKER_PHONE_PX for x in r.regions if x.kind == "emblem")
    for face in (CardFace(cid), CardFace(cid, jailed=True)):
        c = Canvas(chip_width(face) + 4, CHIP_H + 4)
        draw_chip(c, face, 2, 2, "chip")
        chip_emblems = [x for x in c.layout.of_kind("emblem") if x.get("genre") == d.genre]
        assert len(chip_emblems) >= 1 + bool(d.genre_bonus), (face, chip_emblems)
        assert all(marker_phone_px(x, WIDTH) >= MARKER_PHONE_PX for x in c.layout.of_kind("emblem"))


def test_a_wild_shows_the_emblem_of_the_card_it_is() -> None:
    r = render_card(CardFace(36, wild_letter="S", source_shown=True), 1.0)
    (emblem,) = [x for x in r.regions if x.kind == "emblem"]
    assert emblem.get("genre") == card(36).genre and marker_phone_px(emblem, WIDTH) >= MARKER_PHONE_PX


@pytest.mark.parametrize("deficiency", (None, *DEFICIENCIES))
def test_the_genre_colours_stay_apart_for_colour_blind_eyes(deficiency: str | None) -> None:
    distances = {(a, b): delta_e(genre_colours(a).main, genre_colours(b).main, deficiency)
                 for a, b in itertools.combinations(GENRES, 2)}
    assert min(distances.values()) >= PALETTE_DELTA_E, distances


@pytest.mark.parametrize("name", ["results", "results_coop"])
def test_each_players_line_has_its_own_shape_on_the_chart_in_the_key_and_the_ranking(name: str) -> None:
    """The results' lines are told apart by colour and by a marker shape each (they are not genres, but colour is
    never the only signal there either)."""
    r = picture(name)
    series = r.layout.of_kind("series")
    shapes = [str(s.get("shape")) for s in series]
    assert len(set(shapes)) == len(series) >= 2
    markers = r.layout.of_kind("series_marker")
    for si, shape in enumerate(shapes):
        mine = [m for m in markers if m.get("series") == si]
        assert {m.get("shape") for m in mine} == {shape}
        assert len([m for m in mine if m.get("point") is not None]) >= 2  # along its line, its last point too
        assert [m for m in mine if m.get("key")]  # in the chart's key, beside the name
    ranked = [m for m in markers if m.get("place") is not None]
    assert len(ranked) == len(r.layout.of_kind("result_score"))
    # the shapes are drawn: a key marker's pixels differ from the panel behind it
    for m in [m for m in markers if m.get("key")]:
        patch = np.asarray(r.image.crop(m.box).convert("L"), dtype=float)
        assert patch.max() - patch.min() > 60, m


def test_a_daily_square_shows_its_level_in_dots_as_well_as_in_colour() -> None:
    r = picture("daily_share")
    squares = r.layout.of_kind("square")
    assert {s.get("level") for s in squares} == {0, 1, 2, 3}
    dark = np.asarray(r.image.convert("L"), dtype=float) < 60
    for s in squares:
        assert s.get("dots") == s.get("level")
        inner = dark[s.box[1] + 4:s.box[3] - 4, s.box[0] + 4:s.box[2] - 4]
        assert bool(inner.any()) == bool(s.get("level")), s
