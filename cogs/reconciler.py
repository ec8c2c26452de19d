"""What Discord shows, brought up to what the store holds (PRODUCT.md, reliability promises).

For one game at a time the relay compares the public side with the store and converges, like a
reconciler: the lobby and table messages show the stored version (a deleted one is posted again),
the outbox rows written with each move are delivered in order, the players' fresh private panels are
redrawn, and once the game is over no message keeps a live game button. It runs after every commit
(sessions call :meth:`Relay.changed`) and, at start-up, for every game that may be behind; a failed pass is tried
again later, at once when Discord answers again after an outage.

This module decides which game is brought up to date and when; the parts do the work: the lobby and table
messages (cogs/table_messages.py), the private panels (cogs/private_panels.py), the outbox (cogs/outbox.py), all
posting through cogs/channel_posts.py; a game in a group DM is shown through its players' interactions instead
(cogs/group_dm_pages.py).

Exactly once: an announcement batch is claimed in the store (its rows get a batch id) *before* it is
sent, and the batch id is the message's nonce with ``enforce_nonce``, so a resend after a crash between
sending and marking returns the message Discord already has. For claims older than Discord's nonce
window the channel's recent history is checked instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

from hardback_bot.i18n import Translator
from hardback_bot.ops.metrics import note_delivery_retry
from hardback_bot.sessions import Loaded, SessionError
from hardback_bot.sessions.places import by_interactions
from hardback_bot.store import GameRecord

from .channel_posts import ChannelPosts
from .group_dm_pages import GroupDmPages
from .outbox import Outbox
from .private_panels import PrivatePanels
from .public_language import PublicLanguage
from .table_messages import TableMessages
from .weather import weather_of

if TYPE_CHECKING:
    from bot import HardbackBot

log = logging.getLogger(__name__)

RETRY_DELAYS = (2.0, 5.0, 15.0, 60.0)
RECOVERY_BATCH = 8  # games brought up to date at once after a start


class Relay:
    def __init__(self, bot: HardbackBot) -> None:
        self.bot = bot
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._failures: dict[int, int] = {}
        self._retries: set[asyncio.TimerHandle] = set()
        self._closed = False  # the bot is stopping: its store is about to close
        self._retry_of: dict[int, asyncio.TimerHandle] = {}
        self.recovering = False
        self.languages = PublicLanguage(bot)
        self.posts = ChannelPosts(bot, self.languages)
        self.messages = TableMessages(bot, self.posts)
        self.panels = PrivatePanels(bot)
        self.outbox = Outbox(bot, self.posts)
        # Games in group DMs, where the bot is not a member: shown through their players' interactions.
        self.private = GroupDmPages(bot)

    def panel_lock(self, game_id: int, user_id: int) -> asyncio.Lock:
        return self.panels.lock(game_id, user_id)

    async def public_translator(self, guild_id: int | None) -> Translator:
        return await self.languages.public_translator(guild_id)

    async def game_translator(self, record: GameRecord) -> Translator:
        return await self.languages.game_translator(record)

    async def pace(self, channel_id: int) -> None:
        """Wait until one more message fits in the channel's sliding window, then claim it."""
        await self.posts.pace(channel_id)

    # ------------------------------------------------------------------ scheduling
    async def changed(self, game_id: int) -> None:
        self.wake(game_id)

    def wake(self, game_id: int) -> None:
        if self._closed:
            # A move committed while the bot stops (a computer's, finishing under its game's lock) is in the
            # store; the next start's catch-up shows it. A sync now would outlive the store.
            return
        self._again.add(game_id)
        task = self._tasks.get(game_id)
        if task is None or task.done():
            self._tasks[game_id] = asyncio.get_running_loop().create_task(self._run(game_id))

    async def idle(self, game_id: int) -> None:
        """Wait until the game's public side has caught up (tests and start-up)."""
        while (task := self._tasks.get(game_id)) is not None and not task.done():
            with contextlib.suppress(Exception):
                await asyncio.shield(task)

    def busy_reason(self) -> str | None:
        """Why the public side may still change without a new click (for tests waiting on the bot)."""
        running = sorted(g for g, t in self._tasks.items() if not t.done())
        if running:
            return f"the relay is still bringing game(s) {running} up to date"
        waiting = sorted(g for g, h in self._retry_of.items() if not h.cancelled() and h.when() > self._now())
        return f"the relay will try game(s) {waiting} again" if waiting else None

    @staticmethod
    def _now() -> float:
        return asyncio.get_running_loop().time()

    def close(self) -> None:
        self._closed = True
        for handle in self._retries:
            handle.cancel()
        for task in self._tasks.values():
            task.cancel()

    async def _run(self, game_id: int) -> None:
        while game_id in self._again:
            self._again.discard(game_id)
            try:
                await self._sync(game_id)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                failures = self._failures[game_id] = self._failures.get(game_id, 0) + 1
                note_delivery_retry()
                delay = RETRY_DELAYS[min(failures, len(RETRY_DELAYS)) - 1]
                cause = weather_of(error)
                if cause is None:
                    log.exception("bringing game %s up to date failed (try %s); again in %ss", game_id, failures,
                                  delay)
                else:  # an outage: expected, one line; retried at once when Discord answers again (discord_back)
                    log.warning("game %s not brought up to date: %s (try %s); again in %ss or when Discord is back",
                                game_id, cause, failures, delay)
                handle = asyncio.get_running_loop().call_later(delay, self.wake, game_id)
                self._retries.add(handle)
                self._retry_of[game_id] = handle
                return
            self._failures.pop(game_id, None)

    def discord_back(self, spell: float) -> None:
        """Discord answers again after ``spell`` seconds of outage: every game waiting for its retry is brought up
        to date now rather than at its retry's time (which grows to a minute)."""
        now = self._now()
        waiting = [g for g, h in self._retry_of.items() if not h.cancelled() and h.when() > now]
        for game_id in waiting:
            self._retry_of.pop(game_id).cancel()
            self.wake(game_id)
        if waiting:
            log.info("Discord answers again after %.0f s: bringing game(s) %s up to date now", spell, sorted(waiting))

    async def recover(self) -> None:
        """At start-up: every game whose public side may be behind the store is brought up to date."""
        store = self.bot.store
        ids: set[int] = set()
        for info in await store.recovery.list_unfinished():
            ids.add(info.game.id)
        for record in await store.games.ended_since(self.bot.clock() - 7 * 24 * 3600):
            if record.message_versions.get("table") != record.version or "results" not in record.messages:
                ids.add(record.id)
        ids.update(await store.outbox.games_with_pending_deliveries())
        # A game that ended in the instant before a crash may still show a button (taken down after the end's
        # deliveries): live rows bring it back here, whatever its table and results say.
        ids.update(await store.outbox.games_with_live_deliveries())
        log.info("start-up: bringing %s game(s) up to date: %s", len(ids), sorted(ids))
        self.recovering = True
        try:
            # A few at a time: a bot with many games comes back without a burst of renders and requests.
            ordered = sorted(ids)
            for start in range(0, len(ordered), RECOVERY_BATCH):
                batch = ordered[start:start + RECOVERY_BATCH]
                for game_id in batch:
                    self.wake(game_id)
                for game_id in batch:
                    await self.idle(game_id)
        finally:
            self.recovering = False

    # ------------------------------------------------------------------ one game
    async def _sync(self, game_id: int) -> None:
        record = await self.bot.store.games.get_game(game_id, with_state=False)
        t = await self.game_translator(record)  # everything posted in the channel
        if by_interactions(record):
            await self.private.sync(record, t, panels=self.panels.redraw, take_down=self.take_down)
            return
        await self.messages.lobby(record, t, recovering=self.recovering)
        if record.seed is None:  # a lobby (open or cancelled): nothing else to show
            return
        try:
            loaded = await self.bot.sessions.load(game_id)
        except SessionError:
            return
        await self.messages.table(loaded, t)
        await self.panels.redraw(loaded)
        await self.outbox.deliver(loaded, t)
        if loaded.record.status != "playing" or loaded.game.finished:
            await self.take_down(loaded)

    async def take_down(self, loaded: Loaded) -> None:
        """No message of a finished or ended game keeps a live game button: the announcements' buttons go,
        and every private panel still reachable says it is over."""
        record = loaded.record
        await self.posts.strip(record, await self.bot.store.outbox.live_deliveries(record.id))
        await self.panels.close_all(loaded)


__all__ = ["Relay"]
