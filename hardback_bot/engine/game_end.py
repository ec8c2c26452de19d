"""The end of the game (RULES.md R22, R23, R34, R35): the final round, the end, the standings and the
statistics.  When the game ends: at a round's end (turn_end.py, R22.2) or at once in co-op (R29.8)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from . import coop
from .cards import GENRES, card
from .events import Event, FinalRound, GameOver, Standing
from .state import OVER
from .stats import GameStats, PlayerTotals
from .table import Table


def check_final_round(table: Table, events: list[Event]) -> None:
    """R22.5: announced as soon as somebody reaches the goal (competitive; after every move)."""
    s = table.state
    if table.options.coop or s.final_round:
        return
    if any(p.prestige >= table.goal for p in s.players):
        s.final_round = True
        events.append(FinalRound(goal=table.goal, seats=tuple(p.seat for p in s.players if p.prestige >= table.goal)))


def goal_reached(table: Table) -> bool:
    """R22.1, R22.2: somebody's prestige reached the goal (awards excluded, R22.3)."""
    return any(p.prestige >= table.goal for p in table.state.players)


def finish(table: Table, events: list[Event]) -> None:
    """End the game now.  The turn is kept as it is: in co-op the game can end mid-turn (R29.8)."""
    table.state.finished = True
    table.turn.phase = OVER
    for p in table.state.players:
        p.stats.points_award = p.award
    events.append(GameOver(results=tuple(standings(table))))


def standings(table: Table) -> list[Standing]:
    """Final standings (R22.4, R22.6; co-op R29.9); meaningful once the game is finished."""
    if table.options.coop:
        return coop.coop_results(table)
    scores = [(p.seat, p.prestige + p.award, p.award, p.ink) for p in table.state.players]  # R22.3: awards now
    rows = []
    for seat, prestige, award, ink in scores:  # R22.4: ink breaks ties; R22.6: shared places, numbered like sports
        rank = 1 + sum(1 for _, q, _, i in scores if (q, i) > (prestige, ink))
        rows.append(Standing(seat=seat, prestige=prestige, award=award, ink=ink, rank=rank))
    return sorted(rows, key=lambda r: (r.rank, r.seat))


def results(table: Table) -> list[dict[str, Any]]:
    """The standings as plain data (the public view's ``results``)."""
    return [s.to_dict() for s in standings(table)]


def stats(table: Table) -> GameStats:
    """R34 table statistics and R35 player statistics (deck composition computed now)."""
    players = []
    for p in table.state.players:
        owned = p.draw + p.discard + p.hand + p.timeless
        deck = tuple(sum(1 for c in owned if card(c).genre == genre) for genre in ("starter", *GENRES))
        players.append(PlayerTotals(replace(p.stats), p.best_word, p.longest_word, deck))
    penny = coop.penny_stats(table) if table.options.coop else None
    return GameStats(replace(table.state.table_stats), tuple(players), penny)
