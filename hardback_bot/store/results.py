"""Turn a finished engine game into the :class:`GameOutcome` the store writes (R22, R29.9, R34, R35).

Engine-aware but it only reads ``game.standings()`` and ``game.stats()`` (values: the R34 and R35 statistics,
kept in their stored form, ``GameStats.to_dict()``, under the engine's camelCase names) and ``game.options``;
the store module itself never imports the engine.
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
    stored = stats.to_dict()
    table: dict[str, Any] = stored["table"]
    coop: CoopResult | None = None
    if game.options.coop and stats.penny is not None:
        first = standings[0]  # every seat has the team's result (R29.2, R29.9)
        genre = stats.penny.genre
        coop = CoopResult(won=bool(first.won), team_score=first.prestige, penny_score=stats.penny.score,
                          genre=None if genre is None else str(genre))
    players = []
    for seat, (totals, row) in enumerate(zip(stats.players, stored["players"], strict=True)):
        standing = standings[seat]
        counts = totals.stats
        players.append(
            PlayerResult(
                seat=seat,
                rank=standing.rank,
                prestige=standing.prestige,
                won=coop.won if coop is not None else standing.rank == 1,
                words=counts.words,
                best_word_prestige=counts.best_word,
                best_word=totals.best_word or None,
                longest_word_len=counts.longest_word,
                longest_word=totals.longest_word or None,
                cards_bought=counts.cards_purchase,
                cards_trashed=counts.cards_trash,
                ink_used=counts.use_ink,
                invalid_words=counts.invalid_words,
                stats={**row, **_result_stats(standing)},
            )
        )
    # The guided first game (its tutorial deal) is practice: recorded, but it moves no rating or board.
    practice = game.options.tutorial
    return GameOutcome(players=tuple(players), table_stats=table, coop=coop, practice=practice)


def _result_stats(standing: Standing) -> dict[str, Any]:
    """The standing kept with the statistics (``result_prestige``, ``result_award`` …), as stored before."""
    return {f"result_{k}": v for k, v in standing.to_dict().items() if k not in ("seat", "rank")}
