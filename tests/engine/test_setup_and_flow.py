"""Setup, seating, determinism, game end and game length (RULES.md R3, R4, R22, R23)."""

from __future__ import annotations

import pytest

from hardback_bot.engine import Game, GameOptions, IllegalMove, OptionsError, parse_move
from hardback_bot.engine.cards import card, prestige_starter_ids
from hardback_bot.engine.events import FinalRound
from hardback_bot.engine.scenario import build_game


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_r3_setup(players: int) -> None:
    game = Game.new(players, seed=11)
    s = game.state
    assert len(s.offer_row) == 7 and len(s.offer_deck) == 133  # R3.3
    dealt = []
    for p in s.players:
        cards = p.hand + p.draw
        assert len(p.hand) == 5 and len(cards) == 10  # R3.2, R3.4
        letters = sorted(card(c).letter for c in cards if card(c).copies == "per_player")
        assert letters == list("AEILNRST")
        prestige = [c for c in cards if c in prestige_starter_ids()]
        assert len(prestige) == 2
        dealt += prestige
        assert (p.prestige, p.ink, p.remover, p.jail, p.timeless) == (0, 0, 0, None, [])  # R3.5
    assert len(set(dealt)) == len(dealt)  # R3.2: no two players share a prestige starter
    assert sorted(dealt + s.box) == sorted(prestige_starter_ids())
    if players == 5:
        assert s.box == []


@pytest.mark.parametrize("players", [0, 1, 6])
def test_r3_1_competitive_player_counts(players: int) -> None:
    with pytest.raises(OptionsError):
        Game.new(players, seed=1)


def test_r3_seeded_setup_is_deterministic() -> None:
    assert Game.new(4, seed=99).to_json() == Game.new(4, seed=99).to_json()
    assert Game.new(4, seed=99).to_json() != Game.new(4, seed=100).to_json()


def test_r4_first_seat_starts_and_rounds_follow_seat_order() -> None:
    game = build_game({"players": 3, "seats": []})
    assert game.active_seat == 0
    for expected in (1, 2, 0):
        game.apply(game.active_seat, parse_move("skip"))
        assert game.active_seat == expected
    assert game.state.round == 2


def test_r22_final_round_finishes_the_round_and_ink_breaks_ties() -> None:
    # Seat 1 reaches the goal; seat 2 still plays; the game ends when the turn would pass to seat 0.
    game = build_game({
        "players": 3, "active": 1, "options": {"length": 40, "adverts": False, "awards": False},
        "seats": [{"prestige": 41, "ink": 1}, {"hand": [1, 2], "prestige": 38, "ink": 0}, {"prestige": 20}],
    })
    events = game.apply(1, parse_move("spell 1 2"))  # adventure A + A: 2+1 and 3+2 prestige = 8
    assert any(isinstance(e, FinalRound) for e in events) or game.state.final_round
    assert game.player(1).prestige >= 40
    while game.phase not in ("spell", "over") and game.active_seat == 1:
        moves = game.legal_moves(1)
        game.apply(1, parse_move("pass" if any(m.kind == "pass" for m in moves) else "end"))
    assert not game.finished and game.active_seat == 2  # R22.2: the round is finished
    game.apply(2, parse_move("skip"))
    assert game.finished and game.phase == "over"
    ranks = {r["seat"]: r["rank"] for r in game.results()}
    assert ranks[1] == 1


def test_r22_4_tie_on_prestige_broken_by_ink_then_shared() -> None:
    game = build_game({"players": 3, "active": 2, "options": {"length": 40, "awards": False},
                       "seats": [{"prestige": 50, "ink": 2}, {"prestige": 50, "ink": 5}, {"prestige": 50, "ink": 2}]})
    game.apply(2, parse_move("skip"))
    assert game.finished
    results = {r["seat"]: r["rank"] for r in game.results()}
    assert results[1] == 1  # most ink
    assert results[0] == results[2] == 2  # R22.6: shared place, sports-table numbering


def test_r22_6_shared_first_place_skips_second() -> None:
    game = build_game({"players": 3, "active": 2, "options": {"length": 40},
                       "seats": [{"prestige": 45, "ink": 1}, {"prestige": 45, "ink": 1}, {"prestige": 10}]})
    game.apply(2, parse_move("skip"))
    assert [(r["seat"], r["rank"]) for r in game.results()] == [(0, 1), (1, 1), (2, 3)]


def test_r22_3_awards_count_only_at_the_end() -> None:
    game = build_game({"players": 2, "active": 1, "options": {"length": 40},
                       "seats": [{"prestige": 40, "award": 0}, {"prestige": 36, "award": 9, "ink": 0}]})
    game.apply(1, parse_move("skip"))
    assert game.finished
    top = game.results()[0]
    assert top["seat"] == 1 and top["prestige"] == 45 and top["award"] == 9


@pytest.mark.parametrize("length", [40, 60, 90, 180])
def test_r23_game_lengths(length: int) -> None:
    game = Game.new(2, 1, GameOptions(length=length))
    assert game.goal == length


def test_r23_invalid_length_refused() -> None:
    with pytest.raises(OptionsError):
        Game.new(2, 1, GameOptions(length=80))


def test_no_moves_after_the_end() -> None:
    game = build_game({"players": 2, "active": 1, "seats": [{"prestige": 60}, {}]})
    game.apply(1, parse_move("skip"))
    assert game.finished
    with pytest.raises(IllegalMove, match="over"):
        game.apply(0, parse_move("ink"))
    assert game.legal_moves(0) == []
