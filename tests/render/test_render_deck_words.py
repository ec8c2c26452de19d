"""The deck and the every-word pictures (render/deck.py, render/word_list.py): what is drawn where, legible
once Discord shrinks them to a phone's 400 px, and a draw pile drawn as a set (never its order)."""

from __future__ import annotations

import io
import random

from PIL import Image

from hardback_bot.engine.cards import card, definition_id
from hardback_bot.render.compose import MIN_TEXT, PHONE_W, WIDTH
from hardback_bot.render.deck import DeckImage, DeckLabels, GenreMix, card_set, draw_deck, render_deck
from hardback_bot.render.word_list import MAX_ROWS, WordGroup, WordRow, WordsImage, draw_words

LABELS = DeckLabels("Your deck — alice · 16 cards", "Draw pile · 9 cards", "Discard pile · 2 cards", "Genre mix",
                    "none", ("starter", "adventure", "horror", "mystery", "romance"))
DRAW = (1001, 1004, 1005, 1141, 1145, 12, 55, 98)
MIXES = (GenreMix("alice", (10, 3, 1, 0, 2), True), GenreMix("bob", (10, 0, 4, 4, 0)))


def _deck(draw: tuple[int, ...] = DRAW, discard: tuple[int, ...] = (17, 29), language: str = "en",
          labels: DeckLabels = LABELS) -> DeckImage:
    return DeckImage(draw=draw, discard=discard, mixes=MIXES, labels=labels, language=language)


def _two_of_a_kind() -> tuple[int, int]:
    # Every genre card is its own definition; the same starter in two seats' decks is one definition.
    ids = [c for c in range(1000, 3000) if _exists(c)]
    seen: dict[int, int] = {}
    for c in ids:
        d = definition_id(c)
        if d in seen:
            return seen[d], c
        seen[d] = c
    raise AssertionError("no duplicated card")


def _exists(c: int) -> bool:
    try:
        card(c)
        return True
    except (KeyError, ValueError):
        return False


def test_a_draw_pile_is_drawn_as_a_set_whatever_its_order() -> None:
    a, b = _two_of_a_kind()
    pile = (1004, 1141, a, b, 55, 98)
    shuffled = list(pile)
    random.Random(3).shuffle(shuffled)
    assert render_deck(_deck(pile)) == render_deck(_deck(tuple(shuffled)))
    groups = card_set(pile)
    assert sum(n for _, n in groups) == len(pile)
    assert (min(a, b), 2) in groups  # identical cards once, with their count
    regions = draw_deck(_deck(pile)).layout.regions
    counts = [dict(r.data) for r in regions if r.kind == "count" and dict(r.data)["section"] == "draw"]
    assert len(counts) == len(groups) and any(c["count"] == 2 for c in counts)
    assert any(r.kind == "badge" and dict(r.data)["text"] == "×2" for r in regions)


def test_every_section_and_every_players_genre_mix_is_there() -> None:
    rendered = draw_deck(_deck())
    kinds = {r.kind for r in rendered.layout.regions}
    assert {"title", "section_draw", "section_discard", "mix_name", "mix_segment", "legend"} <= kinds
    segments = [dict(r.data) for r in rendered.layout.regions if r.kind == "mix_segment"]
    for row, mix in enumerate(MIXES):
        shown = {s["genre"]: s["count"] for s in segments if s["player"] == row}
        assert sum(shown.values()) == mix.total and all(n > 0 for n in shown.values())
    assert rendered.image.size[0] == WIDTH


def test_legible_at_a_phones_width() -> None:
    rendered = draw_deck(_deck())
    for r in rendered.layout.regions:
        px = dict(r.data).get("px")
        if px is not None:
            assert int(px) * PHONE_W / WIDTH >= (MIN_TEXT - 2) * PHONE_W / WIDTH >= 10, r
    image = Image.open(io.BytesIO(render_deck(_deck())))
    small = image.resize((PHONE_W, round(image.height * PHONE_W / image.width)))
    assert small.width == PHONE_W and small.height < 900  # one phone screen or so, not a scroll of cards


def test_empty_piles_and_japanese_labels() -> None:
    genres = ("初期", "アドベンチャー", "ホラー", "ミステリー", "ロマンス")
    labels = DeckLabels("デッキ", "山札 · 0枚", "捨て札 · 0枚", "ジャンル構成", "なし", genres)
    rendered = draw_deck(_deck(draw=(), discard=(), language="ja", labels=labels))
    empties = [dict(r.data)["text"] for r in rendered.layout.regions if r.kind == "empty"]
    assert empties == ["なし", "なし"]
    # the CJK font draws the kana: the title is wider than the empty box a missing glyph would leave
    title = next(r for r in rendered.layout.regions if r.kind == "title")
    assert title.box[2] - title.box[0] > 40


def test_the_words_picture_lists_each_players_words_and_counts_the_rest() -> None:
    many = tuple(WordRow(r, f"W{r}", r % 5, r % 3) for r in range(1, MAX_ROWS + 8))
    model = WordsImage("Every word of the game", (WordGroup("alice", many, "46 words"),
                                                   WordGroup("bob", (WordRow(2, "TIDE", 4, 2, award=5),), "1 word")),
                       "round {n}", "… and {n} more", "none")
    rendered = draw_words(model)
    rows = [dict(r.data) for r in rendered.layout.regions if r.kind == "word_row"]
    assert len([r for r in rows if r["group"] == 0]) == MAX_ROWS and [r["word"] for r in rows if r["group"] == 1] \
        == ["TIDE"]
    more = [dict(r.data)["text"] for r in rendered.layout.regions if r.kind == "more"]
    assert more == ["… and 7 more"]
    assert any(dict(r.data)["text"] == "+5★" for r in rendered.layout.regions if r.kind == "award")
