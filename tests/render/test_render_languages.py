"""Every image kind in every language: its words translated, nothing drawn outside the image
or its panel, and no missing glyph (every character drawn is in the font file that drew it)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from image_kinds import IMAGE_KINDS

from hardback_bot.engine.cards import card_defs
from hardback_bot.i18n import LANGUAGES, translator
from hardback_bot.render import (
    Rendered,
    draw_card_lookup,
    samples,
)
from hardback_bot.render import card as card_mod
from hardback_bot.render.assets import text_font_file
from hardback_bot.render.card import render_card
from hardback_bot.render.compose import PHONE_W
from hardback_bot.render.legend import legend_description
from hardback_bot.render.models import CardFace

KINDS = IMAGE_KINDS
# The words each kind draws in its title (or first heading), which a translation must change.
TITLED = ("offer_row", "hand", "results", "lookup_portrait", "legend_cards", "legend_table", "deck", "words",
          "daily_share")
# Containers a text must stay inside when it starts inside one (a name in a player's panel, …).
CONTAINERS = ("panel", "flush", "offer_row")


@cache
def _cmap(path: str) -> frozenset[int]:
    return frozenset(TTFont(path, lazy=True).getBestCmap())


@cache
def _rendered(kind: str, language: str) -> Rendered:
    return KINDS[kind](language)


def _texts(r: Rendered) -> list:
    return [region for region in r.layout if region.get("text") is not None]


def _missing(text: str, font: str) -> str:
    cmap = _cmap(font)
    return "".join(ch for ch in text if not ch.isspace() and ord(ch) not in cmap)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", KINDS)
def test_every_character_drawn_is_in_its_font(kind: str, language: str) -> None:
    r = _rendered(kind, language)
    texts = _texts(r)
    assert texts, kind
    for region in texts:
        font = region.get("font")
        assert font, region  # every text says which font file drew it
        assert _missing(str(region.get("text")), str(font)) == "", (region, Path(str(font)).name)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", KINDS)
def test_no_text_overflows_the_image_or_its_panel(kind: str, language: str) -> None:
    r = _rendered(kind, language)
    w, h = r.image.size
    containers = [c for c in r.layout if c.kind in CONTAINERS]
    for region in _texts(r):
        left, top, right, bottom = region.box
        assert left >= 0 and right <= w and top >= 0 and bottom <= h, (region, w, h)
        for c in containers:
            cl, ct, cr, cb = c.box
            if cl <= left < cr and ct <= top < cb:  # begins inside: must end inside
                assert right <= cr + 3 and bottom <= cb + 3, (region, c)  # anchored text: a glyph's bearing
    # legible on a phone, whatever the language (the render tests' rule: 22 px type and up, but the
    # deck and words pictures' small labels and the results chart's axis)
    shrink = PHONE_W / w
    for region in _texts(r):
        assert int(region.get("px", 99)) * shrink >= 9.5, region  # type: ignore[call-overload]


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
@pytest.mark.parametrize("kind", TITLED)
def test_the_words_of_each_image_are_translated(kind: str, language: str) -> None:
    english = [str(x.get("text")) for x in _texts(_rendered(kind, "en")) if x.kind in ("title", "section")]
    here = [str(x.get("text")) for x in _texts(_rendered(kind, language)) if x.kind in ("title", "section")]
    assert english and here and english != here, (english, here)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_says_round_goal_and_turn_in_the_servers_language(language: str) -> None:
    t = translator(language)
    r = _rendered("table_5p", language)
    goal = next(x for x in r.layout if x.kind == "goal")
    assert t.pgettext("table image", "round {n}", n=14) in str(goal.get("text"))
    turn = next(x for x in r.layout if x.kind == "turn")
    assert turn.get("text") == t.pgettext("table image", "to play")
    banner = next(x for x in r.layout if x.kind == "final_round")
    assert banner.get("text") == t.pgettext("table image", "Final round")


@pytest.mark.parametrize("language", LANGUAGES)
def test_card_faces_print_their_words_in_the_language_and_font(language: str) -> None:
    # The words a card face prints (ribbons, tags): each translation fits the font it is drawn with.
    t = translator(language)
    for key, english in card_mod.STRINGS.items():
        words = t.entry(card_mod.STRINGS_CONTEXT, english, owner="Ada", letter="E")
        assert _missing(words, str(text_font_file("bold", language, words))) == "", (key, words)
    # and a face down card, a timeless classic and a jailed card render, differently once translated
    faces = (CardFace(36, wild_letter="Q"), CardFace(5), CardFace(110, jailed=True, owner="Ada"))
    for face in faces:
        drawn = render_card(face, 1.0, language).image
        if language != "en":
            assert drawn.tobytes() != render_card(face, 1.0, "en").image.tobytes(), face


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_card_lookup_renders_inside_its_image(language: str) -> None:
    for cid in sorted(card_defs()):
        r = draw_card_lookup(cid, language)
        w, h = r.image.size
        for region in _texts(r):
            left, top, right, bottom = region.box
            assert left >= 0 and right <= w and top >= 0 and bottom <= h, (cid, region)
            assert _missing(str(region.get("text")), str(region.get("font"))) == "", (cid, region)


@pytest.mark.parametrize("language", LANGUAGES)
def test_legend_alt_texts_are_in_the_language(language: str) -> None:
    for part in ("cards", "table"):
        text = legend_description(part, language)
        assert 0 < len(text) <= 1024
        if language != "en":
            assert text != legend_description(part, "en")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", KINDS)
def test_no_two_texts_overlap(kind: str, language: str) -> None:
    # A longer translation must push or shorten its neighbours, never run into them (a tag laid over a
    # card's faded benefits on purpose says so: its ``on``).
    texts = _texts(_rendered(kind, language))
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            if b.kind in (a.get("on") or ()) or a.kind in (b.get("on") or ()):
                continue
            across = min(a.box[2], b.box[2]) - max(a.box[0], b.box[0])
            down = min(a.box[3], b.box[3]) - max(a.box[1], b.box[1])
            assert across <= 2 or down <= 2, (a, b)


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_the_gallery_samples_are_drawn_in_the_language_asked(language: str) -> None:
    # the gallery (render/gallery.py) draws these samples; their notes and headlines are the sessions
    # layer's messages, said in the language of the picture
    t = translator(language)
    choice = t.gettext("{v}¢ or {v}★", v=1)
    assert choice != "1¢ or 1★"
    preview = samples.word_preview(language)
    assert choice in [s.note for s in preview.slots]
    assert preview.notes == (t.gettext("{letter}: {choice}", letter="X", choice=choice),)
    for kind in ("word_preview", "results_coop"):
        english = [str(x.get("text")) for x in _texts(_rendered(kind, "en")) if x.kind in ("note", "title", "extra")]
        here = [str(x.get("text")) for x in _texts(_rendered(kind, language)) if x.kind in ("note", "title", "extra")]
        assert english and here and not set(english) & set(here), (kind, english, here)


@pytest.mark.parametrize("language", LANGUAGES)
def test_computer_players_keep_their_names_apart_in_every_language(language: str) -> None:
    # computer players are named by the sessions layer in the table's language ("Ordinateur 1 (difficile)")
    from hardback_bot.render.compose import could_be

    full = [p.name for p in samples.long_names_table(language).players]
    shown = [str(x.get("text")) for x in _rendered("table_long_names", language).layout.of_kind("name")]
    assert len(shown) == len(full) == len(set(shown))
    for i, short in enumerate(shown):
        assert not any(could_be(short, other) for j, other in enumerate(full) if j != i), (short, full)
    assert full[2] == translator(language).gettext("Computer {number} (hard)", number=1)
