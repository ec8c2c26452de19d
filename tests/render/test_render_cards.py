"""Card faces: every card renders, genre colours land where the layout says, states are visible."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from PIL import Image

from hardback_bot.engine.cards import BENEFIT_KINDS, card_defs, starter_instance
from hardback_bot.render.assets import genre_colours, ui
from hardback_bot.render.benefits import MULTIPLIED, WIDTHS, glyph_image
from hardback_bot.render.card import CARD_H, CARD_W, card_pixels, render_card
from hardback_bot.render.layout import Region
from hardback_bot.render.models import CardFace


def close(a: tuple[int, ...], b: tuple[int, ...], tol: int = 12) -> bool:
    return all(abs(int(x) - int(y)) <= tol for x, y in zip(a, b, strict=False))


def regions(face: CardFace, kind: str) -> list[Region]:
    return [r for r in render_card(face).regions if r.kind == kind]


def count_colour(img: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int], tol: int = 20) -> int:
    arr = np.asarray(img.convert("RGB").crop(box)).astype(int)
    return int((np.abs(arr - np.array(colour)).max(axis=2) <= tol).sum())


ALL_IDS = sorted(card_defs())


def test_there_are_158_cards() -> None:
    assert len(ALL_IDS) == 158


@pytest.mark.parametrize("card_id", ALL_IDS)
def test_every_card_renders_with_genre_colour_and_its_letter(card_id: int) -> None:
    d = card_defs()[card_id]
    face = CardFace(card_id)
    r = render_card(face)
    assert r.image.mode == "RGBA"
    expected = (CARD_H, CARD_W) if d.timeless else (CARD_W, CARD_H)
    assert r.size == expected == card_pixels(face)
    ribbon = regions(face, "ribbon")[0]
    assert ribbon.get("genre") == d.genre
    # just below the price tag and badge, the ribbon is pure genre colour
    x = (ribbon.box[0] + ribbon.box[2]) // 2
    y = ribbon.box[3] - 2
    assert close(r.image.getpixel((x, y))[:3], genre_colours(d.genre).main)
    letter = regions(face, "letter")[0]
    assert letter.get("letter") == d.letter
    # the letter's box holds letter-coloured (genre dark) pixels
    assert count_colour(r.image, letter.box, genre_colours(d.genre).dark) > 200
    # one benefit glyph per printed benefit, each in its section
    benefits = regions(face, "benefit")
    basic = [b.get("benefit") for b in benefits if b.get("section") == "basic"]
    genre = [b.get("benefit") for b in benefits if b.get("section") == "genre"]
    assert basic == [b.kind for b in d.basic]
    assert genre == [b.kind for b in d.genre_bonus]
    # glyphs stay inside the card, and the letter (even J and Q) stays out of them
    for b in benefits:
        left, top, right, bottom = b.box
        assert left >= 0 and top >= 0 and right <= r.size[0] and bottom <= r.size[1]
        overlap_x = min(right, letter.box[2]) - max(left, letter.box[0])
        overlap_y = min(bottom, letter.box[3]) - max(top, letter.box[1])
        assert overlap_x <= 0 or overlap_y <= 1, (letter.box, b.box)


def test_starters_are_grey_and_coin_starters_of_any_seat_draw_alike() -> None:
    seat0, seat3 = starter_instance(141, 0), starter_instance(141, 3)
    assert render_card(CardFace(seat0)).image.tobytes() == render_card(CardFace(seat3)).image.tobytes()
    grey = genre_colours("starter").main
    ribbon = regions(CardFace(seat0), "ribbon")[0]
    assert close(render_card(CardFace(seat0)).image.getpixel((80, ribbon.box[3] - 2))[:3], grey)
    assert not regions(CardFace(seat0), "cost")  # starters are never bought


def test_every_copy_of_a_card_is_one_face_drawn_once() -> None:
    """Every seat's starting cards are separate instances of one printed card: the cache holds one face for them
    all, so a hand or table of any seat draws none that another seat's already drew."""
    faces = [CardFace(starter_instance(141, seat), dimmed=True) for seat in range(5)]
    assert len({id(render_card(face)) for face in faces}) == 1
    assert render_card(CardFace(141, dimmed=True)) is render_card(faces[0])


def test_timeless_classics_are_landscape_and_labelled() -> None:
    timeless = [cid for cid in ALL_IDS if card_defs()[cid].timeless]
    assert len(timeless) == 16
    for cid in timeless:
        w, h = render_card(CardFace(cid)).size
        assert w > h
        assert regions(CardFace(cid), "timeless")


def test_wild_shows_its_letter_and_no_benefits() -> None:
    face = CardFace(36, wild_letter="Q")
    r = render_card(face)
    letters = regions(face, "letter")
    assert [x.get("letter") for x in letters] == ["Q"]
    assert regions(face, "wild")
    assert not regions(face, "benefit") and not regions(face, "number") and not regions(face, "ribbon")
    # drawn in paper colour on the card back
    assert count_colour(r.image, letters[0].box, ui("paper")) > 300
    # a timeless classic played wild is a plain face-down card (portrait)
    assert render_card(CardFace(5, wild_letter="E")).size == (CARD_W, CARD_H)


def test_uncovered_card_keeps_the_given_letter_and_gives_benefits() -> None:
    face = CardFace(67, wild_letter="A", uncovered=True)  # horror X uncovered as "A" (R14.3)
    assert [x.get("letter") for x in regions(face, "letter")] == ["A"]
    assert regions(face, "benefit")
    assert any(s.get("state") == "uncovered" for s in regions(face, "state"))


@pytest.mark.parametrize("m", [2, 3])
def test_doubled_numbers_are_multiplied_and_highlighted(m: int) -> None:
    face = CardFace(36, multiplier=m)  # horror A: either 2¢ or 2★
    r = render_card(face)
    numbers = regions(face, "number")
    assert numbers and all(n.get("highlighted") for n in numbers)
    assert {n.get("value") for n in numbers} == {2 * m}
    hl = ui("highlight")
    for n in numbers:
        left, top, right, bottom = n.box
        ring = (left - 5, top - 5, right + 5, bottom + 5)
        assert count_colour(r.image, ring, hl, tol=30) > 10
    assert any(s.get("state") == "multiplier" and s.get("multiplier") == m for s in regions(face, "state"))
    # the same card undoubled has no highlight at all
    plain = CardFace(36)
    assert not any(n.get("highlighted") for n in regions(plain, "number"))
    for n in regions(plain, "number"):
        left, top, right, bottom = n.box
        assert count_colour(render_card(plain).image, (left - 5, top - 5, right + 5, bottom + 5), hl, 30) == 0


def test_doubling_leaves_ink_or_remover_alone() -> None:
    face = CardFace(37, multiplier=2)  # horror B: coins 3, genre either 2 + ink_or_remover (R13.5)
    by_kind = {b.get("benefit"): b.get("multiplier") for b in regions(face, "benefit")}
    assert by_kind["ink_or_remover"] == 1
    assert by_kind["coins"] == 2


@pytest.mark.parametrize(
    ("face", "state"),
    [
        (CardFace(36, inked=True), "inked"),
        (CardFace(36, cleared=True), "cleared"),
        (CardFace(110, jailed=True, owner="Ada"), "jailed"),
        (CardFace(5, foreign_classic=True, owner="Bob"), "foreign"),
        (CardFace(16, dimmed=True), "dimmed"),
    ],
)
def test_states_are_marked(face: CardFace, state: str) -> None:
    assert any(s.get("state") == state for s in regions(face, "state"))
    assert render_card(face).image.tobytes() != render_card(CardFace(face.card_id)).image.tobytes()


def test_inked_border_uses_ink_colour() -> None:
    r = render_card(CardFace(36, inked=True))
    assert close(r.image.getpixel((2, CARD_H // 2))[:3], ui("ink"))


def test_inactive_genre_band_is_faded() -> None:
    active = render_card(CardFace(20, genre_active=True))
    inactive = render_card(CardFace(20, genre_active=False))
    band = regions(CardFace(20, genre_active=False), "genre_band")[0]
    tint = genre_colours("adventure").tint
    assert count_colour(active.image, band.box, tint, 6) > count_colour(inactive.image, band.box, tint, 6)


def test_every_benefit_kind_has_a_distinct_glyph() -> None:
    assert set(WIDTHS) == set(BENEFIT_KINDS)
    assert set(BENEFIT_KINDS) >= MULTIPLIED
    glyphs = {kind: np.asarray(glyph_image(kind, 2, 40)) for kind in BENEFIT_KINDS}
    for a, b in itertools.combinations(glyphs, 2):
        ga, gb = glyphs[a], glyphs[b]
        assert ga.shape != gb.shape or not np.array_equal(ga, gb), (a, b)
        # and not merely a pixel apart: at least 5% of the smaller glyph differs
        if ga.shape == gb.shape:
            differ = (np.abs(ga.astype(int) - gb.astype(int)).max(axis=2) > 40).mean()
            assert differ > 0.05, (a, b)


def test_scaled_cards_scale_their_layout() -> None:
    big = render_card(CardFace(21), 2.0)
    assert big.size == (2 * CARD_W, 2 * CARD_H)
    small_letter = next(r for r in render_card(CardFace(21)).regions if r.kind == "letter")
    big_letter = next(r for r in big.regions if r.kind == "letter")
    ratio = (big_letter.box[3] - big_letter.box[1]) / (small_letter.box[3] - small_letter.box[1])
    assert 1.8 < ratio < 2.2
