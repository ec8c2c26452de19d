"""The layout bound and the layout-first search: the bound of a word's layouts never below its
brute-force best, the ceiling of a length never below any word's of that length, and best play through
the layout walk equal to brute force.  RULES.md R6.4, R7 (legal arrangements), R10.3/R10.4 (genre
bonuses need two sources), R11.11 (per-wild prestige), R13 (doubles), R14 (uncover and its chains)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_solver import (
    ADJACENCY_POOL,
    CLASSICS,
    adjacency_hands,
    brute_arrangements,
    brute_best,
    cards_and_words,
    weights_strategy,
)
from test_solver_anytime import adversarial

from hardback_bot.engine.cards import card
from hardback_bot.words import get_dictionary
from hardback_bot.words.solver import PlayerCards, Weights, best_play, best_plays, evaluate_arrangement
from hardback_bot.words.solver.layout import LayoutSearch, TooLarge, layout_bound, layout_bounds
from hardback_bot.words.solver.search.groups import GroupSearch

SLOW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@contextmanager
def layout_first(after: int = 0) -> Iterator[None]:
    """Searches go layout first once they have a play and spent ``after`` work units (normally 400)."""
    saved = GroupSearch.CEILING_AFTER
    GroupSearch.CEILING_AFTER = after
    try:
        yield
    finally:
        GroupSearch.CEILING_AFTER = saved


def brute_word(cards: PlayerCards, word: str, weights: Weights) -> float | None:
    values = [evaluate_arrangement(cards, a, weights).value for a in brute_arrangements(cards, word)]
    return max(values) if values else None


def adjacency_cards(rng: random.Random, hand: list[int], inked: int, classics: list[int]) -> PlayerCards:
    in_play = tuple((c, rng.choice([0, 1])) for c in classics if c not in hand)
    return PlayerCards(tuple(hand), tuple(hand[:inked]), in_play, 0, rng.choice([None, 0, 1, 3]))


def random_word(rng: random.Random, cards: PlayerCards) -> str:
    letters = [card(c).letter for c in cards.hand] + [card(c).letter for c, _ in cards.classics]
    return "".join(rng.choice([*letters, *letters, "E", "Z"]) for _ in range(rng.randint(2, len(letters) + 1)))


# 60 examples, as six independent runs of 10 that the test run's workers can take in parallel (an example's cost
# varies with its hand: smaller runs keep the longest one short).
@pytest.mark.parametrize("run", range(1, 7))
@settings(SLOW, max_examples=10)
@given(hand=adjacency_hands, inked=st.integers(0, 2),
       classics=st.lists(st.sampled_from(CLASSICS), max_size=2, unique=True), seed=st.integers(0, 10_000),
       weights=weights_strategy)
def test_a_words_layout_bound_never_undercounts(run: int, hand: list[int], inked: int, classics: list[int],
                                                seed: int, weights: Weights) -> None:
    # A bound below a word's real best would lose plays: uncover chains (R14.3), doubles of revealed
    # cards (R13.2), per-wild prestige doubled (R11.11, R13.4), genre bonuses and abilities (R10.3).
    rng = random.Random(seed)
    cards = adjacency_cards(rng, hand, inked, classics)
    ctx = cards.context(weights)
    for _ in range(4):
        word = random_word(rng, cards)
        best = brute_word(cards, word, weights)
        if best is None:
            continue
        counts = {x: word.count(x) for x in set(word)}
        prof = ctx.profile(ctx.uses(counts))
        assert layout_bound(ctx, prof, word) >= best - 1e-9, (word, best)
        # With a floor, a bound at most the floor only says "no better than the floor".
        floored = layout_bound(ctx, prof, word, best - 0.5)
        assert floored >= best - 1e-9


@SLOW
@given(hand=st.lists(st.sampled_from([*ADJACENCY_POOL, 1156, 1141, 1145, 1155]), min_size=3, max_size=5, unique=True),
       inked=st.integers(0, 1), classics=st.lists(st.sampled_from(CLASSICS), max_size=1, unique=True),
       seed=st.integers(0, 10_000), weights=weights_strategy)
def test_the_ceiling_of_a_length_bounds_every_word_of_it(hand: list[int], inked: int, classics: list[int],
                                                          seed: int, weights: Weights) -> None:
    rng = random.Random(seed)
    cards = adjacency_cards(rng, hand, inked, classics)
    ctx = cards.context(weights)
    longest = len(hand) + len(cards.classics)
    ceilings = LayoutSearch(ctx, ctx.everything(), longest, -float("inf")).ceilings
    letters = frozenset(e.letter for e in ctx.entries)
    assert layout_bounds(ctx, ctx.everything(), [letters] * longest) == ceilings
    for _ in range(6):
        word = random_word(rng, cards)[:longest]
        best = brute_word(cards, word, weights) if len(word) >= 2 else None
        if best is not None:
            assert ceilings[len(word) - 1] >= best - 1e-9, (word, best)


@SLOW
@given(data=cards_and_words(max_hand=5, max_len=4), weights=weights_strategy)
def test_best_play_through_the_layout_walk_matches_brute_force(data: tuple[PlayerCards, list[str]],
                                                               weights: Weights) -> None:
    cards, words = data
    expected = brute_best(cards, words, weights)
    with layout_first():
        got = best_play(cards, tuple(words), weights)
    if expected is None:
        assert got is None
        return
    assert got is not None and got.exact
    assert got.value == pytest.approx(expected)
    assert got.cards in set(brute_arrangements(cards, got.word))
    assert evaluate_arrangement(cards, got.cards, weights).value == pytest.approx(got.value)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=st.lists(st.sampled_from([*ADJACENCY_POOL, 1156, 1141, 1145]), min_size=3, max_size=5, unique=True),
       inked=st.integers(0, 1), seed=st.integers(0, 10_000), weights=weights_strategy,
       count=st.sampled_from([1, 3]))
def test_adjacency_heavy_hands_through_the_layout_walk_match_brute_force(hand: list[int], inked: int, seed: int,
                                                                         weights: Weights, count: int) -> None:
    rng = random.Random(seed)
    # A timeless classic in play every third hand: the speller's own or a rival's (R10.1, R10.6).
    classics = ((12, (seed // 3) % 2),) if seed % 3 == 0 else ()
    cards = PlayerCards(tuple(hand), tuple(hand[:inked]), classics, 0, seed % 2)
    letters = [card(c).letter for c in hand]
    words = {"".join(rng.choice([*letters, "E", "Z"]) for _ in range(rng.randint(2, 5))).lower() for _ in range(8)}
    words |= {"".join(rng.sample(letters, len(letters))).lower()}
    words_list = sorted(words)
    per_word = sorted((v for v in (brute_word(cards, w, weights) for w in words_list) if v is not None),
                      reverse=True)
    with layout_first():
        got = best_plays(cards, tuple(words_list), weights, count=count)
    assert [p.value for p in got] == pytest.approx(per_word[:count])
    assert all(p.exact for p in got)
    assert len({p.word for p in got}) == len(got)


def test_the_walk_honours_excluded_and_refused_words() -> None:
    # R26 (unique words) and a table's own checker: the walk records only allowed words.
    rng = random.Random(5)
    cards = adversarial(rng, 6)
    words = get_dictionary("common")
    with layout_first():
        best = best_play(cards, words)
        assert best is not None and best.exact
        second = best_play(cards, words, exclude=[best.word])
        third = best_play(cards, words, accept=lambda w: w != best.word.upper())
    assert second is not None and second.word != best.word and second.value <= best.value
    assert third is not None and third.word != best.word and third.value == pytest.approx(second.value)


@pytest.mark.parametrize("seed", range(6))
def test_layout_walk_and_word_search_agree_on_the_real_list(seed: int) -> None:
    # Adversarial hands of 6 cards on the common list: the search with the layout walk and the search
    # without it (words one by one, to the end) find plays of the same value.
    rng = random.Random(seed)
    cards = adversarial(rng, 6)
    words = get_dictionary("common")
    with layout_first():
        walked = best_play(cards, words)
    with layout_first(after=10**12):
        searched = best_play(cards, words)
    assert walked is not None and searched is not None
    assert walked.exact and searched.exact
    assert walked.value == pytest.approx(searched.value)
    assert evaluate_arrangement(cards, walked.cards).value == pytest.approx(walked.value)


def test_large_programmes_give_way() -> None:
    # A 12-card hand's programme would hold too many states: TooLarge, and the search goes on word by word.
    cards = adversarial(random.Random(3), 12)
    ctx = cards.context(Weights())
    with pytest.raises(TooLarge):
        LayoutSearch(ctx, ctx.everything(), 12, -float("inf"), state_limit=2000)
