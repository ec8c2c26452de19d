"""The expert computer player (strength 4): games sampled from its own view, searched on a work budget."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from ai_helpers import new_game, next_actor, play, scramble

from hardback_bot.ai import choose_move
from hardback_bot.ai.expert.determinize import PHASES, determinize, owners
from hardback_bot.ai.expert.fast import Fast
from hardback_bot.ai.expert.search import Budget, search
from hardback_bot.ai.public import public_facts
from hardback_bot.ai.seen import Seen
from hardback_bot.engine import Game, Move
from hardback_bot.engine.views import player_view
from hardback_bot.simulate import Setup, play_game

ROOT = Path(__file__).resolve().parents[2]


def _seen(game: Game, seat: int) -> Seen:
    return Seen(player_view(game, seat), public_facts(game))


def _positions(game: Game, moves: int, strengths: list[int]) -> list[Game]:
    """Copies of ``game`` at each step a search may start from, over ``moves`` moves of computer play."""
    found = []
    for _ in range(moves):
        if game.finished:
            break
        if game.phase in PHASES:
            found.append(game.clone())
        seat = next_actor(game)
        game.apply(seat, choose_move(game, seat, strengths[seat]))
    return found


def test_sampled_game_agrees_with_the_view() -> None:
    """A determinization matches everything the seat sees (R28): its legal moves and the step it is at (R12),
    its own hand, discard pile and draw pile's contents (R28.3), every pile's size, the scores and the row."""
    rng = random.Random(3)
    checked = 0
    for game in (_positions(new_game(3, 61), 150, [3, 2, 3])
                 + _positions(new_game(1, 62, coop=True, penny_genre="mystery"), 90, [3])):
        seat = game.active_seat
        sample = determinize(_seen(game, seat), rng)
        assert sorted(map(str, player_view(sample, seat)["legal_moves"])) == sorted(
            map(str, player_view(game, seat)["legal_moves"]))
        assert sample.pending() == game.pending()
        assert sample.scores() == game.scores() and sample.state.offer_row == game.state.offer_row
        me, real = sample.player(seat), game.player(seat)
        assert (me.hand, me.discard, sorted(me.draw)) == (real.hand, real.discard, sorted(real.draw))
        for a, b in zip(sample.state.players, game.state.players, strict=True):
            assert (len(a.hand), len(a.draw), len(a.discard), a.inked) == (len(b.hand), len(b.draw), len(b.discard),
                                                                           b.inked)
        assert len(sample.state.offer_deck) == len(game.state.offer_deck)
        checked += 1
    assert checked > 60


def test_sampled_game_reads_only_the_view() -> None:
    """The same view gives the same sampled game whatever the hidden cards are (R28.1-R28.3)."""
    rng = random.Random(5)
    for game in _positions(new_game(2, 63), 60, [3, 3])[::4]:
        seat = game.active_seat
        first = determinize(_seen(game, seat), random.Random(1)).to_json()
        assert determinize(_seen(scramble(game, seat, rng), seat), random.Random(1)).to_json() == first


def test_rival_decks_from_public_moves() -> None:
    """A rival's sampled deck holds every card it bought or showed in a word (R28.1), none it trashed or
    dumped (R15), and its own coin starters (R3.2); only its unshown prestige starters are guessed."""
    game = new_game(2, 64)
    play(game, [3, 3], max_moves=120)
    seat = game.active_seat
    rival = 1 - seat
    known = {c for c, s in owners(public_facts(game).log, 2).items() if s == rival}
    sample = determinize(_seen(game, seat), random.Random(2))
    real, guessed = game.player(rival), sample.player(rival)
    real_deck = set(real.hand + real.draw + real.discard)
    sampled = set(guessed.hand + guessed.draw + guessed.discard)
    assert known - set(real.timeless) <= real_deck
    assert known - set(real.timeless) <= sampled
    assert {c for c in real_deck ^ sampled if c < 141 or c > 158} == set()  # genre cards and coin starters


def test_search_keeps_to_its_budget() -> None:
    """A search stops sampling once its simulated turns are spent (a work budget, never a clock)."""
    game = new_game(2, 65)
    seen = _seen(game, 0)
    moves = [Move("skip"), Move("ink")] if Move("ink") in seen.legal else [Move("skip")]
    plays = choose_move(game, 0, 3)
    budget = Budget(30)
    best, means = search(seen, random.Random(1), [plays, *moves], plays, budget, horizon=3)
    assert best in means and budget.spent <= 30 + 3 * 4


def test_quick_player_plays_legal_games() -> None:
    """The search's quick player finishes whole games, competitive and co-op, without a refused move."""
    for game in (new_game(2, 66, length=40), new_game(1, 67, coop=True, penny_genre="horror")):
        fast = Fast(public_facts(game).dictionary)
        turns = 0
        while not game.finished and turns < 200:
            fast.turn(game)
            turns += 1
        assert game.finished and fast.refused == 0


def test_same_move_in_another_process() -> None:
    """Deterministic: the same position gets the same expert move in a fresh process, whatever this process
    searched before (the quick player remembers words it found) and whatever the process's string hashes (this
    position got "ink" under some PYTHONHASHSEED values while a set's order led the solver's search)."""
    before = new_game(2, 69)
    play(before, [4, 4], max_moves=12)
    game = new_game(2, 68)
    play(game, [3, 3], max_moves=30)
    while game.phase != "spell":
        game.apply(game.active_seat, choose_move(game, game.active_seat, 3))
    move = choose_move(game, game.active_seat, 4)
    code = ("import sys; from hardback_bot.ai import choose_move; from hardback_bot.engine import Game; "
            "from hardback_bot.words import get_dictionary; "
            "g = Game.from_json(sys.stdin.read(), checker=get_dictionary('common')); "
            "print(choose_move(g, g.active_seat, 4))")
    for hash_seed in ("1", "5"):  # 1 and 5 both gave "ink" before the solver walked letters in a fixed order
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "-c", code], input=game.to_json(), capture_output=True, text=True,
                             cwd=ROOT, env=env, timeout=60, check=True)
        assert out.stdout.strip() == str(move), hash_seed  # printed in the notation


@pytest.mark.parametrize("index", [1, 2], ids=["expert second", "expert first"])
def test_expert_beats_hard(index: int) -> None:
    """The expert wins a short seeded game against the hard player, from either seat (it wins 86% of 400 such
    games, docs/ai.md; of games 0-6 of this seed it loses game 0 only). One game a test: the three games that
    one test played (at least two wins asked) took it past 20 s in a loaded run."""
    record = play_game(Setup(seats=(4, 3), options={"length": 40}, seed=900), index)
    winners = [row["seat"] for row in record.results if row["rank"] == 1]
    assert [record.strengths[s] for s in winners] == [4], record.results
