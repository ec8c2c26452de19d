"""Playing: every button, select and form of the game, the public table message, and restarts.

Clicks are routed by custom_id (hardback_bot.sessions.codec), never by in-memory views, so every old
button keeps working after a restart or answers "this view is out of date" with a fresh view.  Slow
work (store, render) happens after the interaction is acknowledged; modals are sent first, undeferred.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from hardback_bot.sessions import SessionError, Update
from hardback_bot.sessions.codec import Action, ForgedId, decode_move, encode_move, parse
from hardback_bot.sessions.images import cards_picture, hand_picture, offer_picture, word_picture
from hardback_bot.sessions.panels import Button, Option, Panel, Select, hand_panel
from hardback_bot.sessions.preview import WordOutcome
from hardback_bot.sessions.spelling import SpellingError, arrangements, clean_word
from hardback_bot.sessions.tables import lobby_panel, results_panel, table_panel

from .ui import embed_of, file_of, view_of

if TYPE_CHECKING:
    from bot import HardbackBot

log = logging.getLogger(__name__)
TABLE_DEBOUNCE = 0.4
POST_INTERVAL = 1.5  # seconds between two turn-log messages in one channel
RESULTS_GRACE = 7 * 24 * 3600  # at start-up, post missing results of games finished this recently
POST_WINDOW, POST_MAX = 5.0, 4  # never more than 4 new messages in any 5 s in one channel (Discord allows ~5)
SORRY = "Sorry, something went wrong on my side; the game is safe. Please try again."


class Play(commands.Cog):
    def __init__(self, bot: HardbackBot) -> None:
        self.bot = bot
        self._refresh: dict[int, asyncio.Task[None]] = {}
        self._dirty: set[int] = set()  # games whose table message shows an older state
        self._threads: dict[int, int] = {}  # ghostwriter thread id -> game id
        self._outbox: dict[int, tuple[list[str], set[int]]] = {}
        self._flushers: dict[int, asyncio.Task[None]] = {}
        self._last_post: dict[int, float] = {}
        self._posts: dict[int, list[float]] = {}

    async def cog_load(self) -> None:
        self.bot.sessions.notifier = self
        self._heartbeat = asyncio.get_running_loop().create_task(self._beat())
        await self.resume()
        self._timers = asyncio.get_running_loop().create_task(self.bot.sessions.run_timers())

    async def cog_unload(self) -> None:
        self.shutdown()

    def shutdown(self) -> None:
        self._heartbeat.cancel()
        self._timers.cancel()
        for task in [*self._refresh.values(), *self._flushers.values()]:
            task.cancel()

    # ------------------------------------------------------------------ restarts
    async def resume(self) -> None:
        """Bring every unfinished game back: shift timers by the downtime, let computers play on."""
        store = self.bot.store
        last = await store.last_heartbeat()
        if last is not None:
            downtime = max(0.0, time.time() - last)
            await store.shift_deadlines(downtime)  # a restart is never the player's fault
        await store.expire_lobbies(older_than=self.bot.settings.lobby_expiry_hours * 3600)
        for info in await store.list_unfinished():
            if "thread" in info.game.messages:
                self._threads[info.game.messages["thread"]] = info.game.id
            if info.game.status == "playing" and "table" not in info.game.messages:
                # The game was committed as started but the bot died before posting its table.
                await self._recover(self._post_table(info.game.id), info.game.id)
            if info.game.status == "playing" and any(s.is_computer_controlled for s in info.game.seats):
                self.bot.sessions.kick_computers(info.game.id)
        # Same for a finishing move committed just before a crash: its results message is still owed.
        for record in await store.finished_since(time.time() - RESULTS_GRACE):
            if "results" not in record.messages:
                await self._recover(self._post_results(record.id), record.id)
        log.info("resumed unfinished games")

    async def _recover(self, post: Awaitable[None], game_id: int) -> None:
        try:
            await post
        except Exception:
            log.exception("could not repost the messages of game %s", game_id)

    async def _beat(self) -> None:
        while True:
            with contextlib.suppress(Exception):
                await self.bot.store.heartbeat()
            await asyncio.sleep(30)

    # ------------------------------------------------------------------ notifier (called by sessions)
    async def update(self, update: Update) -> None:
        if update.cancelled and not update.lobby:
            await self._close_table(update.game_id)
        elif update.lobby:
            await self._edit_lobby(update.game_id)
            record = await self.bot.sessions.record(update.game_id)
            if record.status == "playing" and "table" not in record.messages:
                await self._post_table(update.game_id)
        else:
            self._schedule_table(update.game_id)
        if update.close_thread:
            await self._close_thread(update.game_id)
        if update.ghost_request is not None:
            await self._open_thread(update)
        if update.suggestions:
            said = [f"{name} suggests **{word}**." for name, word in update.suggestions]
            await self._thread_say(update.game_id, said)
        mentions = {m for m in [update.mention, *update.vote_mentions] if m}
        lines = list(update.lines)
        if update.mention and not update.finished:
            lines.append(f"<@{update.mention}>, your turn.")
        if update.vote_mentions and not any("time is running out" in line for line in lines):
            lines.append(" ".join(f"<@{u}>" for u in update.vote_mentions) + " — please vote.")
        if lines:
            await self._say(update.channel_id, lines, mentions)
        if update.finished:
            await self._flush_now(update.channel_id)
            await self._post_results(update.game_id)

    # The turn log goes through a per-channel outbox: lines that come quickly (computer players,
    # timeouts) are merged so the channel never gets more than one log message every POST_INTERVAL s.
    async def _say(self, channel_id: int, lines: list[str], mentions: set[int]) -> None:
        box = self._outbox.setdefault(channel_id, ([], set()))
        box[0].extend(lines)
        box[1].update(mentions)
        flusher = self._flushers.get(channel_id)
        if flusher is None or flusher.done():
            self._flushers[channel_id] = asyncio.get_running_loop().create_task(self._flush(channel_id))

    async def _pace(self, channel_id: int) -> None:
        """Wait until one more message fits in the channel's sliding window, then claim it."""
        times = self._posts.setdefault(channel_id, [])
        while True:
            now = time.monotonic()
            times[:] = [t for t in times if now - t < POST_WINDOW]
            if len(times) < POST_MAX:
                times.append(now)
                return
            await asyncio.sleep(POST_WINDOW - (now - times[0]) + 0.01)

    async def _flush(self, channel_id: int) -> None:
        while self._outbox.get(channel_id, ([], set()))[0]:
            wait = self._last_post.get(channel_id, 0.0) + POST_INTERVAL - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            await self._send_box(channel_id)

    async def _flush_now(self, channel_id: int) -> None:
        flusher = self._flushers.get(channel_id)
        if flusher is not None and not flusher.done():
            with contextlib.suppress(Exception):
                await flusher

    async def _send_box(self, channel_id: int) -> None:
        lines, mentions = self._outbox.get(channel_id, ([], set()))
        if not lines:
            return
        text, taken = "", 0
        for line in lines:
            if len(text) + len(line) + 1 > 1900:
                break
            text += line + "\n"
            taken += 1
        taken = max(taken, 1)
        del lines[:taken]
        users = [discord.Object(m) for m in mentions if f"<@{m}>" in text]
        if not lines:
            mentions.clear()
        await self._pace(channel_id)
        self._last_post[channel_id] = time.monotonic()
        try:
            await self.bot.get_partial_messageable(channel_id).send(
                text.strip()[:2000], allowed_mentions=discord.AllowedMentions(users=users, everyone=False, roles=False))
        except discord.HTTPException:
            log.exception("posting to channel %s failed", channel_id)

    def _schedule_table(self, game_id: int) -> None:
        # Several moves in a row (a computer's turn) become one edit: the channel is never flooded. A move
        # that lands while an edit is being drawn marks the table dirty, so the last state is always shown.
        self._dirty.add(game_id)
        task = self._refresh.get(game_id)
        if task is not None and not task.done():
            return
        self._refresh[game_id] = asyncio.get_running_loop().create_task(self._refresh_table(game_id))

    async def _refresh_table(self, game_id: int) -> None:
        while game_id in self._dirty:
            await asyncio.sleep(TABLE_DEBOUNCE)
            self._dirty.discard(game_id)
            try:
                loaded = await self.bot.sessions.load(game_id)
                message_id = loaded.record.messages.get("table")
                if message_id is None:
                    return
                panel = await table_panel(loaded)
                channel = self.bot.get_partial_messageable(loaded.record.channel_id)
                file = file_of(panel.picture)
                await channel.get_partial_message(message_id).edit(
                    embed=embed_of(panel), attachments=[file] if file else [],
                    view=view_of(panel.rows) or discord.ui.View())
            except Exception:
                log.exception("refreshing the table of game %s failed", game_id)

    # ------------------------------------------------------------------ ghostwriter threads (R30)
    async def _open_thread(self, update: Update) -> None:
        request = update.ghost_request
        assert request is not None
        record = await self.bot.sessions.record(update.game_id)
        table_id = record.messages.get("table")
        if table_id is None:
            return
        name = f"Ghostwriter: {request['name']}, round {request['round']}"[:100]
        try:
            channel = self.bot.get_channel(record.channel_id) or await self.bot.fetch_channel(record.channel_id)
            thread = await channel.get_partial_message(table_id).create_thread(  # type: ignore[union-attr]
                name=name, auto_archive_duration=60)
        except discord.HTTPException:
            log.exception("could not open a ghostwriter thread for game %s", update.game_id)
            return
        self._threads[thread.id] = update.game_id
        await self.bot.store.set_message(update.game_id, "thread", thread.id, channel_id=thread.id)
        picture = await cards_picture(request["hand"], request["inked"], f"{request['name']}'s cards")
        panel = Panel(title=f"{request['name']} asks for a ghostwriter", lines=[
            "Their hand is public now (inked cards must be in the word). Suggest a word they can spell: reply "
            "here with the word, or press the button. If they spell your word, you earn 1 ink, plus 1 for each "
            "inked card in it."])
        panel.picture = picture
        panel.add_buttons([Button("Suggest a word", Action("g", update.game_id, 0, "suggest").custom_id(),
                                  "primary")])
        file = file_of(panel.picture)
        await thread.send(embed=embed_of(panel), files=[file] if file else [], view=view_of(panel.rows))

    async def _thread_say(self, game_id: int, lines: list[str]) -> None:
        record = await self.bot.sessions.record(game_id)
        thread_id = record.messages.get("thread")
        if thread_id is not None:
            with contextlib.suppress(discord.HTTPException):
                await self.bot.get_partial_messageable(thread_id).send(
                    "\n".join(lines)[:2000], allowed_mentions=discord.AllowedMentions.none())

    async def _close_thread(self, game_id: int) -> None:
        record = await self.bot.sessions.record(game_id)
        thread_id = record.messages.get("thread")
        if thread_id is None:
            return
        self._threads.pop(thread_id, None)
        await self.bot.store.clear_message(game_id, "thread")
        with contextlib.suppress(discord.HTTPException):
            thread = self.bot.get_channel(thread_id) or await self.bot.fetch_channel(thread_id)
            if isinstance(thread, discord.Thread):
                await thread.edit(archived=True, locked=True)

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """Thread replies as ghostwriter suggestions (needs the Message Content intent)."""
        if message.author.bot or not isinstance(message.channel, discord.Thread):
            return
        game_id = self._threads.get(message.channel.id)
        text = (message.content or "").strip()
        if game_id is None or not text:
            return
        try:
            word = clean_word(text.split()[0])
            await self.bot.sessions.play(game_id, message.author.id, f"suggest {word}", None)
        except (SessionError, SpellingError) as error:
            with contextlib.suppress(discord.HTTPException):
                await message.reply(str(error), mention_author=False)
            return
        except Exception:
            log.exception("ghostwriter suggestion in game %s failed", game_id)
            return
        with contextlib.suppress(discord.HTTPException):
            await message.add_reaction("\N{WHITE HEAVY CHECK MARK}")

    async def _close_table(self, game_id: int) -> None:
        record = await self.bot.sessions.record(game_id)
        message_id = record.messages.get("table")
        if message_id is not None:
            channel = self.bot.get_partial_messageable(record.channel_id)
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(message_id).edit(view=discord.ui.View())

    async def _post_table(self, game_id: int) -> None:
        loaded = await self.bot.sessions.load(game_id)
        panel = await table_panel(loaded)
        channel = self.bot.get_partial_messageable(loaded.record.channel_id)
        file = file_of(panel.picture)
        await self._pace(loaded.record.channel_id)
        message = await channel.send(embed=embed_of(panel), files=[file] if file else [],
                                     view=view_of(panel.rows) or discord.utils.MISSING)
        await self.bot.store.set_message(game_id, "table", message.id)

    async def _edit_lobby(self, game_id: int) -> None:
        record = await self.bot.sessions.record(game_id)
        message_id = record.messages.get("lobby")
        if message_id is None:
            return
        panel = lobby_panel(record)
        channel = self.bot.get_partial_messageable(record.channel_id)
        await channel.get_partial_message(message_id).edit(embed=embed_of(panel),
                                                           view=view_of(panel.rows) or discord.ui.View())

    async def _post_results(self, game_id: int) -> None:
        loaded = await self.bot.sessions.load(game_id)
        panel = await results_panel(loaded)
        channel = self.bot.get_partial_messageable(loaded.record.channel_id)
        file = file_of(panel.picture)
        await self._pace(loaded.record.channel_id)
        message = await channel.send(embed=embed_of(panel), files=[file] if file else [], view=view_of(panel.rows))
        await self.bot.store.set_message(game_id, "results", message.id)

    async def post_lobby(self, interaction: discord.Interaction, game_id: int) -> None:
        record = await self.bot.sessions.record(game_id)
        panel = lobby_panel(record)
        await interaction.followup.send(embed=embed_of(panel), view=view_of(panel.rows) or discord.utils.MISSING)
        message = await interaction.original_response()
        await self.bot.store.set_message(game_id, "lobby", message.id)

    # ------------------------------------------------------------------ the router
    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type not in (discord.InteractionType.component, discord.InteractionType.modal_submit):
            return
        data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
        custom_id = str(data.get("custom_id", ""))
        if not custom_id.startswith("hb:"):
            return
        try:
            action = parse(custom_id)
        except ForgedId:
            await self._reply(interaction, "That button is not one I made; it does nothing.")
            return
        try:
            await self._dispatch(interaction, action, data)
        except SessionError as error:
            await self._refused(interaction, action, error)
        except Exception:
            log.exception("interaction %s (%s) by %s failed", custom_id, interaction.type, interaction.user.id)
            await self._reply(interaction, SORRY)

    async def _dispatch(self, interaction: discord.Interaction, action: Action, data: dict[str, Any]) -> None:
        kind = action.kind
        if kind == "s":  # a modal must be the very first response: no defer, no I/O before it
            await interaction.response.send_modal(_word_modal(action.game_id, action.version))
            return
        if kind == "g" and action.arg == "suggest":
            await interaction.response.send_modal(_word_modal(action.game_id, action.version, suggest=True))
            return
        if kind == "l" and action.arg == "rematch":
            await self._rematch(interaction, action)
            return
        await self._defer(interaction)
        if kind == "l":
            await self._lobby(interaction, action)
        elif kind == "h":
            await self._show_hand(interaction, action.game_id)
        elif kind == "m":
            arg = data["values"][0] if action.arg.startswith("sel") else action.arg
            confirmed = arg.startswith("-")
            move = decode_move(arg.lstrip("-"))
            if not confirmed and await self.bot.sessions.hands_penny_the_game(action.game_id, interaction.user.id,
                                                                                move):
                await self._confirm_penny(interaction, action, move)
                return
            await self._move(interaction, action, move)
        elif kind == "w":
            word = _modal_value(data)
            if action.arg == "suggest":
                word = clean_word_or_refuse(word)
                await self.bot.sessions.play(action.game_id, interaction.user.id, f"suggest {word}", None)
                await interaction.followup.send(f"Your suggestion {word} was sent.", ephemeral=True)
                if isinstance(interaction.channel, discord.Thread):
                    await interaction.channel.send(f"{interaction.user.display_name} suggests **{word}**.",
                                                   allowed_mentions=discord.AllowedMentions.none())
            else:
                await self._spell(interaction, action, word)
        elif kind == "a":
            await self._arrangement(interaction, action, decode_move(data["values"][0]))
        elif kind == "x":
            await self._confirm_skip(interaction, action)
        elif kind == "g":  # adopt a ghostwriter suggestion, then preview that word
            index = int(data["values"][0])
            loaded = await self.bot.sessions.play(action.game_id, interaction.user.id, f"adopt {index}",
                                                  action.version)
            word = loaded.game.state.turn.extra["ghost"]["suggestions"][index - 1][1]
            await self._spell(interaction, Action("w", action.game_id, loaded.record.version), word)

    async def _defer(self, interaction: discord.Interaction) -> None:
        if interaction.response.is_done():
            return
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            await interaction.response.defer()  # we will edit this private panel in place
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)

    async def _reply(self, interaction: discord.Interaction, text: str) -> None:
        with contextlib.suppress(discord.HTTPException):
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)

    async def _refused(self, interaction: discord.Interaction, action: Action, error: SessionError) -> None:
        if error.stale and action.kind in ("m", "w", "a", "x", "g"):
            # Out of date: answer with the current private view instead of a dead one.
            with contextlib.suppress(SessionError):
                await self._show_hand(interaction, action.game_id, notice=str(error))
                return
        await self._reply(interaction, str(error))

    # ------------------------------------------------------------------ lobby
    async def _lobby(self, interaction: discord.Interaction, action: Action) -> None:
        user = interaction.user
        if action.arg == "end":
            await self.bot.sessions.end_game(action.game_id, user.id, bool(interaction.permissions.manage_channels))
            await interaction.followup.send("The game was ended.", ephemeral=True)
            return
        can_manage = bool(interaction.permissions.manage_channels)
        arg = action.arg
        strength = int(arg[2:]) if arg.startswith("ai") and arg[2:].isdigit() else 2
        name = "computer" if arg.startswith("ai") else arg
        _, reply = await self.bot.sessions.lobby_action(action.game_id, user.id, user.display_name, name,
                                                         can_manage=can_manage, strength=strength)
        await interaction.followup.send(reply, ephemeral=True)

    async def _rematch(self, interaction: discord.Interaction, action: Action) -> None:
        # The new lobby is public, so it is the first (undeferred) answer; store work takes milliseconds.
        record = await self.bot.sessions.rematch(action.game_id, interaction.user.id)
        panel = lobby_panel(record)
        view = view_of(panel.rows) or discord.utils.MISSING
        await interaction.response.send_message(embed=embed_of(panel), view=view)
        message = await interaction.original_response()
        await self.bot.store.set_message(record.id, "lobby", message.id)

    # ------------------------------------------------------------------ the private hand
    async def _show_hand(self, interaction: discord.Interaction, game_id: int, notice: str | None = None) -> None:
        loaded, seat, view = await self.bot.sessions.view_for(game_id, interaction.user.id)
        if seat is None:
            raise SessionError("You are not playing in this game; the table message shows everything public.")
        panel = hand_panel(loaded, seat, view)
        if notice:
            panel.lines.insert(0, f"*{notice}*")
        game = loaded.game
        if game.active_seat == seat and game.phase in ("jail", "flush", "buy"):
            # Choosing a card of the offer row: show the row (cards the player cannot afford are dimmed).
            coins = game.state.turn.coins if game.phase == "buy" else None
            panel.picture = await offer_picture(view, coins)
        else:
            panel.picture = await hand_picture(view, seat, loaded.names[seat])
        await self._send_panel(interaction, panel)

    async def _send_panel(self, interaction: discord.Interaction, panel: Panel) -> None:
        file = file_of(panel.picture)
        view = view_of(panel.rows)
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            await interaction.edit_original_response(embed=embed_of(panel), attachments=[file] if file else [],
                                                     view=view or discord.ui.View())
        else:
            await interaction.followup.send(embed=embed_of(panel), files=[file] if file else [],
                                            view=view or discord.utils.MISSING, ephemeral=True)

    async def _move(self, interaction: discord.Interaction, action: Action, move: str) -> None:
        await self.bot.sessions.play(action.game_id, interaction.user.id, move, action.version)
        await self._show_hand(interaction, action.game_id)

    async def _confirm_penny(self, interaction: discord.Interaction, action: Action, move: str) -> None:
        # R29.8: a move that pushes Penny Dreadful to her goal through her signature ends the game at once.
        panel = Panel(title="This ends the game", lines=[
            f"`{move}` lets Penny Dreadful reach her goal through her signature genre: the game ends at once "
            "and the team is scored as it stands (awards are still added)."])
        panel.add_buttons([Button("Do it anyway", Action("m", action.game_id, action.version,
                                                         "-" + encode_move(move)).custom_id(), "danger"),
                           Button("Back", Action("h", action.game_id, 0, "r").custom_id())])
        await self._send_panel(interaction, panel)

    async def _confirm_skip(self, interaction: discord.Interaction, action: Action) -> None:
        record = await self.bot.sessions.record(action.game_id)
        if not any(s.user_id == interaction.user.id for s in record.seats):
            raise SessionError("You are not playing in this game.")
        panel = Panel(title="Skip your turn?", lines=[
            "Writer's block: every card in your hand, inked ones included, goes to your discard pile, you earn "
            "nothing this turn, and you draw a new hand."])
        panel.add_buttons([Button("Yes, skip my turn", Action("m", action.game_id, action.version, "skip")
                                  .custom_id(), "danger"),
                           Button("Back", Action("h", action.game_id, 0, "r").custom_id())])
        await self._send_panel(interaction, panel)

    # ------------------------------------------------------------------ spelling
    async def _spell(self, interaction: discord.Interaction, action: Action, text: str) -> None:
        loaded = await self.bot.sessions.load(action.game_id)
        seat = loaded.seat_of(interaction.user.id)
        if seat is None:
            raise SessionError("You are not playing in this game.")
        if not await self.bot.sessions.still_current(loaded, seat, action.version):
            raise SessionError("This view is out of date: here is the current one.", stale=True)
        try:
            word = clean_word(text)
            options = await asyncio.to_thread(arrangements, loaded.game, seat, word)
        except SpellingError as error:
            raise SessionError(str(error)) from error
        game = loaded.game
        note = None
        if game.options.dictionary != "none" and not game.checker.is_word(word):
            if game.options.vote == "off":
                raise SessionError(f"{word} is not in the {game.options.dictionary} dictionary.")
            note = f"{word} is not in the dictionary: confirming puts it to a vote of the other players."
        if game.options.unique_words != "off":
            try:
                game.check_unique(seat, word)
            except Exception as error:
                raise SessionError(str(error)) from error
        await self._word_panel(interaction, loaded.record.id, loaded.record.version, options, options[0], note)

    async def _arrangement(self, interaction: discord.Interaction, action: Action, move: str) -> None:
        loaded = await self.bot.sessions.load(action.game_id)
        seat = loaded.seat_of(interaction.user.id)
        if seat is None or not await self.bot.sessions.still_current(loaded, seat, action.version):
            raise SessionError("This view is out of date: here is the current one.", stale=True)
        word = "".join(s.letter for s in loaded.game.check_word(seat, _word_cards(move))[0])
        options = await asyncio.to_thread(arrangements, loaded.game, seat, word)
        chosen = next((o for o in options if o.move == move), None)
        if chosen is None:
            from hardback_bot.sessions.preview import simulate_word

            chosen = simulate_word(loaded.game, seat, move)
        await self._word_panel(interaction, action.game_id, action.version, options, chosen, None)

    async def _word_panel(self, interaction: discord.Interaction, game_id: int, version: int,
                          options: list[WordOutcome], chosen: WordOutcome, note: str | None) -> None:
        panel = Panel(title=f"Spell {chosen.word}?")
        panel.lines.append(f"This arrangement earns **{chosen.coins}¢ and {chosen.prestige}★**"
                           + (f", plus choices: {'; '.join(chosen.notes)}" if chosen.notes else "") + ".")
        if note:
            panel.lines.append(note)
        panel.lines.append("Pick another arrangement below (which card gives which letter, which go wild), "
                           "or confirm.")
        panel.picture = await word_picture(chosen, chosen.word)
        choices = []
        for number, o in enumerate(options[:25], start=1):
            encoded = encode_move(o.move)
            if len(f"hb:m:{game_id}:{version}:{encoded}") <= 100:
                choices.append(Option(f"{number}. {o.coins}¢ {o.prestige}★ — {_describe(o)}"[:100], encoded))
        if choices:
            panel.rows.append(Select(Action("a", game_id, version, "arr").custom_id(), "Other arrangements",
                                     tuple(choices)))
        confirm = Action("m", game_id, version, encode_move(chosen.move))
        buttons = [Button("Back", Action("h", game_id, 0, "r").custom_id())]
        try:
            buttons.insert(0, Button(f"Confirm {chosen.word}", confirm.custom_id(), "success"))
        except ValueError:
            panel.lines.append("This word is too long to confirm with a button; choose a shorter arrangement.")
        panel.add_buttons(buttons)
        await self._send_panel(interaction, panel)


def _describe(outcome: WordOutcome) -> str:
    from hardback_bot.engine.cards import card

    parts = []
    for token in outcome.move.split()[1:]:
        cid, eq, letter = token.partition("=")
        parts.append(f"{letter}*" if eq else f"{card(int(cid)).letter}")
    return " ".join(parts) + ("  (* wild)" if "=" in outcome.move else "")


def _word_cards(move: str) -> tuple[Any, ...]:
    from hardback_bot.engine.moves import parse_move

    return parse_move(move).word


def clean_word_or_refuse(text: str) -> str:
    try:
        return clean_word(text)
    except SpellingError as error:
        raise SessionError(str(error)) from error


def _modal_value(data: dict[str, Any]) -> str:
    # Text inputs arrive in action rows (type 1) or, from newer clients, in labels (type 18).
    for row in data.get("components", []):
        for component in [*row.get("components", []), row.get("component") or {}]:
            if component.get("custom_id") == "word":
                return str(component.get("value", ""))
    return ""


def _word_modal(game_id: int, version: int, suggest: bool = False) -> discord.ui.Modal:
    action = Action("w", game_id, version, "suggest" if suggest else "")
    modal = discord.ui.Modal(title="Suggest a word" if suggest else "Spell a word", custom_id=action.custom_id(),
                             timeout=900)
    modal.add_item(discord.ui.TextInput(label="Your word" if not suggest else "A word for their cards",
                                        custom_id="word", min_length=2, max_length=20,
                                        placeholder="letters only, e.g. STORY"))
    return modal


async def setup(bot: HardbackBot) -> None:
    await bot.add_cog(Play(bot))
