"""Composed images: sizes, modes, phone legibility, layout facts, PNG bytes, thread safety."""

from __future__ import annotations

import io
from concurrent.futures import ThreadPoolExecutor

import pytest
from image_kinds import IMAGE_KINDS, in_english
from PIL import Image

from hardback_bot.render import (
    CardFace,
    HandImage,
    OfferRowImage,
    draw_hand,
    draw_offer_row,
    draw_results,
    draw_table,
    draw_word_preview,
    render_card_png,
    render_offer_row,
    render_table,
    samples,
)
from hardback_bot.render.assets import genre_colours
from hardback_bot.render.compose import (
    PHONE_W,  # Discord on a phone shows images about this wide
    palette_png,
)

MIN_LETTER_PX = 28
MIN_UNCOVERED_PX = 24
MAX_BYTES = 1024 * 1024

KINDS = in_english("offer_row", "hand", "word_preview", "table_5p", "table_2p", "table_coop", "results",
                   "results_coop", "lookup_portrait", "lookup_timeless", "lookup_starter", "table_finished",
                   "table_long_names")


@pytest.mark.parametrize("kind", KINDS)
def test_images_are_rgb_small_and_phone_shaped(kind: str) -> None:
    r = KINDS[kind]()
    w, h = r.image.size
    assert r.image.mode == "RGB"
    assert w == 772
    # never a thin strip (unreadable when shrunk) and never a near-square crop bait for wide content
    assert 0.35 <= w / h <= 2.5
    png = r.png()
    assert len(png) < MAX_BYTES
    decoded = Image.open(io.BytesIO(png))
    assert decoded.size == (w, h) and decoded.format == "PNG"
    # every region lies inside the image
    for region in r.layout:
        left, top, right, bottom = region.box
        assert -1 <= left <= right <= w + 1 and -1 <= top <= bottom <= h + 1, region


@pytest.mark.parametrize("kind", sorted(IMAGE_KINDS))
def test_the_png_is_a_palette_image_the_eye_cannot_tell_from_the_drawing(kind: str) -> None:
    """Composed images are sent with a 256-colour palette (a third of the bytes): decoded, the picture
    stays within a few levels of what was drawn almost everywhere, and the worst pixel (an antialiased
    edge) within a quarter of the range."""
    import numpy as np

    r = IMAGE_KINDS[kind]("ja" if kind == "deck" else "en")
    decoded = Image.open(io.BytesIO(r.png()))
    assert decoded.mode == "P" and decoded.size == r.image.size
    drawn = np.asarray(r.image.convert("RGB"), dtype=np.int16)
    sent = np.asarray(decoded.convert("RGB"), dtype=np.int16)
    error = np.abs(drawn - sent).max(axis=2)
    assert error.mean() < 2.0, error.mean()
    assert np.percentile(error, 99.9) <= 40
    assert error.max() <= 64


@pytest.mark.parametrize("size", [(1, 1), (3, 2), (772, 5), (5, 900)])
def test_the_palette_png_writer_gives_back_every_index_and_colour(size: tuple[int, int]) -> None:
    """render/compose.palette_png writes the PNG file itself (its deflate is ISA-L's): Pillow reads it back, checks
    its chunks' CRCs, and finds the very indices and palette it was given, whatever the width and height."""
    import numpy as np

    rng = np.random.default_rng(size[0] * 1000 + size[1])
    indexed = Image.fromarray(rng.integers(0, 256, (size[1], size[0]), dtype=np.uint8), "L").convert("P")
    indexed.putpalette(rng.integers(0, 256, 768, dtype=np.uint8).tobytes())
    data = palette_png(indexed)
    Image.open(io.BytesIO(data)).verify()  # signature, chunk order, CRCs
    back = Image.open(io.BytesIO(data))
    assert back.mode == "P" and back.size == indexed.size
    assert back.tobytes() == indexed.tobytes() and back.getpalette() == indexed.getpalette()
    with pytest.raises(ValueError):
        palette_png(indexed.convert("RGB"))


@pytest.mark.parametrize("kind", ["offer_row", "hand", "word_preview", "table_5p", "lookup_portrait"])
def test_main_card_letters_are_legible_at_phone_width(kind: str) -> None:
    r = KINDS[kind]()
    shrink = PHONE_W / r.image.size[0]
    letters = [x for x in r.layout.of_kind("letter") if not str(x.get("path", "")).startswith("seat")]
    assert letters
    for letter in letters:
        height = (letter.box[3] - letter.box[1]) * shrink
        assert height >= MIN_LETTER_PX, (letter, height)


def test_offer_row_is_newest_first_with_deck_and_flush() -> None:
    model = samples.offer_row(flush=True)
    r = draw_offer_row(model)
    cards = [x for x in r.layout.of_kind("card") if str(x.get("path", "")).count("/") == 1]
    assert [c.get("card_id") for c in cards] == [f.card_id for f in model.cards]
    captions = [c.get("text") for c in r.layout.of_kind("caption")]
    assert captions[0] == "1 · newest" and captions[-1] == "7 · oldest"
    # reading order: left to right, then down
    boxes = [c.box for c in cards]
    assert boxes == sorted(boxes, key=lambda b: (b[3], b[0]))
    assert r.layout.where("deck", count=96)
    assert r.layout.of_kind("flush")
    assert not draw_offer_row(samples.offer_row(flush=False)).layout.of_kind("flush")
    # the first card's ribbon carries its genre colour in the final image
    ribbon = next(x for x in r.layout.of_kind("ribbon") if x.get("path") == "offer/card0")
    x, y = (ribbon.box[0] + ribbon.box[2]) // 2, ribbon.box[3] - 2
    px = r.image.getpixel((x, y))
    main = genre_colours("adventure").main
    assert all(abs(a - b) <= 14 for a, b in zip(px, main, strict=True))


def test_offer_row_survives_an_empty_or_short_row() -> None:
    assert draw_offer_row(OfferRowImage(cards=(), deck_count=0)).image.size[1] > 50
    short = draw_offer_row(OfferRowImage(cards=(CardFace(1), CardFace(2)), deck_count=0))
    assert len([c for c in short.layout.of_kind("card") if str(c.get("path")).count("/") == 1]) == 2


def test_hand_sets_inked_cards_apart() -> None:
    r = draw_hand(samples.hand())
    hand_cards = [c for c in r.layout.of_kind("card") if str(c.get("path", "")).startswith("hand/")]
    inked_cards = [c for c in r.layout.of_kind("card") if str(c.get("path", "")).startswith("inked/")]
    assert len(hand_cards) == 5 and len(inked_cards) == 2
    assert min(c.box[1] for c in inked_cards) > max(c.box[3] for c in hand_cards)
    inked_states = [s for s in r.layout.where("state", state="inked")]
    assert len(inked_states) == 2
    tokens = {t.get("token"): t.get("count") for t in r.layout.of_kind("token")}
    assert tokens == {"ink": 3, "remover": 1}


def test_hand_marks_inked_cards_even_if_the_flag_was_forgotten() -> None:
    r = draw_hand(HandImage(cards=(CardFace(1),), inked=(CardFace(2),)))
    assert len(r.layout.where("state", state="inked")) == 1


def test_word_preview_shows_each_cards_earnings_genres_and_totals() -> None:
    model = samples.word_preview()
    r = draw_word_preview(model)
    assert r.layout.where("totals", coins=model.coins, prestige=model.prestige)
    earnings = r.layout.of_kind("earning")
    assert len(earnings) == len(model.slots) + len(model.classics)
    assert earnings[1].get("coins") == 3  # the tripled starter T (R13.9)
    active = {g.get("genre"): g.get("active") for g in r.layout.of_kind("genre_count")}
    assert active == {"adventure": False, "horror": False, "mystery": False, "romance": True}
    assert model.word == "BTOKESC"
    assert r.layout.where("word", text="BTOKESC")
    # the tripled card's coin is highlighted; the wild has no benefits
    tripled = [n for n in r.layout.of_kind("number") if n.get("path") == "word/slot1"]
    assert tripled and all(n.get("highlighted") and n.get("value") == 3 for n in tripled)
    assert not [b for b in r.layout.of_kind("benefit") if b.get("path") == "word/slot5"]


def test_table_shows_every_seat_whose_turn_and_the_offer_row() -> None:
    model = samples.table(5)
    r = draw_table(model)
    panels = r.layout.of_kind("panel")
    assert [p.get("active") for p in panels] == [i == model.active_seat for i in range(5)]
    scores = {s.get("seat"): s.get("value") for s in r.layout.of_kind("score")}
    assert scores == {i: p.score for i, p in enumerate(model.players)}
    assert r.layout.of_kind("turn")[0].get("seat") == model.active_seat
    assert r.layout.of_kind("final_round")
    awards = {a.get("award") for a in r.layout.of_kind("award")}
    assert awards == {p.award for p in model.players if p.award}
    assert [a.get("bought") for a in r.layout.of_kind("adverts")] == [p.adverts for p in model.players]
    # classics and jails appear by owner, as chips
    assert [c for c in r.layout.of_kind("chip") if c.get("path") == "seat2/jail" and c.get("jailed")]
    assert len([c for c in r.layout.of_kind("chip") if c.get("path") == "seat2/classic"]) == 3
    assert [c for c in r.layout.of_kind("card") if str(c.get("path", "")).startswith("offer/")]


def test_table_without_options_hides_awards_and_adverts() -> None:
    model = samples.table(3)
    plain = draw_table(type(model)(players=model.players, active_seat=0, goal=60, offer_row=model.offer_row))
    assert not plain.layout.of_kind("award") and not plain.layout.of_kind("adverts")


def test_coop_table_shows_penny_and_the_team() -> None:
    r = draw_table(samples.coop_table())
    who = {s.get("who"): s.get("value") for s in r.layout.of_kind("coop_score")}
    assert who == {"Team": 123, "Penny Dreadful": 98}
    assert r.layout.where("penny_genre", genre="romance")
    assert not r.layout.of_kind("score")  # no per-seat scores: the score is shared (R29.2)


def test_results_rank_and_chart() -> None:
    model = samples.results()
    r = draw_results(model)
    assert [p.get("place") for p in r.layout.of_kind("place")] == [row.place for row in model.ranking]
    assert len(r.layout.of_kind("series")) == len(model.series)
    chart = r.layout.of_kind("chart")[0]
    assert chart.get("rounds") == 14
    assert draw_results(type(model)(ranking=model.ranking)).image.size[1] < r.image.size[1]


def test_single_card_png_is_transparent_at_the_corners() -> None:
    img = Image.open(io.BytesIO(render_card_png(CardFace(1))))
    assert img.mode == "RGBA" and img.size == (160, 224)
    assert img.getpixel((0, 0))[3] == 0


def test_rendering_is_thread_safe_and_deterministic() -> None:
    serial_offer = render_offer_row(samples.offer_row())
    serial_table = render_table(samples.table(4))
    jobs = [samples.offer_row, lambda: samples.table(4)] * 8
    with ThreadPoolExecutor(max_workers=8) as pool:
        outs = list(
            pool.map(
                lambda f: render_offer_row(f()) if f is samples.offer_row else render_table(f()),  # type: ignore[arg-type]
                jobs,
            )
        )
    assert outs[0::2] == [serial_offer] * 8
    assert outs[1::2] == [serial_table] * 8


def test_names_drop_characters_the_fonts_cannot_draw() -> None:
    from hardback_bot.render.text import printable

    assert printable("Émile 🎲 中") == "Émile"
    assert printable("🎲") == "?"
    assert printable("Жанна ñ ★") == "Жанна ñ ★"
    r = draw_table(samples.table(5))
    names = [n.get("text") for n in r.layout.of_kind("name")]
    assert "Émile" in names


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_card_letter_is_legible_in_rows_even_with_state_badges(language: str) -> None:
    # composed images are 772 px wide and draw cards at scale 1.0 at the smallest (offer row, hand, word)
    from hardback_bot.engine.cards import card_defs
    from hardback_bot.render.card import render_card

    shrink = PHONE_W / 772
    scale = 1.0
    for cid in card_defs():
        for face in (CardFace(cid), CardFace(cid, inked=True, multiplier=2)):
            letter = next(r for r in render_card(face, scale, language).regions if r.kind == "letter")
            assert (letter.box[3] - letter.box[1]) * shrink >= MIN_LETTER_PX, (face, letter)
        # an uncovered wild stands for any letter: the widest, W, beside its badge still reads large (on the
        # crowded classics it gives up some size so that the card's numbers stay 8 px tall)
        face = CardFace(cid, uncovered=True, wild_letter="W")
        letter = next(r for r in render_card(face, scale, language).regions if r.kind == "letter")
        assert (letter.box[3] - letter.box[1]) * shrink >= MIN_UNCOVERED_PX, (face, letter)
