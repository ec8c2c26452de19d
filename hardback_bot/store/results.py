"""Turn a finished engine game into the :class:`GameOutcome` the store writes (R22, R29.9, R34, R35).

Engine-aware but it only reads ``game.results()``, ``game.stats()`` and ``game.options``; the store
module itself never imports the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import InvalidRecord
from .models import CoopResult, GameOutcome, PlayerResult

if TYPE_CHECKING:  # pragma: no cover
    from hardback_bot.engine import Game


def _int(row: dict[str, Any], key: str) -> int:
    value = row.get(key)
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0


def outcome_from_game(game: Game) -> GameOutcome:
    if not game.finished:
        raise InvalidRecord("the game is not finished")
    results = {int(r["seat"]): r for r in game.results()}
    stats = game.stats()
    table: dict[str, Any] = dict(stats.get("table", {}))
    rows: list[dict[str, Any]] = list(stats.get("players", []))
    coop: CoopResult | None = None
    if getattr(game.options, "coop", False):
        # Shared team score (R29.2); the engine may report it per seat or once.
        team = max((_int(r, "prestige") for r in results.values()), default=0)
        team = _int(table, "teamScore") or team
        penny = _int(table, "coopScore")
        won_flags = [r["won"] for r in results.values() if "won" in r]
        won = bool(won_flags[0]) if won_flags else team > penny  # R29.9: a tie is a loss
        genre = table.get("coopGenre")
        coop = CoopResult(won=won, team_score=team, penny_score=penny, genre=None if genre is None else str(genre))
    players = []
    for seat, row in enumerate(rows):
        res = results.get(seat, {})
        won = coop.won if coop is not None else _int(res, "rank") == 1
        players.append(
            PlayerResult(
                seat=seat,
                rank=_int(res, "rank") or 1,
                prestige=_int(res, "prestige"),
                won=won,
                words=_int(row, "words"),
                best_word_prestige=_int(row, "bestWord"),
                best_word=row.get("bestWordText") or None,
                longest_word_len=_int(row, "longestWord"),
                longest_word=row.get("longestWordText") or None,
                cards_bought=_int(row, "cardsPurchase"),
                cards_trashed=_int(row, "cardsTrash"),
                ink_used=_int(row, "useInk"),
                invalid_words=_int(row, "invalidWords"),
                stats={**row, **{f"result_{k}": v for k, v in res.items() if k not in ("seat", "rank")}},
            )
        )
    # The guided first game (its tutorial deal) is practice: recorded, but it moves no rating or board.
    practice = bool(getattr(game.options, "tutorial", False))
    return GameOutcome(players=tuple(players), table_stats=table, coop=coop, practice=practice)
