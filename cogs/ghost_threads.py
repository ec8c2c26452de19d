"""Ghostwriter requests (R30) in a game's channel: the request with the requester's cards and a *Suggest a word*
button, a thread under it for the suggestions (none in the bot's DM, or where Discord refuses one: the button takes
them), each suggestion said there, and the thread archived and locked when the request is over."""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING

import discord

from hardback_bot.i18n import Translator
from hardback_bot.sessions import Loaded
from hardback_bot.sessions.codec import OpenSuggestForm
from hardback_bot.sessions.notes import ghost_request_id
from hardback_bot.sessions.places import has_threads
from hardback_bot.sessions.screens.panel import Button, Panel
from hardback_bot.sessions.screens.pictures import cards_picture
from hardback_bot.store import Delivery, OpenGhostThread, PostSuggestion

from .channel_posts import ARCHIVED_THREAD, MAX_ACTIVE_THREADS, THREAD_ALREADY_CREATED, UNKNOWN_CHANNEL, ChannelPosts
from .ui import embed_of, file_of, view_of

if TYPE_CHECKING:
    from bot import HardbackBot

log = logging.getLogger(__name__)


class GhostThreads:
    def __init__(self, bot: HardbackBot, posts: ChannelPosts) -> None:
        self.bot = bot
        self.posts = posts

    async def open(self, loaded: Loaded, row: Delivery, opened: OpenGhostThread, t: Translator) -> None:
        record, game = loaded.record, loaded.game
        request, seat = opened.request, opened.seat
        store = self.bot.store
        if ghost_request_id(game) != request:
            log.info("game %s: ghostwriter request %s is over; its thread (delivery %s) is not opened",
                     record.id, request, row.id)
            await store.outbox.mark_delivered([row.id or 0], None)  # that request was over before it could be shown
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
        message = await self.posts.send_once(record, f"hbg{row.id}", row.created_at,
                                        lambda m: any(e.title == panel.title for e in m.embeds),
                                        embed=embed_of(panel), files=[file] if file else [], view=view_of(panel.rows))
        if message is None:
            log.warning("game %s: the request message of ghostwriter request %s was not posted", record.id, request)
            await store.outbox.mark_delivered([row.id or 0], None)
            return
        if not has_threads(record):  # the bot's DM has no threads: suggestions come by the button, said here
            await store.outbox.mark_delivered([row.id or 0], message.id, live=True)
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
                    await self.posts.notice(record, "thread", error)
                await store.outbox.mark_delivered([row.id or 0], message.id, live=True)
                return
        await store.messages.set_message(record.id, f"ghost:{request}", thread_id, channel_id=thread_id)
        await store.outbox.mark_delivered([row.id or 0], message.id, live=True)
        log.info("game %s: thread %s of ghostwriter request %s is open", record.id, thread_id, request)

    async def post(self, loaded: Loaded, row: Delivery, suggested: PostSuggestion, t: Translator) -> None:
        record = loaded.record
        request = suggested.request
        thread_id = record.messages.get(f"ghost:{request}")
        store = self.bot.store
        if thread_id is None:
            thread_id = record.channel_id  # no thread here (a DM, or none could be made): said in the channel
        text = t.gettext("{name} suggests **{word}**.", name=loaded.names_in(t)[suggested.seat], word=suggested.word)
        thread = self.bot.get_partial_messageable(thread_id, guild_id=record.guild_id or None)
        await self.posts.pace(thread_id)
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
        await store.outbox.mark_delivered([row.id or 0], message.id if message else None)

    async def close(self, loaded: Loaded, row: Delivery, request: int) -> None:
        record = loaded.record
        store = self.bot.store
        opened = [d for d in await store.outbox.live_deliveries(record.id)
                  if isinstance(d.payload, OpenGhostThread) and d.payload.request == request]
        await self.posts.strip(record, opened)
        thread_id = record.messages.get(f"ghost:{request}")
        if thread_id is not None:
            try:
                thread = self.bot.get_channel(thread_id) or await self.bot.fetch_channel(thread_id)
                if isinstance(thread, discord.Thread):
                    await thread.edit(archived=True, locked=True)
            except discord.Forbidden as error:
                await self.posts.notice(record, "manage_thread", error)
            except discord.NotFound:
                pass
        await store.outbox.mark_delivered([row.id or 0], None)

    async def _reopen(self, thread_id: int) -> None:
        thread = self.bot.get_channel(thread_id) or await self.bot.fetch_channel(thread_id)
        if isinstance(thread, discord.Thread):
            await thread.edit(archived=False)


def no_thread_text(t: Translator) -> str:
    """A ghostwriter request where no thread can be: suggestions come through its button."""
    return t.gettext("Their hand is public now (inked cards must be in the word). Suggest a word they can spell with "
                     "the button. If they spell your word, you earn 1 ink, plus 1 for each inked card in it.")


def no_thread_reason(error: discord.HTTPException, t: Translator) -> str:
    """The one line saying why a ghostwriter request has no thread."""
    if error.code == MAX_ACTIVE_THREADS:
        return t.gettext("*No thread: this server has as many active threads as Discord allows.*")
    return t.gettext("*No thread: I may not open threads in this channel.*")


__all__ = ["GhostThreads", "no_thread_reason", "no_thread_text"]
