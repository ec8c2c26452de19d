"""Pointing discord.py at the stand-in, in this process or in a bot process via environment variables.

discord.py 2.x has no setting for the API host, so two class attributes are swapped:

* ``discord.http.Route.BASE`` — every REST call (including interaction callbacks and follow-ups,
  which go through ``discord.webhook.async_`` but build the same ``Route``) is ``BASE + path``.
* ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` — a plain ``Client`` connects here directly
  (2.7 no longer asks ``GET /gateway/bot``; ``AutoShardedClient`` still does, and the stand-in
  answers that with the same URL). After READY, reconnects use ``resume_gateway_url`` from READY,
  which the stand-in also points at itself.

The product's ``bot.py`` should do the same when ``HARDBACK_DISCORD_API`` is set (see
docs/testing-discord.md); :func:`apply_env` is the reference implementation.
"""

from __future__ import annotations

import os
from collections.abc import Callable

API_ENV = "HARDBACK_DISCORD_API"
GATEWAY_ENV = "HARDBACK_DISCORD_GATEWAY"


def point_discord_at(api_url: str, gateway_url: str) -> Callable[[], None]:
    """Make discord.py (this process) use ``api_url`` (``http://127.0.0.1:N/api/v10``) and
    ``gateway_url`` (``ws://127.0.0.1:N/gateway``). Returns a function restoring the originals."""
    import discord.gateway
    import discord.http
    import yarl

    old_base = discord.http.Route.BASE
    old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = api_url.rstrip("/")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)

    def restore() -> None:
        discord.http.Route.BASE = old_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway

    return restore


def apply_env(environ: dict[str, str] | None = None) -> bool:
    """If ``HARDBACK_DISCORD_API`` is set, point discord.py there (gateway from
    ``HARDBACK_DISCORD_GATEWAY``, else derived: same host, ``ws://``, path ``/gateway``).
    Returns whether anything was patched."""
    env = os.environ if environ is None else environ
    api = env.get(API_ENV)
    if not api:
        return False
    gateway = env.get(GATEWAY_ENV) or derive_gateway(api)
    point_discord_at(api, gateway)
    return True


def derive_gateway(api_url: str) -> str:
    """``http://host:port/api/v10`` -> ``ws://host:port/gateway``."""
    from urllib.parse import urlsplit

    parts = urlsplit(api_url)
    scheme = "wss" if parts.scheme == "https" else "ws"
    return f"{scheme}://{parts.netloc}/gateway"
