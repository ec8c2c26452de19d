"""What Discord shows, brought up to what the store holds (PRODUCT.md, reliability promises).

For one game at a time the relay compares the public side with the store and converges, like a
reconciler: the lobby and table messages show the stored version (a deleted one is posted again),
the outbox rows written with each move are delivered in order, the players' fresh private panels are
redrawn, and once the game is over no message keeps a live game button. It runs after every commit
(sessions call :meth:`Relay.changed`) and, at start-up, for every game that may be behind.

Exactly once: an announcement batch is claimed in the store (its rows get a batch id) *before* it is
sent, and the batch id is the message's nonce with ``enforce_nonce``, so a resend after a crash between
sending and marking returns the message Discord already has. For claims older than Discord's nonce
window the channel's recent history is checked instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, assert_never

import discord

from hardback_bot.i18n import LANGUAGES, Translator, resolve_locale, server_language, translator
from hardback_bot.ops.metrics import note_delivery_retry
from hardback_bot.sessions import Loaded, SessionError
from hardback_bot.sessions.codec import OpenSuggestForm
from hardback_bot.sessions.notes import Note, Reminder, ghost_request_id, notes_of
from hardback_bot.sessions.places import by_interactions, has_threads, lobby_channel
from hardback_bot.sessions.screens.announcements import Announcement, announcement
from hardback_bot.sessions.screens.game_words import results_words, sort_select
from hardback_bot.sessions.screens.panel import Button, Panel, hand_button
from hardback_bot.sessions.screens.pictures import cards_picture
from hardback_bot.sessions.screens.private import hand_screen, over_screen, spectator_screen
from hardback_bot.sessions.screens.table import lobby_screen, results_panel, table_panel
from hardback_bot.sessions.vacation import away_now
from hardback_bot.store import (
    AnnounceNotes,
    CloseGhostThread,
    Delivery,
    GameRecord,
    OpenGhostThread,
    PanelToken,
    PostResults,
    PostSuggestion,
    TurnAlert,
    Unreadable,
)

from .alerts import AlertSender
from .interaction_relay import InteractionRelay
from .ui import embed_of, file_of, view_of
from .weather import weather_of

if TYPE_CHECKING:
    from bot import HardbackBot

log = logging.getLogger(__name__)

POST_INTERVAL = 1.5  # seconds between two announcements in one channel: quick turns merge into one message
POST_WINDOW, POST_MAX = 5.0, 4  # never more than 4 new messages in any 5 s in one channel (Discord allows ~5)
TABLE_DEBOUNCE = 0.4  # a burst of moves (a computer's turn) becomes one table edit
NONCE_WINDOW = 120.0  # Discord de-duplicates nonces for "a few minutes"; older claims are looked up instead
PANEL_LIFE = 14 * 60.0  # interaction tokens live 15 minutes; a margin for clocks and slow edits
RETRY_DELAYS = (2.0, 5.0, 15.0, 60.0)
RECOVERY_BATCH = 8  # games brought up to date at once after a start
MAX_TEXT = 1900
WORDS_LIMIT = 4000  # an embed's description holds 4,096 characters
EMBEDS_LIMIT = 6000  # all the embeds of one message together (PRODUCT.md)
FINAL = -1  # the shown "version" of a lobby message that says the game started or was cancelled

# Discord's JSON error codes the relay acts on.
UNKNOWN_CHANNEL, UNKNOWN_MESSAGE, UNKNOWN_WEBHOOK = 10003, 10008, 10015
MISSING_ACCESS, MISSING_PERMISSIONS = 50001, 50013
ARCHIVED_THREAD = 50083
THREAD_ALREADY_CREATED = 160004
MAX_ACTIVE_THREADS = 160006  # a server's cap on active threads



class Relay:
    def __init__(self, bot: HardbackBot) -> None:
        self.bot = bot
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._failures: dict[int, int] = {}
        self._table_edited: dict[int, float] = {}
        self._last_post: dict[int, float] = {}
        self._posts: dict[int, list[float]] = {}
        self._noticed: set[tuple[int, str]] = set()
        self.alerts = AlertSender(bot)  # turn alerts by direct message
        self._retries: set[asyncio.TimerHandle] = set()
        self._closed = False  # the bot is stopping: its store is about to close
        self._retry_of: dict[int, asyncio.TimerHandle] = {}
        # One lock per (game, user): held while a click of theirs is answered, and while the relay redraws
        # their panel, so the two never overwrite each other's answer (a word preview, say).
        self._panel_locks: dict[tuple[int, int], asyncio.Lock] = {}
        self.recovering = False
        self._locales: dict[int, discord.Locale] = {}  # guild id -> Discord locale fetched before READY
        # Games in group DMs, where the bot is not a member: shown through their players' interactions.
        self.private = InteractionRelay(bot)

    def panel_lock(self, game_id: int, user_id: int) -> asyncio.Lock:
        return self._panel_locks.setdefault((game_id, user_id), asyncio.Lock())

    async def public_translator(self, guild_id: int | None) -> Translator:
        """The language of a server's public messages (table, log, results, threads, lobby, notices): its
        ``/hardback settings`` choice, else the server's own Discord locale (docs/i18n.md)."""
        if guild_id is None:
            return translator("en")
        settings = await self.bot.store.get_guild_settings(guild_id)
        if settings.language in LANGUAGES:
            return translator(settings.language)
        guild = self.bot.get_guild(guild_id)
        locale = guild.preferred_locale if guild else await self._fetched_locale(guild_id)
        return translator(server_language(settings.language, locale))

    async def game_translator(self, record: GameRecord) -> Translator:
        """The language of a game's public messages: its server's, or outside servers the Discord language of
        whoever opened the table."""
        if not record.guild_id:
            return translator(resolve_locale(record.locale))
        return await self.public_translator(record.guild_id)

    async def _fetched_locale(self, guild_id: int) -> discord.Locale | None:
        """A server's Discord locale asked over REST: the start-up catch-up posts before the gateway's READY
        has filled the guild cache, and those posts must already be in the server's language."""
        if guild_id not in self._locales:
            try:
                guild = await self.bot.fetch_guild(guild_id, with_counts=False)
            except discord.HTTPException:
                return None  # not kept: the next post asks again, or the cache has it by then
            self._locales[guild_id] = guild.preferred_locale
        return self._locales[guild_id]

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
        for info in await store.list_unfinished():
            ids.add(info.game.id)
        for record in await store.ended_since(time.time() - 7 * 24 * 3600):
            if record.message_versions.get("table") != record.version or "results" not in record.messages:
                ids.add(record.id)
        ids.update(await store.games_with_pending_deliveries())
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
        record = await self.bot.store.get_game(game_id, with_state=False)
        t = await self.game_translator(record)  # everything posted in the channel
        if by_interactions(record):
            await self.private.sync(record, t, panels=self._panels, take_down=self._take_down)
            return
        await self._lobby(record, t)
        if record.seed is None:  # a lobby (open or cancelled): nothing else to show
            return
        try:
            loaded = await self.bot.sessions.load(game_id)
        except SessionError:
            return
        await self._table(loaded, t)
        await self._panels(loaded)
        await self._deliveries(loaded, t)
        if loaded.record.status != "playing" or loaded.game.finished:
            await self._take_down(loaded)

    def _channel(self, record: GameRecord) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id or None)

    async def _lobby(self, record: GameRecord, t: Translator) -> None:
        message_id = record.messages.get("lobby")
        if message_id is None:
            if record.status == "lobby" and self.recovering:
                # Committed as opened, but the bot died before posting it: post it now.
                panel = await lobby_screen(self.bot.store, record, t, coach_games=self.bot.sessions.coach_games)
                await self.pace(record.channel_id)
                message = await self._send(record, "post", embed=embed_of(panel),
                                           view=view_of(panel.rows) or discord.utils.MISSING,
                                           nonce=f"hbl{record.id}")
                if message is not None:
                    await self.bot.store.set_message(record.id, "lobby", message.id, version=record.version)
            return
        shown = record.message_versions.get("lobby")
        if shown == record.version or (shown == FINAL and record.status != "lobby"):
            return  # once the game started or was cancelled, the lobby message never changes again
        panel = await lobby_screen(self.bot.store, record, t, coach_games=self.bot.sessions.coach_games)
        where = self.bot.get_partial_messageable(lobby_channel(record), guild_id=record.guild_id or None)
        try:
            await where.get_partial_message(message_id).edit(
                embed=embed_of(panel), view=view_of(panel.rows) or discord.ui.View())
        except discord.NotFound:
            await self.bot.store.clear_message(record.id, "lobby")
            if record.status == "lobby":
                self.recovering, was = True, self.recovering
                try:
                    await self._lobby(await self.bot.store.get_game(record.id, with_state=False), t)
                finally:
                    self.recovering = was
            return
        except discord.Forbidden as error:
            await self._notice(record, "post", error)
            return
        await self.bot.store.set_message_version(record.id, "lobby",
                                                 record.version if record.status == "lobby" else FINAL)

    async def _table(self, loaded: Loaded, t: Translator) -> None:
        record = loaded.record
        message_id = record.messages.get("table")
        if message_id is not None and record.message_versions.get("table") == record.version:
            return
        if message_id is None and record.status == "abandoned":
            return
        wait = self._table_edited.get(record.id, 0.0) + TABLE_DEBOUNCE - time.monotonic()
        if wait > 0 and message_id is not None:
            await asyncio.sleep(wait)
            loaded = await self.bot.sessions.load(record.id)  # take in what landed meanwhile
            record = loaded.record
        panel = await table_panel(loaded, t, away=await away_now(self.bot.sessions, loaded))
        file = file_of(panel.picture)
        if message_id is not None:
            try:
                await self._channel(record).get_partial_message(message_id).edit(
                    embed=embed_of(panel), attachments=[file] if file else [],
                    view=view_of(panel.rows) or discord.ui.View())
            except discord.NotFound:
                # Somebody deleted the table message: post it again below.
                await self.bot.store.clear_message(record.id, "table")
                message_id = None
                file = file_of(panel.picture)
            except discord.Forbidden as error:
                await self._notice(record, "post", error)
                return
            else:
                self._table_edited[record.id] = time.monotonic()
                await self.bot.store.set_message_version(record.id, "table", record.version)
                return
        await self.pace(record.channel_id)
        message = await self._send(record, "post", embed=embed_of(panel), files=[file] if file else [],
                                   view=view_of(panel.rows) or discord.utils.MISSING,
                                   nonce=f"hbt{record.id}.{record.version}")
        if message is not None:
            self._table_edited[record.id] = time.monotonic()
            await self.bot.store.set_message(record.id, "table", message.id, version=record.version)

    async def _panels(self, loaded: Loaded) -> None:
        record = loaded.record
        store = self.bot.store
        since = time.time() - PANEL_LIFE
        for token in await store.fresh_panels(record.id, since=since):
            if token.version is not None and token.version >= record.version:
                continue
            lock = self.panel_lock(record.id, token.user_id)
            if lock.locked():
                continue  # that click's own answer redraws this panel
            async with lock:
                await self._redraw_panel(loaded, token.user_id, since)

    async def _redraw_panel(self, loaded: Loaded, user_id: int, since: float) -> None:
        record = loaded.record
        store = self.bot.store
        # Read again under the lock: a click answered meanwhile made a newer panel (its own answer).
        token = next((t for t in await store.fresh_panels(record.id, since=since) if t.user_id == user_id), None)
        if token is None or (token.version is not None and token.version >= record.version):
            return
        seat = loaded.seat_of(user_id)
        playing = record.status == "playing" and not loaded.game.finished
        if seat is not None and playing and token.version is not None and \
                await self.bot.sessions.still_current(loaded, seat, token.version):
            return  # only others' ink or remover since: nothing this player sees changed
        t = translator(resolve_locale(token.locale))  # the panel's owner's language, stored with its token
        try:
            if seat is None:  # a spectator's view follows the game too
                panel = await spectator_screen(self.bot.sessions, record.id, t=t, user_id=user_id)
            else:
                panel = await hand_screen(self.bot.sessions, record.id, user_id, t=t)
        except SessionError:
            return
        webhook = discord.Webhook.partial(token.application_id, token.token, client=self.bot)
        file = file_of(panel.picture)
        try:
            await webhook.edit_message(_target(token),  # the interaction's own panel, or its follow-up
                                       embed=embed_of(panel), attachments=[file] if file else [],
                                       view=view_of(panel.rows) or discord.ui.View())
        except discord.HTTPException as error:
            if error.status >= 500:
                raise  # Discord is away: the whole pass is tried again (when it answers, or at the retry)
            # An expired token, a panel its owner dismissed: nothing to keep current any more.
            log.info("panel of user %s in game %s not updated: %s", user_id, record.id, error)
        await store.set_panel_version(record.id, user_id, token.token, record.version)

    # ------------------------------------------------------------------ the outbox
    async def _deliveries(self, loaded: Loaded, t: Translator) -> None:
        store = self.bot.store
        while True:
            rows: list[Delivery] = await store.pending_deliveries(loaded.record.id)
            if not rows:
                return
            # A commit may have landed since ``loaded`` was read (a click while this pass redrew the table and
            # panels) and these rows may be its own: read the game again after them, so that each row is judged
            # and rendered against a game at least as new as itself (an older one takes a ghostwriter request
            # just made for one already over, and marks it delivered without its thread).
            loaded = await self.bot.sessions.load(loaded.record.id)
            first = rows[0]
            match first.payload:
                case AnnounceNotes():
                    if first.batch is None:
                        await self._wait_interval(loaded.record.channel_id)
                        loaded = await self.bot.sessions.load(loaded.record.id)
                        rows = await store.pending_deliveries(loaded.record.id)
                        batch = self._batch(loaded, rows, t)
                        batch_id = await store.claim_deliveries([r.id for r in batch if r.id is not None])
                        rows = await store.pending_deliveries(loaded.record.id)
                        batch = [r for r in rows if r.batch == batch_id]
                    else:
                        batch = [r for r in rows if r.batch == first.batch]
                    await self._announce(loaded, batch, t)
                case PostResults():
                    await self._results(loaded, first, t)
                case OpenGhostThread() as opened:
                    await self._ghost_open(loaded, first, opened, t)
                case PostSuggestion() as suggested:
                    await self._ghost_post(loaded, first, suggested, t)
                case CloseGhostThread(request):
                    await self._ghost_close(loaded, first, request)
                case TurnAlert() as alert:
                    await self._alert(loaded, first, alert, t)
                case Unreadable(kind):
                    log.error("unknown delivery kind %r in game %s", kind, loaded.record.id)
                    await store.mark_delivered([first.id or 0], None)
                case _:
                    assert_never(first.payload)

    def _batch(self, loaded: Loaded, rows: Sequence[Delivery], t: Translator) -> list[Delivery]:
        batch: list[Delivery] = []
        for row in rows:
            if not isinstance(row.payload, AnnounceNotes) or row.batch is not None:
                break
            trial = [*batch, row]
            if batch and len(announcement(loaded, _notes(trial), t).text) > MAX_TEXT:
                break
            batch = trial
        return batch

    async def _said(self, loaded: Loaded, notes: list[Note], t: Translator) -> Announcement:
        deadline = None
        if any(isinstance(n, Reminder) for n in notes):
            deadline = await self.bot.sessions.current_deadline(loaded.record.id, len(loaded.game.move_log))
        return announcement(loaded, notes, t, deadline=deadline)

    async def _announce(self, loaded: Loaded, batch: list[Delivery], t: Translator) -> None:
        record = loaded.record
        ids = [r.id for r in batch if r.id is not None]
        notes = _notes(batch)
        said = await self._said(loaded, notes, t)
        if not said.lines:
            await self.bot.store.mark_delivered(ids, None)
            return
        first_line = said.text[:2000].split("\n", 1)[0]

        async def as_it_goes_out() -> dict[str, Any] | None:
            # Decided again once the channel has room: waiting for it can outlast a whole turn, and a call
            # names only whom the game waits for when it is posted.
            now = await self._said(await self.bot.sessions.load(record.id), notes, t)
            if not now.lines:
                return None
            view = None
            if now.hand_button:
                panel = Panel(title="")
                panel.add_buttons([hand_button(record.id, t)])
                view = view_of(panel.rows)
            mentions = discord.AllowedMentions(users=[discord.Object(u) for u in now.mentions], everyone=False,
                                               roles=False, replied_user=False)
            return {"content": now.text[:2000], "view": view or discord.utils.MISSING, "allowed_mentions": mentions}

        message = await self._send_once(record, f"hb{batch[0].batch}", batch[0].claimed_at,
                                        lambda m: m.content.split("\n", 1)[0] == first_line, build=as_it_goes_out,
                                        suppress_embeds=True)  # words link to their definitions: no previews
        self._last_post[record.channel_id] = time.monotonic()
        # What Discord shows decides, not this render: a resend after a crash gets back the message first
        # posted, whose button the game as it is now may no longer call for (that player has acted since).
        live = message is not None and bool(message.components)
        if live:
            await self._strip_prompts(loaded)
        await self.bot.store.mark_delivered(ids, message.id if message else None, live=live)

    async def _alert(self, loaded: Loaded, row: Delivery, alert: TurnAlert, t: Translator) -> None:
        """A turn alert by direct message (cogs/alerts.py); DMs that refused it are said once in the game."""
        closed = await self.alerts.deliver(loaded, alert, t)
        if closed is not None:
            await self._send(loaded.record, "send messages", content=closed,
                             allowed_mentions=discord.AllowedMentions(users=True, everyone=False, roles=False))
        await self.bot.store.mark_delivered([row.id or 0], None)

    async def _results(self, loaded: Loaded, row: Delivery, t: Translator) -> None:
        record = loaded.record
        store = self.bot.store
        message_id = record.messages.get("results")
        if message_id is None:  # not posted yet (or posted just before a crash: the nonce finds it)
            panel = await results_panel(loaded, t)
            embeds = [embed_of(panel)]
            # Every word of the game under the ranking; the two embeds share Discord's 6,000 characters.
            room = min(WORDS_LIMIT, EMBEDS_LIMIT - len(panel.title) - len(panel.text) - 200)
            words = await results_words(store, record.id, t=t, limit=room)
            if words is not None:
                embeds.append(embed_of(words))
                panel.rows.append(sort_select(record.id, t))
            file = file_of(panel.picture)
            message = await self._send_once(record, f"hbr{row.id}", row.created_at,
                                            lambda m: any(e.title == panel.title for e in m.embeds),
                                            embeds=embeds, files=[file] if file else [],
                                            view=view_of(panel.rows) or discord.utils.MISSING)
            message_id = message.id if message else None
            if message_id is not None:
                await store.set_message(record.id, "results", message_id)
        await store.mark_delivered([row.id or 0], message_id)

    # ------------------------------------------------------------------ ghostwriter threads (R30)
    async def _ghost_open(self, loaded: Loaded, row: Delivery, opened: OpenGhostThread, t: Translator) -> None:
        record, game = loaded.record, loaded.game
        request, seat = opened.request, opened.seat
        store = self.bot.store
        if ghost_request_id(game) != request:
            log.info("game %s: ghostwriter request %s is over; its thread (delivery %s) is not opened",
                     record.id, request, row.id)
            await store.mark_delivered([row.id or 0], None)  # that request was over before it could be shown
            return
        log.info("game %s: opening the thread of ghostwriter request %s (delivery %s)", record.id, request, row.id)
        name = loaded.names_in(t)[seat]
        me = game.player(seat)
        picture = await cards_picture(list(me.hand), list(me.inked), t.gettext("{name}'s cards", name=name),
                                      language=t.language)
        panel = Panel(title=t.gettext("{name} asks for a ghostwriter", name=name), lines=[t.gettext(
            "Their hand is public now (inked cards must be in the word). Suggest a word they can spell: reply in "
            "the thread below with the word, or press the button. If they spell your word, you earn 1 ink, plus "
            "1 for each inked card in it.") if has_threads(record) else no_thread_text(t)])
        panel.picture = picture
        panel.add_buttons([Button(t.gettext("Suggest a word"), OpenSuggestForm(record.id, request).custom_id(),
                                  "primary")])
        file = file_of(panel.picture)
        message = await self._send_once(record, f"hbg{row.id}", row.created_at,
                                        lambda m: any(e.title == panel.title for e in m.embeds),
                                        embed=embed_of(panel), files=[file] if file else [], view=view_of(panel.rows))
        if message is None:
            log.warning("game %s: the request message of ghostwriter request %s was not posted", record.id, request)
            await store.mark_delivered([row.id or 0], None)
            return
        if not has_threads(record):  # the bot's DM has no threads: suggestions come by the button, said here
            await store.mark_delivered([row.id or 0], message.id, live=True)
            return
        thread_id = message.id  # a thread started on a message has that message's id
        title = t.gettext("Ghostwriter: {name}, round {n}", name=name,
                          n=game.state.round if opened.round is None else opened.round)[:100]
        try:
            # Straight over REST: discord.py's Message.create_thread needs the guild in the gateway's cache,
            # which a restarted bot's catch-up often runs ahead of (a ValueError, then retries of 2, 5, 15 s).
            await self.bot.http.start_thread_with_message(record.channel_id, message.id, name=title,
                                                          auto_archive_duration=60)
        except discord.HTTPException as error:
            if error.code != THREAD_ALREADY_CREATED:
                if not isinstance(error, discord.Forbidden) and error.code != MAX_ACTIVE_THREADS:
                    raise
                # No thread to be had: the request takes its suggestions through its button, said in the channel.
                log.warning("game %s: no thread for ghostwriter request %s (%s); its Suggest a word button takes "
                            "the suggestions", record.id, request, error)
                panel.lines = [no_thread_text(t), no_thread_reason(error, t)]
                with contextlib.suppress(discord.HTTPException):
                    await message.edit(embed=embed_of(panel))
                if isinstance(error, discord.Forbidden):
                    await self._notice(record, "thread", error)
                await store.mark_delivered([row.id or 0], message.id, live=True)
                return
        await store.set_message(record.id, f"ghost:{request}", thread_id, channel_id=thread_id)
        await store.mark_delivered([row.id or 0], message.id, live=True)
        log.info("game %s: thread %s of ghostwriter request %s is open", record.id, thread_id, request)

    async def _ghost_post(self, loaded: Loaded, row: Delivery, suggested: PostSuggestion, t: Translator) -> None:
        record = loaded.record
        request = suggested.request
        thread_id = record.messages.get(f"ghost:{request}")
        store = self.bot.store
        if thread_id is None:
            thread_id = record.channel_id  # no thread here (a DM, or none could be made): said in the channel
        text = t.gettext("{name} suggests **{word}**.", name=loaded.names_in(t)[suggested.seat], word=suggested.word)
        thread = self.bot.get_partial_messageable(thread_id, guild_id=record.guild_id or None)
        await self.pace(thread_id)
        try:
            message = await thread.send(text, allowed_mentions=discord.AllowedMentions.none(), nonce=f"hbp{row.id}")
        except discord.HTTPException as error:
            if error.code == ARCHIVED_THREAD and ghost_request_id(loaded.game) == request:
                await self._reopen(thread_id)
                message = await thread.send(text, allowed_mentions=discord.AllowedMentions.none(),
                                            nonce=f"hbp{row.id}")
            elif error.code in (ARCHIVED_THREAD, UNKNOWN_CHANNEL) or isinstance(error, discord.Forbidden):
                message = None
            else:
                raise
        await store.mark_delivered([row.id or 0], message.id if message else None)

    async def _ghost_close(self, loaded: Loaded, row: Delivery, request: int) -> None:
        record = loaded.record
        store = self.bot.store
        opened = [d for d in await store.live_deliveries(record.id)
                  if isinstance(d.payload, OpenGhostThread) and d.payload.request == request]
        await self._strip(record, opened)
        thread_id = record.messages.get(f"ghost:{request}")
        if thread_id is not None:
            try:
                thread = self.bot.get_channel(thread_id) or await self.bot.fetch_channel(thread_id)
                if isinstance(thread, discord.Thread):
                    await thread.edit(archived=True, locked=True)
            except discord.Forbidden as error:
                await self._notice(record, "manage_thread", error)
            except discord.NotFound:
                pass
        await store.mark_delivered([row.id or 0], None)

    async def _reopen(self, thread_id: int) -> None:
        thread = self.bot.get_channel(thread_id) or await self.bot.fetch_channel(thread_id)
        if isinstance(thread, discord.Thread):
            await thread.edit(archived=False)

    # ------------------------------------------------------------------ game over
    async def _take_down(self, loaded: Loaded) -> None:
        """No message of a finished or ended game keeps a live game button: the announcements' buttons go,
        and every private panel still reachable (any of a player's, not only the newest) says it is over."""
        record = loaded.record
        store = self.bot.store
        await self._strip(record, await store.live_deliveries(record.id))
        tokens = await store.open_panel_tokens(record.id, since=time.time() - PANEL_LIFE)
        if not tokens:
            return
        # Old tokens keep no locale of their own: each owner's newest panel says which language they read.
        locales = {p.user_id: p.locale for p in await store.fresh_panels(record.id, since=0)}
        closed = []
        for token in tokens:
            locale = token.locale or locales.get(token.user_id)
            panel = over_screen(loaded, translator(resolve_locale(locale)))  # in each owner's language
            webhook = discord.Webhook.partial(token.application_id, token.token, client=self.bot)
            async with self.panel_lock(record.id, token.user_id):
                try:
                    await webhook.edit_message(_target(token),
                                               embed=embed_of(panel), attachments=[], view=discord.ui.View())
                except discord.HTTPException as error:
                    if error.status >= 500:
                        raise  # tried again with the whole pass
                    log.info("old panel of user %s in game %s not closed: %s", token.user_id, record.id, error)
            closed.append(token.token)
        await store.close_panel_tokens(record.id, closed)

    async def _strip_prompts(self, loaded: Loaded) -> None:
        """A new call to act replaces the previous one: only the newest announcement keeps its button."""
        live = [d for d in await self.bot.store.live_deliveries(loaded.record.id)
                if isinstance(d.payload, AnnounceNotes)]
        await self._strip(loaded.record, live)

    async def _strip(self, record: GameRecord, rows: Sequence[Delivery]) -> None:
        done: list[int] = []
        edited: set[int] = set()
        for row in rows:
            if row.message_id is not None and row.message_id not in edited:
                edited.add(row.message_id)
                with contextlib.suppress(discord.NotFound):
                    await self._channel(record).get_partial_message(row.message_id).edit(view=None)
            done.append(row.id or 0)
        await self.bot.store.clear_live(done)

    # ------------------------------------------------------------------ Discord plumbing
    async def _send(self, record: GameRecord, what: str, **kwargs: Any) -> discord.Message | None:
        """Post in the game's channel; a missing permission is said once in plain words (None returned)."""
        try:
            return await self._channel(record).send(**kwargs)
        except discord.Forbidden as error:
            await self._notice(record, what, error)
            return None
        except discord.NotFound as error:
            if error.code == UNKNOWN_CHANNEL:
                log.warning("the channel of game %s is gone", record.id)
                return None
            raise

    async def _notice(self, record: GameRecord, what: str, error: discord.HTTPException) -> None:
        key = (record.id, what)
        log.warning("game %s: Discord refused to %s: %s", record.id, what, error)
        if key in self._noticed:
            return
        self._noticed.add(key)
        text = permission_notice(what, await self.game_translator(record))
        with contextlib.suppress(discord.HTTPException):
            await self._channel(record).send(text, allowed_mentions=discord.AllowedMentions.none())

    async def _wait_interval(self, channel_id: int) -> None:
        wait = self._last_post.get(channel_id, 0.0) + POST_INTERVAL - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)

    async def pace(self, channel_id: int) -> None:
        """Wait until one more message fits in the channel's sliding window, then claim it."""
        if channel_id not in self._posts:
            self._posts[channel_id] = await self._recent_posts(channel_id)
        times = self._posts[channel_id]
        while True:
            now = time.monotonic()
            times[:] = [t for t in times if now - t < POST_WINDOW]
            if len(times) < POST_MAX:
                times.append(now)
                return
            await asyncio.sleep(POST_WINDOW - (now - times[0]) + 0.01)

    async def _recent_posts(self, channel_id: int) -> list[float]:
        """After a start the window is unknown (a crashed process may have posted a moment ago): read the
        channel's last messages and count the bot's own recent ones, on this process's clock."""
        me = self.bot.user.id if self.bot.user else 0
        found: list[float] = []
        now, wall = time.monotonic(), time.time()
        with contextlib.suppress(discord.HTTPException):
            async for message in self.bot.get_partial_messageable(channel_id).history(limit=POST_MAX + 1):
                age = wall - message.created_at.timestamp()
                if message.author.id == me and age < POST_WINDOW:
                    found.append(now - max(0.0, age))
        return sorted(found)

    async def _send_once(self, record: GameRecord, nonce: str, since: float | None,
                         matches: Callable[[discord.Message], bool], *,
                         build: Callable[[], Awaitable[dict[str, Any] | None]] | None = None,
                         **kwargs: Any) -> discord.Message | None:
        """Post a message that must appear once however often this runs (a crash between sending and
        marking it sent). Within Discord's nonce window the nonce does it; past it, the channel's recent
        history is searched for a matching message of the bot posted since the row was written. ``build``:
        more of the message, made once the channel has room for it (None: nothing to post any more)."""
        if since is not None and time.time() - since > NONCE_WINDOW:
            found = await self._posted_since(record, since, matches)
            if found is not None:
                return found
        await self.pace(record.channel_id)
        if build is not None:
            built = await build()
            if built is None:
                return None
            kwargs = {**kwargs, **built}
        return await self._send(record, "post", nonce=nonce, **kwargs)

    async def _posted_since(self, record: GameRecord, since: float,
                            matches: Callable[[discord.Message], bool]) -> discord.Message | None:
        after = discord.Object(discord.utils.time_snowflake(
            datetime.datetime.fromtimestamp(since - 5, tz=datetime.UTC)))
        me = self.bot.user.id if self.bot.user else 0
        with contextlib.suppress(discord.HTTPException):
            async for message in self._channel(record).history(limit=50, after=after):
                if message.author.id == me and matches(message):
                    return message
        return None


def no_thread_text(t: Translator) -> str:
    """A ghostwriter request where no thread can be: suggestions come through its button."""
    return t.gettext("Their hand is public now (inked cards must be in the word). Suggest a word they can spell with "
                     "the button. If they spell your word, you earn 1 ink, plus 1 for each inked card in it.")


def no_thread_reason(error: discord.HTTPException, t: Translator) -> str:
    """The one line saying why a ghostwriter request has no thread."""
    if error.code == MAX_ACTIVE_THREADS:
        return t.gettext("*No thread: this server has as many active threads as Discord allows.*")
    return t.gettext("*No thread: I may not open threads in this channel.*")


def permission_notice(what: str, t: Translator) -> str:
    """What the channel is told once when Discord refuses the bot something, in the server's language."""
    if what == "thread":
        return t.gettext("I cannot open ghostwriter threads in this channel: please give me the **Create Public "
                         "Threads and Send Messages in Threads** permission here (Server Settings → Roles, or this "
                         "channel's permissions). The game itself is safe.")
    if what == "manage_thread":
        return t.gettext("I cannot close ghostwriter threads in this channel: please give me the **Manage Threads** "
                         "permission here (Server Settings → Roles, or this channel's permissions). The game itself "
                         "is safe.")
    return t.gettext("I cannot show the game in this channel: please give me the **Send Messages, Embed Links and "
                     "Attach Files** permission here (Server Settings → Roles, or this channel's permissions). The "
                     "game itself is safe.")


def _target(token: PanelToken) -> Any:
    """How the webhook routes name a panel's message: its interaction's own answer, or a follow-up's id."""
    return token.message if token.message == "@original" else int(token.message)


def _notes(rows: Sequence[Delivery]) -> list[Note]:
    return [n for r in rows if isinstance(r.payload, AnnounceNotes) for n in notes_of(r.payload)]


__all__ = ["Relay"]
