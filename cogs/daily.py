"""The daily deal on Discord: ``/hardback daily``, its buttons, the result card and the day's par.

``/hardback daily`` starts (or resumes) the player's daily in a private thread of the channel it was typed
in, made for them: the deal stays theirs (nobody else sees its cards) and the game is an ordinary game of
that thread, so every button, the table, the relay and restarts work for it as for any other game. Once it
is finished the bot posts the result card in the thread (once, claimed in the store: after the results,
and once the day's par is known), and the card's **Share** button posts the share line and picture in the
channel (once). The boards of the day are private answers.

Two parts: :class:`DailyCommand`, held by the /hardback group cog (``cogs/hardback.py``) whose command it answers,
and :class:`Daily`, a cog of its own that owns the sessions' :class:`DailyService`, answers the daily's
buttons (the game router hands it :class:`DailyClick`), watches games end, and keeps the day's par
computed in the background.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
import time
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from hardback_bot.i18n import N_, Translator, translator
from hardback_bot.sessions import SessionError
from hardback_bot.sessions.codec import DailyClick, DailyOp
from hardback_bot.sessions.daily.card import (
    PAGE_SIZE,
    board_buttons,
    board_panel,
    day_number,
    result_panel,
    share_picture,
    share_text,
    start_text,
)
from hardback_bot.sessions.daily.deal import Deal, deal_of, next_deal_at
from hardback_bot.sessions.daily.service import DailyService, DailyStart, InDM, ThreadMaker
from hardback_bot.sessions.screens.panel import Panel
from hardback_bot.sessions.screens.text_mode import text_mode_of, without_picture
from hardback_bot.store import StoreError
from hardback_bot.store.daily import DailyAttempt

from .answers import reader
from .ui import embed_of, file_of, view_of
from .weather import log_failure, weather_of

if TYPE_CHECKING:
    from bot import HardbackBot

log = logging.getLogger(__name__)

SORRY = N_("Sorry, something went wrong on my side; your daily is safe. Please try again.")
LOOK_INTERVAL = 60.0  # seconds between the background task's looks (today's par, result cards still to post)
THREAD_ARCHIVE = 1440  # minutes without a message before Discord hides the daily's thread (a day)
MAX_ACTIVE_THREADS = 160006  # Discord's error for a server at its cap on active threads
NOT_DAILY_KEPT = 50_000  # game ids known not to be dailies, kept to skip their kind's read



def _day_text(number: int) -> str:
    text = str(number)
    return f"{text[:4]}-{text[4:6]}-{text[6:]}"


class DailyCommand:
    """``/hardback daily``, held by the Hardback group cog (whose command it is) and answered by the Daily cog,
    which is loaded after the group: found at each use."""

    def __init__(self, bot: HardbackBot) -> None:
        self.bot = bot

    async def daily(self, interaction: discord.Interaction) -> None:
        # The extension loads this module again (discord.py imports extensions afresh): no isinstance here.
        cog = self.bot.get_cog("Daily")
        if cog is None:
            await interaction.response.send_message(reader(interaction).gettext(SORRY), ephemeral=True)
            return
        await cog.command(interaction)  # type: ignore[attr-defined]


class _Watch:
    """The sessions' notifier with the daily's own look added: a daily that just ended gets its card."""

    def __init__(self, inner: Any, daily: Daily) -> None:
        self.inner = inner
        self.daily = daily

    async def changed(self, game_id: int) -> None:
        await self.inner.changed(game_id)
        self.daily.game_changed(game_id)


class Daily(commands.Cog):
    def __init__(self, bot: HardbackBot) -> None:
        self.bot = bot
        strength = bot.settings.daily_par_strength
        self.service = DailyService(bot.sessions) if strength is None else DailyService(bot.sessions, strength=strength)
        self._not_daily: set[int] = set()
        self._checks: dict[int, asyncio.Task[None]] = {}
        self._task: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        sessions = self.bot.sessions
        if not isinstance(sessions.notifier, _Watch):
            sessions.notifier = _Watch(sessions.notifier, self)
        self.service.par_listeners.append(self._par_known)
        self._task = asyncio.get_running_loop().create_task(self._run(), name="daily deal")

    async def cog_unload(self) -> None:
        tasks = [t for t in (self._task, *self._checks.values()) if t is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.service.close()
        if isinstance(self.bot.sessions.notifier, _Watch):
            self.bot.sessions.notifier = self.bot.sessions.notifier.inner

    # ------------------------------------------------------------------ /hardback daily
    async def command(self, interaction: discord.Interaction) -> None:
        t = reader(interaction)
        if interaction.guild_id is None or interaction.channel_id is None:
            await interaction.response.send_message(t.gettext("The daily is played in a server channel."),
                                                    ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            await self._start(interaction, t)
        except SessionError as error:
            await interaction.followup.send(error.say(t), ephemeral=True)
        except discord.HTTPException as error:
            if not isinstance(error, discord.Forbidden) and error.code != MAX_ACTIVE_THREADS:
                log_failure(log, error, "/hardback daily by %s", interaction.user.id)
                if weather_of(error) is None:
                    await self._say(interaction, t.gettext(SORRY))
                return
            # No thread here, and the bot's DM with the player is closed too (_in_dm).
            await interaction.followup.send(t.gettext(
                "This server has as many active threads as Discord allows, and your DMs with me are closed: allow "
                "them (this server's Privacy Settings), or try again later.") if error.code == MAX_ACTIVE_THREADS
                else t.gettext(
                "I cannot open your daily's private thread here: please give me the **Create Private Threads and "
                "Send Messages in Threads** permissions in this channel, or use `{command_daily}` in another one."),
                ephemeral=True)
        except Exception as error:
            log_failure(log, error, "/hardback daily by %s", interaction.user.id)
            if weather_of(error) is None:
                await self._say(interaction, t.gettext(SORRY))

    async def _start(self, interaction: discord.Interaction, t: Translator) -> None:
        user = interaction.user
        parent = self._parent_of(interaction)
        start = await self.service.start(user.id, user.display_name, interaction.guild_id or 0, parent,
                                         self._thread_maker(parent, user.id, user.display_name, t))
        if start.status == "resumed":
            start = await self._keep_thread(start, parent, user.id, user.display_name, t)
        if start.status == "finished":
            await self._send_result(interaction, start.attempt, t)
            return
        deal = deal_of(dt.date.fromisoformat(start.attempt.day))
        text = start_text(start, t, genre=deal.genre, next_at=next_deal_at(self.service.today()))
        panel = Panel(title=t.gettext("Hardback Daily {date}", date=start.attempt.day), lines=[text])
        panel.add_buttons(board_buttons(day_number(start.attempt.day), t))  # scores only: no spoiler
        await interaction.followup.send(embed=embed_of(panel), view=view_of(panel.rows) or discord.utils.MISSING,
                                        ephemeral=True)

    def _parent_of(self, interaction: discord.Interaction) -> int:
        """The channel the daily's thread opens in (a command typed in a thread opens it in its parent)."""
        channel = interaction.channel
        if isinstance(channel, discord.Thread) and channel.parent_id:
            return channel.parent_id
        return interaction.channel_id or 0

    def _thread_maker(self, parent: int, user_id: int, name: str, t: Translator) -> ThreadMaker:
        async def make(deal: Deal) -> int | InDM:
            title = t.gettext("Hardback Daily {date} · {name}", date=deal.key, name=name[:40])[:100]
            try:
                data = await self.bot.http.start_thread_without_message(
                    parent, name=title, auto_archive_duration=THREAD_ARCHIVE,  # type: ignore[arg-type]
                    type=discord.ChannelType.private_thread.value, invitable=False,  # type: ignore[arg-type]
                    reason="Hardback Daily")
            except discord.HTTPException as error:
                if not isinstance(error, discord.Forbidden) and error.code != MAX_ACTIVE_THREADS:
                    raise
                return await self._in_dm(deal, parent, user_id, error, t)
            thread_id = int(data["id"])
            await self.bot.http.add_user_to_thread(thread_id, user_id)
            return thread_id

        return make

    async def _in_dm(self, deal: Deal, parent: int, user_id: int, error: discord.HTTPException,
                     t: Translator) -> InDM:
        """No private thread can be opened in ``parent`` (a missing permission, or the server's cap on active
        threads): the daily is played in the bot's DM with the player, which says why in its first line. DMs
        closed to the bot: the thread's error stands (the player is told what to do)."""
        log.warning("daily %s of user %s: no private thread in channel %s (%s); played in the bot's DM", deal.key,
                    user_id, parent, error)
        why = (t.gettext("this server has as many active threads as Discord allows")
               if error.code == MAX_ACTIVE_THREADS else t.gettext("I may not open private threads there"))
        try:
            dm = await self.bot.http.start_private_message(user_id)
            channel = self.bot.get_partial_messageable(int(dm["id"]), type=discord.ChannelType.private)
            await channel.send(t.gettext("No private thread for your Hardback Daily of {date} in <#{channel}> ({why}): "
                                         "it is played here instead.", date=deal.key, channel=parent, why=why))
        except discord.HTTPException:
            raise error from None
        return InDM(int(dm["id"]))

    async def _keep_thread(self, start: DailyStart, parent: int, user_id: int, name: str,
                           t: Translator) -> DailyStart:
        """A daily being played keeps a thread its player can reach: archived, it is opened again; deleted, the
        game moves to a new one; and the player is (back) in it."""
        attempt = start.attempt
        if attempt.thread_id is None or (start.record is not None and start.record.place != "server"):
            return start  # the bot's DM is kept by Discord
        try:
            data: dict[str, Any] = await self.bot.http.get_channel(attempt.thread_id)  # type: ignore[assignment]
        except discord.NotFound:
            await self.service.relocate(attempt, self._thread_maker(parent, user_id, name, t))
            return await self.service.found(await self._attempt(attempt.day, user_id) or attempt)
        except discord.HTTPException:
            return start
        meta = data.get("thread_metadata") or {}
        with contextlib.suppress(discord.HTTPException):
            if meta.get("archived") and not meta.get("locked"):
                await self.bot.http.edit_channel(attempt.thread_id, archived=False)
            await self.bot.http.add_user_to_thread(attempt.thread_id, user_id)
        return start

    async def _attempt(self, day: str, user_id: int) -> DailyAttempt | None:
        return await self.service.room.attempt(day, user_id)

    async def _send_result(self, interaction: discord.Interaction, attempt: DailyAttempt, t: Translator) -> None:
        result = await self.service.result(attempt, interaction.guild_id)
        if result is None:
            raise SessionError("daily_not_finished")
        streaks = await self.service.streaks(attempt.user_id)
        same_server = interaction.guild_id == attempt.guild_id
        panel = result_panel(result, t, streaks=streaks, share_channel=attempt.channel_id if same_server else None)
        panel.picture = await share_picture(result, t)
        if await text_mode_of(self.bot.store, interaction.user.id):
            without_picture(panel)  # the result card said in words
        file = file_of(panel.picture)
        await interaction.followup.send(embed=embed_of(panel), files=[file] if file else [],
                                        view=view_of(panel.rows) or discord.utils.MISSING, ephemeral=True)

    async def spoils(self, game_id: int, user_id: int, *, public: bool = False) -> bool:
        """Whether showing game ``game_id`` (a replay, an export) would give away a deal someone may still play:
        today's daily of another player to one who has not played theirs, or to everyone (``public``)."""
        try:
            record = await self.bot.store.games.get_game(game_id, with_state=False)
        except StoreError:
            return False
        if record.kind != "daily":
            return False
        if public:
            attempt = await self.service.of_game(record)
            return attempt is not None and attempt.day >= self.service.today().isoformat()
        return await self.service.spoils(record, user_id)

    # ------------------------------------------------------------------ the daily's buttons
    async def click(self, interaction: discord.Interaction, action: DailyClick) -> None:
        """A daily button (the game router hands these over before its own checks: they name no game)."""
        t = reader(interaction)
        try:
            if interaction.guild_id is None:
                raise SessionError("elsewhere")
            message = interaction.message
            in_place = action.op is not DailyOp.SHARE and message is not None and message.flags.ephemeral
            if in_place:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
            day = _day_text(action.day)
            if action.op is DailyOp.SHARE:
                await self._share(interaction, day, t)
                return
            panel = await self._board(interaction.guild_id, day, action.op is DailyOp.WORLD, action.page,
                                      interaction.user.id, t)
            view = view_of(panel.rows)
            if in_place:
                await interaction.edit_original_response(embed=embed_of(panel), attachments=[],
                                                         view=view or discord.ui.View())
            else:
                await interaction.followup.send(embed=embed_of(panel), view=view or discord.utils.MISSING,
                                                ephemeral=True)
        except SessionError as error:
            await self._say(interaction, error.say(t))
        except Exception as error:
            log_failure(log, error, "daily button %s by %s", action, interaction.user.id)
            if weather_of(error) is None:
                await self._say(interaction, t.gettext(SORRY))

    async def _board(self, guild_id: int, day: str, world: bool, page: int, user_id: int, t: Translator) -> Panel:
        entries, size = await self.service.board(day, None if world else guild_id, limit=PAGE_SIZE,
                                                 offset=page * PAGE_SIZE)
        return board_panel(day, entries, size, world=world, page=page, par=await self.service.room.par(day),
                           me=user_id, t=t)

    async def _share(self, interaction: discord.Interaction, day: str, t: Translator) -> None:
        user_id = interaction.user.id
        attempt = await self._attempt(day, user_id)
        if attempt is None:
            raise SessionError("daily_no_attempt")
        if attempt.guild_id != interaction.guild_id:
            raise SessionError("elsewhere")
        result = await self.service.result(attempt)
        if result is None:
            raise SessionError("daily_not_finished")
        if attempt.shared_message_id is not None:
            await self._say(interaction, t.gettext("Your daily of {date} is already shared in <#{channel}>.",
                                                   date=day, channel=attempt.channel_id))
            return
        if not await self.service.room.claim_post(day, user_id, "shared"):
            await self._say(interaction, t.gettext("Your daily of {date} is being shared.", date=day))
            return
        play = self.bot.get_cog("Play")
        public = await play.relay.public_translator(attempt.guild_id) if play is not None else t  # type: ignore[attr-defined]
        picture = await share_picture(result, public)
        file = file_of(picture)
        channel = self.bot.get_partial_messageable(attempt.channel_id, guild_id=attempt.guild_id)
        try:
            message = await channel.send(share_text(result, user_id, public), files=[file] if file else [],
                                         allowed_mentions=discord.AllowedMentions.none(),
                                         nonce=f"hbs{attempt.game_id}")
        except discord.Forbidden:
            await self._say(interaction, t.gettext("I cannot post in <#{channel}>: please give me the **Send "
                                                   "Messages and Attach Files** permissions there.",
                                                   channel=attempt.channel_id))
            return
        await self.service.room.set_posted(day, user_id, "shared", message.id)
        await self._say(interaction, t.gettext("Shared in <#{channel}>.", channel=attempt.channel_id))

    async def _say(self, interaction: discord.Interaction, text: str) -> None:
        with contextlib.suppress(discord.HTTPException):
            if interaction.response.is_done():
                await interaction.followup.send(text[:2000], ephemeral=True)
            else:
                await interaction.response.send_message(text[:2000], ephemeral=True)

    # ------------------------------------------------------------------ the result card in the thread
    def game_changed(self, game_id: int) -> None:
        if game_id in self._not_daily:
            return
        task = self._checks.get(game_id)
        if task is None or task.done():
            task = self._checks[game_id] = asyncio.get_running_loop().create_task(self._check(game_id))
            task.add_done_callback(lambda done, g=game_id: self._checked(g, done))

    def _checked(self, game_id: int, task: asyncio.Task[None]) -> None:
        if self._checks.get(game_id) is task:
            del self._checks[game_id]
        if len(self._not_daily) > NOT_DAILY_KEPT:  # games other than dailies: read their kind again, now and then
            self._not_daily.clear()

    async def _check(self, game_id: int) -> None:
        try:
            record = await self.bot.store.games.get_game(game_id, with_state=False)
            if record.kind != "daily":
                self._not_daily.add(game_id)
                return
            if record.status != "finished":
                return
            attempt = await self.service.room.attempt_of_game(game_id)
            if attempt is not None:
                await self.post_result(attempt)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            log_failure(log, error, "the result card of daily game %s (the next look tries again)", game_id)

    async def post_result(self, attempt: DailyAttempt) -> bool:
        """Post a finished daily's card in its thread, once (after the results, once the par is known)."""
        if attempt.result_message_id is not None or attempt.thread_id is None or attempt.game_id is None:
            return False
        par = await self.service.room.par(attempt.day)
        if par is None or not par.done:
            self.service.par_soon(attempt.day)  # the card follows when it is known (_par_known)
            return False
        if not await self.service.room.claim_post(attempt.day, attempt.user_id, "result"):
            return False
        play = self.bot.get_cog("Play")
        relay = getattr(play, "relay", None)
        if relay is not None:
            await relay.idle(attempt.game_id)  # the results come first
            t = await relay.public_translator(attempt.guild_id)
        else:
            t = translator("en")
        result = await self.service.result(attempt)
        if result is None:
            return False
        streaks = await self.service.streaks(attempt.user_id)
        panel = result_panel(result, t, streaks=streaks, share_channel=attempt.channel_id)
        panel.picture = await share_picture(result, t)
        file = file_of(panel.picture)
        thread = self.bot.get_partial_messageable(attempt.thread_id, guild_id=attempt.guild_id)
        if relay is not None:
            await relay.pace(attempt.thread_id)  # the game's last posts went there a moment ago
        try:
            message = await thread.send(embed=embed_of(panel), files=[file] if file else [],
                                        view=view_of(panel.rows) or discord.utils.MISSING,
                                        allowed_mentions=discord.AllowedMentions.none(),
                                        nonce=f"hbd{attempt.game_id}")
            message_id = message.id
        except (discord.NotFound, discord.Forbidden) as error:
            log.warning("the result card of daily game %s has nowhere to go: %s", attempt.game_id, error)
            message_id = 0  # its thread is gone: /hardback daily still shows the result
        await self.service.room.set_posted(attempt.day, attempt.user_id, "result", message_id)
        return True

    async def _par_known(self, day: str) -> None:
        for attempt in await self.service.room.unposted_results(day):
            if attempt.day == day:
                await self.post_result(attempt)

    async def look(self, *, par: bool = True) -> None:
        """Every finished daily of the last days carded, and (``par``) today's par computed if no process has."""
        today = self.service.today()
        if par:
            self.service.par_soon(today.isoformat())
        for attempt in await self.service.room.unposted_results((today - dt.timedelta(days=2)).isoformat()):
            await self.post_result(attempt)  # waits for its par, which comes with its own look

    async def _run(self) -> None:
        await self.bot.wait_until_ready()
        first = True
        while True:
            started = time.monotonic()
            try:
                # At start-up only the cards: the par's seconds of CPU wait a minute, for the search workers to be
                # up and the start-up's catch-up done (the day's first start asks for it at once anyway).
                await self.look(par=not first)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log_failure(log, error, "the daily's background look (trying again later)")
            first = False
            await asyncio.sleep(max(1.0, LOOK_INTERVAL - (time.monotonic() - started)))


async def setup(bot: HardbackBot) -> None:
    await bot.add_cog(Daily(bot))
