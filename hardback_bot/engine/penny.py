"""Penny Dreadful's turn (RULES.md R29.4, R29.3, E1, E19): right after every player's turn in co-op,
she claims the oldest offer-row card for its cost in prestige.  Her score, signatures and the
result are in coop.py."""

from __future__ import annotations

from . import coop, game_end, offer_row
from .events import Event, PennyClaim, PennyRemove, PennyTurn
from .table import Table


def penny_turn(table: Table, events: list[Event]) -> bool:
    """R29.4: Penny's turn after a player's turn.  Returns True when the game ended."""
    if table.finished:
        return True
    if coop.team_or_penny_at_goal(table):  # step 1
        game_end.finish(table, events)
        return True
    s = table.state
    penny = s.penny
    penny["turns"] += 1
    events.append(PennyTurn())
    if not s.offer_row:  # E1: with an empty row she claims nothing
        penny["claimed"].append(0)
        return s.finished
    claimed = s.offer_row.pop(0)  # step 2: the oldest card (R18.1)
    value = coop.claim_value(table, claimed)
    s.removed.append(claimed)
    penny["claimed"].append(value)
    events.append(PennyClaim(card=claimed, prestige=value))
    offer_row.refill_one(table, events)  # step 3 (R29.6 applies)
    cheapest = coop.mystery_removal(table, claimed)  # step 4 (E19: may be the card just drawn)
    if cheapest is not None:
        s.offer_row.remove(cheapest)
        s.removed.append(cheapest)
        events.append(PennyRemove(card=cheapest))
        offer_row.refill_one(table, events)
    if value and coop.penny_gain(table, value, "claim", events):  # step 5
        game_end.finish(table, events)
    return s.finished
