"""Literary awards (RULES.md R24): claimed when a word of 7 or more letters is accepted, worth their
prestige only at the end of the game (R22.3, R29.9: game_end.results and coop.coop_results)."""

from __future__ import annotations

from .events import Award, AwardLost, Event
from .options import AWARD_TABLE
from .table import Table


def claim_award(table: Table, seat: int, length: int, events: list[Event]) -> None:
    """R24.2: competitive awards of equal value are shared; in co-op only a higher award is taken."""
    if length < 7:
        return
    value = AWARD_TABLE[min(length, 12)]  # R24.1
    p = table.player(seat)
    if value <= p.award:
        return
    best = max(q.award for q in table.state.players)
    wins = value > best if table.options.coop else (best == 0 or value >= best)
    if not wins:
        return
    for q in table.state.players:
        if q.award < value and q.award:
            events.append(AwardLost(seat=q.seat, value=q.award))
            q.award = 0
    p.award = value
    events.append(Award(seat=seat, value=value, length=length))
    table.tally().award += value
