"""An ended game turn by turn, replayed from its stored seed, options and move log (no Discord here).

The engine ends every turn with a ``turn_end`` event carrying the turn's public summary (the word, the
coins and prestige it earned, the award, the cards bought …; docs/notation.md), so a replay of the log
gives each turn exactly as the table log told it.  Replays (``replays.py``) and the list of every word
of a game (``words_table.py``) are built on :func:`walk_turns`.

A game still being played is never walked: its seed and log would show every hidden card.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hardback_bot.engine import Game, GameOptions, IllegalMove
from hardback_bot.engine.events import TurnEnd, TurnSummary
from hardback_bot.engine.moves import LoggedMove
from hardback_bot.engine.views import public_view
from hardback_bot.engine.words import WordChecker
from hardback_bot.store import StoredMove


class ReplayError(ValueError):
    """The stored log does not replay (a changed dictionary, a damaged record); the message says so."""


def stored_log(rows: Iterable[StoredMove]) -> list[LoggedMove]:
    """The store's move rows (the moves' text) as the engine's log; a row that is no move raises ReplayError."""
    log: list[LoggedMove] = []
    for index, row in enumerate(rows, start=1):
        try:
            log.append(LoggedMove.from_stored(row.seat, row.move))
        except IllegalMove as error:
            raise ReplayError(f"move {index} ({row.seat}: {row.move}) does not read: {error}") from error
    return log


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """One seat's turn, as the table saw it (RULES.md R5-R20)."""

    number: int  # 1, 2, 3 … in play order
    round: int
    seat: int
    moves: int  # how many logged moves had been applied when this turn ended
    word: str | None  # None: the turn was skipped (writer's block, R9) or timed out
    coins: int  # what the word's benefits earned (R12)
    prestige: int  # prestige from the word's benefits (trash included), before any award
    award: int  # a literary award claimed with this word (R24), else 0
    bought: tuple[int, ...]  # cards bought (R19)
    adverts: int  # adverts bought (R25)
    purchase_prestige: int  # prestige printed on the cards bought and from adverts

    @property
    def total_prestige(self) -> int:
        return self.prestige + self.award


@dataclass(frozen=True, slots=True)
class Walk:
    turns: tuple[TurnRecord, ...]
    view: dict[str, Any] | None  # the public view after turn ``stop`` (0: before the first turn), if asked
    final: dict[str, Any]  # the public view at the end of the log


def _turn(number: int, round_: int, seat: int, moves: int, summary: TurnSummary) -> TurnRecord:
    return TurnRecord(number=number, round=round_, seat=seat, moves=moves,
                      word=summary.word if summary.word and not summary.skipped else None,
                      coins=summary.coins, prestige=summary.prestige, award=summary.award, bought=summary.bought,
                      adverts=summary.adverts, purchase_prestige=summary.purchase_prestige)


def walk_turns(num_players: int, seed: int, options: GameOptions | Mapping[str, Any],
               moves: Sequence[LoggedMove], checker: WordChecker | None = None, *,
               stop: int | None = None) -> Walk:
    """Every turn of the game the log produces, and the public view after turn ``stop``.

    ``checker`` should be the table's dictionary (``store.export.checker_for``): a log with votes holds the
    vote on each word the list refused, which only replays against that list.  CPU work: call it in a
    worker thread from the event loop."""
    opts = options if isinstance(options, GameOptions) else GameOptions.from_dict(dict(options))
    game = Game.new(num_players, seed, opts, checker)
    turns: list[TurnRecord] = []
    view = public_view(game) if stop == 0 else None
    for index, (seat, move) in enumerate(moves, start=1):
        round_ = game.state.round  # a turn's last move ends it: the round is the one it was played in
        try:
            events = game.apply(seat, move)
        except IllegalMove as error:
            raise ReplayError(f"move {index} ({seat}: {move}) does not replay: {error}") from error
        for event in events:
            if isinstance(event, TurnEnd):
                turns.append(_turn(len(turns) + 1, round_, event.seat, index, event.summary))
                if stop is not None and len(turns) == stop:
                    view = public_view(game)
    final = public_view(game)
    if stop is not None and view is None:
        view = final
    return Walk(tuple(turns), view, final)
