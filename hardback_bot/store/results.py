"""Turn a finished engine game into the :class:`GameOutcome` the store writes (R22, R29.9, R34, R35).

Engine-aware but it only reads ``game.standings()`` (values), ``game.stats()`` (the R34 and R35 statistics,
by the engine's own names: ``engine.setup.PLAYER_STATS``, ``TABLE_STATS``) and ``game.options``; the store
module itself never imports the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import InvalidRecord
from .models import CoopResult, GameOutcome, PlayerResult

if TYPE_CHECKING:  # pragma: no cover
    from hardback_bot.engine import Game
    from hardback_bot.engine.events import Standing


def outcome_from_game(game: Game) -> GameOutcome:
    if not game.finished:
        raise InvalidRecord("the game is not finished")
    standings = {s.seat: s for s in game.standings()}
    stats = game.stats()
    table: dict[str, Any] = dict(stats["table"])
    coop: CoopResult | None = None
    if game.options.coop:
        first = standings[0]  # every seat has the team's result (R29.2, R29.9)
        genre = table["coopGenre"]
        coop = CoopResult(won=bool(first.won), team_score=first.prestige, penny_score=int(table["coopScore"]),
                          genre=None if genre is None else str(genre))
    players = []
    for seat, row in enumerate(stats["players"]):
        standing = standings[seat]
        players.append(
            PlayerResult(
                seat=seat,
                rank=standing.rank,
                prestige=standing.prestige,
                won=coop.won if coop is not None else standing.rank == 1,
                words=row["words"],
                best_word_prestige=row["bestWord"],
                best_word=row["bestWordText"] or None,
                longest_word_len=row["longestWord"],
                longest_word=row["longestWordText"] or None,
                cards_bought=row["cardsPurchase"],
                cards_trashed=row["cardsTrash"],
                ink_used=row["useInk"],
                invalid_words=row["invalidWords"],
                stats={**row, **_result_stats(standing)},
            )
        )
    # The guided first game (its tutorial deal) is practice: recorded, but it moves no rating or board.
    practice = game.options.tutorial
    return GameOutcome(players=tuple(players), table_stats=table, coop=coop, practice=practice)


def _result_stats(standing: Standing) -> dict[str, Any]:
    """The standing kept with the statistics (``result_prestige``, ``result_award`` …), as stored before."""
    return {f"result_{k}": v for k, v in standing.to_dict().items() if k not in ("seat", "rank")}
