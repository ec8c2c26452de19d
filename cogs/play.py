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
import io
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import discord
from discord.ext import commands

from hardback_bot.engine import IllegalMove
from hardback_bot.engine.moves import Move
from hardback_bot.help.in_game import HERE, rules_here
from hardback_bot.help.lookup import legend_pictures
from hardback_bot.i18n import N_, Translator, resolve_locale, translator
from hardback_bot.sessions import Loaded, PennyWouldWin, SessionError, SpellingError
from hardback_bot.sessions.access import AWAY_ACTIONS, Origin, is_away
from hardback_bot.sessions.agreements import answer_hints
from hardback_bot.sessions.codec import (
    AdoptSuggestion,
    AlertsClick,
    AnswerHints,
    BoardPage,
    CancelConfirmation,
    ConfirmLeave,
    ConfirmSkip,
    DailyClick,
    ExportPick,
    ForgedId,
    GameAction,
    GamesPage,
    HandView,
    LobbyClick,
    LobbyOp,
    MoreArrangements,
    OfferSeat,
    OpenHand,
    OpenMyHand,
    OpenSpellForm,
    OpenSuggestForm,
    OptionsMenu,
    PickArrangement,
    PickMove,
    PlayMoves,
    ReclaimSeat,
    ReplayClick,
    SetCoach,
    SetOption,
    ShowRules,
    SortWords,
    SpellWord,
    SuggestWord,
    TakeSeat,
    TextModeSwitch,
    TopicsPick,
    VacationClick,
    VacationOp,
    arrangement_value,
    move_value,
    parse,
    prefix_of,
    suggestion_value,
)
from hardback_bot.sessions.describe import describe_moves
from hardback_bot.sessions.lobby import set_table_option
from hardback_bot.sessions.places import PRIVATE, by_interactions
from hardback_bot.sessions.preview import WordOutcome
from hardback_bot.sessions.screens.game_words import SORTS, words_screen
from hardback_bot.sessions.screens.panel import Button, Panel
from hardback_bot.sessions.screens.pictures import word_picture
from hardback_bot.sessions.screens.private import deck_view, hand_screen, spectator_screen
from hardback_bot.sessions.screens.table import lobby_screen, option_screen
from hardback_bot.sessions.screens.text_mode import text_mode_of, without_picture
from hardback_bot.sessions.screens.vacation import vacation_screen
from hardback_bot.sessions.screens.word import confirm_moves, default_choice, nothing_to_choose, word_panel
from hardback_bot.sessions.screens.word_form import WordForm, spell_form_of, suggest_form_of
from hardback_bot.sessions.spelling import MAX_WORD, arrangements, choice_paths, clean_word
from hardback_bot.sessions.turn_history import ReplayError
from hardback_bot.sessions.vacation import come_back, go_away
from hardback_bot.store import PanelToken
from hardback_bot.words import available_dictionaries

from .reconciler import Relay
from .rules import topic_files, topics_view
from .ui import COLOUR, embed_of, file_of, view_of
from .weather import log_failure, weather_of
from .where import place_of

if TYPE_CHECKING:
    from bot import HardbackBot

log = logging.getLogger(__name__)
T = TypeVar("T")
SORRY = N_("Sorry, something went wrong on my side; the game is safe. Please try again.")
MAX_FIELD = 100  # no value of a select or form the bot makes is longer
HEARTBEAT_SECONDS = 1.0


def private(interaction: discord.Interaction) -> Translator:
    """The language of a private answer: the clicking user's Discord client (docs/i18n.md)."""
    return translator(resolve_locale(interaction.locale))


class Play(commands.Cog):
    def __init__(self, bot: HardbackBot) -> None:
        self.bot = bot
        self.relay = Relay(bot)

    async def cog_load(self) -> None:
        self.bot.sessions.notifier = self.relay
        self.bot.sessions.timer_gate = self.relay.private.can_tell  # a group DM's timers wait for a click
        self.bot.weather.on_back(self.relay.discord_back)  # after an outage, the channels catch up at once
        loop = asyncio.get_running_loop()
        # The heartbeat starts once resume() has read the last one: a beat written first would make the
        # downtime nothing, and no deadline would move.
        await self.resume()
        self._heartbeat = loop.create_task(self._beat())
        self._timers = loop.create_task(self.bot.sessions.run_timers())

    async def cog_unload(self) -> None:
        self.shutdown()

    def shutdown(self) -> None:
        for name in ("_heartbeat", "_timers", "_recovery"):  # a stop during cog_load finds some not started
            task = getattr(self, name, None)
            if task is not None:
                task.cancel()
        self.relay.close()

    # ------------------------------------------------------------------ restarts
    async def resume(self) -> None:
        """Bring every unfinished game back: shift timers by the downtime, let computers play on, and let
        the relay redraw every public message that is older than the stored game."""
        store = self.bot.store
        away = await store.count_downtime()  # a restart is never the player's fault: their deadlines move
        if away is not None:
            log.info("away for %.1f s: %d deadlines moved by that", *away)
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
        # Frequent enough that a restart's downtime, measured from the last beat, is right within a second.
        while True:
            with contextlib.suppress(Exception):
                await self.bot.store.heartbeat()
            await asyncio.sleep(HEARTBEAT_SECONDS)

    async def post_lobby(self, interaction: discord.Interaction, game_id: int) -> None:
        record = await self.bot.sessions.record(game_id)
        panel = await lobby_screen(self.bot.store, record, await self.relay.game_translator(record),
                                   coach_games=self.bot.sessions.coach_games)
        await interaction.followup.send(embed=embed_of(panel), view=view_of(panel.rows) or discord.utils.MISSING)
        message = await interaction.original_response()
        await self.bot.store.set_message(game_id, "lobby", message.id, version=record.version)
        if by_interactions(record):  # in a group DM only this command's token can edit the lobby, at first
            await self.relay.private.answered_with(record, interaction, message.id)

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
        custom_id = data.get("custom_id")
        if prefix_of(custom_id) is None:
            return  # not of the bot's grammar: somebody else's
        t = private(interaction)
        try:
            parsed = parse(custom_id)
        except ForgedId:  # any id of ours that does not decode, for every listener (info, replays) at once
            log.info("refused a forged custom_id %.120r from user %s", custom_id, interaction.user.id)
            await self._reply(interaction, SessionError("forged").say(t))
            return
        match parsed:
            case DailyClick():  # the daily's buttons name a day, not a game: cogs/daily.py answers them
                daily = self.bot.get_cog("Daily")
                if daily is not None:
                    await daily.click(interaction, parsed)  # type: ignore[attr-defined]
                return
            case AlertsClick():  # a player's turn-alert settings: cogs/alerts.py answers them
                hardback = self.bot.get_cog("Hardback")
                if hardback is not None:
                    await hardback.alerts_click(interaction, parsed)  # type: ignore[attr-defined]
                return
            case OpenMyHand() | GamesPage():  # /hardback games' buttons: cogs/games.py answers them
                games = self.bot.get_cog("Hardback")
                if games is not None:
                    await games.games_click(interaction, parsed)  # type: ignore[attr-defined]
                return
            case BoardPage() | ExportPick() | TopicsPick() | TextModeSwitch() | ReplayClick():
                # Pages that play no move: the Hardback cog's listeners answer them (cogs/info.py, cogs/replay.py),
                # components only; such an id on a form was made by no one but a modified client.
                if interaction.type is discord.InteractionType.modal_submit:
                    await self._reply(interaction, SessionError("forged").say(t))
                return
        action: GameAction = parsed
        origin = origin_of(interaction)
        guard: contextlib.AbstractAsyncContextManager[Any] = contextlib.nullcontext()
        away = isinstance(action, AWAY_ACTIONS)  # may come from a hand opened by /hardback games elsewhere
        try:
            if _answers_first(action):
                # A form or the public rematch lobby is the very answer: only the check comes first.
                admit = self.bot.sessions.admit_form if _is_form(action) else self.bot.sessions.admit
                record = await admit(action.game_id, origin, away=away)
            else:
                # Acknowledged before anything else: the relay may hold the panel lock for a second or more
                # while it redraws this player's panel, and Discord fails the click after 3 s without an answer.
                with contextlib.suppress(discord.HTTPException):
                    await self._defer(interaction, origin)
                record = await self.bot.sessions.admit(action.game_id, origin, away=away)
                await self._defer(interaction, origin)  # done above, unless that call failed
                guard = self.relay.panel_lock(action.game_id, interaction.user.id)
        except SessionError as error:
            await self._refused(interaction, action, error)
            return
        except Exception as error:  # not acknowledged (Discord away, the click expired): nothing was done
            if weather_of(error) is None:
                raise
            log_failure(log, error, "click %s by %s (not acknowledged, nothing done)", custom_id, interaction.user.id)
            return
        async with guard:
            try:
                # A click from elsewhere carries no token of the group DM: it must never post there.
                if by_interactions(record) and not _answers_first(action) and not is_away(record, origin):
                    await self._carries(record, interaction)
                await self._dispatch(interaction, action, data)
            except SessionError as error:
                await self._refused(interaction, action, error)
            except Exception as error:
                # What was committed stays; the relay shows it. Discord's weather is one line, a bug a traceback.
                log_failure(log, error, "interaction %s (%s) by %s", custom_id, interaction.type, interaction.user.id)
                if weather_of(error) is None:
                    await self._reply(interaction, t.gettext(SORRY))
        if by_interactions(record):
            self.relay.wake(record.id)  # the first click after a quiet spell brings the table up to date

    async def _carries(self, record: Any, interaction: discord.Interaction) -> None:
        """A click of a group DM game: the bot can speak there only through such tokens, so it is kept (with the
        public message it clicked, which its deferred update lets it edit); then timers that could not act while
        nobody could be told act now, before the click itself."""
        message = interaction.message
        clicked = message.id if message is not None and not message.flags.ephemeral else None
        await self.relay.private.noted(record, interaction, clicked=clicked)
        try:
            await self.bot.sessions.release_timers(record.id)
        except Exception:
            log.exception("held timers of game %s failed", record.id)

    async def _dispatch(self, interaction: discord.Interaction, action: GameAction, data: dict[str, Any]) -> None:
        t = private(interaction)
        user = interaction.user
        sessions = self.bot.sessions
        match action:
            case OpenSpellForm(game_id, version):  # a modal must be the very first response: no defer before it
                form = await spell_form_of(sessions, game_id, version, user.id, t)
                await interaction.response.send_modal(_word_modal(SpellWord(game_id, version), form))
            case OpenSuggestForm(game_id, request):
                form = await suggest_form_of(sessions, game_id, request, t)
                await interaction.response.send_modal(_word_modal(SuggestWord(game_id, request), form))
            case LobbyClick(op=LobbyOp.REMATCH):
                await self._rematch(interaction, action)
            case LobbyClick():
                await self._lobby(interaction, action)
            case OpenHand(game_id, HandView.DECK):
                panel = await deck_view(sessions, game_id, user.id, t=t)
                await self._send_panel(interaction, game_id, panel)
            case OpenHand(game_id, view):
                await self._show_hand(interaction, game_id, watch=view is HandView.WATCH, shown=view)
            case SortWords(game_id):
                await self._words(interaction, game_id, _one_value(data))
            case PlayMoves(game_id, version, moves, confirmed):
                await self._play(interaction, game_id, version, moves, confirmed)
            case PickMove(game_id, version):
                moves, confirmed = _decoded(move_value, _one_value(data))
                await self._play(interaction, game_id, version, moves, confirmed)
            case SpellWord(game_id, version):
                await self._spell(interaction, game_id, version, _modal_value(data))
            case SuggestWord(game_id, request):
                word = clean_word_or_refuse(_modal_value(data))
                await sessions.suggest(game_id, user.id, word, request)
                await interaction.followup.send(t.gettext("Your suggestion **{word}** was sent.", word=word),
                                                ephemeral=True)
            case PickArrangement(game_id, version):
                await self._arrangement(interaction, game_id, version, _decoded(arrangement_value, _one_value(data)))
            case ConfirmSkip():
                await self._confirm_skip(interaction, action)
            case ConfirmLeave(game_id):
                reply = await sessions.leave(game_id, user.id)
                await self._close_confirmation(interaction, t.gettext("You left the game"), reply.say(t))
            case CancelConfirmation():
                await self._close_confirmation(interaction, t.gettext("Cancelled"), t.gettext("Nothing changed."))
            case AdoptSuggestion(game_id, version):
                await self._adopt(interaction, game_id, version, _one_value(data))
            case OptionsMenu(game_id):
                record = await sessions.record(game_id)
                await self._send_private(interaction, option_screen(record, _one_value(data)[:40],
                                                                    available_dictionaries(), t))
            case SetOption(game_id, key, value):
                record, said = await set_table_option(
                    sessions, game_id, user.id, key, value or _one_value(data)[:40],
                    can_manage=bool(interaction.permissions.manage_channels), dictionaries=available_dictionaries())
                panel = option_screen(record, key, available_dictionaries(), t)
                panel.lines.insert(0, said.say(t))
                await self._send_private(interaction, panel)
            case ShowRules(game_id, topic):
                await self._rules(interaction, game_id, topic)
            case SetCoach(game_id, on):
                await sessions.store.set_player_settings(user.id, coach="on" if on else "off")
                notice = (t.gettext("The coach is on: after each move it says why it paid that and what to try next.")
                          if on else t.gettext("The coach is off. Turn it on again from your panel at any time."))
                await self._show_hand(interaction, game_id, notice=notice)
            case AnswerHints(game_id, agree):
                said = await answer_hints(sessions, game_id, user.id, agree)
                await self._show_hand(interaction, game_id, notice=said.say(t))
            case VacationClick(game_id, op, days):
                notice = None
                if op is VacationOp.GO:
                    notice = (await go_away(sessions, game_id, user.id, days)).say(t)
                elif op is VacationOp.BACK:
                    notice = (await come_back(sessions, game_id, user.id)).say(t)
                await self._send_private(interaction, await vacation_screen(sessions, game_id, user.id,
                                                                            notice=notice, t=t))
            case ReclaimSeat(game_id):
                said = await sessions.reclaim_seat(game_id, user.id)
                await self._show_hand(interaction, game_id, notice=said.say(t))
            case TakeSeat(game_id, seat):
                said = await sessions.take_seat(game_id, user.id, user.display_name, seat)
                await self._show_hand(interaction, game_id, notice=said.say(t))
            case OfferSeat(game_id, seat, open_):
                said = await sessions.offer_seat(game_id, user.id, seat, open_)
                await self._show_hand(interaction, game_id, notice=said.say(t))

    async def _send_private(self, interaction: discord.Interaction, panel: Panel) -> None:
        """A private answer that is not a game panel (the relay does not keep it current): it replaces the
        private message clicked, or comes as a new one."""
        message = interaction.message
        view = view_of(panel.rows)
        if message is not None and message.flags.ephemeral:
            await interaction.edit_original_response(embed=embed_of(panel), attachments=[],
                                                     view=view or discord.ui.View())
        else:
            await interaction.followup.send(embed=embed_of(panel), view=view or discord.utils.MISSING, ephemeral=True)

    async def _rules(self, interaction: discord.Interaction, game_id: int, topic: str) -> None:
        """How to play, privately: the topic named, or the rules of what this player faces now with the cards in
        front of them explained, and the part of the icon legend about those cards and that step."""
        language = private(interaction).language
        game, seat = None, None
        if topic == HERE:
            record = await self.bot.sessions.record(game_id)
            if record.status == "playing":
                loaded = await self.bot.sessions.load(game_id)
                game, seat = loaded.game, loaded.seat_of(interaction.user.id)
        rules = rules_here(game, seat, topic, language)
        text = await text_mode_of(self.bot.store, interaction.user.id)  # the cards are in words either way
        embeds, files = await topic_files(rules.topic.key, language, pictures=not text)
        if rules.cards:
            embeds.insert(1, discord.Embed(title=rules.heading, description="\n".join(rules.cards)[:4096],
                                           colour=COLOUR))
        if not files and not text:  # the part of the icon legend this view talks about: its cards' icons and its
            # step's (text mode shows no icon, so their legend has nothing to explain)
            for name, data, alt in await asyncio.to_thread(legend_pictures, rules.legend, language):
                files.append(discord.File(io.BytesIO(data), filename=name, description=alt))
                embeds.append(discord.Embed(colour=COLOUR).set_image(url=f"attachment://{name}"))
        await interaction.followup.send(embeds=embeds, files=files, view=topics_view(language, text, rules.topic.key),
                                        ephemeral=True)

    async def _defer(self, interaction: discord.Interaction, origin: Origin | None = None) -> None:
        if interaction.response.is_done():
            return
        message = interaction.message
        if message is not None and message.flags.ephemeral and (origin is None or origin.panel_owner is None
                                                                  or origin.panel_owner == origin.user_id):
            await interaction.response.defer()  # we will edit this private panel in place
        elif message is not None and not message.flags.ephemeral and origin is not None and origin.place == PRIVATE:
            # A group DM: the clicked public message becomes this click's to edit (the bot's token cannot);
            # the private answer comes as a follow-up.
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)

    async def _reply(self, interaction: discord.Interaction, text: str) -> None:
        with contextlib.suppress(discord.HTTPException):
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)

    async def _refused(self, interaction: discord.Interaction, action: GameAction, error: SessionError) -> None:
        said = error.say(private(interaction))
        log.info("refused %s by user %s in channel %s: %s", type(action).__name__, interaction.user.id,
                 interaction.channel_id, error.code)
        if error.stale and isinstance(action, STALE_ANSWERED):
            # Out of date: answer with the current private view instead of a dead one.
            try:
                await self._show_hand(interaction, action.game_id, notice=said)
                return
            except SessionError:
                pass
            except Exception as failed:
                if weather_of(failed) is None:
                    raise
                log_failure(log, failed, "the current view for user %s", interaction.user.id)
                return
        await self._reply(interaction, said)

    # ------------------------------------------------------------------ lobby
    async def _lobby(self, interaction: discord.Interaction, action: LobbyClick) -> None:
        user = interaction.user
        t = private(interaction)
        can_manage = bool(interaction.permissions.manage_channels)
        if action.op is LobbyOp.END:
            await self.bot.sessions.end_game(action.game_id, user.id, can_manage)
            await self._close_confirmation(interaction, t.gettext("The game was ended"), t.gettext(
                "It stays in the history, unrated. The channel is free for a new one."))
            return
        language = "en"
        if action.op in (LobbyOp.COMPUTER, LobbyOp.LEARN):  # a computer is named once, in the table's language
            language = (await self.relay.game_translator(await self.bot.sessions.record(action.game_id))).language
        _, reply = await self.bot.sessions.lobby_action(action.game_id, user.id, user.display_name, action.op.value,
                                                         can_manage=can_manage, strength=action.strength or 2,
                                                         language=language)
        await interaction.followup.send(reply.say(t), ephemeral=True)

    async def _close_confirmation(self, interaction: discord.Interaction, title: str, text: str) -> None:
        """A confirmation, once used, says what happened and keeps no live button."""
        panel = Panel(title=title, lines=[text])
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            await interaction.edit_original_response(embed=embed_of(panel), view=None, attachments=[])
        else:
            await interaction.followup.send(embed=embed_of(panel), ephemeral=True)

    async def _rematch(self, interaction: discord.Interaction, action: LobbyClick) -> None:
        # The new lobby is public, so it is the first (undeferred) answer; store work takes milliseconds.
        record = await self.bot.sessions.rematch(action.game_id, interaction.user.id)
        panel = await lobby_screen(self.bot.store, record, await self.relay.game_translator(record),
                                   coach_games=self.bot.sessions.coach_games)
        view = view_of(panel.rows) or discord.utils.MISSING
        await interaction.response.send_message(embed=embed_of(panel), view=view)
        message = await interaction.original_response()
        await self.bot.store.set_message(record.id, "lobby", message.id, version=record.version)
        if by_interactions(record):
            await self.relay.private.answered_with(record, interaction, message.id)

    # ------------------------------------------------------------------ the private hand
    async def _show_hand(self, interaction: discord.Interaction, game_id: int, notice: str | None = None, *,
                         watch: bool = False, shown: HandView = HandView.HAND, loaded: Loaded | None = None) -> None:
        record = loaded.record if loaded is not None else await self.bot.sessions.record(game_id)
        seated = any(s.user_id == interaction.user.id for s in record.seats)
        if record.seed is None:
            raise SessionError("not_started")
        t = private(interaction)
        if watch or not seated:
            # Anyone not seated follows the game as a spectator; players may watch too (the Watch button).
            panel = await spectator_screen(self.bot.sessions, game_id, notice=notice, seated=seated, t=t,
                                           user_id=interaction.user.id)
        else:
            panel = await hand_screen(self.bot.sessions, game_id, interaction.user.id, notice=notice, t=t,
                                      shown=shown, loaded=loaded)
        await self._send_panel(interaction, game_id, panel)

    async def _send_panel(self, interaction: discord.Interaction, game_id: int, panel: Panel) -> None:
        file = file_of(panel.picture)
        view = view_of(panel.rows)
        message = interaction.message
        target = "@original"
        if message is not None and message.flags.ephemeral:
            await interaction.edit_original_response(embed=embed_of(panel), attachments=[file] if file else [],
                                                     view=view or discord.ui.View())
        else:
            sent = await interaction.followup.send(embed=embed_of(panel), files=[file] if file else [],
                                                   view=view or discord.utils.MISSING, ephemeral=True, wait=True)
            if interaction.response.type == discord.InteractionResponseType.deferred_message_update:
                target = str(sent.id)  # @original is the public message clicked (a group DM's table)
        # This panel is now the player's newest: the relay keeps it current while its token lives.
        await self.bot.store.save_panel(PanelToken(
            game_id, interaction.user.id, interaction.application_id, interaction.token, time.time(),
            panel.version, str(interaction.locale), target))

    async def _play(self, interaction: discord.Interaction, game_id: int, version: int, moves: tuple[Move, ...],
                    confirmed: bool, *, notice: str | None = None) -> None:
        try:
            loaded = await self.bot.sessions.play(game_id, interaction.user.id, moves, version,
                                                  penny_asks=not confirmed)
        except PennyWouldWin:
            await self._confirm_penny(interaction, PlayMoves(game_id, version, moves, confirmed=True))
            return
        await self._show_hand(interaction, game_id, notice, loaded=loaded)  # the game this click made, as it is

    async def _adopt(self, interaction: discord.Interaction, game_id: int, version: int, value: str) -> None:
        """Adopt a ghostwriter suggestion, then preview that word."""
        loaded = await self.bot.sessions.load(game_id)
        suggestions = loaded.game.ghost_suggestions()
        number = _decoded(lambda v: suggestion_value(v, len(suggestions)), value)
        loaded = await self.bot.sessions.play(game_id, interaction.user.id, Move("adopt", number=number), version)
        await self._spell(interaction, game_id, loaded.record.version, suggestions[number - 1][1])

    async def _confirm_penny(self, interaction: discord.Interaction, anyway: PlayMoves) -> None:
        # R29.8: a move that pushes Penny Dreadful to her goal through her signature ends the game at once.
        t = private(interaction)
        panel = Panel(title=t.gettext("This ends the game"), version=anyway.version, lines=[t.gettext(
            "{moves} lets Penny Dreadful reach her goal through her signature genre: the game ends at once and "
            "the team is scored as it stands (awards are still added).",
            moves=describe_moves(anyway.moves, t))])
        panel.add_buttons([Button(t.gettext("Do it anyway"), anyway.custom_id(), "danger"),
                           Button(t.gettext("Cancel"), OpenHand(anyway.game_id, HandView.REFRESH).custom_id())])
        await self._send_panel(interaction, anyway.game_id, panel)

    async def _confirm_skip(self, interaction: discord.Interaction, action: ConfirmSkip) -> None:
        record = await self.bot.sessions.record(action.game_id)
        if not any(s.user_id == interaction.user.id for s in record.seats):
            raise SessionError("not_playing")
        t = private(interaction)
        panel = Panel(title=t.gettext("Skip your turn?"), version=action.version, lines=[t.gettext(
            "Writer's block: every card in your hand, inked ones included, goes to your discard pile, you earn "
            "nothing this turn, and you draw a new hand.")])
        panel.add_buttons([Button(t.gettext("Yes, skip my turn"),
                                  PlayMoves(action.game_id, action.version, (Move("skip"),)).custom_id(), "danger"),
                           Button(t.gettext("Cancel"), OpenHand(action.game_id, HandView.REFRESH).custom_id())])
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
        if await text_mode_of(self.bot.store, interaction.user.id):
            without_picture(panel)  # the words are the panel's own lines already
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
    async def _spell(self, interaction: discord.Interaction, game_id: int, version: int, text: str) -> None:
        loaded = await self.bot.sessions.load(game_id)
        seat = loaded.seat_of(interaction.user.id)
        if seat is None:
            raise SessionError("not_playing")
        if not await self.bot.sessions.still_current(loaded, seat, version):
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
        chosen = default_choice(options)
        if note is None:
            paths = await asyncio.to_thread(choice_paths, game, seat, confirm_moves(chosen), t=private(interaction))
            if nothing_to_choose(options, chosen, paths):  # no screen asks to confirm nothing
                t = private(interaction)
                notice = t.gettext("You spelled **{word}**: {coins}¢ and {prestige}★.", word=chosen.word,
                                   coins=chosen.coins, prestige=chosen.prestige)
                await self._play(interaction, game_id, version, tuple(confirm_moves(chosen)), False, notice=notice)
                return
        await self._word_panel(interaction, loaded, seat, version, options, chosen, note)

    async def _arrangement(self, interaction: discord.Interaction, game_id: int, version: int,
                           value: Move | MoreArrangements) -> None:
        page, spelled = (value.page, value.move) if isinstance(value, MoreArrangements) else (0, value)
        loaded = await self.bot.sessions.load(game_id)
        seat = loaded.seat_of(interaction.user.id)
        if seat is None or not await self.bot.sessions.still_current(loaded, seat, version):
            raise SessionError("out_of_date", stale=True)
        try:
            word = "".join(s.letter for s in loaded.game.check_word(seat, spelled.word)[0])
            options = await asyncio.to_thread(arrangements, loaded.game, seat, word)
        except (IllegalMove, SpellingError, ValueError) as error:
            raise SessionError("not_offered") from error
        chosen = next((o for o in options if o.move == spelled), None)
        if chosen is None:
            from hardback_bot.sessions.preview import simulate_word

            try:
                chosen = simulate_word(loaded.game, seat, spelled)
            except IllegalMove as error:
                raise SessionError.refusal(error) from error
        note = _vote_note(loaded.game, word, private(interaction))
        await self._word_panel(interaction, loaded, seat, version, options, chosen, note, page=page)

    async def _word_panel(self, interaction: discord.Interaction, loaded: Loaded, seat: int, version: int,
                          options: list[WordOutcome], chosen: WordOutcome, note: str | None, *,
                          page: int = 0) -> None:
        vote = note is not None
        t = private(interaction)
        paths = [] if vote else await asyncio.to_thread(choice_paths, loaded.game, seat, confirm_moves(chosen), t=t)
        text = await text_mode_of(self.bot.store, interaction.user.id)
        panel = word_panel(loaded.record.id, version, options, chosen, note, page=page, vote=vote, paths=paths, t=t,
                           text_mode=text)
        if not text:
            panel.picture = await word_picture(chosen, chosen.word, language=t.language)
        await self._send_panel(interaction, loaded.record.id, panel)


def _vote_note(game: Any, word: str, t: Translator) -> str | None:
    if game.options.dictionary != "none" and not game.checker.is_word(word):
        return t.gettext("{word} is not in the dictionary: confirming puts it to a vote of the other players.",
                         word=word)
    return None


def clean_word_or_refuse(text: str) -> str:
    try:
        return clean_word(text)
    except SpellingError as error:
        raise SessionError.of(error) from error


# Refused as out of date, these answer with the player's current panel instead of a dead one.
STALE_ANSWERED = (PlayMoves, PickMove, SpellWord, SuggestWord, PickArrangement, AdoptSuggestion, OpenSuggestForm,
                  ConfirmSkip, ConfirmLeave, AnswerHints)


def origin_of(interaction: discord.Interaction) -> Origin:
    """Where a click came from; on a private message, whose it is (the user whose interaction made it)."""
    message = interaction.message
    owner = None
    if message is not None and message.flags.ephemeral:
        meta = message.interaction_metadata
        owner = meta.user.id if meta is not None else 0  # a private message of nobody's: nobody's to click
    return Origin(interaction.guild_id or 0, interaction.channel_id or 0, interaction.user.id, owner,
                  place_of(interaction))


def _is_form(action: GameAction) -> bool:
    return isinstance(action, (OpenSpellForm, OpenSuggestForm))


def _answers_first(action: GameAction) -> bool:
    """Is this click's first response its answer itself (a form, or the public rematch lobby), not a defer?
    Those answers touch no private panel, so they need not wait for the panel lock either."""
    return _is_form(action) or action == LobbyClick(action.game_id, LobbyOp.REMATCH)


def _decoded(decode: Callable[[str], T], value: str) -> T:
    """A component value decoded, a forged one refused as not offered."""
    try:
        return decode(value)
    except ForgedId as error:
        raise SessionError("not_offered") from error


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


def _word_modal(action: SpellWord | SuggestWord, form: WordForm) -> discord.ui.Modal:
    """The form a word is typed in: the player's letters as a text display, then the field inside a Label (text
    inputs in action rows are deprecated by Discord). Its limits are held by sessions/screens/word_form.py."""
    modal = discord.ui.Modal(title=form.title, custom_id=action.custom_id(), timeout=900)
    if form.text:
        modal.add_item(discord.ui.TextDisplay(form.text))
    modal.add_item(discord.ui.Label(text=form.label, component=discord.ui.TextInput(
        custom_id="word", min_length=2, max_length=MAX_WORD, placeholder=form.placeholder)))
    return modal


async def setup(bot: HardbackBot) -> None:
    await bot.add_cog(Play(bot))
