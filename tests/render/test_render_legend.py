"""The icon legend (``/hardback rules icons``) and the one-meaning-per-symbol rule of the card art."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from hardback_bot.engine.cards import BENEFIT_KINDS, GENRES
from hardback_bot.render.benefits import SYMBOLS, draw_benefit
from hardback_bot.render.legend import PARTS, STRINGS, draw_legend, legend_description, render_legend

PHONE_W = 400
MIN_FONT_PX = 12  # a caption's type size once the image is shown 400 px wide
MIN_ICON_PX = 18

#: Which joining symbols each benefit glyph may use: one meaning each ("/" never means both "or" and "per").
EXPECTED_SYMBOLS = {
    "either_coins_or_prestige": {"or"},
    "ink_or_remover": {"or"},
    "uncover_adjacent": {"beside"},
    "double_adjacent": {"beside", "times"},
    "trash_for_coins": {"for"},
    "trash_for_prestige": {"for"},
    "dump_discard_for_coins": {"for"},
    "coins_per_adventure": {"times"},
    "prestige_per_inked_card": {"times"},
    "prestige_per_wild": {"times"},
}


def _symbols(kind: str) -> set[str]:
    from PIL import ImageDraw

    seen: list[dict[str, object]] = []

    def record(what: str, box: object, **data: object) -> None:
        if what == "symbol":
            seen.append(data)

    img = Image.new("RGBA", (200, 60))
    draw_benefit(ImageDraw.Draw(img), kind, 2 if BENEFIT_KINDS[kind] else 0, 1, 0, 30, 40, record, (0, 0, 0))
    assert all(s["benefit"] == kind for s in seen)
    return {str(s["symbol"]) for s in seen}


@pytest.mark.parametrize("kind", BENEFIT_KINDS)
def test_each_symbol_has_one_meaning(kind: str) -> None:
    assert _symbols(kind) == EXPECTED_SYMBOLS.get(kind, set())
    assert set().union(*EXPECTED_SYMBOLS.values()) == set(SYMBOLS)


def test_the_card_legend_shows_every_benefit_genre_and_symbol() -> None:
    keys = {str(r.get("key")) for r in draw_legend("cards").layout.of_kind("legend_icon")}
    assert {f"benefit:{k}" for k in BENEFIT_KINDS} <= keys
    assert {f"genre:{g}" for g in (*GENRES, "starter")} <= keys
    assert {"symbol.or", "symbol.times", "symbol.for", "symbol.beside"} <= keys
    assert {"part.cost", "part.purchase", "part.genre_band", "part.timeless"} <= keys


def test_the_table_legend_shows_states_and_table_marks() -> None:
    keys = {str(r.get("key")) for r in draw_legend("table").layout.of_kind("legend_icon")}
    states = {"state.wild", "state.uncovered", "state.inked", "state.cleared", "state.doubled", "state.jailed",
              "state.foreign", "state.dimmed", "state.genre_off"}
    marks = {"table.ink", "table.remover", "table.coins", "table.prestige", "table.award", "table.adverts",
             "table.turn", "table.hand", "table.deck"}
    assert states | marks <= keys


@pytest.mark.parametrize("part", PARTS)
def test_legend_is_readable_at_phone_width(part: str) -> None:
    r = draw_legend(part)
    w, h = r.image.size
    assert w == 772 and 0.35 <= w / h <= 2.5
    shrink = PHONE_W / w
    pixels = np.asarray(r.image.convert("L"), dtype=float)
    for t in r.layout.of_kind("legend_text"):
        left, top, right, bottom = t.box
        assert left >= 0 and right <= w, t  # no caption runs off the image
        assert int(t.get("px")) * shrink >= MIN_FONT_PX, t  # type: ignore[call-overload]
    for icon in r.layout.of_kind("legend_icon"):
        left, top, right, bottom = icon.box
        assert (bottom - top) * shrink >= MIN_ICON_PX, icon
        # something is drawn in each icon box, with contrast against its background
        patch = pixels[top:bottom, left:right]
        assert patch.max() - patch.min() > 90, icon


def test_every_caption_is_distinct_and_the_alt_text_says_them() -> None:
    for part in PARTS:
        texts = [str(t.get("text")) for t in draw_legend(part).layout.of_kind("legend_text")]
        assert texts
        alt = legend_description(part)
        assert STRINGS[f"title.{part}"] in alt and len(alt) <= 1024
    with pytest.raises(ValueError):
        draw_legend("nonsense")


def test_legend_png_is_cached_and_small() -> None:
    a = render_legend("cards")
    assert a is render_legend("cards") and a.startswith(b"\x89PNG") and len(a) < 1024 * 1024


def test_a_part_of_the_legend_shows_only_the_entries_asked_in_the_legends_order() -> None:
    from hardback_bot.render.legend_part import draw_legend_of, keys, legend_of_description

    asked = ("state.inked", "benefit:coins", "genre:horror", "symbol.or")
    r = draw_legend_of(asked)
    shown = [str(x.get("key")) for x in r.layout.of_kind("legend_icon")]
    assert shown == [k for k in keys() if k in asked]  # every one asked, nothing else, as the legend orders them
    assert r.image.size[0] == 772 and r.image.size[1] < draw_legend("cards").image.size[1] / 2
    assert not r.layout.of_kind("title")
    alt = legend_of_description(asked)
    assert "horror" in alt and "inked" in alt and "romance" not in alt
    with pytest.raises(ValueError):
        draw_legend_of(("benefit:nonsense",))


def test_the_entries_of_some_cards_are_their_genres_benefits_and_symbols() -> None:
    from hardback_bot.engine.cards import card
    from hardback_bot.render.legend_part import keys, keys_for_cards

    horror_b, timeless_c, starter = card(37), card(5), card(141)  # coins, ink or remover; a classic; a starter
    found = keys_for_cards([horror_b, timeless_c, starter])
    assert set(found) <= set(keys())
    assert {"genre:horror", "genre:adventure", "genre:starter", "benefit:ink_or_remover", "symbol.or",
            "part.genre_band", "part.timeless"} <= set(found)
    assert not {"genre:romance", "benefit:jail", "part.cost", "symbol.for"} & set(found)
    assert "part.cost" in keys_for_cards([horror_b], prices=True)  # a card one may buy: its price tag
    assert "part.cost" not in keys_for_cards([starter], prices=True)  # starters are never for sale
