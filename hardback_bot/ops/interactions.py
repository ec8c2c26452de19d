"""Timing every interaction's first response, for all commands, buttons and forms at once.

The bot tells the tracker when an interaction arrives (:meth:`InteractionTracker.received`, with the raw
gateway payload), and gives it the codec's names of its components' kinds (``label``: ops sits below the
sessions, so it is told them rather than keeping a copy that would drift); the first response to an
interaction — a defer, a reply, a form, an edit — is always one
``POST /interactions/{id}/{token}/callback``, which the tracker sees through an aiohttp trace on the bot's
HTTP session (:meth:`InteractionTracker.trace_config`). The token in that path is never kept or logged.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable, Mapping
from typing import Any

import aiohttp

from . import metrics

#: A component's custom_id -> the name of its kind, None for ids of no kind known (hardback_bot.sessions.codec.label).
Labeller = Callable[[object], str | None]

EXPIRY = 15.0  # Discord's interaction tokens answer their first response within 3 s; later means never
_CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback$")
_NAME = re.compile(r"^[a-z0-9_-]{1,32}$")


def _unnamed(custom_id: object) -> str | None:
    return None


def interaction_kind(payload: Mapping[str, Any], label: Labeller = _unnamed) -> str:
    """A short, bounded name for what an interaction is: ``command:start``, ``click:move``, ``form:word``…
    (a component's kind as ``label`` names it; ``other`` when it names none)."""
    kind = payload.get("type")
    data = payload.get("data") or {}
    if kind == 2:
        name = str(data.get("name", ""))
        options = data.get("options") or []
        # /hardback <subcommand>: the subcommand is the first option, of type 1 (or 2 for a group)
        if options and isinstance(options[0], Mapping) and options[0].get("type") in (1, 2):
            name = str(options[0].get("name", name))
        return f"command:{name}" if _NAME.match(name) else "command:other"
    if kind == 4:
        return "autocomplete"
    prefix = "click" if kind == 3 else "form" if kind == 5 else "other"
    named = label(data.get("custom_id"))
    return f"{prefix}:{named if named is not None and _NAME.match(named) else 'other'}"


class InteractionTracker:
    """Counts interactions by kind and times their first response (see the module docstring)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, expiry: float = EXPIRY,
                 label: Labeller = _unnamed) -> None:
        self._clock = clock
        self.expiry = expiry
        self._label = label
        self._waiting: dict[int, tuple[str, float]] = {}

    def received(self, payload: Mapping[str, Any]) -> str:
        """An interaction arrived (call before anything handles it); returns its kind."""
        now = self._clock()
        self._expire(now)
        kind = interaction_kind(payload, self._label)
        metrics.count_interaction(kind)
        with contextlib.suppress(KeyError, TypeError, ValueError):
            self._waiting[int(payload["id"])] = (kind, now)
        return kind

    def responded(self, interaction_id: int, ok: bool = True) -> float | None:
        """Its first response went out (``ok``: Discord accepted it); returns the latency, if it was waited for."""
        entry = self._waiting.pop(interaction_id, None)
        if entry is None:
            return None
        kind, start = entry
        if not ok:
            metrics.note_response_error(kind)
            return None
        seconds = self._clock() - start
        metrics.observe_first_response(kind, seconds)
        return seconds

    @property
    def waiting(self) -> int:
        return len(self._waiting)

    def _expire(self, now: float) -> None:
        stale = [i for i, (_, start) in self._waiting.items() if now - start > self.expiry]
        for interaction_id in stale:
            kind, _ = self._waiting.pop(interaction_id)
            metrics.note_unanswered(kind)

    def sweep(self) -> None:
        """Count interactions that waited past the expiry as unanswered (the sampler calls this)."""
        self._expire(self._clock())

    def trace_config(self) -> aiohttp.TraceConfig:
        """An aiohttp trace that reports interaction callbacks to this tracker (``http_trace=`` of the bot)."""
        trace = aiohttp.TraceConfig()

        async def on_end(session: Any, context: Any, params: aiohttp.TraceRequestEndParams) -> None:
            found = _CALLBACK.search(params.url.path)
            if found is None or params.method != "POST":
                return
            status = params.response.status
            if status == 429:  # discord.py waits and sends it again: the retry is the response
                return
            self.responded(int(found.group(1)), ok=status < 400)

        async def on_error(session: Any, context: Any, params: aiohttp.TraceRequestExceptionParams) -> None:
            found = _CALLBACK.search(params.url.path)
            if found is not None and params.method == "POST":
                self.responded(int(found.group(1)), ok=False)

        trace.on_request_end.append(on_end)
        trace.on_request_exception.append(on_error)
        return trace


__all__ = ["EXPIRY", "InteractionTracker", "interaction_kind"]
