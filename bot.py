#!/usr/bin/env python3
"""Start the Hardback Discord bot:  python bot.py   (reads DISCORD_TOKEN from the environment or .env)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import importlib
import logging
import os
import signal
import sys
import time

import aiohttp
import discord
from discord.ext import commands

from hardback_bot.config import ConfigError, Settings, load_env, load_settings
from hardback_bot.sessions import Sessions
from hardback_bot.store import Store, StoreError, open_store

COGS = ("cogs.play", "cogs.hardback", "cogs.seasons", "cogs.translator")
# What the search worker processes import before their first job: the modules whose jobs they run
# (the computer players and the spelling previews come with their rehearsal; the hints are these).
SEARCH_MODULES = ("hardback_bot.help.words",)
log = logging.getLogger("hardback")


class HardbackBot(commands.Bot):
    """The bot: owns the store and the sessions; cogs do the Discord work."""

    store: Store
    sessions: Sessions

    def __init__(self, settings: Settings, **client_options: object) -> None:
        intents = discord.Intents.default()
        intents.message_content = settings.message_content
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         **client_options)
        self.settings = settings
        self.started_at = time.time()

    async def setup_hook(self) -> None:
        # A sharded process's store sees only its own guilds at start-up and in the timer queries.
        scope = {"shards": self.settings.shards} if self.settings.shards is not None else {}
        self.store = await open_store(self.settings.db_path, pool_size=self.settings.db_pool_size, **scope)
        if self.settings.shards is not None:
            log.info("serving shards %s of %s", ",".join(map(str, self.settings.shards.ids)), self.settings.shard_count)
        register_dictionaries(self.settings)
        # Load the default word list now, not inside somebody's first click (3-second answer rule).
        from hardback_bot.words import DEFAULT_DICTIONARY, get_dictionary

        await asyncio.to_thread(get_dictionary, DEFAULT_DICTIONARY)
        self.sessions = Sessions(self.store, ai_delay=self.settings.ai_delay)
        # Heavy searches (computer moves, word previews, hints) run in worker processes, one per CPU, so
        # they can never hold this event loop; the workers start now, in the background (searches run in
        # a thread of this process until they are ready).
        from hardback_bot.sessions.rehearsal import rehearse
        from hardback_bot.sessions.searching import Searcher

        self.searcher = Searcher(custom_dictionaries=dict(self.settings.custom_dictionaries),
                                 warm=(DEFAULT_DICTIONARY,), preload=SEARCH_MODULES, rehearsal=rehearse)
        self.searcher.install()
        # Import the computer players (and the solver) now, off the loop: not inside the first computer move.
        ai = await asyncio.to_thread(importlib.import_module, "hardback_bot.ai")
        self.sessions.set_ai(ai.choose_move, ai.wants_to_act)
        for extension in COGS:  # cogs.translator: command texts in Spanish, French and Japanese clients
            await self.load_extension(extension)
        if self.settings.guild_id:
            guild = discord.Object(self.settings.guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        log.info("commands synced; %s extensions loaded", len(COGS))
        # Everything loaded so far (word lists, card data, fonts) lives for the whole process: keep it out
        # of every later garbage collection, whose pauses would otherwise stall all channels.
        gc.collect()
        gc.freeze()

    async def close(self) -> None:
        play = self.get_cog("Play")
        if play is not None:
            play.shutdown()  # type: ignore[attr-defined]
        with contextlib.suppress(Exception):
            await self.sessions.close()
        searcher = getattr(self, "searcher", None)
        if searcher is not None:
            with contextlib.suppress(Exception):
                await searcher.close()
        await super().close()
        with contextlib.suppress(Exception):
            await self.store.close()


class ShardedHardbackBot(HardbackBot, commands.AutoShardedBot):
    """One process of a bot run as several: the shards ``settings.shard_ids`` of ``settings.shard_count``
    (``python bot.py --shards 0-3 --shard-count 8``). Discord sends it only the events of guilds on those
    shards; the store shows it only their games at start-up and in the timer queries."""

    def __init__(self, settings: Settings) -> None:
        assert settings.shards is not None
        super().__init__(settings, shard_ids=list(settings.shards.ids), shard_count=settings.shards.count)


def make_bot(settings: Settings) -> HardbackBot:
    # The bot never joins a voice channel: discord.py's start-up warnings about the voice libraries
    # (PyNaCl, davey) would only send an admin looking for packages nobody needs.
    discord.VoiceClient.warn_nacl = False
    if hasattr(discord.VoiceClient, "warn_dave"):
        discord.VoiceClient.warn_dave = False
    return HardbackBot(settings) if settings.shards is None else ShardedHardbackBot(settings)


def register_dictionaries(settings: Settings) -> None:
    from hardback_bot.words import register_custom

    for name, path in settings.custom_dictionaries.items():
        register_custom(name, path)


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


async def run(settings: Settings) -> int:
    bot = make_bot(settings)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    async with bot:
        runner = asyncio.create_task(bot.start(settings.token))
        waiter = asyncio.create_task(stop.wait())
        done, _ = await asyncio.wait({runner, waiter}, return_when=asyncio.FIRST_COMPLETED)
        if runner in done:
            runner.result()  # re-raises a failed login
        log.info("shutting down")
        await bot.close()
        runner.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await runner
    return 0


def parse_args(argv: list[str] | None) -> dict[str, str]:
    """Command-line options, as the environment variables they stand for (they win over the environment)."""
    parser = argparse.ArgumentParser(prog="python bot.py", description="Start the Hardback Discord bot.")
    parser.add_argument("--shards", metavar="IDS", help="the shards this process serves, e.g. 0-3 or 0,2,4-5 "
                        "(HARDBACK_SHARDS); needs --shard-count")
    parser.add_argument("--shard-count", metavar="N", help="the bot's number of shards, the same for every "
                        "process (HARDBACK_SHARD_COUNT); alone: every shard in this process")
    args = parser.parse_args(argv)
    given = {"HARDBACK_SHARDS": args.shards, "HARDBACK_SHARD_COUNT": args.shard_count}
    return {k: v for k, v in given.items() if v is not None}


def main(argv: list[str] | None = None) -> int:
    options = parse_args(argv)
    load_env()
    try:
        settings = load_settings({**os.environ, **options})
    except ConfigError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    logging.basicConfig(level=getattr(logging, settings.log_level, logging.INFO),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    point_at_standin()
    try:
        return asyncio.run(run(settings))
    except discord.LoginFailure:
        print("error: Discord refused DISCORD_TOKEN. Copy a fresh token from https://discord.com/developers/"
              "applications (your app > Bot > Reset Token) into .env and start again.", file=sys.stderr)
        return 1
    except discord.PrivilegedIntentsRequired:
        print("error: the Message Content intent is not enabled for this bot: enable it in the developer portal "
              "(Bot > Privileged Gateway Intents) or set HARDBACK_MESSAGE_CONTENT=0.", file=sys.stderr)
        return 1
    except StoreError as error:  # a database newer than the code, or a PostgreSQL server out of reach
        print(f"error: {error}", file=sys.stderr)
        return 1
    except (aiohttp.ClientConnectionError, discord.GatewayNotFound) as error:
        # Before the first connection only: once connected, discord.py reconnects by itself.
        print(f"error: Discord could not be reached ({type(error).__name__}: {error}). Check this machine's "
              "network connection (and any proxy or firewall in the way), then start again.", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
