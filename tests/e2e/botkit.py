"""Driving the real bot through the Discord stand-in: start it, find its messages, play turns."""

from __future__ import annotations

import asyncio
import itertools
import os
import sys
import time
import weakref
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from discord_standin import scratch_dir
from discord_standin.models import Message, User
from discord_standin.world import World

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import bot as botmod  # noqa: E402 - needs the repository root on sys.path
from cogs import channel_posts, group_dm_pages, table_messages  # noqa: E402
from hardback_bot.config import Settings  # noqa: E402
from hardback_bot.engine.cards import card  # noqa: E402
from hardback_bot.sessions import searching  # noqa: E402
from hardback_bot.sessions.searching import Searcher  # noqa: E402
from hardback_bot.words import get_dictionary  # noqa: E402

QUICK_POSTS = 0.1  # ``post_pace`` of the tests that play whole games: the pacing ten times quicker


class ManualClock:
    """A clock that stands still until a test moves it (``clock.now = …`` or :meth:`advance`)."""

    def __init__(self, start: float | None = None) -> None:
        self.now = time.time() if start is None else start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> float:
        self.now += seconds
        return self.now


class DiscordClock:
    """The bot's clock kept with the stand-in's ``advance_time``: when a test lets 16 minutes pass on Discord, they
    pass for the bot too, so it knows which interaction tokens have died (it reads their ages on its clock)."""

    def __init__(self, world: World) -> None:
        self.standin = world.standin

    def __call__(self) -> float:
        return time.time() + self.standin.time_advanced


class _KeptSearcher(Searcher):
    """A search worker pool that outlives the bot that asked for it: closing only uninstalls it."""

    async def close(self) -> None:
        if searching.running() is self:  # leave the process with no searcher, as a closed one does
            nobody = Searcher()
            nobody.install(start=False)
            await nobody.close()


_searchers: dict[str, _KeptSearcher] = {}


def _kept_searcher(**options: Any) -> _KeptSearcher:
    """The in-process bots of one test process share their search workers (one pool per set of options).

    Each bot would otherwise spawn a worker per CPU, have them load the word lists and rehearse, and wait
    for them to finish at its close: seconds of CPU per test for the same answers (the searches are pure and
    on work budgets). Starting, crashing and closing a pool is tested on its own (tests/sessions/
    test_searching.py), and the bots run as processes of their own (BotProcess) start theirs for real."""
    key = repr(sorted(options.items()))
    if key not in _searchers:
        _searchers[key] = _KeptSearcher(**options)
    return _searchers[key]


@asynccontextmanager
async def running_bot(world: World, db_path: str | None = None, ai_delay: float = 0.0, post_pace: float = 1.0,
                      clock: Callable[[], float] = time.time, **settings_kw: object
                      ) -> AsyncIterator[botmod.HardbackBot]:
    """The product's bot class, in this process, connected to the stand-in (``settings_kw``: more Settings).

    ``clock`` is the bot's time (its store's and sessions': deadlines, heartbeats, a restart's downtime): a
    :class:`ManualClock` lets a test move days or a downtime along instead of waiting for them.

    ``post_pace`` scales time for the channel's posts: the relay's interval between two announcements and its
    posting window, the table message's and a group DM's page edits' debounce, and the stand-in's flood window
    with them (0.1: ten times quicker). A whole game then waits 0.15 s rather than 1.5 s between two turns'
    lines, with the same pacing code and the same flood check (tests of the pacing itself keep Discord's own
    figures)."""
    with pytest.MonkeyPatch.context() as paced:
        if post_pace != 1.0:
            for name, value in paced_posts(post_pace).items():
                paced.setattr(name, value)
            if world.standin.rate_limit is not None:
                count, window = world.standin.rate_limit
                paced.setattr(world.standin, "rate_limit", (count, window * post_pace))
        async with _running_bot(world, db_path, ai_delay, clock, **settings_kw) as bot:
            yield bot


def paced_posts(pace: float) -> dict[str, float]:
    """The bot's post pacing scaled by ``pace``, as ``{"module.attribute": value}``."""
    return {"cogs.channel_posts.POST_INTERVAL": channel_posts.POST_INTERVAL * pace,
            "cogs.channel_posts.POST_WINDOW": channel_posts.POST_WINDOW * pace,
            "cogs.table_messages.TABLE_DEBOUNCE": table_messages.TABLE_DEBOUNCE * pace,
            "cogs.group_dm_pages.EDIT_DEBOUNCE": group_dm_pages.EDIT_DEBOUNCE * pace}


def quick_posts_in_process(world: World, pace: float = QUICK_POSTS) -> dict[str, float]:
    """``post_pace`` for a bot run as its own process (prestarted BotProcess): the stand-in's flood window is
    scaled here, for the rest of the test; the returned patches (:func:`paced_posts`) scale the bot's pacing in
    the bot process:
    ``BotProcess(..., prestarted=True, patches=quick_posts_in_process(world))``."""
    if world.standin.rate_limit is not None and world.standin not in _paced:  # once per stand-in, however many bots
        _paced.add(world.standin)
        count, window = world.standin.rate_limit
        world.standin.rate_limit = (count, window * pace)
    return paced_posts(pace)


_paced: weakref.WeakSet[Any] = weakref.WeakSet()


@asynccontextmanager
async def _running_bot(world: World, db_path: str | None, ai_delay: float, clock: Callable[[], float],
                       **settings_kw: object) -> AsyncIterator[botmod.HardbackBot]:
    path = db_path or os.path.join(str(scratch_dir("hb-e2e-")), "hardback.db")
    settings_kw.setdefault("erasure_ledger", os.path.join(os.path.dirname(path), "erasures.jsonl"))
    settings = Settings(token=world.standin.token, db_path=path, ai_delay=ai_delay, **settings_kw)  # type: ignore[arg-type]
    bot = botmod.HardbackBot(settings, clock=clock)
    before = world.standin.gateway.identify_count
    patch = pytest.MonkeyPatch()
    patch.setattr(searching, "Searcher", _kept_searcher)  # read by the bot's setup_hook
    task = asyncio.create_task(bot.start(settings.token))

    def relay_busy() -> str | None:
        play = bot.get_cog("Play")
        return play.relay.busy_reason() if play is not None else None  # type: ignore[attr-defined]

    world.standin.busy_checks.append(relay_busy)
    try:
        try:
            await world.standin.wait_until_connected(after=before)
        finally:
            patch.undo()
        yield bot
    finally:
        world.standin.busy_checks.remove(relay_busy)
        await bot.close()
        task.cancel()
        with __import__("contextlib").suppress(BaseException):
            await task


async def beat_after(store: Any, moment: float, timeout: float = 15.0) -> float:
    """Wait until the bot's last heartbeat is later than ``moment`` (a wall-clock time); returns it."""
    deadline = time.monotonic() + timeout
    while (beat := await store.timers.last_heartbeat()) is None or beat <= moment:
        assert time.monotonic() < deadline, f"no heartbeat after {moment} within {timeout} s (last: {beat})"
        await asyncio.sleep(0.05)
    return beat


def button(message: Message, suffix: str) -> str:
    ids = [c for c in message.custom_ids() if c.endswith(suffix) or suffix in c]
    if not ids:
        raise LookupError(f"no component matching {suffix!r} on message {message.id}: {message.custom_ids()}")
    return ids[0]


def with_component(world: World, prefix: str) -> Message:
    """The newest public message of the channel that carries a component starting with ``prefix``."""
    for message in reversed(world.standin.messages(world.channel)):
        if any(c.startswith(prefix) for c in message.custom_ids()):
            return message
    raise LookupError(f"no message with a component {prefix!r}")


def table_of(world: World) -> Message:
    """The newest table message of the channel (its image is table.png; announcements carry no image)."""
    for message in reversed(world.standin.messages(world.channel)):
        if any(a.filename == "table.png" for a in message.attachments):
            return message
    raise LookupError("no table message")


def text_of(message: Message) -> str:
    parts = [message.content]
    for e in message.embeds:
        parts += [e.get("title") or "", e.get("description") or ""]
    return "\n".join(p for p in parts if p)


def a_word(letters: str, dictionary: str = "common", max_len: int = 4) -> str | None:
    """Some word of the dictionary spelled with these letters (no wilds), longest first."""
    words = get_dictionary(dictionary)
    for n in range(min(max_len, len(letters)), 1, -1):
        for combo in itertools.permutations(letters, n):
            w = "".join(combo)
            if words.is_word(w):
                return w
    return None


def hand_letters(bot: botmod.HardbackBot, game, seat: int) -> str:
    return "".join(card(c).letter for c in game.player(seat).hand)


def user_for(world: World, user_id: int | None) -> User:
    for user in (world.alice, world.bob, world.mod):
        if user.id == user_id:
            return user
    raise LookupError(user_id)


async def active_hand(world: World, bot: botmod.HardbackBot, game_id: int) -> tuple[User, Message]:
    """Whoever's turn it is, and their hand panel, opened from the table message."""
    s = world.standin
    loaded = await bot.sessions.load(game_id)
    user = user_for(world, loaded.record.seats[loaded.game.active_seat].user_id)
    table = table_of(world)
    await s.click(user, table, button(table, "hb:h:"))
    await s.settle()
    return user, s.last_ephemeral(user)


async def skip_turn(world: World, bot: botmod.HardbackBot, game_id: int, *, quiet: float = 0.3) -> None:
    """Whoever's turn it is skips it (writer's block), through their hand panel opened from the table."""
    s = world.standin
    user, hand = await active_hand(world, bot, game_id)
    await s.click(user, hand, button(hand, "hb:x:"))
    await s.settle()
    confirm = s.last_ephemeral(user)
    await s.click(user, confirm, button(confirm, ":skip"))
    await s.settle(quiet=quiet)


async def open_table(world: World, bot: botmod.HardbackBot, options: dict[str, object] | None = None) -> int:
    """alice opens a table with ``options``, bob joins, alice starts; returns the game id."""
    s = world.standin
    await s.slash(world.alice, "hardback start", {"adverts": False, **(options or {})})
    await s.settle()
    lobby = with_component(world, "hb:l:")
    await s.click(world.bob, lobby, button(lobby, ":join"))
    await s.settle()
    await s.click(world.alice, s.find_message(lobby.id), button(lobby, ":start"))
    await s.settle(quiet=0.6)
    record = await bot.store.games.running_game_in_channel(world.channel.id)
    assert record is not None and record.status == "playing"
    return record.id


def spellable_word(game: object, seat: int, avoid: set[str] = frozenset()) -> str:  # type: ignore[assignment]
    """A dictionary word the seat's cards can spell now (wilds allowed), not in ``avoid``.

    Any hand of two or more cards spells some 2-letter word with wilds, so this always finds one."""
    from hardback_bot.sessions.spelling import SpellingError, arrangements

    words = get_dictionary("common")
    letters = "".join(card(c).letter for c in game.player(seat).hand)  # type: ignore[attr-defined]
    candidates = [w for n in (3, 2) for w in ("".join(p) for p in itertools.permutations(letters, n))]
    candidates += ["AT", "IT", "AN", "TO", "IS", "AS"]
    for w in candidates:
        if w in avoid or not words.is_word(w):
            continue
        try:
            arrangements(game, seat, w, limit=1)  # type: ignore[arg-type]
        except SpellingError:
            continue
        return w
    raise AssertionError(f"nothing spellable from {letters}")


class QuietNotifier:
    """A notifier that tells nobody: commits of a process whose relay is already dead."""

    async def changed(self, game_id: int) -> None:
        return None
