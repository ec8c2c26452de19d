"""Game export (JSON) and replay: how bug reports travel. Format documented in docs/store.md.

Building an export needs no engine; replaying one imports the engine lazily, so the store itself stays
importable without it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import InvalidRecord
from .models import GameRecord, StoredMove

if TYPE_CHECKING:  # pragma: no cover
    from hardback_bot.engine import Game
    from hardback_bot.engine.words import WordChecker

EXPORT_FORMAT = "hardback-game"
EXPORT_VERSION = 1


def build_export(game: GameRecord, moves: Sequence[StoredMove], *, exported_at: float) -> dict[str, Any]:
    return {
        "format": EXPORT_FORMAT,
        "format_version": EXPORT_VERSION,
        "exported_at": exported_at,
        "game": {
            "id": game.id,
            "guild_id": game.guild_id,
            "channel_id": game.channel_id,
            "status": game.status,
            "version": game.version,
            "created_at": game.created_at,
            "updated_at": game.updated_at,
            "finished_at": game.finished_at,
        },
        "options": dict(game.options),
        "seed": game.seed,
        "num_players": game.num_players,
        "players": [
            {
                "seat": s.seat,
                "display_name": s.display_name,
                "user_id": s.user_id,
                "ai_strength": s.ai_strength,
            }
            for s in game.seats
        ],
        "moves": [[m.seat, m.move] for m in moves],
        "move_times": [m.created_at for m in moves],
        "state": game.state,
    }


@dataclass(frozen=True)
class ExportedGame:
    options: Mapping[str, Any]
    seed: int | None
    num_players: int
    moves: tuple[tuple[int, str], ...]
    state: str | None
    raw: Mapping[str, Any]


def parse_export(data: Mapping[str, Any] | str | bytes) -> ExportedGame:
    """Validate an export (dict or JSON text) enough to replay it."""
    if isinstance(data, str | bytes):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise InvalidRecord(f"not JSON: {exc}") from exc
    if not isinstance(data, Mapping) or data.get("format") != EXPORT_FORMAT:
        raise InvalidRecord("not a Hardback game export")
    if data.get("format_version") != EXPORT_VERSION:
        raise InvalidRecord(f"unsupported export format version {data.get('format_version')!r}")
    try:
        moves = tuple((int(seat), str(move)) for seat, move in data["moves"])
        options = data["options"]
        num_players = int(data["num_players"])
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidRecord(f"malformed export: {exc}") from exc
    if not isinstance(options, Mapping):
        raise InvalidRecord("malformed export: options must be an object")
    seed = data.get("seed")
    state = data.get("state")
    return ExportedGame(
        options=dict(options),
        seed=None if seed is None else int(seed),
        num_players=num_players,
        moves=moves,
        state=state if isinstance(state, str) else None,
        raw=data,
    )


def replay_export(data: Mapping[str, Any] | str | bytes | ExportedGame, checker: WordChecker | None = None) -> Game:
    """The engine game the export's seed, options and move log produce.

    ``checker`` should be the table's dictionary when the log may hold refused words; the default accepts
    every word, which replays any log whose words were all accepted.
    """
    from hardback_bot.engine import Game, GameOptions
    from hardback_bot.engine.moves import LoggedMove
    from hardback_bot.engine.words import AcceptAll

    exp = data if isinstance(data, ExportedGame) else parse_export(data)
    if exp.seed is None:
        raise InvalidRecord("this game never started (no seed): nothing to replay")
    return Game.replay(
        exp.num_players,
        exp.seed,
        GameOptions.from_dict(dict(exp.options)),
        [LoggedMove.from_stored(seat, move) for seat, move in exp.moves],  # the export keeps their text
        checker=checker if checker is not None else AcceptAll(),
    )


def checker_for(options: Mapping[str, Any]) -> tuple[WordChecker, str]:
    """The table's dictionary for a replay, from ``options["dictionary"]`` through ``hardback_bot.words``;
    falls back to accepting every word (which replays any game none of whose words went to a vote or was
    refused) when that list cannot be loaded here. Returns the checker and a note saying which it is."""
    from hardback_bot.engine.words import AcceptAll

    name = str(options.get("dictionary", "common"))
    try:
        from hardback_bot.words import get_dictionary

        return get_dictionary(name), f"dictionary {name!r}"
    except Exception as exc:  # words layer missing, or the list is not installed on this machine
        return AcceptAll(), f"every word accepted (dictionary {name!r} unavailable: {exc})"


def same_state(a: str, b: str) -> bool:
    """Engine states compared as JSON values, so key order or spacing cannot make a false alarm."""
    return json.loads(a) == json.loads(b)


def verify_export(data: Mapping[str, Any] | str | bytes, checker: WordChecker | None = None) -> bool:
    """True when replaying the export reproduces the state stored with it."""
    exp = parse_export(data)
    if exp.state is None:
        raise InvalidRecord("the export carries no state to compare with")
    return same_state(replay_export(exp, checker).to_json(), exp.state)
