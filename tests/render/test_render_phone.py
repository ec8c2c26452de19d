"""Every image kind read at a phone's width (about 400 px): type, glyphs, thumbnails and names.

The images are 772 px wide and Discord shows them about ``PHONE_W`` px wide on a phone, so each size
below is checked after that shrink.  Facts come from the layout the renderer records (type sizes,
glyph boxes, names) and from the pixels (contrast of every glyph).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import replace
from functools import partial

import numpy as np
import pytest
from image_kinds import in_english

from hardback_bot.render import (
    Rendered,
    draw_card_lookup,
    draw_table,
    samples,
)
from hardback_bot.render.compose import PHONE_W, WIDTH, could_be
from hardback_bot.render.models import PlayerPanel

SHRINK = PHONE_W / WIDTH
MIN_TYPE_PX = 11  # type size on the phone
# the word preview's cards and the legend's whole cards are drawn at the offer row's size
MIN_GLYPH_PX = {"offer": 13, "hand": 13, "inked": 13, "word": 13, "classics": 13, "seat": 17, "card": 22,
                "legend/card": 13, "legend/chip": 17}
LUMA = np.array([0.299, 0.587, 0.114])


def _table(n: int) -> Rendered:
    return draw_table(samples.table(n))


def _coop(n: int) -> Rendered:
    model = samples.coop_table()
    players = tuple(PlayerPanel(f"Player {i + 1}", 0, i, 0, hand_count=5) for i in range(n))
    return draw_table(replace(model, players=players))


KINDS: dict[str, Callable[[], Rendered]] = {
    **in_english("offer_row", "hand", "word_preview"),
    **{f"table_{n}p": partial(_table, n) for n in (2, 3, 4, 5)},
    **{f"table_coop_{n}p": partial(_coop, n) for n in (1, 2, 3, 4)},
    **in_english("table_coop", "table_finished", "table_long_names", "results", "results_coop"),
    **{f"lookup_{cid}": partial(draw_card_lookup, cid) for cid in (21, 5, 46, 73, 95, 141)},
    **in_english("legend_cards", "legend_table"),
}


@pytest.fixture(scope="module", params=list(KINDS))
def rendered(request: pytest.FixtureRequest) -> tuple[str, Rendered]:
    return request.param, KINDS[request.param]()


def test_all_type_is_readable(rendered: tuple[str, Rendered]) -> None:
    kind, r = rendered
    texts = [t for t in r.layout if t.get("px") is not None]
    assert texts, kind
    for t in texts:
        assert int(t.get("px")) * SHRINK >= MIN_TYPE_PX, (kind, t)  # type: ignore[call-overload]
        left, _, right, _ = t.box
        assert left >= 0 and right <= r.image.size[0], (kind, t)  # nothing runs off the image


def _glyph_class(path: str) -> str:
    if path.startswith(("legend/card", "legend/chip")):
        return path[:11]
    return path.split("/")[0].rstrip("0123456789") or "card"


def _faded(r: Rendered, box: tuple[int, int, int, int]) -> bool:
    """Inside a foreign classic's faded benefits (it gives nothing: drawn faint on purpose)."""
    return any(s.get("state") == "foreign" and s.box[0] <= box[0] and s.box[1] <= box[1] and box[2] <= s.box[2]
               and box[3] <= s.box[3] for s in r.layout.of_kind("state"))


def test_benefit_glyphs_are_readable_and_contrasted(rendered: tuple[str, Rendered]) -> None:
    kind, r = rendered
    pixels = np.asarray(r.image.convert("RGB"), dtype=float) @ LUMA
    for g in r.layout.of_kind("benefit"):
        if _faded(r, g.box):
            continue
        where = _glyph_class(str(g.get("path") or "card"))
        height = (g.box[3] - g.box[1]) * SHRINK
        assert height >= MIN_GLYPH_PX.get(where, 22), (kind, where, g, round(height, 1))
        left, top, right, bottom = g.box
        patch = pixels[max(0, top):bottom, max(0, left):right]
        assert patch.max() - patch.min() > 100, (kind, g)  # the glyph stands out from its background


def test_table_thumbnails_are_chips_not_shrunken_cards() -> None:
    r = draw_table(samples.table(5))
    assert not [c for c in r.layout.of_kind("card") if str(c.get("path")).startswith("seat")]
    chips = r.layout.of_kind("chip")
    assert len(chips) == sum(len(p.classics) + (p.jail is not None) for p in samples.players(5))
    for chip in chips:
        assert (chip.box[3] - chip.box[1]) * SHRINK >= 30
        letters = [x for x in r.layout.of_kind("letter") if x.get("path") == chip.get("path")]
        assert letters and all((x.box[3] - x.box[1]) * SHRINK >= 24 for x in letters)


@pytest.mark.parametrize("kind", ["table_long_names", "table_5p", "results"])
def test_shortened_names_still_tell_the_seats_apart(kind: str) -> None:
    r = KINDS[kind]()
    region = "name" if kind.startswith("table") else "legend"
    shown = [str(t.get("text")) for t in r.layout.of_kind(region)]
    full = [p.name for p in samples.long_names_table().players] if kind == "table_long_names" else (
        [p.name for p in samples.players(5)] if kind == "table_5p" else [s.name for s in samples.results().series])
    assert len(shown) == len(full) and len(set(shown)) == len(shown)
    for (i, a), (j, other) in itertools.product(enumerate(shown), enumerate(full)):
        assert i == j or not could_be(a, other), (a, other)  # no shortened name could be another seat
    if kind == "table_long_names":
        assert any("…" in s for s in shown)  # the sample is long enough to be cut


def test_two_computer_players_do_not_look_alike_once_cut() -> None:
    from hardback_bot.render.compose import fit_names

    for width in (90, 120, 160):
        a, b = fit_names(["Computer 1 (hard)", "Computer 2 (hard)"], "regular", 22, width)
        assert a != b and "1" in a and "2" in b, (width, a, b)
