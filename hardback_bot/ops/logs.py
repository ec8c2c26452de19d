"""Log output: readable text by default, or one JSON object per line (``HARDBACK_LOG_FORMAT=json``) for a log
collector, with the shard, guild and game each line is about.

The guild and game come from the record (``log.info(..., extra={"guild": g, "game": n})``) or from the
context the bot binds around each Discord event (:func:`bound`): every task started while handling that
event inherits it. The shard is the guild's shard when the bot is sharded, else the process's only shard.
"""

from __future__ import annotations

import contextlib
import contextvars
import datetime
import json
import logging
import re
import sys
from collections.abc import Iterator
from typing import Any, Literal

LogFormat = Literal["text", "json"]
FORMATS: tuple[LogFormat, ...] = ("text", "json")
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

_guild: contextvars.ContextVar[int | None] = contextvars.ContextVar("hardback_log_guild", default=None)
_game: contextvars.ContextVar[int | None] = contextvars.ContextVar("hardback_log_game", default=None)
# discord.py names the shard in its own gateway lines ("Shard ID 3 has connected to Gateway")
_SHARD_IN_TEXT = re.compile(r"\bShard ID (\d+)\b")


@contextlib.contextmanager
def bound(*, guild: int | None = None, game: int | None = None) -> Iterator[None]:
    """Log lines written inside (and by tasks created inside) name this guild and game."""
    tokens = (_guild.set(guild), _game.set(game))
    try:
        yield
    finally:
        _game.reset(tokens[1])
        _guild.reset(tokens[0])


def current() -> tuple[int | None, int | None]:
    """The (guild, game) bound here, if any."""
    return _guild.get(), _game.get()


def _as_int(value: Any) -> int | None:
    try:
        return None if value is None else int(value)
    except (TypeError, ValueError):
        return None


class JsonFormatter(logging.Formatter):
    """One JSON object per record: time (UTC, ISO 8601), level, logger, shard, guild, game, message and
    exception (the formatted traceback, or null)."""

    def __init__(self, shard_count: int | None = None, shard_ids: tuple[int, ...] | None = None) -> None:
        super().__init__()
        self.shard_count = shard_count
        self.shard_ids = shard_ids

    def _shard(self, record: logging.LogRecord, guild: int | None, message: str) -> int | None:
        explicit = _as_int(getattr(record, "shard", None))
        if explicit is not None:
            return explicit
        if guild is not None and self.shard_count:
            return (guild >> 22) % self.shard_count
        if record.name.startswith("discord") and (found := _SHARD_IN_TEXT.search(message)):
            return int(found.group(1))
        if self.shard_ids is not None and len(self.shard_ids) == 1:
            return self.shard_ids[0]
        if self.shard_count is None:  # not sharded: the one shard of a bot of one
            return 0
        return None

    def format(self, record: logging.LogRecord) -> str:
        message = record.getMessage()
        bound_guild, bound_game = current()
        guild = _as_int(getattr(record, "guild", None)) or bound_guild
        game = _as_int(getattr(record, "game", None)) or bound_game
        exception = None
        if record.exc_info:
            exception = self.formatException(record.exc_info)
        elif record.exc_text:
            exception = record.exc_text
        if record.stack_info:
            exception = (exception + "\n" if exception else "") + self.formatStack(record.stack_info)
        stamp = datetime.datetime.fromtimestamp(record.created, tz=datetime.UTC)
        entry = {
            "time": stamp.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
            "level": record.levelname,
            "logger": record.name,
            "shard": self._shard(record, guild, message),
            "guild": guild,
            "game": game,
            "message": message,
            "exception": exception,
        }
        return json.dumps(entry, ensure_ascii=False, default=str)


def configure(log_format: LogFormat = "text", level: str = "INFO", *, shard_count: int | None = None,
              shard_ids: tuple[int, ...] | None = None, stream: Any = None) -> logging.Handler:
    """Send every log record to stderr (or ``stream``) in ``log_format``; replaces the root logger's
    handlers. Returns the handler."""
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    if log_format == "json":
        handler.setFormatter(JsonFormatter(shard_count, shard_ids))
    else:
        handler.setFormatter(logging.Formatter(TEXT_FORMAT))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(getattr(logging, level.upper(), logging.INFO))
    return handler


__all__ = ["FORMATS", "TEXT_FORMAT", "JsonFormatter", "LogFormat", "bound", "configure", "current"]
