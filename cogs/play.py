"""Playing: every button, select and form of the game, and the bot's restarts.

Clicks are routed by custom_id (hardback_bot.sessions.codec), never by in-memory views, so every old
button keeps working after a restart or answers "this view is out of date" with a fresh view.  Slow
work (store, render) happens after the interaction is acknowledged; modals are sent first, undeferred.
What the channel shows (table, announcements, threads, results, the panels the bot keeps current) is
derived from the store by the relay (cogs/relay.py); this cog answers the clicking player only.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from hardback_bot.engine import IllegalMove
from hardback_bot.i18n import N_, Translator, resolve_locale, translator
from hardback_bot.sessions import Loaded, SessionError, SpellingError
from hardback_bot.sessions.codec import Action, ForgedId, decode_move, decode_moves, encode_moves, parse
from hardback_bot.sessions.describe import describe_moves
from hardback_bot.sessions.hands import deck_view, hand_screen, spectator_screen
from hardback_bot.sessions.images import word_picture
from hardback_bot.sessions.panels import Button, Panel
from hardback_bot.sessions.preview import WordOutcome
from hardback_bot.sessions.spelling import arrangements, choice_paths, clean_word
from hardback_bot.sessions.tables import lobby_panel
from hardback_bot.sessions.turn_history import ReplayError
from hardback_bot.sessions.wordpanel import confirm_moves, parse_more, word_panel
from hardback_bot.sessions.words_table import SORTS, words_screen
from hardback_bot.store import PanelToken

from .relay import Relay
from .ui import embed_of, file_of, view_of

if TYPE_CHECKING:
    from bot import HardbackBot

log = logging.getLogger(__name__)
SORRY = N_("Sorry, something went wrong on my side; the game is safe. Please try again.")
MAX_FIELD = 100  # no value of a select or form the bot makes is longer


def private(interaction: discord.Interaction) -> Translator:
    """The language of a private answer: the clicking user's Discord client (docs/i18n.md)."""
    return translator(resolve_locale(interaction.locale))


class Play(commands.Cog):
    def __init__(self, bot: HardbackBot) -> None:
        self.bot = bot
        self.relay = Relay(bot)

    async def cog_load(self) -> None:
        self.bot.sessions.notifier = self.relay
        loop = asyncio.get_running_loop()
        self._heartbeat = loop.create_task(self._beat())
        await self.resume()
        self._timers = loop.create_task(self.bot.sessions.run_timers())

    async def cog_unload(self) -> None:
        self.shutdown()

    def shutdown(self) -> None:
        self._heartbeat.cancel()
        self._timers.cancel()
        self._recovery.cancel()
        self.relay.close()

    # ------------------------------------------------------------------ restarts
    async def resume(self) -> None:
        """Bring every unfinished game back: shift timers by the downtime, let computers play on, and let
        the relay redraw every public message that is older than the stored game."""
        store = self.bot.store
        last = await store.last_heartbeat()
        if last is not None:
            downtime = max(0.0, time.time() - last)
            await store.shift_deadlines(downtime)  # a restart is never the player's fault
        await store.expire_lobbies(older_than=self.bot.settings.lobby_expiry_hours * 3600)
        await store.drop_panels(time.time() - 3600)
        for info in await store.list_unfinished():
            if info.game.status == "playing" and any(s.is_computer_controlled for s in info.game.seats):
                self.bot.sessions.kick_computers(info.game.id)
        # Discord calls wait for the gateway-independent REST session, which exists by now; they run in
        # the background so that a slow channel does not hold the start-up.
        self._recovery = asyncio.get_running_loop().create_task(self.relay.recover())
        log.info("resumed unfinished games")

    async def _beat(self) -> None:
        while True:
            with contextlib.suppress(Exception):
                await self.bot.store.heartbeat()
            await asyncio.sleep(30)

    async def post_lobby(self, interaction: discord.Interaction, game_id: int) -> None:
        record = await self.bot.sessions.record(game_id)
        panel = lobby_panel(record, await self.relay.public_translator(record.guild_id))
        await interaction.followup.send(embed=embed_of(panel), view=view_of(panel.rows) or discord.utils.MISSING)
        message = await interaction.original_response()
        await self.bot.store.set_message(game_id, "lobby", message.id, version=record.version)

    # ------------------------------------------------------------------ ghostwriter thread replies (R30)
    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """Thread replies as ghostwriter suggestions (needs the Message Content intent)."""
        if message.author.bot or not isinstance(message.channel, discord.Thread):
            return
        text = (message.content or "").strip()
        if not text:
            return
        found = await self.bot.store.find_message(message.channel.id)
        if found is None or not found[1].startswith("ghost:"):
            return
        game_id, kind = found
        # A reply in the thread is public: it is answered in the server's language.
        t = await self.relay.public_translator(message.guild.id if message.guild else None)
        try:
            word = clean_word(text.split()[0])
            await self.bot.sessions.suggest(game_id, message.author.id, word, int(kind.split(":", 1)[1]))
        except (SessionError, SpellingError) as error:
            with contextlib.suppress(discord.HTTPException):
                await message.reply(error.say(t), mention_author=False)
            return
        except Exception:
            log.exception("ghostwriter suggestion in game %s failed", game_id)
            with contextlib.suppress(discord.HTTPException):
                await message.reply(t.gettext(SORRY), mention_author=False)
            return
        with contextlib.suppress(discord.HTTPException):
            await message.add_reaction("\N{WHITE HEAVY CHECK MARK}")

    # ------------------------------------------------------------------ the router
    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type not in (discord.InteractionType.component, discord.InteractionType.modal_submit):
            return
        data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
        custom_id = str(data.get("custom_id", ""))
        if not custom_id.startswith("hb:"):
            return
        t = private(interaction)
        try:
            action = parse(custom_id)
        except ForgedId:
            await self._reply(interaction, SessionError("forged").say(t))
            return
        guard: contextlib.AbstractAsyncContextManager[Any] = contextlib.nullcontext()
        if not _answers_first(action):
            # Acknowledged before waiting for the panel lock: the relay may hold it for a second or more while
            # it redraws this player's panel, and Discord fails the click after 3 s without an answer.
            with contextlib.suppress(discord.HTTPException):
                await self._defer(interaction)
            guard = self.relay.panel_lock(action.game_id, interaction.user.id)
        async with guard:
            try:
                await self._dispatch(interaction, action, data)
            except SessionError as error:
                await self._refused(interaction, action, error)
            except Exception:
                log.exception("interaction %s (%s) by %s failed", custom_id, interaction.type, interaction.user.id)
                await self._reply(interaction, t.gettext(SORRY))

    async def _dispatch(self, interaction: discord.Interaction, action: Action, data: dict[str, Any]) -> None:
        kind, arg = action.kind, action.arg
        t = private(interaction)
        if kind == "s":  # a modal must be the very first response: no defer, no I/O before it
            await interaction.response.send_modal(_word_modal(action.game_id, action.version, t=t))
            return
        if kind == "g" and arg == "suggest":  # action.version names the ghostwriter request
            await interaction.response.send_modal(_word_modal(action.game_id, action.version, suggest=True, t=t))
            return
        if kind == "l" and arg == "rematch":
            await self._rematch(interaction, action)
            return
        await self._defer(interaction)  # already done by the router, unless that call failed
        if kind == "l":
            await self._lobby(interaction, action)
        elif kind == "h" and arg == "d":
            panel = await deck_view(self.bot.sessions, action.game_id, interaction.user.id, t=t)
            await self._send_panel(interaction, action.game_id, panel)
        elif kind == "h":
            await self._show_hand(interaction, action.game_id, watch=arg == "w")
        elif kind == "e" and arg == "sel":
            await self._words(interaction, action.game_id, _one_value(data))
        elif kind == "m":
            chosen = _one_value(data) if arg.startswith("sel") else arg
            confirmed = chosen.startswith("-")
            moves = decode_moves(chosen.lstrip("-"))
            if not confirmed and await self.bot.sessions.hands_penny_the_game(action.game_id, interaction.user.id,
                                                                                moves):
                await self._confirm_penny(interaction, action, moves)
                return
            await self._move(interaction, action, moves)
        elif kind == "w":
            word = _modal_value(data)
            if arg == "suggest":
                word = clean_word_or_refuse(word)
                await self.bot.sessions.suggest(action.game_id, interaction.user.id, word, action.version)
                await interaction.followup.send(t.gettext("Your suggestion **{word}** was sent.", word=word),
                                                ephemeral=True)
            elif arg == "":
                await self._spell(interaction, action, word)
            else:
                raise SessionError("not_offered")
        elif kind == "a" and arg == "arr":
            await self._arrangement(interaction, action, _one_value(data))
        elif kind == "x" and arg == "skip":
            await self._confirm_skip(interaction, action)
        elif kind == "x" and arg == "leave":
            reply = await self.bot.sessions.leave(action.game_id, interaction.user.id)
            await self._close_confirmation(interaction, t.gettext("You left the game"), reply.say(t))
        elif kind == "g" and arg == "adopt":  # adopt a ghostwriter suggestion, then preview that word
            value = _one_value(data)
            if not value.isdigit():
                raise SessionError("not_offered")
            loaded = await self.bot.sessions.play(action.game_id, interaction.user.id, f"adopt {int(value)}",
                                                  action.version)
            word = loaded.game.state.turn.extra["ghost"]["suggestions"][int(value) - 1][1]
            await self._spell(interaction, Action("w", action.game_id, loaded.record.version), word)
        else:
            raise SessionError("does_nothing_now")

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
        said = error.say(private(interaction))
        if error.stale and action.kind in ("m", "w", "a", "x", "g"):
            # Out of date: answer with the current private view instead of a dead one.
            with contextlib.suppress(SessionError):
                await self._show_hand(interaction, action.game_id, notice=said)
                return
        await self._reply(interaction, said)

    # ------------------------------------------------------------------ lobby
    async def _lobby(self, interaction: discord.Interaction, action: Action) -> None:
        user = interaction.user
        t = private(interaction)
        if action.arg == "end":
            await self.bot.sessions.end_game(action.game_id, user.id, bool(interaction.permissions.manage_channels))
            await self._close_confirmation(interaction, t.gettext("The game was ended"), t.gettext(
                "It stays in the history, unrated. The channel is free for a new one."))
            return
        can_manage = bool(interaction.permissions.manage_channels)
        arg = action.arg
        strength = int(arg[2:]) if arg.startswith("ai") and arg[2:].isdigit() else 2
        name = "computer" if arg.startswith("ai") else arg
        _, reply = await self.bot.sessions.lobby_action(action.game_id, user.id, user.display_name, name,
                                                         can_manage=can_manage, strength=strength)
        await interaction.followup.send(reply.say(t), ephemeral=True)

    async def _close_confirmation(self, interaction: discord.Interaction, title: str, text: str) -> None:
        """A confirmation, once used, says what happened and keeps no live button."""
        panel = Panel(title=title, lines=[text])
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            await interaction.edit_original_response(embed=embed_of(panel), view=None, attachments=[])
        else:
            await interaction.followup.send(embed=embed_of(panel), ephemeral=True)

    async def _rematch(self, interaction: discord.Interaction, action: Action) -> None:
        # The new lobby is public, so it is the first (undeferred) answer; store work takes milliseconds.
        record = await self.bot.sessions.rematch(action.game_id, interaction.user.id)
        panel = lobby_panel(record, await self.relay.public_translator(record.guild_id))
        view = view_of(panel.rows) or discord.utils.MISSING
        await interaction.response.send_message(embed=embed_of(panel), view=view)
        message = await interaction.original_response()
        await self.bot.store.set_message(record.id, "lobby", message.id, version=record.version)

    # ------------------------------------------------------------------ the private hand
    async def _show_hand(self, interaction: discord.Interaction, game_id: int, notice: str | None = None, *,
                         watch: bool = False) -> None:
        record = await self.bot.sessions.record(game_id)
        seated = any(s.user_id == interaction.user.id for s in record.seats)
        if record.seed is None:
            raise SessionError("not_started")
        t = private(interaction)
        if watch or not seated:
            # Anyone not seated follows the game as a spectator; players may watch too (the Watch button).
            panel = await spectator_screen(self.bot.sessions, game_id, notice=notice, seated=seated, t=t)
        else:
            panel = await hand_screen(self.bot.sessions, game_id, interaction.user.id, notice=notice, t=t)
        await self._send_panel(interaction, game_id, panel)

    async def _send_panel(self, interaction: discord.Interaction, game_id: int, panel: Panel) -> None:
        file = file_of(panel.picture)
        view = view_of(panel.rows)
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            await interaction.edit_original_response(embed=embed_of(panel), attachments=[file] if file else [],
                                                     view=view or discord.ui.View())
        else:
            await interaction.followup.send(embed=embed_of(panel), files=[file] if file else [],
                                            view=view or discord.utils.MISSING, ephemeral=True)
        # This panel is now the player's newest: the relay keeps it current while its token lives.
        await self.bot.store.save_panel(PanelToken(
            game_id, interaction.user.id, interaction.application_id, interaction.token, time.time(),
            panel.version, str(interaction.locale)))

    async def _move(self, interaction: discord.Interaction, action: Action, moves: list[str]) -> None:
        await self.bot.sessions.play(action.game_id, interaction.user.id, moves if len(moves) > 1 else moves[0],
                                     action.version)
        await self._show_hand(interaction, action.game_id)

    async def _confirm_penny(self, interaction: discord.Interaction, action: Action, moves: list[str]) -> None:
        # R29.8: a move that pushes Penny Dreadful to her goal through her signature ends the game at once.
        t = private(interaction)
        panel = Panel(title=t.gettext("This ends the game"), version=action.version, lines=[t.gettext(
            "{moves} lets Penny Dreadful reach her goal through her signature genre: the game ends at once and "
            "the team is scored as it stands (awards are still added).", moves=describe_moves(moves, t))])
        panel.add_buttons([Button(t.gettext("Do it anyway"), Action("m", action.game_id, action.version,
                                                                    "-" + encode_moves(moves)).custom_id(), "danger"),
                           Button(t.gettext("Back"), Action("h", action.game_id, 0, "r").custom_id())])
        await self._send_panel(interaction, action.game_id, panel)

    async def _confirm_skip(self, interaction: discord.Interaction, action: Action) -> None:
        record = await self.bot.sessions.record(action.game_id)
        if not any(s.user_id == interaction.user.id for s in record.seats):
            raise SessionError("not_playing")
        t = private(interaction)
        panel = Panel(title=t.gettext("Skip your turn?"), version=action.version, lines=[t.gettext(
            "Writer's block: every card in your hand, inked ones included, goes to your discard pile, you earn "
            "nothing this turn, and you draw a new hand.")])
        panel.add_buttons([Button(t.gettext("Yes, skip my turn"), Action("m", action.game_id, action.version, "skip")
                                  .custom_id(), "danger"),
                           Button(t.gettext("Back"), Action("h", action.game_id, 0, "r").custom_id())])
        await self._send_panel(interaction, action.game_id, panel)

    # ------------------------------------------------------------------ every word of an ended game
    async def _words(self, interaction: discord.Interaction, game_id: int, sort: str) -> None:
        record = await self.bot.sessions.record(game_id)
        if record.guild_id != (interaction.guild_id or 0) or record.status != "finished":
            raise SessionError("does_nothing_now")
        if sort not in SORTS:
            raise SessionError("not_offered")
        try:
            panel = await words_screen(self.bot.store, game_id, sort, t=private(interaction))
        except ReplayError as error:
            log.warning("words of game %s: %s", game_id, error)
            raise SessionError("does_nothing_now") from error
        file = file_of(panel.picture)
        view = view_of(panel.rows) or discord.utils.MISSING
        message = interaction.message
        # Sorting again from the private list edits it; the public results get a private answer.
        if message is not None and message.flags.ephemeral:
            await interaction.edit_original_response(embed=embed_of(panel), attachments=[file] if file else [],
                                                     view=view)
        else:
            await interaction.followup.send(embed=embed_of(panel), files=[file] if file else [], view=view,
                                            ephemeral=True)

    # ------------------------------------------------------------------ spelling
    async def _spell(self, interaction: discord.Interaction, action: Action, text: str) -> None:
        loaded = await self.bot.sessions.load(action.game_id)
        seat = loaded.seat_of(interaction.user.id)
        if seat is None:
            raise SessionError("not_playing")
        if not await self.bot.sessions.still_current(loaded, seat, action.version):
            raise SessionError("out_of_date", stale=True)
        try:
            word = clean_word(text)
            options = await asyncio.to_thread(arrangements, loaded.game, seat, word)
        except SpellingError as error:
            raise SessionError.of(error) from error
        game = loaded.game
        note = None
        if game.options.dictionary != "none" and not game.checker.is_word(word):
            if game.options.vote == "off":
                raise SessionError("not_in_dictionary", word=word, dictionary=game.options.dictionary)
            note = _vote_note(game, word, private(interaction))
        if game.options.unique_words != "off":
            try:
                game.check_unique(seat, word)
            except IllegalMove as error:
                raise SessionError.refusal(error) from error
        await self._word_panel(interaction, loaded, seat, action.version, options, options[0], note)

    async def _arrangement(self, interaction: discord.Interaction, action: Action, value: str) -> None:
        more = parse_more(value)
        page, move = (more[0], decode_move(more[1])) if more else (0, decode_move(value))
        loaded = await self.bot.sessions.load(action.game_id)
        seat = loaded.seat_of(interaction.user.id)
        if seat is None or not await self.bot.sessions.still_current(loaded, seat, action.version):
            raise SessionError("out_of_date", stale=True)
        try:
            word = "".join(s.letter for s in loaded.game.check_word(seat, _word_cards(move))[0])
            options = await asyncio.to_thread(arrangements, loaded.game, seat, word)
        except (IllegalMove, SpellingError, ValueError) as error:
            raise SessionError("not_offered") from error
        chosen = next((o for o in options if o.move == move), None)
        if chosen is None:
            from hardback_bot.sessions.preview import simulate_word

            try:
                chosen = simulate_word(loaded.game, seat, move)
            except IllegalMove as error:
                raise SessionError.refusal(error) from error
        note = _vote_note(loaded.game, word, private(interaction))
        await self._word_panel(interaction, loaded, seat, action.version, options, chosen, note, page=page)

    async def _word_panel(self, interaction: discord.Interaction, loaded: Loaded, seat: int, version: int,
                          options: list[WordOutcome], chosen: WordOutcome, note: str | None, *,
                          page: int = 0) -> None:
        vote = note is not None
        t = private(interaction)
        paths = [] if vote else await asyncio.to_thread(choice_paths, loaded.game, seat, confirm_moves(chosen), t=t)
        panel = word_panel(loaded.record.id, version, options, chosen, note, page=page, vote=vote, paths=paths, t=t)
        panel.picture = await word_picture(chosen, chosen.word, language=t.language)
        await self._send_panel(interaction, loaded.record.id, panel)


def _vote_note(game: Any, word: str, t: Translator) -> str | None:
    if game.options.dictionary != "none" and not game.checker.is_word(word):
        return t.gettext("{word} is not in the dictionary: confirming puts it to a vote of the other players.",
                         word=word)
    return None


def _word_cards(move: str) -> tuple[Any, ...]:
    from hardback_bot.engine.moves import parse_move

    parsed = parse_move(move)
    if parsed.kind != "spell":
        raise ValueError(move)
    return parsed.word


def clean_word_or_refuse(text: str) -> str:
    try:
        return clean_word(text)
    except SpellingError as error:
        raise SessionError.of(error) from error


def _answers_first(action: Action) -> bool:
    """Is this click's first response its answer itself (a form, or the public rematch lobby), not a defer?
    Those answers touch no private panel, so they need not wait for the panel lock either."""
    return action.kind == "s" or (action.kind, action.arg) in (("g", "suggest"), ("l", "rematch"))


def _one_value(data: dict[str, Any]) -> str:
    """The single chosen value of a select, checked: a forged payload gets a clear answer, not a traceback."""
    values = data.get("values")
    if not isinstance(values, list) or len(values) != 1 or not isinstance(values[0], str) \
            or not 0 < len(values[0]) <= MAX_FIELD:
        raise SessionError("not_offered")
    return values[0]


def _modal_value(data: dict[str, Any]) -> str:
    # Text inputs arrive in action rows (type 1) or, from newer clients, in labels (type 18).
    rows = data.get("components")
    if not isinstance(rows, list):
        return ""
    for row in rows:
        if not isinstance(row, dict):
            continue
        inner = row.get("components")
        for component in [*(inner if isinstance(inner, list) else []), row.get("component") or {}]:
            if isinstance(component, dict) and component.get("custom_id") == "word":
                value = component.get("value", "")
                return value if isinstance(value, str) else ""
    return ""


def _word_modal(game_id: int, version: int, suggest: bool = False, *, t: Translator) -> discord.ui.Modal:
    """The form a word is typed in (Discord: a title and a label of at most 45 characters, a placeholder of
    at most 100; the completeness tests check every language's)."""
    action = Action("w", game_id, version, "suggest" if suggest else "")
    title = t.gettext("Suggest a word") if suggest else t.gettext("Spell a word")
    modal = discord.ui.Modal(title=title[:45], custom_id=action.custom_id(), timeout=900)
    label = t.gettext("A word for their cards") if suggest else t.gettext("Your word")
    modal.add_item(discord.ui.TextInput(label=label[:45], custom_id="word", min_length=2, max_length=20,
                                        placeholder=t.gettext("letters only, e.g. STORY")[:100]))
    return modal


async def setup(bot: HardbackBot) -> None:
    await bot.add_cog(Play(bot))
