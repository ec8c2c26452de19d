"""Discord's bad days, on demand (``standin.weather``).

- **An outage** (:meth:`DiscordWeather.outage` … :meth:`DiscordWeather.clear`): every REST call is answered with a
  bare 5xx (a text body, no JSON: what Discord's edge answers when the API behind it is down), every gateway
  connection is dropped and new ones are refused with the same status before the websocket handshake. The users
  cannot act meanwhile (their Discord is down too): :meth:`check_users_can_act` says so to a test that tries.
- **A global rate limit** (:meth:`DiscordWeather.rate_limit`): for a while every call made with the bot's token is
  answered 429 with ``"global": true``, ``Retry-After`` and ``X-RateLimit-Global``, the ``retry_after`` saying
  how long the limit still holds (as Discord does). Interaction callbacks and webhook calls are not bound by the
  global limit (Discord's documentation), so they go through.

Everything it refused is counted (``refused``, ``limited``), so a test can check that the bot did not storm Discord
with retries meanwhile.
"""

from __future__ import annotations

import contextlib
import json
import math
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from aiohttp import web

if TYPE_CHECKING:
    from .standin import DiscordStandin

_REASONS = {500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout"}


@dataclass
class Refusal:
    method: str
    path: str
    status: int
    at: float  # time.monotonic()


@dataclass
class DiscordWeather:
    standin: DiscordStandin
    status: int | None = None  # the outage's answer while Discord is down, else None
    limited_until: float = 0.0  # time.monotonic() until which the global rate limit holds
    refused: list[Refusal] = field(default_factory=list)  # REST calls answered 5xx
    limited: list[Refusal] = field(default_factory=list)  # calls answered 429
    gateway_refused: int = 0  # websocket connections refused during outages
    outages: list[tuple[float, float | None]] = field(default_factory=list)  # (began, ended) on time.monotonic()

    @property
    def down(self) -> bool:
        return self.status is not None

    async def outage(self, status: int = 503) -> None:
        """Discord goes away: REST answers ``status``, the gateway drops every session and refuses new ones."""
        if status not in _REASONS:
            raise ValueError(f"an outage answers 500, 502, 503 or 504, not {status}")
        self.status = status
        self.outages.append((time.monotonic(), None))
        # Dropped as a load balancer drops them: the connection goes, with "going away" rather than a code that
        # tells the client not to come back.
        await self.standin.gateway.disconnect_all(code=1001)

    def clear(self) -> None:
        """Discord is back (the outage ends; a rate limit still holding is lifted too)."""
        if self.status is not None and self.outages and self.outages[-1][1] is None:
            self.outages[-1] = (self.outages[-1][0], time.monotonic())
        self.status = None
        self.limited_until = 0.0

    def rate_limit(self, seconds: float) -> None:
        """Hold a global rate limit on the bot's token for ``seconds`` from now."""
        self.limited_until = time.monotonic() + seconds

    def check_users_can_act(self, what: str) -> None:
        if self.down:
            raise RuntimeError(f"{what} during an outage: Discord is down for its users too")

    # ------------------------------------------------------------------ answering
    def refuses_gateway(self) -> web.Response | None:
        """The answer to a websocket handshake while Discord is down (None: go ahead)."""
        if self.status is None:
            return None
        self.gateway_refused += 1
        return web.Response(status=self.status, text=_REASONS[self.status])

    def answer(self, request: web.Request, tail: str) -> web.Response | None:
        """What the weather answers to a REST call instead of the stand-in (None: the stand-in answers)."""
        now = time.monotonic()
        if self.status is not None:
            self.refused.append(Refusal(request.method, tail, self.status, now))
            # A bare answer, no JSON: discord.py makes a DiscordServerError of its text.
            return web.Response(status=self.status, text=f"upstream connect error: {_REASONS[self.status]}")
        if now < self.limited_until and request.headers.get("Authorization") == f"Bot {self.standin.token}" \
                and not tail.startswith(("/interactions/", "/webhooks/")):
            self.limited.append(Refusal(request.method, tail, 429, now))
            retry_after = max(0.001, self.limited_until - now)
            body = {"message": "You are being rate limited.", "retry_after": round(retry_after, 3), "global": True}
            headers = {"Retry-After": str(math.ceil(retry_after)), "X-RateLimit-Global": "true",
                       "X-RateLimit-Scope": "global", "Via": "1.1 google", "Content-Type": "application/json"}
            return web.Response(status=429, body=json.dumps(body).encode(), headers=headers)
        return None

    def limited_between(self, start: float, end: float) -> int:
        return sum(start <= r.at <= end for r in self.limited)


@contextlib.asynccontextmanager
async def outage(standin: DiscordStandin, status: int = 503):  # type: ignore[no-untyped-def]
    """``async with outage(s): ...``: Discord is down inside the block."""
    await standin.weather.outage(status)
    try:
        yield standin.weather
    finally:
        standin.weather.clear()


__all__ = ["DiscordWeather", "Refusal", "outage"]
