"""Where the bot finds Discord: its REST API and gateway, or a local stand-in for them in tests."""

from __future__ import annotations


def point_at_standin() -> None:
    """Tests run the real bot against a local stand-in for Discord (docs/testing-discord.md)."""
    import os

    api = os.environ.get("HARDBACK_DISCORD_API")
    if not api:
        return
    import discord.gateway
    import discord.http
    import yarl

    gateway = os.environ.get("HARDBACK_DISCORD_GATEWAY") or api.replace("http", "ws", 1).rsplit("/api", 1)[0] + \
        "/gateway"
    discord.http.Route.BASE = api.rstrip("/")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)


__all__ = ["point_at_standin"]
