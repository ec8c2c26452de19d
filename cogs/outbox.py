"""A game's outbox delivered in its channel (a server's, or the bot's DM), row by row in order: announcements
(batched and paced, rendered as they go out, only the newest call keeping its button), the results, ghostwriter
requests (cogs/ghost_threads.py) and turn alerts by direct message (cogs/alerts.py). Exactly once: a batch is
claimed in the store before it is sent and its id is the message's nonce (cogs/channel_posts.py)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, assert_never

import discord

from hardback_bot.i18n import Translator
from hardback_bot.sessions import Loaded
from hardback_bot.sessions.notes import Note, Reminder, notes_of
from hardback_bot.sessions.screens.announcements import Announcement, announcement
from hardback_bot.sessions.screens.game_words import results_words, sort_select
from hardback_bot.sessions.screens.panel import Panel, hand_button
from hardback_bot.sessions.screens.table import results_panel
from hardback_bot.store import (
    AnnounceNotes,
    CloseGhostThread,
    Delivery,
    OpenGhostThread,
    PostResults,
    PostSuggestion,
    TurnAlert,
    Unreadable,
)

from .alerts import AlertSender
from .channel_posts import ChannelPosts
from .ghost_threads import GhostThreads
from .ui import embed_of, file_of, view_of

if TYPE_CHECKING:
    from bot import HardbackBot

log = logging.getLogger(__name__)

MAX_TEXT = 1900
WORDS_LIMIT = 4000  # an embed's description holds 4,096 characters
EMBEDS_LIMIT = 6000  # all the embeds of one message together (PRODUCT.md)


class Outbox:
    def __init__(self, bot: HardbackBot, posts: ChannelPosts) -> None:
        self.bot = bot
        self.posts = posts
        self.ghosts = GhostThreads(bot, posts)
        self.alerts = AlertSender(bot)  # turn alerts by direct message

    async def deliver(self, loaded: Loaded, t: Translator) -> None:
        """Every pending row of the game's outbox, in order."""
        store = self.bot.store
        while True:
            rows: list[Delivery] = await store.outbox.pending_deliveries(loaded.record.id)
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
                        await self.posts.wait_interval(loaded.record.channel_id)
                        loaded = await self.bot.sessions.load(loaded.record.id)
                        rows = await store.outbox.pending_deliveries(loaded.record.id)
                        batch = self._batch(loaded, rows, t)
                        batch_id = await store.outbox.claim_deliveries([r.id for r in batch if r.id is not None])
                        rows = await store.outbox.pending_deliveries(loaded.record.id)
                        batch = [r for r in rows if r.batch == batch_id]
                    else:
                        batch = [r for r in rows if r.batch == first.batch]
                    await self._announce(loaded, batch, t)
                case PostResults():
                    await self.results(loaded, first, t)
                case OpenGhostThread() as opened:
                    await self.ghosts.open(loaded, first, opened, t)
                case PostSuggestion() as suggested:
                    await self.ghosts.post(loaded, first, suggested, t)
                case CloseGhostThread(request):
                    await self.ghosts.close(loaded, first, request)
                case TurnAlert() as alert:
                    await self._alert(loaded, first, alert, t)
                case Unreadable(kind):
                    log.error("unknown delivery kind %r in game %s", kind, loaded.record.id)
                    await store.outbox.mark_delivered([first.id or 0], None)
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
            deadline = await self.bot.sessions.timers.current_deadline(loaded.record.id, len(loaded.game.move_log))
        return announcement(loaded, notes, t, deadline=deadline)

    async def _announce(self, loaded: Loaded, batch: list[Delivery], t: Translator) -> None:
        record = loaded.record
        ids = [r.id for r in batch if r.id is not None]
        notes = _notes(batch)
        said = await self._said(loaded, notes, t)
        if not said.lines:
            await self.bot.store.outbox.mark_delivered(ids, None)
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

        message = await self.posts.send_once(record, f"hb{batch[0].batch}", batch[0].claimed_at,
                                        lambda m: m.content.split("\n", 1)[0] == first_line, build=as_it_goes_out,
                                        suppress_embeds=True)  # words link to their definitions: no previews
        self.posts.posted(record.channel_id)
        # What Discord shows decides, not this render: a resend after a crash gets back the message first
        # posted, whose button the game as it is now may no longer call for (that player has acted since).
        live = message is not None and bool(message.components)
        if live:
            await self._strip_prompts(loaded)
        await self.bot.store.outbox.mark_delivered(ids, message.id if message else None, live=live)

    async def _alert(self, loaded: Loaded, row: Delivery, alert: TurnAlert, t: Translator) -> None:
        """A turn alert by direct message (cogs/alerts.py); DMs that refused it are said once in the game."""
        closed = await self.alerts.deliver(loaded, alert, t)
        if closed is not None:
            await self.posts.send(loaded.record, "send messages", content=closed,
                             allowed_mentions=discord.AllowedMentions(users=True, everyone=False, roles=False))
        await self.bot.store.outbox.mark_delivered([row.id or 0], None)

    async def results(self, loaded: Loaded, row: Delivery, t: Translator) -> None:
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
            message = await self.posts.send_once(record, f"hbr{row.id}", row.created_at,
                                            lambda m: any(e.title == panel.title for e in m.embeds),
                                            embeds=embeds, files=[file] if file else [],
                                            view=view_of(panel.rows) or discord.utils.MISSING)
            message_id = message.id if message else None
            if message_id is not None:
                await store.messages.set_message(record.id, "results", message_id)
        await store.outbox.mark_delivered([row.id or 0], message_id)

    async def _strip_prompts(self, loaded: Loaded) -> None:
        """A new call to act replaces the previous one: only the newest announcement keeps its button."""
        live = [d for d in await self.bot.store.outbox.live_deliveries(loaded.record.id)
                if isinstance(d.payload, AnnounceNotes)]
        await self.posts.strip(loaded.record, live)


def _notes(rows: Sequence[Delivery]) -> list[Note]:
    return [n for r in rows if isinstance(r.payload, AnnounceNotes) for n in notes_of(r.payload)]


__all__ = ["Outbox"]
