"""Taking back a choice (PRODUCT.md, a turn in a few clicks): the active player may undo their last
choices of the turn, before buying, as long as nothing hidden was revealed since.

Undoable are the choices that only rearrange what the player already sees: which wild to uncover or card
to double (R12.1, R12.2), coins or prestige and ink or remover (R14), trashing (R15) and dumping (R15.7)
a card, putting a previewed card back or discarding it (R16.2), and declining an optional step. Never
undoable: the word itself, anything that draws or reveals a card (ink, a preview, a flush, a jail that
refills the row, a purchase), a vote or a ghostwriter request, and any move once another player moved.

``undo`` is a move of the log like any other, so a replay of the log gives the same game: the state after
it is the replay of every move before the undone one (the engine replays its own log from the seed),
and the RNG comes back with it (nothing undoable draws).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from . import setup
from .errors import IllegalMove
from .events import Event, Undo
from .moves import LoggedMove, Move
from .state import SPELL, VOTE
from .table import Table

UNDOABLE = frozenset({"uncover", "double", "take", "trash", "dump", "return", "discard", "pass"})

Apply = Callable[[Table, int, Move], list[Event]]


def effective(log: Sequence[LoggedMove]) -> list[LoggedMove]:
    """The moves that stand: each ``undo`` takes back the move before it that still stands."""
    kept: list[LoggedMove] = []
    for entry in log:
        if entry.move.kind == "undo":
            kept.pop()
        else:
            kept.append(entry)
    return kept


def undone_move(table: Table, seat: int) -> LoggedMove | None:
    """The move an ``undo`` by ``seat`` would take back now, or None when there is none."""
    if table.finished or seat != table.state.turn.seat or table.state.turn.phase in (SPELL, VOTE):
        return None
    kept = effective(table.move_log)
    if not kept:
        return None
    last = kept[-1]
    if last.seat != seat or last.move.kind not in UNDOABLE:
        return None
    return last


def undo(table: Table, seat: int, m: Move, apply: Apply) -> list[Event]:
    """``undo``: the game as it was before ``seat``'s last undoable choice of this turn."""
    target = undone_move(table, seat)
    if target is None:
        raise IllegalMove.of("nothing_to_undo")
    kept = effective(table.move_log)[:-1]
    state, rng = setup.new_state(table.num_players, table.state.seed, table.options)
    fresh = Table(state, table.options, table.num_players, table.checker)
    fresh.rng = rng
    setup.deal(fresh)
    for who, move in kept:
        apply(fresh, who, move)
    table.state = fresh.state
    table.rng = fresh.rng
    return [Undo(seat=seat, move=target.move)]
