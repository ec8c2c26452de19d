"""Discord's weather as one bot process sees it: is Discord answering, since when not, and how soon to try again.

Discord has outages (every REST call a 5xx, the gateway refusing connections), usually of seconds, now and then of
minutes. Players judge the bot by how quickly it comes back, so three things here:

- :class:`ReconnectBackoff`: the gateway's reconnect delays, bounded. discord.py's own ``ExponentialBackoff``
  doubles up to 1,024 s and starts over only after 2,048 quiet seconds, so after a flaky hour the bot stayed away
  for minutes after Discord was back. These delays grow 1, 2, 4 s up to :data:`RECONNECT_CAP` (jittered, so many
  shards or bots do not knock together) and start over once the gateway says READY or RESUMED.
- :class:`Weather`: fed by every HTTP answer the bot gets from Discord (an aiohttp trace on its session, REST and
  the gateway's handshake alike): a 5xx or a refused connection starts a spell of bad weather, any other answer ends
  it. ``/health`` says "Discord unreachable" during one; when a spell of at least :data:`MIN_SPELL` seconds ends,
  the listeners hear it (the relay then retries at once what it was holding back).
- :class:`ReconnectLines`: discord.py logs each failed reconnect with a traceback; a missing Discord is expected
  weather, said in one line.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable
from typing import Any, ClassVar

import aiohttp

RECONNECT_FIRST = 1.0  # seconds before the first reconnect attempt (at most)
RECONNECT_CAP = 5.0  # never more between two attempts: back within this (plus a handshake) once Discord is
MIN_SPELL = 1.0  # a spell shorter than this (one 5xx among answers) is a blip: nobody is woken for it


class ReconnectBackoff:
    """The delays between the gateway's reconnect attempts: 1, 2, 4 … seconds up to :data:`RECONNECT_CAP`, each
    drawn between half and all of that (jitter), starting over after the gateway's next READY or RESUMED
    (:meth:`ready`). Takes discord.py's ``ExponentialBackoff`` arguments, which its reconnect loops pass."""

    _ready_at: ClassVar[float] = float("-inf")  # the process's last READY or RESUMED, on the clock below

    def __init__(self, base: int = 1, *, integral: bool = False, clock: Callable[[], float] = time.monotonic,
                 rng: random.Random | None = None) -> None:
        self.first = RECONNECT_FIRST * max(1, base)
        self.cap = max(self.first, RECONNECT_CAP)
        self.integral = integral
        self._clock = clock
        self._rng = rng or random.Random()
        self._exp = 0
        self._last = clock()

    @classmethod
    def ready(cls, at: float | None = None) -> None:
        """The gateway answered (READY or RESUMED): every backoff of this process starts over."""
        cls._ready_at = time.monotonic() if at is None else at

    @classmethod
    def forget(cls) -> None:
        """No READY seen yet, as at the process's start (a test's backoff on its own clock starts clean)."""
        cls._ready_at = float("-inf")

    def delay(self) -> float:
        """Seconds to wait before the next attempt (the one just made failed)."""
        now = self._clock()
        if ReconnectBackoff._ready_at >= self._last:
            self._exp = 0  # connected since the last failure: this is a new outage
        self._last = now
        ceiling = min(self.cap, self.first * 2 ** self._exp)
        self._exp += 1
        wait = self._rng.uniform(ceiling / 2, ceiling)
        return float(round(wait)) if self.integral else wait


class Weather:
    """Whether Discord answers this process (see the module docstring)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, min_spell: float = MIN_SPELL) -> None:
        self._clock = clock
        self.min_spell = min_spell
        self.down_since: float | None = None  # the first failure of the current spell
        self.cause = ""  # what the last failure was ("503 Service Unavailable", "ClientConnectorError")
        self.failures = 0  # in the current spell
        self.spells = 0  # spells of at least min_spell seconds that ended
        self._listeners: list[Callable[[float], None]] = []

    def on_back(self, listener: Callable[[float], None]) -> None:
        """``listener(seconds)`` is called when Discord answers again after a spell of at least ``min_spell``."""
        self._listeners.append(listener)

    def failed(self, cause: str) -> None:
        """Discord did not answer a call: a 5xx, a refused or broken connection, a refused gateway."""
        if self.down_since is None:
            self.down_since = self._clock()
            self.failures = 0
        self.failures += 1
        self.cause = cause

    def answered(self) -> None:
        """Discord answered something (any status below 500, the gateway's READY)."""
        if self.down_since is None:
            return
        spell = self._clock() - self.down_since
        self.down_since = None
        if spell < self.min_spell:
            return
        self.spells += 1
        for listener in list(self._listeners):
            listener(spell)

    @property
    def unreachable(self) -> bool:
        return self.down_since is not None

    def describe(self) -> str | None:
        """"Discord unreachable for 42 s (503 Service Unavailable, 17 failed calls)", or None while it answers."""
        if self.down_since is None:
            return None
        seconds = max(0.0, self._clock() - self.down_since)
        calls = f", {self.failures} failed call{'s' * (self.failures != 1)}"
        return f"Discord unreachable for {seconds:.0f} s ({self.cause}{calls})"

    def trace_config(self, trace: aiohttp.TraceConfig | None = None) -> aiohttp.TraceConfig:
        """An aiohttp trace for the bot's HTTP session (``trace``, with what it reports already, or a new one):
        every answer and every failed connection is weather."""
        trace = trace or aiohttp.TraceConfig()

        async def on_end(session: Any, context: Any, params: aiohttp.TraceRequestEndParams) -> None:
            status = params.response.status
            if status >= 500:
                self.failed(f"{status} {params.response.reason or ''}".strip())
            else:
                self.answered()

        async def on_error(session: Any, context: Any, params: aiohttp.TraceRequestExceptionParams) -> None:
            error = params.exception
            # A request the bot itself cancelled (a stop, a timeout of its own) says nothing about Discord.
            if isinstance(error, (aiohttp.ClientConnectionError, aiohttp.ClientPayloadError, OSError,
                                  asyncio.TimeoutError)):
                self.failed(type(error).__name__)

        trace.on_request_end.append(on_end)
        trace.on_request_exception.append(on_error)
        return trace


class ReconnectLines(logging.Filter):
    """discord.py's "Attempting a reconnect in 3.21s" comes with the traceback of why the last attempt failed:
    Discord refusing the gateway, a dropped connection. Expected weather: one line, the cause at its end."""

    PREFIX = "Attempting a reconnect"

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str) and record.msg.startswith(self.PREFIX) and record.exc_info:
            error = record.exc_info[1]
            try:
                text = str(error).strip()
            except Exception:  # an exception whose str() itself fails still names its type
                text = ""
            cause = f"{type(error).__name__}: {text}" if text else type(error).__name__
            record.msg = f"{record.getMessage()} (Discord unreachable: {cause.splitlines()[0][:200]})"
            record.args = ()
            record.exc_info = None
            record.exc_text = None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


def bound_reconnects() -> None:
    """discord.py's reconnect loops (``Client.connect``, ``Shard``) make their backoff from the name
    ``ExponentialBackoff`` of their own modules: theirs doubles up to 17 minutes, ours stops at 5 s and starts over
    once Discord answers (ops/weather.py). Their "Attempting a reconnect" lines lose the traceback (one line:
    an outage is expected weather). tests/ops/test_weather.py checks that discord.py still looks the name up."""
    import discord.client
    import discord.shard

    discord.client.ExponentialBackoff = ReconnectBackoff  # type: ignore[attr-defined,misc,assignment]
    discord.shard.ExponentialBackoff = ReconnectBackoff  # type: ignore[attr-defined,misc,assignment]
    for name in ("discord.client", "discord.shard"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, ReconnectLines) for f in logger.filters):
            logger.addFilter(ReconnectLines())


__all__ = ["MIN_SPELL", "RECONNECT_CAP", "RECONNECT_FIRST", "ReconnectBackoff", "ReconnectLines", "Weather",
           "bound_reconnects"]
