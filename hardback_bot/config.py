"""Settings for the bot process: environment variables (and ``.env``), plus an optional YAML file.

Only ``DISCORD_TOKEN`` is required.  Everything else has a default that works on a fresh clone:
an SQLite file under ``data/`` and the bundled word lists.  ``.env.example`` lists every variable.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from hardback_bot.ops.address import Address, AddressError, parse_address
from hardback_bot.ops.logs import FORMATS, LogFormat
from hardback_bot.store.erasures import DEFAULT_LEDGER
from hardback_bot.store.models import Shards

DEFAULT_DB = "data/hardback.db"
DEFAULT_CONFIG = "hardback.yaml"
MOVE_LOG_DAYS = 365  # an ended game's moves are deleted this many days after it ended (0: never)
MIN_MOVE_LOG_DAYS = 7  # the relay redraws the tables of games ended in the last week after a restart


class ConfigError(ValueError):
    """A setting is missing or wrong; the message says how to fix it."""


def parse_shard_ids(text: str) -> tuple[int, ...]:
    """``0-3``, ``0,2,5`` or ``0-1,4``: the shard ids, sorted. Raises ConfigError."""
    ids: set[int] = set()
    for part in text.replace(" ", "").split(","):
        low, dash, high = part.partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise ConfigError(f"--shards / HARDBACK_SHARDS: {text!r} is not a list of shard numbers and ranges "
                              "such as 0-3 or 0,2,4-5")
        first, last = int(low), int(high) if dash else int(low)
        if last < first:
            raise ConfigError(f"--shards / HARDBACK_SHARDS: the range {part} runs backwards")
        ids.update(range(first, last + 1))
    return tuple(sorted(ids))


@dataclass(frozen=True)
class Settings:
    token: str
    db_path: str = DEFAULT_DB  # an SQLite file, or a postgresql:// connection string
    db_pool_size: int = 10  # PostgreSQL connections at most (SQLite ignores it)
    guild_id: int | None = None  # sync commands to one guild only (instant; for development)
    ai_delay: float = 1.2  # seconds a computer player "thinks" before each move
    log_level: str = "INFO"
    lobby_expiry_hours: float = 6.0
    custom_dictionaries: Mapping[str, str] = field(default_factory=dict)
    defaults: Mapping[str, Any] = field(default_factory=dict)  # table option defaults for every guild
    message_content: bool = False  # read ghostwriter thread replies (privileged intent; buttons work without)
    shard_count: int | None = None  # None: one process, not sharded
    shard_ids: tuple[int, ...] | None = None  # the shards this process holds (with shard_count)
    http: Address | None = None  # the health and metrics listener; None: off
    log_format: LogFormat = "text"  # or "json": one object per line
    daily_par_strength: int | None = None  # the computer whose score is the daily's par; None: the expert
    search_workers: int | None = None  # search worker processes; None: one per CPU this process may use
    coach_games: int = 3  # a player's first games (the guided one apart) keep the coach, unless they drop it
    move_log_days: int = MOVE_LOG_DAYS  # days an ended game's move log is kept (0: for ever); docs/privacy.md
    erasure_ledger: str = DEFAULT_LEDGER  # the deletion ledger file, outside the database (docs/privacy.md)

    @property
    def shards(self) -> Shards | None:
        """The guilds this process serves, when the bot runs as several sharded processes."""
        if self.shard_count is None:
            return None
        return Shards.of(self.shard_count, self.shard_ids)


def load_env(path: str | os.PathLike[str] = ".env") -> None:
    """Read ``.env`` into the environment without overriding variables already set."""
    from dotenv import load_dotenv

    load_dotenv(path, override=False)


def load_settings(environ: Mapping[str, str] | None = None) -> Settings:
    env = os.environ if environ is None else environ
    token = env.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise ConfigError("DISCORD_TOKEN is not set: create a bot at https://discord.com/developers/applications, "
                          "copy its token (Bot > Reset Token) into a .env file as DISCORD_TOKEN=..., and start again.")
    config_path = Path(env.get("HARDBACK_CONFIG", DEFAULT_CONFIG))
    data: dict[str, Any] = {}
    if config_path.exists():
        try:
            loaded = yaml.safe_load(config_path.read_text(encoding="utf-8")) or {}
        except yaml.YAMLError as error:
            raise ConfigError(f"{config_path} is not valid YAML: {error}") from error
        if not isinstance(loaded, dict):
            raise ConfigError(f"{config_path} must be a YAML mapping")
        unknown = set(loaded) - {"dictionaries", "defaults", "ai_delay", "lobby_expiry_hours", "daily_par",
                                 "coach_games", "move_log_days"}
        if unknown:
            raise ConfigError(f"{config_path}: unknown key(s) {', '.join(sorted(unknown))}")
        data = loaded
    elif "HARDBACK_CONFIG" in env:
        raise ConfigError(f"HARDBACK_CONFIG points at {config_path}, which does not exist")
    guild = env.get("HARDBACK_GUILD", "").strip()
    if guild and not guild.isdigit():
        raise ConfigError("HARDBACK_GUILD must be a server id (a number)")
    try:
        ai_delay = float(env.get("HARDBACK_AI_DELAY", data.get("ai_delay", 1.2)))
        expiry = float(data.get("lobby_expiry_hours", 6.0))
    except (TypeError, ValueError) as error:
        raise ConfigError("HARDBACK_AI_DELAY / ai_delay and lobby_expiry_hours must be numbers") from error
    shard_count, shard_ids = _shards(env)
    pool = env.get("HARDBACK_DB_POOL_SIZE", "10").strip()
    if not pool.isdigit() or int(pool) < 1:
        raise ConfigError("HARDBACK_DB_POOL_SIZE must be a whole number of connections, at least 1")
    dictionaries = data.get("dictionaries") or {}
    if not isinstance(dictionaries, dict) or not all(isinstance(v, str) for v in dictionaries.values()):
        raise ConfigError("dictionaries: must map a dictionary name to a word file path")
    # Relative word-file paths are relative to the config file, wherever the bot is started from.
    dictionaries = {name: str((config_path.parent / path).resolve()) for name, path in dictionaries.items()}
    defaults = data.get("defaults") or {}
    if not isinstance(defaults, dict):
        raise ConfigError("defaults: must be a mapping of table options")
    try:
        http = parse_address(env.get("HARDBACK_HTTP", ""))
    except AddressError as error:
        raise ConfigError(str(error)) from error
    log_format = env.get("HARDBACK_LOG_FORMAT", "text").strip().lower() or "text"
    if log_format not in FORMATS:
        raise ConfigError(f"HARDBACK_LOG_FORMAT must be {' or '.join(FORMATS)}, not {log_format!r}")
    workers = env.get("HARDBACK_SEARCH_WORKERS", "").strip()
    if workers and (not workers.isdigit() or int(workers) < 1):
        raise ConfigError("HARDBACK_SEARCH_WORKERS must be a whole number of processes, at least 1 (empty: one per "
                          "CPU)")
    par = data.get("daily_par")
    coach_games = data.get("coach_games", 3)
    if isinstance(coach_games, bool) or not isinstance(coach_games, int) or coach_games < 0:
        raise ConfigError("coach_games: must be a whole number of games, 0 or more (0: nobody is coached unless "
                          "they ask)")
    days = _move_log_days(env.get("HARDBACK_MOVE_LOG_DAYS", "").strip() or data.get("move_log_days", MOVE_LOG_DAYS))
    return Settings(token=token, db_path=env.get("HARDBACK_DB", DEFAULT_DB), db_pool_size=int(pool),
                    guild_id=int(guild) if guild else None,
                    ai_delay=max(0.0, ai_delay), log_level=env.get("HARDBACK_LOG_LEVEL", "INFO").upper(),
                    lobby_expiry_hours=expiry, custom_dictionaries=dictionaries, defaults=defaults,
                    message_content=env.get("HARDBACK_MESSAGE_CONTENT", "0").strip().lower() in ("1", "true", "yes"),
                    shard_count=shard_count, shard_ids=shard_ids, http=http,
                    log_format=log_format,  # type: ignore[arg-type]
                    daily_par_strength=None if par is None else _strength(par),
                    search_workers=int(workers) if workers else None, coach_games=coach_games, move_log_days=days,
                    erasure_ledger=env.get("HARDBACK_ERASURE_LEDGER", "").strip() or DEFAULT_LEDGER)


def _move_log_days(value: object) -> int:
    """HARDBACK_MOVE_LOG_DAYS / move_log_days: a whole number of days, 0 for ever, else at least a week."""
    text = str(value).strip()
    if isinstance(value, bool) or not text.isdigit() or 0 < int(text) < MIN_MOVE_LOG_DAYS:
        raise ConfigError(f"HARDBACK_MOVE_LOG_DAYS / move_log_days must be a whole number of days, at least "
                          f"{MIN_MOVE_LOG_DAYS} (0 keeps ended games' moves for ever), not {text!r}")
    return int(text)


def _strength(value: object) -> int:
    """A computer strength named in the config file (``expert``) or given by number (4)."""
    from hardback_bot.ai import STRENGTHS

    by_name = {name: level for level, name in STRENGTHS.items()}
    if isinstance(value, str) and value.strip().lower() in by_name:
        return by_name[value.strip().lower()]
    if isinstance(value, int) and not isinstance(value, bool) and value in STRENGTHS:
        return value
    raise ConfigError(f"daily_par: must be one of {', '.join(by_name)}, not {value!r}")


def _shards(env: Mapping[str, str]) -> tuple[int | None, tuple[int, ...] | None]:
    count_text = env.get("HARDBACK_SHARD_COUNT", "").strip()
    ids_text = env.get("HARDBACK_SHARDS", "").strip()
    if not count_text:
        if ids_text:
            raise ConfigError("--shards / HARDBACK_SHARDS needs --shard-count / HARDBACK_SHARD_COUNT, the number of "
                              "shards of the whole bot (the same for every process)")
        return None, None
    if not count_text.isdigit() or int(count_text) < 1:
        raise ConfigError("--shard-count / HARDBACK_SHARD_COUNT must be a whole number, at least 1")
    count = int(count_text)
    ids = parse_shard_ids(ids_text) if ids_text else tuple(range(count))
    if ids[-1] >= count:
        raise ConfigError(f"--shards / HARDBACK_SHARDS: shard {ids[-1]} does not exist; with {count} shards they "
                          f"are numbered 0 to {count - 1}")
    return count, ids
