"""Anytime best play: a search given a limit returns a legal play whenever one exists, never below
the greedy first answer, better with more work, exact when the limit is generous; several best words at once.
RULES.md R6.4, R7 (legal arrangements), R10-R17 (values, from the engine's scoring)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_solver import (
    ADJACENCY_POOL,
    CLASSICS,
    SEAT0_STARTERS,
    brute_arrangements,
    brute_best,
    cards_and_words,
    engine_pays,
    weights_strategy,
)

from hardback_bot.engine.cards import card, genre_card_ids
from hardback_bot.words import get_dictionary
from hardback_bot.words.solver import (
    PlayerCards,
    Weights,
    best_arrangement,
    best_play,
    best_plays,
    evaluate_arrangement,
    playable_words,
)

UNCOVER = [c for c in genre_card_ids() if not card(c).timeless and card(c).has("uncover_adjacent")]
DOUBLERS = [c for c in genre_card_ids() if not card(c).timeless and card(c).has("double_adjacent")]
PER_WILD = 124  # mystery N: a prestige per wild in the word (R11.11)


def adversarial(rng: random.Random, size: int) -> PlayerCards:
    """Hands whose exact search is slowest: many uncover cards, doublers and per-wild prestige, nothing inked."""
    uncover = min(rng.randint(3, 6), size - 3)
    doublers = min(rng.randint(2, 3), size - 1 - uncover)
    hand = [PER_WILD, *rng.sample([c for c in UNCOVER if c != PER_WILD], uncover), *rng.sample(DOUBLERS, doublers)]
    hand += rng.sample(SEAT0_STARTERS, size - len(hand))
    rng.shuffle(hand)
    return PlayerCards(tuple(hand), (), (), 0, rng.randint(0, 3))


def legal_and_worth(cards: PlayerCards, play, weights: Weights) -> None:  # type: ignore[no-untyped-def]
    """The play is a legal arrangement of its word (R6.4, R7.3) and its value is what its choices earn."""
    best = evaluate_arrangement(cards, play.cards, weights)  # raises ValueError on an illegal layout
    assert "".join(w.wild or card(w.card).letter for w in play.cards) == play.word
    assert play.value <= best.value + 1e-9


@settings(max_examples=40, deadline=None)
@given(data=cards_and_words(max_hand=5, max_len=4), weights=weights_strategy, work=st.sampled_from([0, 1, 5, 40]))
def test_limited_answers_are_legal_greedy_or_better_and_exact_when_generous(data, weights: Weights,  # type: ignore[no-untyped-def]
                                                                           work: int) -> None:
    cards, words = data
    exact = brute_best(cards, words, weights)
    first = best_play(cards, tuple(words), weights, work_limit=0)
    limited = best_play(cards, tuple(words), weights, work_limit=work)
    generous = best_play(cards, tuple(words), weights, time_limit=60.0)
    if exact is None:
        assert first is None and limited is None and generous is None
        return
    # A legal play whenever one exists, whatever the limit; None only when no word is playable.
    assert first is not None and limited is not None and generous is not None
    for play in (first, limited, generous):
        legal_and_worth(cards, play, weights)
        assert play.word.lower() in words
    assert limited.value >= first.value - 1e-9  # never below the greedy first answer
    assert generous.exact and generous.value == pytest.approx(exact)
    assert not limited.exact or limited.value == pytest.approx(exact)


@pytest.mark.parametrize("work", [0, 1, 5])
def test_a_limit_reached_inside_the_first_words_search_keeps_its_first_arrangement(work: int) -> None:
    # Found by the property above: two Ys make DY's search go on after its first arrangement, which arms the
    # limit; the cut search used to drop that arrangement and answer None for a playable word (R6.4).
    cards = PlayerCards((69, 33, 41), (), (), 0, None)
    assert [card(c).letter for c in cards.hand] == ["Y", "Y", "D"]
    weights = Weights(coins=0.0, prestige=1.0, ink=0.0, remover=0.0)
    play = best_play(cards, ("dy",), weights, work_limit=work)
    assert play is not None and play.word == "DY"
    legal_and_worth(cards, play, weights)


@settings(max_examples=25, deadline=None)
@given(hand=st.lists(st.sampled_from([*ADJACENCY_POOL, 1156, 1141, 1145, 1155]), min_size=3, max_size=5,
                     unique=True), seed=st.integers(0, 10_000), weights=weights_strategy)
def test_adjacency_heavy_hands_anytime(hand: list[int], seed: int, weights: Weights) -> None:
    # Doublers, uncover chains, per-wild prestige: where the search starts from greedy plays.
    rng = random.Random(seed)
    cards = PlayerCards(tuple(hand), (), ((12, 0),) if seed % 3 == 0 else (), 0, seed % 2)
    letters = [card(c).letter for c in hand]
    words = sorted({"".join(rng.choice([*letters, "E", "Z"]) for _ in range(rng.randint(2, 4))).lower()
                    for _ in range(6)} | {"".join(rng.sample(letters, len(letters))).lower()})
    exact = brute_best(cards, words, weights)
    values = []
    for work in (0, 3, 30, None):
        play = best_play(cards, tuple(words), weights, work_limit=work)
        assert (play is None) == (exact is None)
        if play is not None:
            legal_and_worth(cards, play, weights)
            values.append(play.value)
    assert values == sorted(values)  # more work never gives less: the same search, cut later
    if exact is not None:
        assert values[-1] == pytest.approx(exact)


def test_more_work_never_lowers_the_answer_and_the_same_work_gives_the_same_answer() -> None:
    common = get_dictionary("common")
    rng = random.Random(15)
    for size in (7, 9):
        cards = adversarial(rng, size)
        weights = Weights(coins=1.5, trash_cost=1.0)
        previous = -1.0
        for work in (0, 50, 400, 3000):
            play = best_play(cards, common, weights, work_limit=work)
            assert play is not None and play.value >= previous
            assert best_play(cards, common, weights, work_limit=work) == play  # deterministic (R-free: no clock)
            previous = play.value
            assert engine_pays(cards, play, []) == {"coins": play.coins, "prestige": play.prestige, "ink": play.ink,
                                                    "remover": play.remover}


def test_twelve_card_adversarial_hands_get_a_legal_first_play() -> None:
    # Such hands cannot be searched to the end in any reasonable time; the first answer still comes
    # (greedy, before any limit applies) and is a legal play the engine pays as predicted.
    common = get_dictionary("common")
    rng = random.Random(4)
    for _ in range(3):
        cards = adversarial(rng, 12)
        play = best_play(cards, common, time_limit=0.0)
        assert play is not None and not play.exact and len(play.word) >= 2
        legal_and_worth(cards, play, Weights())
        assert engine_pays(cards, play, []) == {"coins": play.coins, "prestige": play.prestige, "ink": play.ink,
                                                "remover": play.remover}
        improving: list[float] = []
        best = best_play(cards, common, work_limit=2000, on_improve=lambda p, seen=improving: seen.append(p.value))
        assert best is not None and improving and improving == sorted(improving) and improving[-1] == best.value


def test_best_arrangement_under_a_limit_is_legal_and_none_only_when_unspellable() -> None:
    rng = random.Random(8)
    cards = adversarial(rng, 10)
    for word in playable_words(cards, get_dictionary("common"), min_length=8)[:5]:
        quick = best_arrangement(cards, word, work_limit=0)
        assert quick is not None and quick.word == word.upper()
        legal_and_worth(cards, quick, Weights())
        assert best_arrangement(cards, word, work_limit=200).value >= quick.value
    assert best_arrangement(cards, "qqqqqqqqqqqqq", work_limit=0) is None  # 13 letters, 10 cards
    plain = PlayerCards(hand=(1141, 1156, 1154, 1, 4))  # no uncover, no double: the exact search itself
    quick = best_arrangement(plain, "tract", work_limit=0)
    assert quick is not None and quick.value == best_arrangement(plain, "tract").value


@settings(max_examples=30, deadline=None)
@given(data=cards_and_words(max_hand=5, max_len=4), weights=weights_strategy, count=st.integers(1, 4))
def test_best_plays_are_the_best_distinct_words(data, weights: Weights, count: int) -> None:  # type: ignore[no-untyped-def]
    cards, words = data
    per_word = {}
    for w in words:
        values = [evaluate_arrangement(cards, a, weights).value for a in brute_arrangements(cards, w)]
        if values:
            per_word[w.upper()] = max(values)
    got = best_plays(cards, tuple(words), weights, count=count)
    expected = sorted(per_word.values(), reverse=True)[:count]
    assert [p.value for p in got] == pytest.approx(expected)
    assert len({p.word for p in got}) == len(got) and all(p.exact for p in got)
    for p in got:
        assert p.value == pytest.approx(per_word[p.word])
        legal_and_worth(cards, p, weights)


def test_accept_filters_words_like_exclude() -> None:
    cards = PlayerCards(hand=(1141, 1156, 1154))
    words = ("art", "rat", "tar", "at")
    first = best_play(cards, words)
    assert first is not None
    other = best_play(cards, words, accept=lambda w: w != first.word)
    assert other is not None and other.word != first.word and other.word.isupper()
    assert best_play(cards, words, accept=lambda w: False) is None
    assert best_play(PlayerCards((), (), tuple((c, 1) for c in CLASSICS[:2])), words) is None
