#!/usr/bin/env python3
"""Start the Hardback Discord bot:  python bot.py   (reads DISCORD_TOKEN from the environment or .env)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import hashlib
import importlib
import json
import logging
import multiprocessing.util
import os
import signal
import sys
import threading
import time
from collections.abc import Callable

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from hardback_bot.config import ConfigError, Settings, load_env, load_settings
from hardback_bot.ops import logs as ops_logs
from hardback_bot.ops import metrics
from hardback_bot.ops.discord_api import point_at_standin
from hardback_bot.ops.health import Health
from hardback_bot.ops.http import Listener, ListenerError
from hardback_bot.ops.identify import IdentifyPacer
from hardback_bot.ops.interactions import InteractionTracker
from hardback_bot.ops.metrics import GatewayShard
from hardback_bot.ops.status import Reporter
from hardback_bot.ops.weather import ReconnectBackoff, Weather, bound_reconnects
from hardback_bot.sessions import Sessions, searching
from hardback_bot.sessions.codec import ForgedId, label, parse
from hardback_bot.store import Store, StoreError, open_store
from hardback_bot.store.erasures import Ledger, reconcile
from hardback_bot.store.sql import SqlStore
from hardback_bot.words import DictionaryError

COGS = ("cogs.play", "cogs.hardback", "cogs.daily", "cogs.seasons", "cogs.privacy", "cogs.translator")
# What the search worker processes import before their first job: the modules whose jobs they run
# (the computer players and the spelling previews come with their rehearsal; the hints and the daily's par
# are these).
SEARCH_MODULES = ("hardback_bot.help.words", "hardback_bot.sessions.daily.deal")
# After the first SIGINT or SIGTERM the bot has this long to stop cleanly before it exits anyway: a
# supervisor's grace period (Docker's 10 s, systemd's 90 s) is never what ends it. Nothing is lost either way:
# every move is committed before anybody is told about it.
STOP_DEADLINE = 4.0
EVERYWHERE = app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True)
INSTALLS = app_commands.AppInstallationType(guild=True, user=True)
log = logging.getLogger("hardback")


class HardbackBot(commands.Bot):
    """The bot: owns the store and the sessions; cogs do the Discord work."""

    store: Store
    sessions: Sessions

    def __init__(self, settings: Settings, *, clock: Callable[[], float] = time.time,
                 **client_options: object) -> None:
        intents = discord.Intents.default()
        intents.message_content = settings.message_content
        self.tracker = InteractionTracker(label=label)  # components named by the codec's kinds
        self.weather = Weather()  # is Discord answering? (every HTTP answer tells: ops/weather.py)
        bound_reconnects()
        # The commands go wherever a player is: servers that added the bot, the bot's DMs, and group DMs through
        # a player's own install of the app (docs/architecture.md, places).
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         http_trace=self.weather.trace_config(self.tracker.trace_config()),
                         allowed_contexts=EVERYWHERE,
                         allowed_installs=INSTALLS, **client_options)
        self.settings = settings
        self.clock = clock  # the store's and the sessions' time: deadlines, heartbeats, downtime (tests move it)
        self.started_at = time.time()
        self.reporter: Reporter | None = None
        self.searcher: searching.Searcher | None = None  # its search workers, when they were started before it (main)
        self._ready_shards: set[int] = set()
        # Discord allows one IDENTIFY per 5 s; discord.py's own hook waits 5 s before every one but the first, even
        # the first after an outage of minutes (which then counted 5 s more against the bot coming back).
        self._identify: IdentifyPacer | None = IdentifyPacer(1)
        self._watch_interactions()

    # ------------------------------------------------------------------ operations
    def _watch_interactions(self) -> None:
        """Every interaction is counted and timed, and what is logged while handling it names its guild and
        game: the gateway's INTERACTION_CREATE handler is wrapped, so the tasks it starts (the command tree's,
        the cogs' listeners) inherit that logging context. discord.py keeps its handlers in this table."""
        parsers = self._connection.parsers
        handle = parsers.get("INTERACTION_CREATE")
        if handle is None:
            return

        def interaction_create(data: dict[str, object]) -> None:
            self.tracker.received(data)
            with ops_logs.bound(guild=_as_int(data.get("guild_id")), game=_game_of(data)):
                handle(data)

        parsers["INTERACTION_CREATE"] = interaction_create

    def gateway_shards(self) -> list[GatewayShard]:
        """Each shard of this process: connected (identified and ready), latency, guilds."""
        ids = self.settings.shard_ids if self.settings.shards is not None else (0,)
        guilds: dict[int, int] = {}
        for guild in self.guilds:
            shard = guild.shard_id or 0
            guilds[shard] = guilds.get(shard, 0) + 1
        if isinstance(self, commands.AutoShardedBot):
            infos = self.shards
            return [GatewayShard(shard, shard in infos and not infos[shard].is_closed() and shard in self._ready_shards,
                                 _seconds(infos[shard].latency) if shard in infos else None, guilds.get(shard, 0))
                    for shard in ids or ()]
        ws = self.ws
        connected = ws is not None and ws.open and 0 in self._ready_shards
        return [GatewayShard(0, connected, _seconds(self.latency) if ws is not None else None, guilds.get(0, 0))]

    def dispatch(self, event_name: str, /, *args: object, **kwargs: object) -> None:
        # Gateway changes are noted here, synchronously, rather than in on_ready-style handlers: those would be
        # scheduled as tasks, and a READY that arrives while the bot is closing would find no loop for them.
        change = _GATEWAY_EVENTS.get(event_name)
        if change is not None:
            sharded = event_name.startswith("shard_")
            if sharded or not isinstance(self, commands.AutoShardedBot):
                shard = args[0] if sharded and args and isinstance(args[0], int) else 0
                (self._ready_shards.add if change else self._ready_shards.discard)(shard)
                if self.reporter is not None:
                    self.reporter.poke()
            if change:  # READY or RESUMED: Discord is back, and the next outage's reconnects start over
                ReconnectBackoff.ready()
                self.weather.answered()
        super().dispatch(event_name, *args, **kwargs)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        assert self._identify is not None
        await asyncio.sleep(self._identify.wait(shard_id or 0))

    async def refresh_gauges(self) -> None:
        """Before a scrape of /metrics: the gauges that come from the store, read now."""
        if self.reporter is not None:
            await self.reporter.refresh_gauges()

    def open_store_or_none(self) -> SqlStore | None:
        """The store once it is open (the health listener starts before it)."""
        store = getattr(self, "store", None)
        return store if isinstance(store, SqlStore) else None

    async def setup_hook(self) -> None:
        # A sharded process's store sees only its own guilds at start-up and in the timer queries.
        scope = {"shards": self.settings.shards} if self.settings.shards is not None else {}
        self.store = await open_store(self.settings.db_path, pool_size=self.settings.db_pool_size, clock=self.clock,
                                      **scope)
        if self.settings.shards is not None:
            log.info("serving shards %s of %s", ",".join(map(str, self.settings.shards.ids)), self.settings.shard_count)
        if isinstance(self.store, SqlStore):
            # Before any game resumes: players' deletions that this database lacks (restored from an older
            # backup) are applied again from the ledger file, and the file gets any it lacks (docs/privacy.md).
            for line in (await reconcile(self.store, Ledger(self.settings.erasure_ledger))).lines():
                log.warning("%s", line)
            self.reporter = Reporter(self.store, self.gateway_shards, shard_count=self.settings.shard_count or 1,
                                     shard_ids=self.settings.shard_ids or (0,), tracker=self.tracker)
            self.reporter.start()
        metrics.watch_gateway(self.gateway_shards)
        self.sessions = Sessions(self.store, ai_delay=self.settings.ai_delay, clock=self.clock,
                                 coach_games=self.settings.coach_games)
        if self.searcher is None:  # a bot made inside a running event loop (tests): its workers are spawned
            await asyncio.to_thread(load_for_searches, self.settings)
            self.searcher = new_searcher(self.settings)
            self.searcher.install()
        ai = importlib.import_module("hardback_bot.ai")  # loaded by load_for_searches
        self.sessions.set_ai(ai.choose_move, ai.wants_to_act)
        for extension in COGS:  # cogs.translator: command texts in Spanish, French and Japanese clients
            await self.load_extension(extension)
        await self.sync_commands()
        log.info("commands synced; %s extensions loaded", len(COGS))
        # Everything loaded so far (word lists, card data, fonts) lives for the whole process: keep it out
        # of every later garbage collection, whose pauses would otherwise stall all channels.
        gc.collect()
        gc.freeze()

    async def sync_commands(self) -> None:
        """Tell Discord the slash commands, only when they differ from what it was last told: a restart (or
        each process of a sharded bot) then reaches the gateway sooner, and Discord's daily limit on command
        changes is never spent on the same commands."""
        guild = discord.Object(self.settings.guild_id) if self.settings.guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        commands = self.tree.get_commands(guild=guild)
        translator = self.tree.translator
        payload = [await c.get_translated_payload(self.tree, translator) if translator else c.to_dict(self.tree)
                   for c in commands]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()
        key = f"commands:{self.application_id}:{guild.id if guild is not None else 'global'}"
        if await self.store.operations.meta(key) == digest:
            log.info("slash commands unchanged since the last sync")
            return
        await self.tree.sync(guild=guild)
        await self.store.operations.set_meta(key, digest)

    async def close(self) -> None:
        # Any step may be missing when a signal comes during start-up; each one is still attempted.
        searcher = self.searcher
        if searcher is not None:
            searcher.stopping()
        play = self.get_cog("Play")
        if play is not None:
            with contextlib.suppress(Exception):
                play.shutdown()  # type: ignore[attr-defined]
        with contextlib.suppress(Exception):
            await self.sessions.close()
        if searcher is not None:
            with contextlib.suppress(Exception):
                await searcher.close()
        reporter, self.reporter = self.reporter, None
        if reporter is not None:
            await reporter.stop()
        metrics.watch_gateway(None)
        await super().close()
        with contextlib.suppress(Exception):
            await self.store.close()

    def stop_now(self) -> None:
        """Kill the search workers: the process is about to exit without waiting for anything."""
        if self.searcher is not None:
            self.searcher.kill_now()


class ShardedHardbackBot(HardbackBot, commands.AutoShardedBot):
    """One process of a bot run as several: the shards ``settings.shard_ids`` of ``settings.shard_count``
    (``python bot.py --shards 0-3 --shard-count 8``). Discord sends it only the events of guilds on those
    shards; the store shows it only their games at start-up and in the timer queries."""

    def __init__(self, settings: Settings) -> None:
        assert settings.shards is not None
        super().__init__(settings, shard_ids=list(settings.shards.ids), shard_count=settings.shards.count)
        self._identify = None  # paced by the bot's max_concurrency, read at the first IDENTIFY

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        # Shards of different rate-limit buckets start together (hardback_bot/ops/identify.py).
        if self._identify is None:
            try:
                limits = await self.fetch_session_start_limits()
                self._identify = IdentifyPacer(limits.max_concurrency)
            except (discord.HTTPException, aiohttp.ClientError, KeyError, TypeError):
                log.warning("the gateway's session start limits could not be read: one shard every 5 s")
                self._identify = IdentifyPacer(1)
        await asyncio.sleep(self._identify.wait(shard_id or 0))


# discord.py's events that change whether a shard is up (the plain ones for a bot that is not sharded). "connect"
# comes with Discord's READY, from which on the bot answers clicks; "ready" only once discord.py has also waited for
# every guild (2 s after the last one): counted from that, /health said "not connected" meanwhile.
_GATEWAY_EVENTS = {"connect": True, "ready": True, "resumed": True, "disconnect": False, "shard_connect": True,
                   "shard_ready": True, "shard_resumed": True, "shard_disconnect": False}


def _as_int(value: object) -> int | None:
    try:
        return None if value is None else int(str(value))
    except ValueError:
        return None


def _game_of(data: dict[str, object]) -> int | None:
    """The game a click or form is about, from its custom_id (None for commands and foreign ids)."""
    inner = data.get("data")
    try:
        action = parse(inner.get("custom_id") if isinstance(inner, dict) else None)
    except ForgedId:
        return None
    return getattr(action, "game_id", None)  # the daily's buttons name a day, the information pages nothing


def _seconds(latency: float) -> float | None:
    return None if latency != latency or latency == float("inf") else float(latency)  # nan before a heartbeat


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


def load_for_searches(settings: Settings) -> None:
    """What the bot and its search workers both need before the first click: the word lists registered and
    :func:`load_defaults`."""
    register_dictionaries(settings)
    load_defaults()


def load_defaults() -> None:
    """What every bot loads before its first click whatever its settings (not inside somebody's first click: the
    3-second answer rule): the computer players, the solver and the modules of the other searches imported, the
    default word list, the solver's index of it and its language's word frequencies, the card data. Loaded before
    the search workers are forked, they begin with it (the index built once, its memory shared) and a search the
    bot runs itself before they are ready does not build it either."""
    for module in ("hardback_bot.ai", *SEARCH_MODULES):
        importlib.import_module(module)
    from hardback_bot.engine.cards import card_defs
    from hardback_bot.words import DEFAULT_DICTIONARY, get_dictionary
    from hardback_bot.words.frequency import frequency_language, ranks
    from hardback_bot.words.solver import index_for

    index_for(get_dictionary(DEFAULT_DICTIONARY))
    ranks(frequency_language(DEFAULT_DICTIONARY))  # the hints' and the one-click best word's tie-break
    card_defs()


def new_searcher(settings: Settings) -> searching.Searcher:
    """The pool of search worker processes: computer moves, word previews and hints run there, one process per
    CPU, so they can never hold the event loop (searches run in a thread of the bot until they are ready)."""
    from hardback_bot.sessions.rehearsal import rehearse
    from hardback_bot.words import DEFAULT_DICTIONARY

    # searching.Searcher read now, not at import: the in-process bots of the tests share theirs through it.
    return searching.Searcher(workers=settings.search_workers, custom_dictionaries=dict(settings.custom_dictionaries),
                              warm=(DEFAULT_DICTIONARY,), preload=SEARCH_MODULES, rehearsal=rehearse)


def start_searching(settings: Settings) -> searching.Searcher:
    """The search workers, started before anything else of the bot (no thread, no event loop, no store yet), so
    they are forked copies of this process holding what :func:`load_for_searches` loaded, rather than new
    interpreters importing and loading it all again (a second of CPU each, and its memory twice)."""
    load_for_searches(settings)
    searcher = new_searcher(settings)
    searcher.install(fork=True)
    return searcher


def exit_now(bot: HardbackBot, code: int, why: str) -> None:
    """Leave at once: kill the search workers, flush the log, exit without waiting for any thread."""
    log.warning("%s: exiting now", why)
    bot.stop_now()
    # The search pool's semaphores are released by multiprocessing's exit handlers, which os._exit skips:
    # run them (the resource tracker would otherwise warn about "leaked semaphore objects").
    with contextlib.suppress(Exception):
        multiprocessing.util._run_finalizers(0)  # type: ignore[attr-defined]
    for handler in logging.getLogger().handlers:
        with contextlib.suppress(Exception):
            handler.flush()
    with contextlib.suppress(Exception):
        sys.stderr.flush()
    os._exit(code)


async def run(settings: Settings, searcher: searching.Searcher | None = None) -> int:
    bot = make_bot(settings)
    bot.searcher = searcher
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    received: list[signal.Signals] = []

    def on_signal(sig: signal.Signals) -> None:
        received.append(sig)
        if len(received) == 1:
            log.info("%s: shutting down (send it again to stop at once)", sig.name)
            stop.set()
            # A thread, not the event loop: it must fire even if the loop is stuck, or already closed and the
            # interpreter is waiting for a thread.
            watchdog = threading.Timer(STOP_DEADLINE, exit_now, (bot, 1, f"not stopped {STOP_DEADLINE:g} s after "
                                                                           f"{sig.name}"))
            watchdog.daemon = True
            watchdog.start()
        else:
            exit_now(bot, 128 + sig, f"{sig.name} again")

    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, on_signal, sig)
    listener = None
    if settings.http is not None:
        health = Health(bot.gateway_shards, bot.open_store_or_none, expected_shards=settings.shard_ids or (0,),
                        shard_count=settings.shard_count or 1, discord=bot.weather.describe)
        listener = Listener(settings.http, health, refresh=bot.refresh_gauges)
        await listener.start()
    try:
        async with bot:
            runner = asyncio.create_task(bot.start(settings.token))
            waiter = asyncio.create_task(stop.wait())
            done, _ = await asyncio.wait({runner, waiter}, return_when=asyncio.FIRST_COMPLETED)
            if runner in done:
                runner.result()  # re-raises a failed login
            await bot.close()
            runner.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await runner
    finally:
        store = bot.open_store_or_none()
        if store is not None:  # opened by a start-up that the signal interrupted after close() had run
            with contextlib.suppress(Exception):
                await store.close()
        if listener is not None:
            await listener.stop()
    log.info("stopped")
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


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt  # a SIGTERM before the event loop takes the signals over: stop like Ctrl-C


def main(argv: list[str] | None = None) -> int:
    # Until run() takes them over, SIGTERM stops the bot like Ctrl-C (as PID 1 of a container it would
    # otherwise be ignored); afterwards, a signal during the interpreter's last steps just ends it.
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        return _main(argv)
    except KeyboardInterrupt:
        print("stopped during start-up", file=sys.stderr)
        return 130
    finally:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _main(argv: list[str] | None) -> int:
    options = parse_args(argv)
    load_env()
    try:
        settings = load_settings({**os.environ, **options})
    except ConfigError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    ops_logs.configure(settings.log_format, settings.log_level, shard_count=settings.shard_count,
                       shard_ids=settings.shard_ids)
    point_at_standin()
    searcher: searching.Searcher | None = None
    try:
        searcher = start_searching(settings)
        return asyncio.run(run(settings, searcher))
    except DictionaryError as error:  # a server owner's word file that cannot be read
        print(f"error: {error}", file=sys.stderr)
        return 2
    except ListenerError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
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
    finally:
        if searcher is not None:  # after a start that failed before the bot closed them: none is left behind
            searcher.kill_now()


if __name__ == "__main__":
    raise SystemExit(main())
