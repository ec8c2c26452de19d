"""Property tests over random legal play (2-5 players): conservation, bounds, termination,
JSON round trip, replay equality, and refused moves changing nothing."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from profiles import examples

from hardback_bot.engine import Game, GameOptions, IllegalMove, parse_move
from hardback_bot.engine.invariants import check
from hardback_bot.engine.randomplay import random_move

GARBAGE = ["buy 999", "spell 1 2", "take coins", "pass", "end", "flush", "dump 5", "trash 1141",
           "remover 7", "reserve 3", "convert 1", "advert", "uncover 4", "double 9", "spell", "fly away",
           "return 8", "ink", "skip"]

options_strategy = st.builds(
    GameOptions,
    length=st.sampled_from([40, 60]),
    awards=st.booleans(),
    adverts=st.booleans(),
    unique_words=st.sampled_from(["off", "game", "player"]),
    cycling=st.booleans(),
    open_hands=st.booleans(),
    ghostwriter=st.booleans(),
)


@st.composite
def tables(draw: st.DrawFn) -> tuple[int, GameOptions]:
    """Competitive (2-5), co-op (1-4) and vote tables, with every other option drawn at random."""
    options = draw(options_strategy)
    kind = draw(st.sampled_from(["competitive", "competitive", "coop", "vote"]))
    if kind == "coop":
        players = draw(st.integers(1, 4))
        genre = draw(st.sampled_from(["none", "random", "adventure", "horror", "mystery", "romance"]))
        return players, replace(options, coop=True, penny_genre=genre)
    players = draw(st.integers(2, 5))
    if kind == "vote":
        mode = draw(st.sampled_from(["majority", "unanimous"]))
        return players, replace(options, vote=mode, dictionary="none")
    return players, options


# 120 random games (1000 with the thorough profile, tests/profiles.py), as twenty independent runs that the test
# run's workers can take in parallel (a run's length varies with its random games: smaller runs keep the longest
# one short).
@pytest.mark.parametrize("run", range(1, 21))
@settings(max_examples=examples(6, 50), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), table=tables())
def test_random_games_keep_every_invariant(run: int, seed: int, table: tuple[int, GameOptions]) -> None:
    players, options = table
    game = Game.new(players, seed, options)
    rng = random.Random(seed)
    snapshot_at = rng.randrange(1, 400)
    for step in range(5000):
        if game.finished:
            break
        # A refused move changes nothing at all.
        if rng.random() < 0.05:
            before = game.to_json()
            seat = rng.randrange(players)
            try:
                game.apply(seat, parse_move(rng.choice(GARBAGE)))  # text that is no move is refused as read
            except IllegalMove:
                assert game.to_json() == before
            check(game)
            if game.finished:  # a garbage move can be legal, even the last one
                break
        seat, move = random_move(game, rng)
        game.apply(seat, move)
        check(game)
        if step == snapshot_at:
            # JSON round trip mid-game, and the restored game carries on identically.
            restored = Game.from_json(game.to_json())
            assert restored.to_json() == game.to_json()
            game = restored
    assert game.finished, "every game ends"
    assert len(game.state.offer_row) <= 7
    replayed = Game.replay(players, seed, options, game.move_log)
    assert replayed.to_json() == game.to_json()
    ranks = [r["rank"] for r in game.results()]
    assert min(ranks) == 1 or (options.coop and not game.results()[0]["won"])
