"""Every text of every image kind, in every language, measured where a phone shows it (400 px wide).

The renderer records each text it draws (``Layout.texts``: the string, its type size and cap height,
its box, the room the layout gave it and what it is drawn on on purpose).  Shrunk to the width a phone
shows the image at, every text must have a cap height of at least 8 px, stay inside its room and the
image, and run under no other element — a badge, an emblem, a glyph, another text — unless it says it
is drawn on that kind of element.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cache

import pytest
from image_kinds import IMAGE_KINDS

from hardback_bot.engine.cards import card_defs
from hardback_bot.i18n import LANGUAGES
from hardback_bot.render import PlayerPanel, Rendered, draw_card_lookup, draw_table, samples
from hardback_bot.render.card import render_card
from hardback_bot.render.compose import PHONE_W
from hardback_bot.render.layout import Box, Layout
from hardback_bot.render.models import CardFace

MIN_CAP_PX = 8.0  # cap height once shown on a phone
MIN_SQUEEZE = 0.7  # a condensed label keeps at least this share of its width
SLACK = 2  # px: antialiased edges and a glyph's bearing
GAP = 8  # px: two texts side by side on one line closer than this read as one
#: Elements a text must not run under (unless its ``on`` names their kind): everything drawn solid.
SOLID = frozenset({"adverts", "award_icon", "badge", "benefit", "computer", "cost", "deck_icon", "emblem",
                   "genre_count", "genre_icon", "medal", "number", "purchase", "score", "coop_score", "state",
                   "swatch", "symbol", "tag", "token_icon", "wild_source", "mix_segment"})
#: Containers a text that starts inside one must end inside.
CONTAINERS = ("panel", "flush", "offer_row", "card", "chip")


def _coop(n: int, language: str) -> Rendered:
    players = tuple(PlayerPanel(f"Player {i + 1}", 0, i, 0, hand_count=5) for i in range(n))
    return draw_table(replace(samples.coop_table(), players=players), language)


#: Every image kind, and the tables of every size the phone tests draw.
KINDS: dict[str, Callable[[str], Rendered]] = {
    **IMAGE_KINDS,
    **{f"table_{n}p": (lambda lang, n=n: draw_table(samples.table(n), lang)) for n in (3, 4)},
    **{f"table_coop_{n}p": (lambda lang, n=n: _coop(n, lang)) for n in (1, 3, 4)},
}


@cache
def _rendered(kind: str, language: str) -> Rendered:
    return KINDS[kind](language)


def shrink(width: int) -> float:
    """How much a phone shrinks an image this wide (never enlarges a narrower one)."""
    return min(1.0, PHONE_W / width)


def _overlap(a: Box, b: Box) -> bool:
    across = min(a[2], b[2]) - max(a[0], b[0])
    down = min(a[3], b[3]) - max(a[1], b[1])
    return across > SLACK and down > SLACK


def _inside(inner: Box, outer: Box) -> bool:
    return (inner[0] >= outer[0] - SLACK and inner[1] >= outer[1] - SLACK and inner[2] <= outer[2] + SLACK
            and inner[3] <= outer[3] + SLACK)


def _same_line(a: Box, b: Box) -> bool:
    down = min(a[3], b[3]) - max(a[1], b[1])
    return down > min(a[3] - a[1], b[3] - b[1]) / 2


def problems(layout: Layout, width: int, height: int) -> list[str]:
    """Every way the texts of a layout fail to read on a phone: too small, outside their room, the
    image or their container, or under another element."""
    k = shrink(width)
    texts = layout.texts()
    solid = [r for r in layout if (r.kind in SOLID and not r.get("overlay")) or r.is_text]
    containers = [r for r in layout if r.kind in CONTAINERS]
    out: list[str] = []
    for t in texts:
        label = f"{t.kind} {t.get('text')!r} at {t.box}"
        cap = float(t.get("cap")) * k  # type: ignore[arg-type]
        if cap < MIN_CAP_PX:
            out.append(f"{label}: cap height {cap:.1f} px on a phone")
        if float(t.get("squeeze", 1.0)) < MIN_SQUEEZE:  # type: ignore[arg-type]
            out.append(f"{label}: condensed to {t.get('squeeze')}")
        if not _inside(t.box, (0, 0, width, height)):
            out.append(f"{label}: outside the image")
        room = t.get("room")
        if room is not None and not _inside(t.box, room):  # type: ignore[arg-type]
            out.append(f"{label}: outside its room {room}")
        for c in containers:
            if c.box[0] <= t.box[0] < c.box[2] and c.box[1] <= t.box[1] < c.box[3] and not _inside(t.box, c.box):
                out.append(f"{label}: runs out of its {c.kind} {c.box}")
        for u in texts:
            if u is not t and u.box[0] >= t.box[2] - SLACK and u.box[0] - t.box[2] < GAP and _same_line(t.box, u.box):
                out.append(f"{label}: runs into {u.kind} {u.get('text')!r} at {u.box}")
        on = tuple(t.get("on") or ())  # type: ignore[arg-type]
        for e in solid:
            if e is t or not _overlap(t.box, e.box) or e.kind in on or t.kind in tuple(e.get("on") or ()):
                continue
            out.append(f"{label}: under {e.kind} {e.get('text') or ''} at {e.box}")
    return out


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_text_reads_on_a_phone(kind: str, language: str) -> None:
    r = _rendered(kind, language)
    texts = r.layout.texts()
    assert texts, kind
    assert all(t.get("font") and t.get("px") for t in texts)
    found = problems(r.layout, *r.image.size)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_card_in_every_state_reads_in_a_composed_image(language: str) -> None:
    faces = [CardFace(cid) for cid in sorted(card_defs())]
    faces += [CardFace(cid, multiplier=2) for cid in sorted(card_defs())]
    faces += list(samples.card_states().values())
    faces += [CardFace(5, uncovered=True, wild_letter="Q", multiplier=3), CardFace(31, inked=True, multiplier=2),
              CardFace(123, foreign_classic=True, owner="Bartholomew the Magnificent"),
              CardFace(110, jailed=True, owner="Bartholomew the Magnificent")]
    found = []
    for face in faces:
        # a composed image draws cards at scale 1.0 at the smallest, and a phone shows it 400/772 as wide
        r = render_card(face, 1.0, language)
        layout = Layout(r.size, list(r.regions))
        found += [f"{face}: {problem}" for problem in problems(layout, 772, r.size[1])]
    assert not found, "\n".join(found[:40]) + f"\n({len(found)} in all)"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_card_lookup_reads_on_a_phone(language: str) -> None:
    found = []
    for cid in sorted(card_defs()):
        r = draw_card_lookup(cid, language)
        found += [f"card {cid}: {problem}" for problem in problems(r.layout, *r.image.size)]
    assert not found, "\n".join(found[:40]) + f"\n({len(found)} in all)"


def test_the_measure_sees_a_small_text_a_text_out_of_its_room_and_a_covered_text() -> None:
    layout = Layout((772, 400))
    layout.add("caption", (10, 10, 200, 26), text="tiny", px=12, cap=9.0, font="f", room=(0, 0, 300, 40), on=())
    layout.add("label", (10, 50, 320, 80), text="too long", px=22, cap=16.0, font="f", room=(0, 40, 300, 90), on=())
    layout.add("badge", (100, 100, 140, 140))
    layout.add("label", (90, 110, 200, 130), text="covered", px=22, cap=16.0, font="f", room=(0, 90, 772, 400),
               on=())
    layout.add("label", (90, 150, 130, 170), text="on purpose", px=22, cap=16.0, font="f",
               room=(0, 90, 772, 400), on=("tag",))
    layout.add("tag", (80, 145, 140, 175))
    layout.add("label", (10, 200, 100, 220), text="one", px=22, cap=16.0, font="f", room=(0, 190, 772, 400), on=())
    layout.add("label", (102, 200, 200, 220), text="two", px=22, cap=16.0, font="f", room=(0, 190, 772, 400), on=())
    found = problems(layout, 772, 400)
    assert any("'one'" in p and "runs into label 'two'" in p for p in found)
    assert any("'tiny'" in p and "cap height" in p for p in found)
    assert any("'too long'" in p and "room" in p for p in found)
    assert any("'covered'" in p and "under badge" in p for p in found)
    assert not any("'on purpose'" in p for p in found)
