"""The solver: playable words, arrangements and best play against brute force,
the worked examples of RULES.md R37, and the solver's predictions against what the engine pays."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hardback_bot.engine.cards import card, coin_starter_ids, genre_card_ids, prestige_starter_ids
from hardback_bot.engine.events import CoinsToInk, Earn, Gain
from hardback_bot.engine.game import Game
from hardback_bot.engine.moves import WordCard, parse_move
from hardback_bot.engine.scenario import build_game
from hardback_bot.words import get_dictionary
from hardback_bot.words.solver import (
    Play,
    PlayerCards,
    Weights,
    arrangements,
    best_arrangement,
    best_play,
    evaluate_arrangement,
    iter_arrangements,
    playable_words,
)
from hardback_bot.words.solver.search.word_bounds import word_bound

NO_VARIANTS = {"adverts": False, "awards": False}
QUIET_ROW = [17, 29, 49, 58, 61, 126, 135]
CLASSICS = [c for c in genre_card_ids() if card(c).timeless]
SEAT0_STARTERS = [c + 1000 for c in coin_starter_ids()] + prestige_starter_ids()


# ---------------------------------------------------------------------- brute force (independent)
def brute_arrangements(cards: PlayerCards, word: str) -> list[tuple[WordCard, ...]]:
    """Every arrangement, by the definition of R7: no pruning, no cleverness."""
    word = word.upper()
    hand = set(cards.hand)
    usable = list(cards.hand) + [c for c, _ in cards.classics if c not in hand]
    out: list[tuple[WordCard, ...]] = []

    def rec(p: int, used: tuple[int, ...], acc: tuple[WordCard, ...]) -> None:
        if p == len(word):
            if all(any(w.card == c and w.wild is None for w in acc) for c in cards.inked):
                out.append(acc)
            return
        for c in usable:
            if c in used:
                continue
            if card(c).letter == word[p]:
                rec(p + 1, (*used, c), (*acc, WordCard(c)))
            if c in hand and c not in cards.inked:
                rec(p + 1, (*used, c), (*acc, WordCard(c, word[p])))

    rec(0, (), ())
    return out


def brute_best(cards: PlayerCards, words: list[str], weights: Weights) -> float | None:
    best = None
    for w in words:
        for a in brute_arrangements(cards, w):
            v = evaluate_arrangement(cards, a, weights).value
            best = v if best is None or v > best else best
    return best


# ---------------------------------------------------------------------- strategies
@st.composite
def player_cards(draw: st.DrawFn, max_hand: int = 5) -> PlayerCards:
    pool = genre_card_ids() + SEAT0_STARTERS
    hand = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=max_hand, unique=True))
    inked = draw(st.lists(st.sampled_from(hand), max_size=2, unique=True))
    free_classics = [c for c in CLASSICS if c not in hand]
    classics = draw(st.lists(st.sampled_from(free_classics), max_size=2, unique=True))
    owners = [draw(st.sampled_from([0, 1])) for _ in classics]
    discard = draw(st.sampled_from([None, 0, 1]))
    return PlayerCards(tuple(hand), tuple(inked), tuple(zip(classics, owners, strict=True)), 0, discard)


@st.composite
def cards_and_words(draw: st.DrawFn, max_hand: int = 5, max_len: int = 4) -> tuple[PlayerCards, list[str]]:
    cards = draw(player_cards(max_hand))
    letters = sorted({card(c).letter for c in cards.hand} | {card(c).letter for c, _ in cards.classics})
    alphabet = st.sampled_from([*letters, *letters, "Q", "E"])
    words = draw(st.lists(st.lists(alphabet, min_size=2, max_size=max_len).map("".join), min_size=1,
                          max_size=8, unique=True))
    return cards, [w.lower() for w in words]


weights_strategy = st.builds(
    Weights,
    coins=st.sampled_from([0.0, 1.0, 2.0]),
    prestige=st.sampled_from([0.0, 1.0, 1.5]),
    ink=st.sampled_from([0.0, 0.5, 2.0]),
    remover=st.sampled_from([0.0, 1.0]),
    trash_cost=st.sampled_from([0.0, 1.5, 10.0]),
    dump_bonus=st.sampled_from([0.0, -3.0, 1.0]),
    jail=st.sampled_from([0.0, 1.0]),
    preview=st.sampled_from([0.0, 0.5]),
    rival_classic=st.sampled_from([0.0, 1.0]),
    length=st.sampled_from([0.0, 0.25]),
)

SLOW = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------------- playable words
@SLOW
@given(data=cards_and_words(max_hand=6, max_len=5), max_wilds=st.sampled_from([None, 0, 1, 2]))
def test_playable_words_match_brute_force(data: tuple[PlayerCards, list[str]], max_wilds: int | None) -> None:
    cards, words = data
    expected = sorted(w for w in words
                      if any(max_wilds is None or sum(1 for x in a if x.wild) <= max_wilds
                             for a in brute_arrangements(cards, w)))
    got = playable_words(cards, tuple(words), max_wilds=max_wilds)
    assert sorted(got) == expected


def test_playable_words_options_and_real_dictionary() -> None:
    cards = PlayerCards(hand=(1141, 1145, 1148, 1149, 1151, 1154, 1155))  # A E I L N R S of seat 0
    common = get_dictionary("common")
    no_wild = playable_words(cards, common, max_wilds=0)
    assert "snail" in no_wild and "linear" in no_wild and "salt" not in no_wild
    one_wild = playable_words(cards, common, max_wilds=1)
    assert "salt" in one_wild and set(no_wild) <= set(one_wild)
    assert all(len(w) >= 6 for w in playable_words(cards, common, min_length=6, max_wilds=0))
    assert all("r" in w and w.count("s") >= 1 for w in playable_words(cards, common, required="rs", max_wilds=1))
    # Every hand card may be wild: any word of up to 7 letters is playable.
    assert "quartz" in playable_words(cards, common)
    # An inked card must be in every word, face up (R6.4): inked S and E.
    inked = PlayerCards(hand=cards.hand, inked=(1155, 1145))
    words = playable_words(inked, common)
    assert words and all("s" in w and "e" in w for w in words)
    assert "quartz" not in words
    # Classics in play add letters but are never wild (R7.1, R7.3).
    with_classic = PlayerCards(hand=(1141, 1156), classics=((134, 1),))  # A T + rival's mystery T classic
    assert "tat" in playable_words(with_classic, common, max_wilds=0)
    assert "at" in playable_words(with_classic, common, max_wilds=0)
    assert "cat" not in playable_words(with_classic, common, max_wilds=0)
    assert "cat" in playable_words(with_classic, common, max_wilds=1)
    assert "cart" not in playable_words(with_classic, common)  # the classic cannot be the wild


# ---------------------------------------------------------------------- arrangements and best play
@SLOW
@given(data=cards_and_words(), weights=weights_strategy)
def test_best_play_matches_brute_force(data: tuple[PlayerCards, list[str]], weights: Weights) -> None:
    cards, words = data
    expected = brute_best(cards, words, weights)
    got = best_play(cards, tuple(words), weights)
    if expected is None:
        assert got is None
    else:
        assert got is not None
        assert got.value == pytest.approx(expected)
        # The returned arrangement is legal and really worth that much.
        assert got.cards in set(brute_arrangements(cards, got.word))
        assert evaluate_arrangement(cards, got.cards, weights).value == pytest.approx(got.value)


@SLOW
@given(data=cards_and_words(max_hand=5, max_len=4), weights=weights_strategy)
def test_best_arrangement_and_all_arrangements_match_brute_force(data: tuple[PlayerCards, list[str]],
                                                                  weights: Weights) -> None:
    cards, words = data
    for w in words[:3]:
        brute = brute_arrangements(cards, w)
        assert sorted(map(str, iter_arrangements(cards, w))) == sorted(map(str, brute))
        best = best_arrangement(cards, w, weights)
        if not brute:
            assert best is None
            continue
        expected = max(evaluate_arrangement(cards, a, weights).value for a in brute)
        assert best is not None and best.value == pytest.approx(expected)
        listed = arrangements(cards, w, weights, limit=3)
        assert listed[0].value == pytest.approx(expected)


ADJACENCY_POOL = [72, 75, 79, 84, 91, 93, 97, 99, 101, 103, 105,  # romance doublers
                  106, 109, 110, 111, 117, 119, 120, 122, 125, 127, 129, 133, 135, 137,  # mystery uncover
                  124, 21, 46, 36, 54, 70, 1, 4, 95, 108, 71]  # per-wild, per-adventure, per-inked, choices, trash
# Hands of 3-6 such cards and starters, for the bound tests (here and in test_solver_layout.py).
adjacency_hands = st.lists(st.sampled_from([*ADJACENCY_POOL, 1156, 1141, 1145, 1155]), min_size=3, max_size=6,
                           unique=True)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=st.lists(st.sampled_from([*ADJACENCY_POOL, 1156, 1141, 1145]), min_size=3, max_size=5, unique=True),
       inked=st.integers(0, 1), seed=st.integers(0, 10_000), weights=weights_strategy)
def test_adjacency_heavy_hands_match_brute_force(hand: list[int], inked: int, seed: int, weights: Weights) -> None:
    # Doublers, uncovers (chains), per-wild prestige: the cases where positions and wilds matter.
    rng = random.Random(seed)
    cards = PlayerCards(tuple(hand), tuple(hand[:inked]), ((12, 0),) if seed % 3 == 0 else (), 0, seed % 2)
    letters = [card(c).letter for c in hand]
    words = {"".join(rng.choice([*letters, "E", "Z"]) for _ in range(rng.randint(2, 4))).lower()
             for _ in range(6)}
    words |= {"".join(rng.sample(letters, len(letters))).lower()}
    words_list = sorted(words)
    expected = brute_best(cards, words_list, weights)
    got = best_play(cards, tuple(words_list), weights)
    assert (got.value if got else None) == (pytest.approx(expected) if expected is not None else None)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=adjacency_hands, inked=st.integers(0, 2),
       classics=st.lists(st.sampled_from(CLASSICS), max_size=2, unique=True), seed=st.integers(0, 10_000),
       weights=weights_strategy)
def test_word_bounds_never_undercount(hand: list[int], inked: int, classics: list[int], seed: int,
                                      weights: Weights) -> None:
    # The search drops a word when its bound cannot beat the best found: a bound below a word's
    # real best value would lose plays (R7, R10-R15 values from the engine's own scoring).
    rng = random.Random(seed)
    in_play = tuple((c, rng.choice([0, 1])) for c in classics if c not in hand)
    cards = PlayerCards(tuple(hand), tuple(hand[:inked]), in_play, 0, rng.choice([None, 0, 1, 3]))
    ctx = cards.context(weights)
    letters = [card(c).letter for c in hand] + [card(c).letter for c, _ in in_play]
    for _ in range(4):
        word = "".join(rng.choice([*letters, *letters, "E", "Z"]) for _ in range(rng.randint(2, 5)))
        brute = brute_arrangements(cards, word)
        if not brute:
            continue
        best = max(evaluate_arrangement(cards, a, weights).value for a in brute)
        assert word_bound(ctx, word) >= best - 1e-9, (word, best)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=st.lists(st.sampled_from([71, 74, 77, 78, 79, 88, 1141, 1145, 1155, 1148]), min_size=1, max_size=4,
                     unique=True),
       classics=st.lists(st.sampled_from([73, 86, 96, 92]), min_size=1, max_size=3, unique=True),
       discard=st.sampled_from([0, 1, 2]), seed=st.integers(0, 10_000), dump_bonus=st.sampled_from([0.0, 1.0]))
def test_word_bounds_with_a_small_discard_pile(hand: list[int], classics: list[int], discard: int, seed: int,
                                               dump_bonus: float) -> None:
    # Own romance classics' dumps are capped by the discard pile plus the hand cards left out of
    # the word (R7.9, R15.7): the bound counts that cap and must stay above the real best value.
    rng = random.Random(seed)
    cards = PlayerCards(tuple(hand), (), tuple((c, 0) for c in classics), 0, discard)
    weights = Weights(dump_bonus=dump_bonus)
    ctx = cards.context(weights)
    letters = [card(c).letter for c in hand] + [card(c).letter for c in classics]
    for _ in range(5):
        word = "".join(rng.sample(letters, rng.randint(1, len(letters)))) + rng.choice(["", "", "E"])
        brute = brute_arrangements(cards, word) if len(word) >= 2 else []
        if not brute:
            continue
        best = max(evaluate_arrangement(cards, a, weights).value for a in brute)
        assert word_bound(ctx, word) >= best - 1e-9, (word, best)


def test_own_classics_dumps_are_capped_by_the_discard_pile() -> None:
    # Two own romance classics (R, B) with dumps, an empty discard pile and a word that uses the
    # whole hand: no dump can pay (R15.7), and the bound knows it.
    hand = (1145, 1148)  # starters E, I
    classics = ((96, 0), (73, 0))  # romance R (dump), romance B (dump): romance is active
    empty = PlayerCards(hand, (), classics, 0, 0)
    one = PlayerCards(hand, (), classics, 0, 1)
    for cards, dumps in ((empty, 0), (one, 1)):
        play = best_arrangement(cards, "brie")
        assert play is not None and play.dumps == dumps
        assert word_bound(cards.context(Weights()), "brie") == pytest.approx(play.value)


# ---------------------------------------------------------------------- worked examples (R37)
def test_r37_1_adventure_pair_trash_both() -> None:
    play = best_arrangement(PlayerCards(hand=(1, 4)), "ac")
    assert play is not None
    assert (play.prestige, play.coins) == (3, 7)  # 2+1 prestige, 1+1 coins, trash 3 + 2 coins
    assert set(play.trash) == {1, 4}
    keep = best_arrangement(PlayerCards(hand=(1, 4)), "ac", Weights(trash_cost=5.0))
    assert keep is not None and keep.trash == () and (keep.prestige, keep.coins) == (3, 2)


def test_r37_2_uncover_a_wild_neither_genre_active() -> None:
    play = evaluate_arrangement(PlayerCards(hand=(120, 67, 1156)),
                                (WordCard(120), WordCard(67, "A"), WordCard(1156)))
    assert play.steps == (("uncover", 120, 67),)
    assert play.coins + play.prestige == 4  # K 2 coins, T 1 coin, X 1 coin or 1 prestige
    assert play.choices == ((67, "prestige"),)
    coins_first = evaluate_arrangement(PlayerCards(hand=(120, 67, 1156)),
                                       (WordCard(120), WordCard(67, "A"), WordCard(1156)),
                                       Weights(coins=2.0))
    assert (coins_first.coins, coins_first.prestige, coins_first.choices) == (4, 0, ((67, "coins"),))
    # The solver finds the uncover itself: X wild next to K beats anything else for "KAT".
    best = best_arrangement(PlayerCards(hand=(120, 67, 1156)), "kat")
    assert best is not None and best.value == 4 and best.cards[1] == WordCard(67, "A")


def test_r37_3_adventure_o_counts_own_classic_and_doubling() -> None:
    cards = PlayerCards(hand=(21, 17, 29), classics=((12, 0),))
    play = evaluate_arrangement(cards, (WordCard(21), WordCard(17), WordCard(29)))
    assert play.coins == 8
    doubled = PlayerCards(hand=(21, 75, 76, 17, 29), classics=((12, 0),))
    play = evaluate_arrangement(doubled, tuple(WordCard(c) for c in (21, 75, 17, 29, 76)))
    # D sits between O and L; the best choice doubles O: 16 coins from O.
    assert ("double", 75, 21) in play.steps
    assert play.coins == 16 + 2 + 1 + 1
    assert play.prestige == 4 + 1 + 1 + 1 + 2 + 2
    # The other choice (doubling L) is worth 8 coins less: the solver searched both.
    steps = [s for s in play.steps if s[0] == "double"]
    assert len(steps) == 1


def test_r13_9_triple_and_own_classic_double_target() -> None:
    cards = PlayerCards(hand=(72, 1156, 91))
    play = evaluate_arrangement(cards, (WordCard(72), WordCard(1156), WordCard(91)))
    assert play.coins == 2 + 3 + 2  # B 2, T tripled, O 2


def test_evaluate_arrangement_refuses_illegal_layouts() -> None:
    cards = PlayerCards(hand=(1141, 1156, 110), inked=(110,), classics=((134, 1),))
    for bad in ((WordCard(1141), WordCard(1156)),  # inked D missing (R6.4)
                (WordCard(110, "A"), WordCard(1156)),  # inked card wild (R7.3)
                (WordCard(134, "X"), WordCard(110)),  # classic in play wild (R7.3)
                (WordCard(5), WordCard(110))):  # not the player's card
        with pytest.raises(ValueError):
            evaluate_arrangement(cards, bad)


def test_rival_classic_gives_nothing_and_inked_must_be_face_up() -> None:
    cards = PlayerCards(hand=(1141, 1156, 110), inked=(110,), classics=((134, 1),))
    assert best_arrangement(cards, "at") is None  # inked D (110) missing
    play = best_arrangement(cards, "tad")
    assert play is not None and WordCard(110) in play.cards
    # The rival's T (134) saves the hand's T for a wild; it pays nothing to the speller.
    both = best_arrangement(cards, "tatd")
    assert both is not None and any(w.card == 134 for w in both.cards)


# ---------------------------------------------------------------------- against the engine
def engine_pays(cards: PlayerCards, play: Play, discard: list[int]) -> dict[str, int]:
    """Spell ``play`` in a real game and follow its choices; return what the engine paid."""
    own = [c for c, o in cards.classics if o == 0]
    rival = [c for c, o in cards.classics if o == 1]
    spec: dict[str, Any] = {
        "seats": [{"hand": list(cards.hand), "inked": list(cards.inked), "timeless": own, "discard": discard},
                  {"timeless": rival, "hand": [2141, 2145]}],
        "options": NO_VARIANTS, "words": [play.word],
        "offer_row": [c for c in genre_card_ids() if c not in cards.hand and c not in dict(cards.classics)][:7],
    }
    game: Game = build_game(spec)
    events = game.apply(0, play.move)
    steps = list(play.steps)
    trash = list(play.trash)
    dumps = play.dumps
    choices = list(play.choices)
    while game.active_seat == 0 and game.phase not in ("buy", "spell", "over"):
        phase = game.phase
        pending = game.pending() or {}
        if phase in ("uncover", "double"):
            step = next(s for s in steps if s[0] == phase and s[1] == pending["source"])
            steps.remove(step)
            move = f"{phase} {step[2]}"
        elif phase == "trash" and trash:
            move = f"trash {trash.pop(0)}"
        elif phase == "dump" and dumps:
            dumps -= 1
            move = f"dump {game.player(0).discard[0]}"
        elif phase == "choice":
            cid, take = choices.pop(0)
            assert pending["card"] == cid
            move = f"take {take}"
        else:
            move = "pass"
        events += game.apply(0, parse_move(move))
    assert not trash and not dumps and not choices
    # With nothing to buy the engine ends the turn by itself and turns coins into ink (R19.8, R20.1):
    # read the payments from the events.
    coins = sum(e.coins for e in events if isinstance(e, Earn | Gain) and e.seat == 0)
    converted = sum(e.ink for e in events if isinstance(e, CoinsToInk) and e.seat == 0)
    p = game.player(0)
    return {"coins": coins, "prestige": p.prestige, "ink": p.ink - converted, "remover": p.remover}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31))
def test_best_play_predictions_match_the_engine(seed: int) -> None:
    rng = random.Random(seed)
    genre = genre_card_ids()
    hand = rng.sample([c for c in genre if not card(c).timeless] + SEAT0_STARTERS, rng.randint(5, 8))
    if rng.random() < 0.5:
        hand.append(rng.choice(ADJACENCY_POOL[:25]) if rng.random() < 0.7 else rng.choice(CLASSICS))
        hand = list(dict.fromkeys(hand))
    free = [c for c in CLASSICS if c not in hand]
    classics = tuple((c, rng.randint(0, 1)) for c in rng.sample(free, rng.randint(0, 3)))
    inked = tuple(rng.sample(hand, rng.randint(0, 2)))
    discard = [c for c in (142, 143) if c not in hand][: rng.randint(0, 2)]
    cards = PlayerCards(tuple(hand), inked, classics, 0, len(discard))
    weights = Weights(coins=rng.choice([1.0, 2.0]), prestige=rng.choice([1.0, 1.5]),
                      trash_cost=rng.choice([0.0, 3.0]), dump_bonus=rng.choice([0.0, 1.0]))
    # A time limit keeps rare adjacency-heavy hands (several uncover cards) from taking seconds;
    # a play found under it is still valued exactly, which is what this test checks.
    play = best_play(cards, get_dictionary("common"), weights, time_limit=1.0)
    if play is None:
        return
    paid = engine_pays(cards, play, discard)
    assert paid == {"coins": play.coins, "prestige": play.prestige, "ink": play.ink, "remover": play.remover}
    # And a second arrangement: the best one for a random playable word.
    words = playable_words(cards, get_dictionary("common"))
    if words:
        other = best_arrangement(cards, rng.choice(words), weights, time_limit=1.0)
        assert other is not None
        assert engine_pays(cards, other, discard) == {"coins": other.coins, "prestige": other.prestige,
                                                     "ink": other.ink, "remover": other.remover}


def test_from_game_reads_hand_inked_classics_and_discard() -> None:
    game = build_game({"seats": [{"hand": [1, 4, 1156], "inked": [4], "timeless": [12], "discard": [142]},
                                 {"timeless": [134]}], "options": NO_VARIANTS})
    cards = PlayerCards.from_game(game, 0)
    assert cards.hand == (1, 4, 1156) and cards.inked == (4,) and cards.discard_size == 1
    assert set(cards.classics) == {(12, 0), (134, 1)}
    options = game.spell_options(0)
    assert options is not None
    assert PlayerCards.from_options(0, options, 1) == cards
    assert best_play(cards, ("cat", "act", "it", "tic")) is not None


def test_unique_words_exclusion() -> None:
    cards = PlayerCards(hand=(1141, 1156, 1154))
    first = best_play(cards, ("art", "rat", "tar", "at"))
    assert first is not None
    second = best_play(cards, ("art", "rat", "tar", "at"), exclude=[first.word])
    assert second is not None and second.word != first.word and second.value == first.value


def test_empty_lists_and_threads_share_one_index() -> None:
    from concurrent.futures import ThreadPoolExecutor

    from hardback_bot.words import NO_DICTIONARY

    cards = PlayerCards(hand=(1141, 1156, 1154, 1145, 120, 75))
    assert playable_words(cards, NO_DICTIONARY) == [] and best_play(cards, NO_DICTIONARY) is None
    assert playable_words(cards, ["at", "TA", "a", "x-y"]) == ["at", "ta"]  # plain lists are cleaned
    common = get_dictionary("common")
    alone = best_play(cards, common)
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda _: best_play(cards, common), range(8)))
    assert all(r == alone for r in results)


def test_time_limit_returns_the_best_found_so_far() -> None:
    # Four uncover cards and two doublers: an exact search takes minutes (docs/solver.md).
    cards = PlayerCards(hand=(90, 126, 106, 110, 13, 133, 71, 1156, 120), inked=(106, 13),
                        classics=((92, 0), (86, 1)), seat=0, discard_size=0)
    weights = Weights(coins=2.0, prestige=1.0, trash_cost=3.0)
    play = best_play(cards, get_dictionary("common"), weights, time_limit=0.3)
    assert play is not None and not play.exact
    assert engine_pays(cards, play, []) == {"coins": play.coins, "prestige": play.prestige, "ink": play.ink,
                                           "remover": play.remover}
    slow_word = best_arrangement(cards, "adaptation", weights, time_limit=0.2)
    assert slow_word is not None and slow_word.word == "ADAPTATION"
    quick = best_play(PlayerCards(hand=(1, 4)), ("ac", "ca"), time_limit=5.0)
    assert quick is not None and quick.exact
