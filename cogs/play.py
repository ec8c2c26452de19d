"""Playing: the router of every button, select and form of the game, and the bot's restarts.

Clicks are routed by custom_id (hardback_bot.sessions.codec), never by in-memory views, so every old
button keeps working after a restart or answers "this view is out of date" with a fresh view.  Slow
work (store, render) happens after the interaction is acknowledged; modals are sent first, undeferred.
What the channel shows (table, announcements, threads, results, the panels the bot keeps current) is
derived from the store by the relay (cogs/reconciler.py); this cog answers the clicking player only, through its
parts: the private panels (cogs/hand_panels.py), spelling (cogs/word_panels.py), the lobby
(cogs/lobby_clicks.py), and what a click carries (cogs/click_input.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from hardback_bot.sessions import SessionError, SpellingError
from hardback_bot.sessions.access import AWAY_ACTIONS, is_away
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
    OfferSeat,
    OpenHand,
    OpenMyHand,
    OpenSpellForm,
    OpenSuggestForm,
    OptionsMenu,
    PickArrangement,
    PickMove,
    PlayMoves,
    PrivacyClick,
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
)
from hardback_bot.sessions.places import by_interactions
from hardback_bot.sessions.screens.my_panel import deck_view
from hardback_bot.sessions.screens.table import option_screen
from hardback_bot.sessions.screens.vacation import vacation_screen
from hardback_bot.sessions.screens.word_form import spell_form_of, suggest_form_of
from hardback_bot.sessions.spelling import clean_word
from hardback_bot.sessions.vacation import come_back, go_away
from hardback_bot.words import available_dictionaries

from .answers import reader, say_privately
from .click_input import (
    SORRY,
    answers_first,
    clean_word_or_refuse,
    close_confirmation,
    decoded,
    defer,
    is_form,
    modal_value,
    one_value,
    origin_of,
    send_private,
    word_modal,
)
from .hand_panels import HandPanels
from .lobby_clicks import LobbyClicks
from .reconciler import Relay
from .weather import log_failure, weather_of
from .word_panels import WordPanels

if TYPE_CHECKING:
    from bot import HardbackBot

log = logging.getLogger(__name__)
HEARTBEAT_SECONDS = 1.0


class Play(commands.Cog):
    def __init__(self, bot: HardbackBot) -> None:
        self.bot = bot
        self.relay = Relay(bot)
        self.hands = HandPanels(bot)
        self.words = WordPanels(bot, self.hands)
        self.lobby = LobbyClicks(bot, self.relay)

    async def cog_load(self) -> None:
        self.bot.sessions.notifier = self.relay
        self.bot.sessions.timers.gate = self.relay.private.can_tell  # a group DM's timers wait for a click
        self.bot.weather.on_back(self.relay.discord_back)  # after an outage, the channels catch up at once
        loop = asyncio.get_running_loop()
        # The heartbeat starts once resume() has read the last one: a beat written first would make the
        # downtime nothing, and no deadline would move.
        await self.resume()
        self._heartbeat = loop.create_task(self._beat())
        self._timers = loop.create_task(self.bot.sessions.timers.run())

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
        away = await store.timers.count_downtime()  # a restart is never the player's fault: their deadlines move
        if away is not None:
            log.info("away for %.1f s: %d deadlines moved by that", *away)
        await store.recovery.expire_lobbies(older_than=self.bot.settings.lobby_expiry_hours * 3600)
        await store.panels.drop_panels(self.bot.clock() - 3600)
        for info in await store.recovery.list_unfinished():
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
                await self.bot.store.timers.heartbeat()
            await asyncio.sleep(HEARTBEAT_SECONDS)

    async def post_lobby(self, interaction: discord.Interaction, game_id: int) -> None:
        await self.lobby.post(interaction, game_id)

    # ------------------------------------------------------------------ ghostwriter thread replies (R30)
    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """Thread replies as ghostwriter suggestions (needs the Message Content intent)."""
        if message.author.bot or not isinstance(message.channel, discord.Thread):
            return
        text = (message.content or "").strip()
        if not text:
            return
        found = await self.bot.store.messages.find_message(message.channel.id)
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
        t = reader(interaction)
        try:
            parsed = parse(custom_id)
        except ForgedId:  # any id of ours that does not decode, for every listener (info, replays) at once
            log.info("refused a forged custom_id %.120r from user %s", custom_id, interaction.user.id)
            await say_privately(interaction, SessionError("forged").say(t))
            return
        match parsed:
            case DailyClick():  # the daily's buttons name a day, not a game: cogs/daily.py answers them
                daily = self.bot.get_cog("Daily")
                if daily is not None:
                    await daily.click(interaction, parsed)  # type: ignore[attr-defined]
                return
            case PrivacyClick():  # /hardback privacy's buttons: cogs/privacy.py answers them
                privacy = self.bot.get_cog("Privacy")
                if privacy is not None:
                    if interaction.type is discord.InteractionType.modal_submit:  # no form of it exists
                        await say_privately(interaction, SessionError("forged").say(t))
                    else:
                        await privacy.click(interaction, parsed)  # type: ignore[attr-defined]
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
                # Pages that play no move: the Hardback cog's listener answers them (cogs/hardback.py, to its parts),
                # components only; such an id on a form was made by no one but a modified client.
                if interaction.type is discord.InteractionType.modal_submit:
                    await say_privately(interaction, SessionError("forged").say(t))
                return
        action: GameAction = parsed
        origin = origin_of(interaction)
        guard: contextlib.AbstractAsyncContextManager[Any] = contextlib.nullcontext()
        away = isinstance(action, AWAY_ACTIONS)  # may come from a hand opened by /hardback games elsewhere
        try:
            if answers_first(action):
                # A form or the public rematch lobby is the very answer: only the check comes first.
                admit = self.bot.sessions.admit_form if is_form(action) else self.bot.sessions.admit
                record = await admit(action.game_id, origin, away=away)
            else:
                # Acknowledged before anything else: the relay may hold the panel lock for a second or more
                # while it redraws this player's panel, and Discord fails the click after 3 s without an answer.
                with contextlib.suppress(discord.HTTPException):
                    await defer(interaction, origin)
                record = await self.bot.sessions.admit(action.game_id, origin, away=away)
                await defer(interaction, origin)  # done above, unless that call failed
                guard = self.relay.panel_lock(action.game_id, interaction.user.id)
        except SessionError as error:
            await self.hands.refused(interaction, action, error)
            return
        except Exception as error:  # not acknowledged (Discord away, the click expired): nothing was done
            if weather_of(error) is None:
                raise
            log_failure(log, error, "click %s by %s (not acknowledged, nothing done)", custom_id, interaction.user.id)
            return
        async with guard:
            try:
                # A click from elsewhere carries no token of the group DM: it must never post there.
                if by_interactions(record) and not answers_first(action) and not is_away(record, origin):
                    await self._carries(record, interaction)
                await self._dispatch(interaction, action, data)
            except SessionError as error:
                await self.hands.refused(interaction, action, error)
            except Exception as error:
                # What was committed stays; the relay shows it. Discord's weather is one line, a bug a traceback.
                log_failure(log, error, "interaction %s (%s) by %s", custom_id, interaction.type, interaction.user.id)
                if weather_of(error) is None:
                    await say_privately(interaction, t.gettext(SORRY))
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
            await self.bot.sessions.timers.release(record.id)
        except Exception:
            log.exception("held timers of game %s failed", record.id)

    async def _dispatch(self, interaction: discord.Interaction, action: GameAction, data: dict[str, Any]) -> None:
        t = reader(interaction)
        user = interaction.user
        sessions = self.bot.sessions
        match action:
            case OpenSpellForm(game_id, version):  # a modal must be the very first response: no defer before it
                form = await spell_form_of(sessions, game_id, version, user.id, t)
                await interaction.response.send_modal(word_modal(SpellWord(game_id, version), form))
            case OpenSuggestForm(game_id, request):
                form = await suggest_form_of(sessions, game_id, request, t)
                await interaction.response.send_modal(word_modal(SuggestWord(game_id, request), form))
            case LobbyClick(op=LobbyOp.REMATCH):
                await self.lobby.rematch(interaction, action)
            case LobbyClick():
                await self.lobby.click(interaction, action)
            case OpenHand(game_id, HandView.DECK):
                panel = await deck_view(sessions, game_id, user.id, t=t)
                await self.hands.send(interaction, game_id, panel)
            case OpenHand(game_id, view):
                await self.hands.show(interaction, game_id, watch=view is HandView.WATCH, shown=view)
            case SortWords(game_id):
                await self.hands.words(interaction, game_id, one_value(data))
            case PlayMoves(game_id, version, moves, confirmed):
                await self.hands.play(interaction, game_id, version, moves, confirmed)
            case PickMove(game_id, version):
                moves, confirmed = decoded(move_value, one_value(data))
                await self.hands.play(interaction, game_id, version, moves, confirmed)
            case SpellWord(game_id, version):
                await self.words.spell(interaction, game_id, version, modal_value(data))
            case SuggestWord(game_id, request):
                word = clean_word_or_refuse(modal_value(data))
                await sessions.suggest(game_id, user.id, word, request)
                await interaction.followup.send(t.gettext("Your suggestion **{word}** was sent.", word=word),
                                                ephemeral=True)
            case PickArrangement(game_id, version):
                await self.words.arrangement(interaction, game_id, version, decoded(arrangement_value, one_value(data)))
            case ConfirmSkip():
                await self.hands.confirm_skip(interaction, action)
            case ConfirmLeave(game_id):
                said = await sessions.seats.leave(game_id, user.id)
                await close_confirmation(interaction, t.gettext("You left the game"), said.say(t))
            case CancelConfirmation():
                await close_confirmation(interaction, t.gettext("Cancelled"), t.gettext("Nothing changed."))
            case AdoptSuggestion(game_id, version):
                await self.words.adopt(interaction, game_id, version, one_value(data))
            case OptionsMenu(game_id):
                record = await sessions.record(game_id)
                await send_private(interaction, option_screen(record, one_value(data)[:40],
                                                                    available_dictionaries(), t))
            case SetOption(game_id, key, value):
                record, said = await sessions.lobby.set_option(game_id, user.id, key, value or one_value(data)[:40],
                    can_manage=bool(interaction.permissions.manage_channels), dictionaries=available_dictionaries())
                panel = option_screen(record, key, available_dictionaries(), t)
                panel.lines.insert(0, said.say(t))
                await send_private(interaction, panel)
            case ShowRules(game_id, topic):
                await self.hands.rules(interaction, game_id, topic)
            case SetCoach(game_id, on):
                await sessions.store.players.set_player_settings(user.id, coach="on" if on else "off")
                notice = (t.gettext("The coach is on: after each move it says why it paid that and what to try next.")
                          if on else t.gettext("The coach is off. Turn it on again from your panel at any time."))
                await self.hands.show(interaction, game_id, notice=notice)
            case AnswerHints(game_id, agree):
                said = await answer_hints(sessions, game_id, user.id, agree)
                await self.hands.show(interaction, game_id, notice=said.say(t))
            case VacationClick(game_id, op, days):
                notice = None
                if op is VacationOp.GO:
                    notice = (await go_away(sessions, game_id, user.id, days)).say(t)
                elif op is VacationOp.BACK:
                    notice = (await come_back(sessions, game_id, user.id)).say(t)
                await send_private(interaction, await vacation_screen(sessions, game_id, user.id,
                                                                            notice=notice, t=t))
            case ReclaimSeat(game_id):
                said = await sessions.seats.reclaim(game_id, user.id)
                await self.hands.show(interaction, game_id, notice=said.say(t))
            case TakeSeat(game_id, seat):
                said = await sessions.seats.take(game_id, user.id, user.display_name, seat)
                await self.hands.show(interaction, game_id, notice=said.say(t))
            case OfferSeat(game_id, seat, open_):
                said = await sessions.seats.offer(game_id, user.id, seat, open_)
                await self.hands.show(interaction, game_id, notice=said.say(t))


async def setup(bot: HardbackBot) -> None:
    await bot.add_cog(Play(bot))
