"""The lobby (``sessions.lobby``): opening a table, its seats (join, leave, computer players), its options, its
start (or the guided first game's), cancelling it, and a rematch of a finished game."""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping
from dataclasses import replace
from typing import Any

from hardback_bot.engine import Game, GameOptions, OptionsError
from hardback_bot.engine.options import TUTORIAL_DEAL
from hardback_bot.i18n import translator
from hardback_bot.store import ChannelBusy, GameRecord, Place, Seat, StaleVersion, Store

from .alerts import turn_alerts
from .core import MAX_SEATS, STRENGTH_NAMES, SessionsCore
from .loaded import checker_for
from .messages import Refusal, Said, SessionError, Term
from .new_table import guided_options, table_options
from .notes import GameBegins, YourTurn, announce
from .phrases import computer_name
from .places import THREAD_OF
from .table_options import BY_KEY, option_for, parse_value, value_words, with_value


class Lobby:
    """Every lobby of the bot; ``core`` loads, locks, tells and starts computer players."""

    def __init__(self, core: SessionsCore) -> None:
        self.core = core

    @property
    def store(self) -> Store:
        return self.core.store

    async def check_new_table(self, channel_id: int, chosen: Mapping[str, Any], *, own_thread: bool = False
                              ) -> GameOptions:
        """The options of a table about to open in ``channel_id``, checked: the channel must be free (unless the
        table gets a thread of its own), the dictionary known, the options possible together. SessionError says
        what is wrong (nothing changes)."""
        if not own_thread and await self.store.games.running_game_in_channel(channel_id) is not None:
            raise SessionError("channel_busy")
        return table_options(chosen)

    async def open(self, guild_id: int, channel_id: int, host_id: int, host_name: str,
                         options: GameOptions, *, place: Place = "server", locale: str | None = None) -> GameRecord:
        options = await self.check_new_table(channel_id, options.to_dict())
        try:
            return await self.store.games.create_lobby(guild_id, channel_id, host_id=host_id, options=options.to_dict(),
                                                       seats=[Seat(0, host_name[:40], user_id=host_id)], place=place,
                                                       locale=locale)
        except ChannelBusy as error:
            raise SessionError("channel_taken") from error

    async def act(self, game_id: int, user_id: int, name: str, action: str, *, can_manage: bool = False,
                           strength: int = 2, language: str = "en") -> tuple[GameRecord, Said]:
        """join / leave / computer / start / cancel / learn.  Returns the new record and a reply (said by the cog).

        ``language``: the table's (its public messages'). A computer player is named in it once, when it sits
        down, and that stored name is the one every screen shows, whoever reads it: "Máquina 1 (difícil)" on
        the table, on each player's panel and in the log alike."""
        async with self.core.lock(game_id):
            record = await self.core.record(game_id)
            if record.status != "lobby":
                raise SessionError("lobby_closed", stale=True)
            seats = list(record.seats)
            options = GameOptions.from_dict(dict(record.options))
            host = user_id == record.host_id or can_manage
            max_seats = 4 if options.coop else MAX_SEATS
            if action == "join":
                if any(s.user_id == user_id for s in seats):
                    raise SessionError("already_seated")
                if len(seats) >= max_seats:
                    raise SessionError("table_full", seats=max_seats)
                seats.append(Seat(len(seats), name[:40], user_id=user_id))
                reply = Said("joined")
            elif action == "leave":
                if not any(s.user_id == user_id for s in seats):
                    raise SessionError("not_at_table")
                if user_id == record.host_id:
                    raise SessionError("host_cannot_leave")
                seats = [s for s in seats if s.user_id != user_id]
                reply = Said("left_table")
            elif action == "computer":
                if not host:
                    raise SessionError("host_adds_computers")
                if len(seats) >= max_seats:
                    raise SessionError("table_full", seats=max_seats)
                label = STRENGTH_NAMES.get(strength)
                if label is None:
                    raise SessionError("bad_strength")
                number = sum(1 for s in seats if s.is_computer_controlled) + 1
                seats.append(Seat(len(seats), computer_name(number, label, translator(language)), ai_strength=strength))
                reply = Said(f"added_{label}")
            elif action == "cancel":
                if not host:
                    raise SessionError("host_cancels")
                await self.store.games.abandon_game(game_id, record.version)
                await self.core.notify(game_id)
                return await self.core.record(game_id), Said("lobby_cancelled")
            elif action == "start":
                if not host:
                    raise SessionError("host_starts")
                return await self._start(record, options), Said("game_started")
            elif action == "learn":
                if not host:
                    raise SessionError("host_starts")
                people = [s for s in seats if not s.is_computer_controlled]
                if len(people) > MAX_SEATS - 1:
                    raise SessionError("guided_full", n=MAX_SEATS - 1)
                order = [*people, Seat(len(people), computer_name(1, "easy", translator(language)), ai_strength=1)]
                return await self._start(record, guided_options(options), order=order), Said("guided_started")
            else:
                raise SessionError("unknown_lobby_action")
            seats = [replace(s, seat=i) for i, s in enumerate(seats)]
            try:
                await self.store.games.update_lobby(game_id, record.version, seats=seats)
            except StaleVersion as error:
                raise SessionError("lobby_changed", stale=True) from error
        await self.core.notify(game_id)
        return await self.core.record(game_id), reply

    async def rematch(self, game_id: int, user_id: int) -> GameRecord:
        """A new lobby with the seats and options of a finished game (PRODUCT.md, end)."""
        old = await self.core.record(game_id)
        if old.kind == "daily":
            raise SessionError("daily_no_rematch")  # one deal a day: tomorrow's is the next
        if old.status != "finished":
            raise SessionError("rematch_not_over")
        if not any(s.user_id == user_id for s in old.seats):
            raise SessionError("rematch_not_player")
        if await self.store.games.running_game_in_channel(old.channel_id) is not None:
            raise SessionError("rematch_busy")
        # A deleted player's seat is not asked back (docs/privacy.md).
        kept = [s for s in old.seats if not s.erased]
        seats = [replace(s, seat=i) for i, s in enumerate(sorted(kept, key=lambda s: s.user_id != user_id))]
        seats = [replace(s, ai_strength=None) if s.user_id is not None else s for s in seats]
        options = dict(old.options)
        if options.get("deal") == TUTORIAL_DEAL:  # after the guided game, a real one (Learn to play is still there)
            options.pop("deal")
            options["length"] = GameOptions().length
        try:
            record = await self.store.games.create_lobby(old.guild_id, old.channel_id, host_id=user_id,
                                                         options=options, seats=seats, place=old.place,
                                                         locale=old.locale)
        except ChannelBusy as error:
            raise SessionError("rematch_busy") from error
        parent = old.messages.get(THREAD_OF)
        if parent is not None:  # a rematch in a game's own thread is still in a thread (no ghostwriter threads)
            await self.store.messages.set_message(record.id, THREAD_OF, parent)
            record = await self.core.record(record.id)
        return record

    async def _start(self, record: GameRecord, options: GameOptions, *, order: list[Seat] | None = None
                     ) -> GameRecord:
        """Start the lobby's game: its seats in a random order, or in ``order`` (the guided first game's
        people first, its computer last), with ``options`` (stored, when they are not the lobby's)."""
        seats = list(record.seats) if order is None else list(order)
        try:
            options.validate(len(seats))
        except OptionsError as error:
            raise SessionError.refusal(error) from error
        seed = random.SystemRandom().randrange(1, 2**62)
        if order is None:
            # R4.2 [Bot default]: random seat order, shown once the game starts.
            random.Random(seed).shuffle(seats)
        seats = [replace(s, seat=i) for i, s in enumerate(seats)]
        game = Game.new(len(seats), seed, options, checker_for(options))
        timers = self.core.turn_timers(record.id, game, options)
        begins = announce(record.id, GameBegins(), YourTurn(seat=game.active_seat))
        changed = options.to_dict() if options.to_dict() != dict(record.options) else None
        # The first player's turn alert, if they asked for one (sessions/alerts.py).
        alerts, later = await turn_alerts(self.store, replace(record, seats=tuple(seats)), game, None,
                                          self.core.clock())
        try:
            await self.store.games.start_game(record.id, record.version, seed=seed, state=game.to_json(),
                                              options=changed, seats=seats, timers=[*timers, *later],
                                              deliveries=[begins, *alerts])
        except StaleVersion as error:
            raise SessionError("lobby_changed", stale=True) from error
        started = await self.core.record(record.id)
        await self.core.notify(record.id)
        if any(s.is_computer_controlled for s in seats):
            self.core.kick_computers(record.id)
        return started


    async def set_option(self, game_id: int, user_id: int, key: str, text: str, *, can_manage: bool,
                         dictionaries: Collection[str]) -> tuple[GameRecord, Said]:
        """The host (or Manage Channels) sets option ``key`` of lobby ``game_id`` to the value ``text`` stands for,
        from the lobby's message; the new record and a reply (the relay redraws the lobby for everyone)."""
        async with self.core.lock(game_id):
            record = await self.core.record(game_id)
            if record.status != "lobby":
                raise SessionError("lobby_closed", stale=True)
            if user_id != record.host_id and not can_manage:
                raise SessionError("host_sets_options")
            current = GameOptions.from_dict(dict(record.options))
            option_for(key, current)
            try:
                value = parse_value(key, text, list(dictionaries))
            except ValueError as error:
                raise SessionError("not_offered") from error
            updated = with_value(current, key, value)
            minimum = 1 if updated.coop else 2
            try:
                updated.validate(max(len(record.seats), minimum))
            except OptionsError as error:
                raise SessionError("options_clash", reason=Refusal(error.code, error.params)) from error
            try:
                await self.store.games.update_lobby(game_id, record.version, options=updated.to_dict())
            except StaleVersion as error:
                raise SessionError("lobby_changed", stale=True) from error
        await self.core.notify(game_id)
        said = Said("option_set", option=Term(BY_KEY[key].name), value=OptionValue(key, value))
        return await self.core.record(game_id), said


class OptionValue(Term):
    """An option's value as a parameter of a reply, said in the reader's words."""

    def __init__(self, key: str, value: object) -> None:
        super().__init__("")
        self.key = key
        self.value = value

    def say(self, t: object) -> str:
        return value_words(self.key, self.value, t)  # type: ignore[arg-type]


__all__ = ["Lobby", "OptionValue"]
