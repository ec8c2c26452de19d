"""The guided first game's deal (options.deal == "tutorial", engine/setup.py): stacked, yet every rule of
setup still holds (RULES.md R3, R4), and it is a function of the options alone, so the store's seed, options
and log rebuild it exactly (undo, replays)."""

from __future__ import annotations

import json

import pytest

from hardback_bot.engine import Game, GameOptions, OptionsError, parse_move
from hardback_bot.engine.cards import card, coin_starter_ids, genre_card_ids, prestige_starter_ids, starter_instance
from hardback_bot.engine.options import TUTORIAL_DEAL, TUTORIAL_LENGTH
from hardback_bot.engine.setup import TUTORIAL_OFFER

TUTORIAL = GameOptions(length=TUTORIAL_LENGTH, deal=TUTORIAL_DEAL)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_rules_hold(players: int) -> None:
    """R3.2-R3.5, R4.1: 8 coin starters and 2 prestige starters each, nobody shares a prestige starter and the
    rest go to the box; the 140 genre cards are the offer deck and a row of 7; hands of 5; seat 0 starts."""
    game = Game.new(players, 1, TUTORIAL)
    s = game.state
    dealt: list[int] = []
    for p in s.players:
        cards = sorted(p.hand + p.draw)
        coins = sorted(starter_instance(c, p.seat) for c in coin_starter_ids())
        prestige = [c for c in cards if c in prestige_starter_ids()]
        assert [c for c in cards if c not in prestige] == coins
        assert len(prestige) == 2 and sorted(prestige) == sorted([p.stats.starter_card1, p.stats.starter_card2])
        assert len(p.hand) == 5 and not p.discard and p.prestige == p.ink == p.remover == 0
        dealt += prestige
    assert len(set(dealt)) == len(dealt)
    assert sorted(dealt + s.box) == sorted(prestige_starter_ids())
    assert len(s.offer_row) == 7 and sorted(s.offer_row + s.offer_deck) == sorted(genre_card_ids())
    assert s.turn.seat == 0 and s.round == 1


def test_the_deal_is_the_same_for_every_seed() -> None:
    """The game is a function of its options and moves: two seeds give the same decks and the same RNG."""
    a, b = json.loads(Game.new(2, 1, TUTORIAL).to_json()), json.loads(Game.new(2, 2**61, TUTORIAL).to_json())
    assert a["state"].pop("seed") == 1 and b["state"].pop("seed") == 2**61
    assert a == b
    # The standard deal still depends on the seed, and its options' JSON has no deal at all.
    assert Game.new(2, 1).to_json() != Game.new(2, 2).to_json()
    assert "deal" not in GameOptions().to_dict() and TUTORIAL.to_dict()["deal"] == TUTORIAL_DEAL


def test_what_the_first_hands_and_the_row_are() -> None:
    """The first seat starts with A L E R T, then I N S and its prestige starters O and H; the first row has
    four horror cards (R18.3: a flush on turn 1); the last seat (the computer's) has three coin starters
    in its first hand, so nothing of the row after the flush is within its reach (docs/tutorial.md)."""
    game = Game.new(2, 7, TUTORIAL)
    first, computer = game.state.players
    assert "".join(card(c).letter for c in first.hand) == "ALERT"
    assert "".join(card(c).letter for c in reversed(first.draw)) == "INSOH"
    assert sum(1 for c in game.state.offer_row if card(c).genre == "horror") == 4
    assert game.state.offer_row == list(TUTORIAL_OFFER[:7])
    assert sum(1 for c in computer.hand if card(c).is_starter and card(c).copies == "per_player") == 3
    assert min(card(c).cost for c in TUTORIAL_OFFER[8:15] if c != 135) >= 4


def test_options_of_the_deal_are_checked() -> None:
    with pytest.raises(OptionsError) as error:
        GameOptions(deal="stacked").validate(2)
    assert error.value.code == "bad_deal"
    with pytest.raises(OptionsError) as error:
        GameOptions(deal=TUTORIAL_DEAL, coop=True).validate(2)
    assert error.value.code == "tutorial_competitive"
    # The short goal belongs to the guided deal only (R23.1 otherwise).
    GameOptions(deal=TUTORIAL_DEAL, length=TUTORIAL_LENGTH).validate(2)
    with pytest.raises(OptionsError) as error:
        GameOptions(length=TUTORIAL_LENGTH).validate(2)
    assert error.value.code == "bad_length"
    assert GameOptions.from_dict(TUTORIAL.to_dict()) == TUTORIAL


def test_undo_and_replay_rebuild_a_guided_game() -> None:
    """Undo replays the log from the deal (engine/undo.py): a choice taken back in a guided game leaves the
    state it had before; a replay of the log gives the same game as playing it."""
    game = Game.new(2, 3, TUTORIAL)
    game.apply(0, parse_move("spell 1141 1149 1145 1154 1156"))
    before = game.to_json()
    game.apply(0, parse_move("pass"))  # keep the row instead of flushing (undoable: it revealed nothing)
    game.apply(0, parse_move("undo"))
    after = json.loads(game.to_json())
    after["log"] = after["log"][:-2]  # the pass and the undo stay in the log
    assert after == json.loads(before)
    replayed = Game.replay(2, 99, TUTORIAL, game.move_log)
    assert replayed.to_json() != game.to_json()  # only the seed differs ...
    a, b = json.loads(replayed.to_json()), json.loads(game.to_json())
    a["state"].pop("seed")
    b["state"].pop("seed")
    assert a == b  # ... everything else is the same
