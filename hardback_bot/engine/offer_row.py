"""The offer row (RULES.md R18, R21, E1, E2): cards enter in age order, every card that leaves is
replaced at once from the offer deck (reshuffling the removed pile when the deck runs out), the row
may be flushed, and a turn that changed nothing cycles its oldest card.

The row is kept oldest first (state.py): a new card is appended, the oldest is at index 0.
"""

from __future__ import annotations

from . import coop
from .cards import GENRES, card
from .events import Cycle, Event, Flush, OfferReshuffle, RowAdd
from .moves import Move
from .state import BUY, FLUSH
from .table import ROW_SIZE, Table


def refill_one(table: Table, events: list[Event] | None = None, initial: bool = False) -> int | None:
    """Deal one card into the row as its newest card (R18.1, R18.2, R21, E1)."""
    s = table.state
    if not s.offer_deck:
        if not s.removed:
            return None  # E1: the slot stays empty
        s.offer_deck = s.removed
        s.removed = []
        table.rng.shuffle(s.offer_deck)
        if events is not None:
            events.append(OfferReshuffle())
    cid = s.offer_deck.pop()
    s.offer_row.append(cid)
    if events is not None:
        events.append(RowAdd(card=cid))
    if table.options.coop and not initial and events is not None:  # R29.6; the initial deal discards nothing
        coop.row_added(table, cid, events)
    return cid


def flush_allowed(table: Table) -> bool:
    """R18.3: once per turn, competitive only, when 4 row cards cost 6 or more or share a genre."""
    if table.options.coop or table.turn.flushed:
        return False
    row = [card(c) for c in table.state.offer_row]
    if sum(1 for c in row if c.cost >= 6) >= 4:
        return True
    return any(sum(1 for c in row if c.genre == g) >= 4 for g in GENRES)


def flush(table: Table, seat: int, m: Move) -> list[Event]:
    """R18.3: every row card goes to the removed pile and 7 new ones are dealt (E2: a short deck is
    reshuffled from a removed pile that already holds them)."""
    t = table.require_turn(seat, FLUSH)
    s = table.state
    events: list[Event] = [Flush(seat=seat, cards=tuple(s.offer_row))]
    s.removed.extend(s.offer_row)
    s.offer_row.clear()
    for _ in range(ROW_SIZE):
        refill_one(table, events)
    t.flushed = True
    t.changed_row = True
    table.tally().flushed += 1
    s.table_stats.flushes += 1
    t.phase = BUY
    return events


def cycle(table: Table, events: list[Event]) -> None:
    """R18.5, E16, E17: at the end of a competitive turn that bought nothing, jailed nothing and did not
    flush, the oldest row card goes to the removed pile and is replaced."""
    s = table.state
    if table.options.coop or not table.options.cycling or table.turn.changed_row or not s.offer_row:
        return
    oldest = s.offer_row.pop(0)
    s.removed.append(oldest)
    s.table_stats.cycled += 1
    events.append(Cycle(card=oldest))
    refill_one(table, events)
