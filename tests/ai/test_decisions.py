"""Every kind of decision gets a legal answer, from every strength (R5-R30)."""

from __future__ import annotations

import random

import pytest

from hardback_bot.ai import STRENGTHS, choose_move, decide, wants_to_act
from hardback_bot.ai.public import public_facts
from hardback_bot.engine import Game, GameOptions, Move, WordCard, parse_move
from hardback_bot.engine.randomplay import random_move
from hardback_bot.engine.scenario import build_game
from hardback_bot.engine.views import player_view
from hardback_bot.words import get_dictionary

EXPECTED = {"spell", "vote", "uncover", "double", "trash", "dump", "preview", "previewing", "choice:either",
            "choice:ink", "jail", "flush", "buy", "suggest"}


def _kind(game: Game, seat: int) -> str:
    if game.phase == "vote":
        return "vote"
    if seat != game.active_seat:
        return "suggest"
    if game.phase == "choice":
        pend = game.pending() or {}
        return "choice:either" if pend.get("kind") == "either_coins_or_prestige" else "choice:ink"
    return game.phase


def _answer_everything(game: Game, rng: random.Random, seen: set[str], moves: int) -> None:
    """Walk a game with random moves; at each position every strength answers every seat that wants to act
    (once each kind of decision has been seen, one strength picked at random), and each answer is applied to
    a copy of the game (which raises if it is illegal).  The walk does not depend on the strengths there are."""
    pick = random.Random(moves)
    for _ in range(moves):
        if game.finished:
            return
        for seat in range(game.num_players):
            if not wants_to_act(game, seat):
                continue
            kind = _kind(game, seat)
            strengths = list(STRENGTHS) if kind not in seen else [pick.choice(list(STRENGTHS))]
            for strength in strengths:
                move = choose_move(game, seat, strength)
                copy = Game.from_json(game.to_json(), checker=game.checker)
                copy.apply(seat, move)
            seen.add(kind)
        seat, move = random_move(game, rng)
        game.apply(seat, move)


@pytest.mark.usefixtures("small_expert_budget")
def test_every_decision_type_is_answered() -> None:
    seen: set[str] = set()
    rng = random.Random(6)
    # Random play reaches every step; with no dictionary every word goes to a vote.
    common = get_dictionary("common")
    tables = [
        (3, GameOptions(dictionary="none", vote="majority"), get_dictionary("none"), 140),
        (3, GameOptions(), common, 170),
        (2, GameOptions(coop=True, penny_genre="horror"), common, 90),
    ]
    for seed, (players, options, checker, moves) in enumerate(tables):
        game = Game.new(players, 300 + seed, options, checker=checker)
        _answer_everything(game, rng, seen, moves)
    # Rare steps (two wilds to uncover, the preview card, choices) also have their own scenarios below.
    assert EXPECTED - {"uncover", "preview", "previewing", "choice:either", "choice:ink"} <= seen, EXPECTED - seen


def test_decide_needs_only_the_view() -> None:
    game = Game.new(2, 9, GameOptions(), checker=get_dictionary("common"))
    for strength in STRENGTHS:
        assert decide(player_view(game, 0), public_facts(game), strength) == choose_move(game, 0, strength)


@pytest.mark.parametrize("strength", sorted(STRENGTHS))
def test_votes_follow_the_dictionary(strength: int) -> None:
    game = Game.new(2, 3, GameOptions(dictionary="none", vote="majority"), checker=get_dictionary("none"))
    hand = game.player(0).hand
    game.apply(0, Move("spell", word=tuple(WordCard(c, "Q") for c in hand[:3])))  # QQQ: nobody's word
    assert game.phase == "vote" and wants_to_act(game, 1) and not wants_to_act(game, 0)
    assert choose_move(game, 1, strength) == Move("vote", choice="reject")
    game.apply(1, parse_move("vote reject"))
    letters = "CAT"
    game.apply(0, Move("spell", word=tuple(WordCard(c, x) for c, x in zip(hand, letters, strict=False))))
    assert choose_move(game, 1, strength) == Move("vote", choice="accept")


def test_ghostwriter_suggestion() -> None:
    game = Game.new(2, 12, GameOptions(), checker=get_dictionary("common"))
    assert not wants_to_act(game, 1)
    game.apply(0, parse_move("ghostwriter"))
    assert wants_to_act(game, 1)
    move = choose_move(game, 1, 3)
    assert move.kind == "suggest"
    game.apply(1, move)
    assert not wants_to_act(game, 1)  # one suggestion is enough


def _walk(game: Game, seen: set[str], until: str = "buy") -> None:
    """Answer the active player's decisions with every strength until ``until``; apply normal's."""
    while not game.finished and game.phase != until:
        seat = game.active_seat
        seen.add(_kind(game, seat))
        moves = {s: choose_move(game, seat, s) for s in STRENGTHS}
        for move in moves.values():
            Game.from_json(game.to_json(), checker=game.checker).apply(seat, move)
        game.apply(seat, moves[2])


def test_uncover_choices_and_preview() -> None:
    seen: set[str] = set()
    # Mystery A (106) between two wilds: the player picks which wild to uncover (R12.1).
    game = build_game({"seats": [{"hand": [141, 106, 145, 72, 147], "draw": [155, 148]}]})
    game.apply(0, parse_move("spell 1141=B 106 1145=T"))
    assert game.phase == "uncover"
    _walk(game, seen)
    # Romance R (95) with another romance card: its genre bonus previews 3 cards (R16).
    game = build_game({"seats": [{"hand": [95, 91, 145, 141, 148], "draw": [155, 156, 149, 151]}]})
    game.apply(0, parse_move("spell 95 91"))
    _walk(game, seen)
    # Horror A (either 2) and horror C (ink or remover): both choices of R12.8.
    game = build_game({"seats": [{"hand": [36, 38, 145, 141, 148], "draw": [155, 156]}]})
    game.apply(0, parse_move("spell 38 36 1145=T"))
    _walk(game, seen)
    assert {"uncover", "preview", "previewing", "choice:either", "choice:ink"} <= seen
