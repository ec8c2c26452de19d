"""Events as values (engine/events.py): one closed union, each event with one exact plain-data form.

The fingerprints pin that form to what the engine has always emitted; here every event of seeded games
goes there and back unchanged, and the union holds every event class the module defines.
"""

from __future__ import annotations

import inspect
import json
import random

import pytest
from fingerprints import WRONG, table

from hardback_bot.engine import Game, IllegalMove, WordSet, events, parse_move
from hardback_bot.engine.events import EVENT_TYPES, Event, Take, TurnSummary, event_from_dict
from hardback_bot.engine.randomplay import random_move


def _events_of(seed: int) -> list[Event]:
    players, options, small = table(seed)
    checker = WordSet(["at", "tea", "eat", "ten", "net", "sit", "rat", "tar", "art"]) if small else None
    game = Game.new(players, seed, options, checker)
    rng = random.Random(seed)
    found: list[Event] = []
    while not game.finished:
        seat, move = (rng.randrange(players), rng.choice(WRONG)) if rng.random() < 0.05 else random_move(game, rng)
        try:
            found += game.apply(seat, parse_move(move) if isinstance(move, str) else move)
        except IllegalMove:
            continue
    return found


@pytest.mark.parametrize("seed", range(0, 40, 3))
def test_every_event_goes_to_plain_data_and_back_unchanged(seed: int) -> None:
    for event in _events_of(seed):
        data = event.to_dict()
        again = json.loads(json.dumps(data))  # what a stored copy reads back as
        assert event_from_dict(again) == event, data
        assert event_from_dict(again).to_dict() == data


def test_the_union_is_closed_and_each_type_is_one_class() -> None:
    defined = {cls for _, cls in inspect.getmembers(events, inspect.isclass)
               if cls.__module__ == events.__name__ and getattr(cls, "TYPE", "")}
    assert defined == set(EVENT_TYPES.values())
    assert len(EVENT_TYPES) == len(defined) == 47
    seen = {type(e) for seed in range(0, 40) for e in _events_of(seed)}
    assert len(seen) >= 40, set(EVENT_TYPES.values()) - seen  # random play reaches nearly every kind


def test_plain_data_of_another_shape_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown event type"):
        event_from_dict({"type": "teleport", "seat": 0})
    with pytest.raises(ValueError, match="keys"):
        event_from_dict({"type": "buy", "seat": 0, "card": 3, "cost": 2})  # no from_jail
    with pytest.raises(ValueError, match="keys"):
        event_from_dict({"type": "take", "seat": 0, "card": 3, "ink": 1, "choice": "remover"})
    assert event_from_dict({"type": "take", "seat": 0, "card": 3, "remover": 1, "choice": "remover"}) == \
        Take(seat=0, card=3, choice="remover")


def test_a_turn_summary_says_only_what_happened() -> None:
    summary = TurnSummary(word="TEA", coins=3, bought=(17,))
    assert summary.to_dict() == {"skipped": False, "word": "TEA", "coins": 3, "bought": [17]}
    assert TurnSummary.from_dict(summary.to_dict()) == summary
    with pytest.raises(ValueError, match="unknown"):
        TurnSummary.from_dict({"skipped": True, "teleported": 1})
    assert TurnSummary.from_dict({"skipped": True, "teleported": 1}, strict=False) == TurnSummary(skipped=True)
