"""Listing the words a hand can spell: the bitset listing against a direct search, on hands
of up to 12 cards with inked cards and timeless classics (RULES.md R6.4, R7.1, R7.3)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from hardback_bot.engine.cards import card, coin_starter_ids, genre_card_ids, prestige_starter_ids
from hardback_bot.words import get_dictionary
from hardback_bot.words.solver import PlayerCards, Words, playable_words

CLASSICS = [c for c in genre_card_ids() if card(c).timeless]
POOL = [c + 1000 for c in coin_starter_ids()] + [c + 1000 for c in prestige_starter_ids()] + \
    [c for c in genre_card_ids() if not card(c).timeless]


def spellable(cards: PlayerCards, word: str, max_wilds: int | None) -> bool:
    """Is there one arrangement (R7: each letter a matching card face up or a free hand card wild, every
    inked card face up, classics never wild) with at most ``max_wilds`` wilds?  A plain exhaustive search,
    position by position, over kinds of cards (cards of one letter and one role are interchangeable)."""
    word = word.upper()
    hand = set(cards.hand)
    kinds: dict[tuple[str, str], int] = {}
    for c in cards.hand:
        role = "inked" if c in cards.inked else "hand"
        kinds[(card(c).letter, role)] = kinds.get((card(c).letter, role), 0) + 1
    for c, _ in cards.classics:
        if c not in hand:
            kinds[(card(c).letter, "classic")] = kinds.get((card(c).letter, "classic"), 0) + 1
    names = sorted(kinds)
    limit = len(word) if max_wilds is None else max_wilds
    seen: set[tuple[int, tuple[int, ...], int]] = set()

    def rec(p: int, left: tuple[int, ...], wilds: int) -> bool:
        if (p, left, wilds) in seen:
            return False
        seen.add((p, left, wilds))
        if p == len(word):
            return all(n == 0 for (_, role), n in zip(names, left, strict=True) if role == "inked")
        for i, ((letter, role), n) in enumerate(zip(names, left, strict=True)):
            if not n:
                continue
            rest = (*left[:i], n - 1, *left[i + 1:])
            if letter == word[p] and rec(p + 1, rest, wilds):
                return True
            if role == "hand" and wilds < limit and rec(p + 1, rest, wilds + 1):
                return True
        return False

    return rec(0, tuple(kinds[k] for k in names), 0)


@st.composite
def big_hands(draw: st.DrawFn) -> tuple[PlayerCards, list[str]]:
    hand = draw(st.lists(st.sampled_from(POOL), min_size=1, max_size=12, unique=True))
    inked = draw(st.lists(st.sampled_from(hand), max_size=3, unique=True))
    classics = draw(st.lists(st.sampled_from([c for c in CLASSICS if c not in hand]), max_size=3, unique=True))
    owners = [draw(st.sampled_from([0, 1])) for _ in classics]
    cards = PlayerCards(tuple(hand), tuple(inked), tuple(zip(classics, owners, strict=True)))
    letters = sorted({card(c).letter for c in hand} | {card(c).letter for c in classics})
    alphabet = st.sampled_from([*letters, *letters, *letters, "Q", "E", "S"])
    words = draw(st.lists(st.lists(alphabet, min_size=2, max_size=9).map("".join), min_size=1, max_size=12,
                          unique=True))
    return cards, sorted({w.lower() for w in words}, key=lambda w: (len(w), w))


@settings(max_examples=80, deadline=None)
@given(data=big_hands(), max_wilds=st.sampled_from([None, 0, 1, 2, 4]), min_length=st.sampled_from([2, 3, 5]),
       max_length=st.sampled_from([None, 4, 7]), required=st.sampled_from(["", "e", "ss", "qe"]))
def test_listing_equals_a_direct_search(data: tuple[PlayerCards, list[str]], max_wilds: int | None,
                                        min_length: int, max_length: int | None, required: str) -> None:
    cards, words = data
    expected = [w for w in words
                if min_length <= len(w) <= (max_length or 99) and all(w.count(x) >= required.count(x) for x in required)
                and spellable(cards, w, max_wilds)]
    got = playable_words(cards, tuple(words), max_wilds=max_wilds, min_length=min_length, max_length=max_length,
                         required=required)
    assert got == expected
    assert list(got) == expected and len(got) == len(expected)


def test_twelve_cards_with_classics_on_a_real_list() -> None:
    # 12 cards, nothing inked, two classics in play: any word of up to 12 letters, and longer ones only
    # where the classics supply their letters (R7.1); checked word by word on a sample.
    common = get_dictionary("common")
    rng = random.Random(3)
    hand = tuple(rng.sample(POOL, 12))
    classics = ((12, 0), (134, 1))  # adventure O (own), mystery T (a rival's)
    cards = PlayerCards(hand, (), classics)
    got = playable_words(cards, common)
    assert all(len(w) <= 14 for w in got)
    assert sum(1 for w in common.words if 2 <= len(w) <= 12) <= len(got)
    long_words = [w for w in common.words if len(w) in (13, 14)]
    sample = rng.sample(long_words, 40)
    listed = set(got)
    for w in sample:
        assert (w in listed) == spellable(cards, w, None), w


def test_words_is_a_read_only_sequence_equal_to_the_list() -> None:
    cards = PlayerCards(hand=(1141, 1156, 1154))  # A T R
    got = playable_words(cards, ("art", "rat", "tar", "at", "zz", "quartz"), max_wilds=0)  # by length, then this order
    assert isinstance(got, Words)
    assert got == ["at", "art", "rat", "tar"] and got == ("at", "art", "rat", "tar")
    assert got != ["at"] and len(got) == 4 and got[0] == "at" and got[-1] == "tar"
    assert got[1:3] == ["art", "rat"] and isinstance(got[1:3], Words)
    assert "rat" in got and "zz" not in got and 3 not in got
    assert sorted(got, reverse=True)[0] == "tar" and random.Random(1).sample(got, 2)[0] in got
    assert "4 words" in repr(got)
    empty = playable_words(cards, ("qqqq",))  # four letters, three cards
    assert empty == [] and not empty and list(empty) == []
