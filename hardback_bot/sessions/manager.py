"""Game sessions: one lock per game; load -> apply -> commit -> notify.

This is the only layer that knows both the engine and what the Discord side needs (whom to tell,
what to re-draw).  It has no Discord imports: the cogs give it a :class:`Notifier` and translate its
answers into messages.  Every accepted move is committed to the store before anyone is told.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from hardback_bot.engine import Game, GameOptions, IllegalMove, OptionsError
from hardback_bot.engine.views import player_view, public_view
from hardback_bot.store import ChannelBusy, GameRecord, Seat, StaleVersion, Store, StoreError, Timer
from hardback_bot.store.results import outcome_from_game

from .describe import penny_line, turn_line

log = logging.getLogger(__name__)

MAX_SEATS = 5
STRENGTH_NAMES = {1: "easy", 2: "normal", 3: "hard"}


class SessionError(Exception):
    """A refusal with one sentence for the player; nothing changed."""

    def __init__(self, message: str, *, stale: bool = False) -> None:
        super().__init__(message)
        self.stale = stale


@dataclass
class Update:
    """What changed in a game, for the Discord side to show."""

    game_id: int
    channel_id: int
    lines: list[str] = field(default_factory=list)  # short public log lines
    mention: int | None = None  # the user whose turn starts (mentioned once)
    vote_mentions: list[int] = field(default_factory=list)
    finished: bool = False
    lobby: bool = False
    cancelled: bool = False


class Notifier(Protocol):
    async def update(self, update: Update) -> None: ...


class _Silent:
    async def update(self, update: Update) -> None:
        return None


@dataclass
class Loaded:
    record: GameRecord
    game: Game

    @property
    def names(self) -> list[str]:
        return [s.display_name for s in self.record.seats]

    @property
    def computers(self) -> list[bool]:
        return [s.is_computer_controlled for s in self.record.seats]

    def seat_of(self, user_id: int) -> int | None:
        return next((s.seat for s in self.record.seats if s.user_id == user_id), None)

    def user_of(self, seat: int) -> int | None:
        s = self.record.seats[seat]
        return None if s.is_computer_controlled else s.user_id


def checker_for(options: GameOptions) -> Any:
    from hardback_bot.words import get_dictionary

    return get_dictionary(options.dictionary)


ChooseMove = Callable[[Game, int, int], str]


def _default_ai() -> tuple[ChooseMove, Callable[[Game, int], bool]]:
    from hardback_bot.ai import choose_move, wants_to_act

    return choose_move, wants_to_act


class Sessions:
    def __init__(self, store: Store, notifier: Notifier | None = None, *, ai_delay: float = 1.2,
                 clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.notifier: Notifier = notifier or _Silent()
        self.ai_delay = ai_delay
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}
        self._ai_tasks: dict[int, asyncio.Task[None]] = {}
        self._ai: tuple[ChooseMove, Callable[[Game, int], bool]] | None = None

    # ------------------------------------------------------------------ plumbing
    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    async def load(self, game_id: int) -> Loaded:
        try:
            record = await self.store.get_game(game_id)
        except StoreError as error:
            raise SessionError("That game does not exist any more.") from error
        if record.state is None:
            raise SessionError("That game has not started yet.")
        options = GameOptions.from_dict(dict(record.options))
        return Loaded(record, Game.from_json(record.state, checker=checker_for(options)))

    async def record(self, game_id: int) -> GameRecord:
        try:
            return await self.store.get_game(game_id, with_state=False)
        except StoreError as error:
            raise SessionError("That game does not exist any more.") from error

    async def _notify(self, update: Update) -> None:
        try:
            await self.notifier.update(update)
        except Exception:  # a failed edit must never undo or block a committed move
            log.exception("notifying game %s failed", update.game_id)

    # ------------------------------------------------------------------ lobby
    async def open_lobby(self, guild_id: int, channel_id: int, host_id: int, host_name: str,
                         options: GameOptions) -> GameRecord:
        running = await self.store.running_game_in_channel(channel_id)
        if running is not None:
            raise SessionError("A game is already running in this channel: finish it or end it with "
                               "/hardback end first.")
        try:
            options.validate(1 if options.coop else 2)
            checker_for(options)
        except (OptionsError, KeyError, LookupError, ValueError) as error:
            raise SessionError(str(error).strip("'\"")) from error
        try:
            return await self.store.create_lobby(guild_id, channel_id, host_id=host_id, options=options.to_dict(),
                                                 seats=[Seat(0, host_name[:40], user_id=host_id)])
        except ChannelBusy as error:
            raise SessionError("A game is already running in this channel.") from error

    async def lobby_action(self, game_id: int, version: int | None, user_id: int, name: str, action: str,
                           *, can_manage: bool = False, strength: int = 2) -> tuple[GameRecord, str]:
        """join / leave / computer / start / cancel.  Returns the new record and a reply."""
        async with self.lock(game_id):
            record = await self.record(game_id)
            if record.status != "lobby":
                raise SessionError("This lobby is closed.", stale=True)
            seats = list(record.seats)
            options = GameOptions.from_dict(dict(record.options))
            host = user_id == record.host_id or can_manage
            max_seats = 4 if options.coop else MAX_SEATS
            if action == "join":
                if any(s.user_id == user_id for s in seats):
                    raise SessionError("You are already at this table.")
                if len(seats) >= max_seats:
                    raise SessionError(f"The table is full ({max_seats} seats).")
                seats.append(Seat(len(seats), name[:40], user_id=user_id))
                reply = "You joined the table."
            elif action == "leave":
                if not any(s.user_id == user_id for s in seats):
                    raise SessionError("You are not at this table.")
                if user_id == record.host_id:
                    raise SessionError("The host cannot leave; cancel the lobby instead.")
                seats = [s for s in seats if s.user_id != user_id]
                reply = "You left the table."
            elif action == "computer":
                if not host:
                    raise SessionError("Only the host can add computer players.")
                if len(seats) >= max_seats:
                    raise SessionError(f"The table is full ({max_seats} seats).")
                label = STRENGTH_NAMES.get(strength)
                if label is None:
                    raise SessionError("Choose easy, normal or hard.")
                number = sum(1 for s in seats if s.is_computer_controlled) + 1
                seats.append(Seat(len(seats), f"Computer {number} ({label})", ai_strength=strength))
                reply = f"Added a {label} computer player."
            elif action == "cancel":
                if not host:
                    raise SessionError("Only the host or someone with Manage Channels can cancel.")
                await self.store.abandon_game(game_id, record.version)
                await self._notify(Update(game_id, record.channel_id, cancelled=True, lobby=True))
                return await self.record(game_id), "The lobby was cancelled."
            elif action == "start":
                if not host:
                    raise SessionError("Only the host or someone with Manage Channels can start the game.")
                return await self._start(record, options), "The game has started."
            else:
                raise SessionError("Unknown lobby action.")
            seats = [replace(s, seat=i) for i, s in enumerate(seats)]
            try:
                await self.store.update_lobby(game_id, record.version, seats=seats)
            except StaleVersion as error:
                raise SessionError("The lobby changed meanwhile; try again.", stale=True) from error
        await self._notify(Update(game_id, record.channel_id, lobby=True))
        return await self.record(game_id), reply

    async def rematch(self, game_id: int, user_id: int) -> GameRecord:
        """A new lobby with the seats and options of a finished game (PRODUCT.md, end)."""
        old = await self.record(game_id)
        if old.status != "finished":
            raise SessionError("A rematch is possible once the game is over.")
        if not any(s.user_id == user_id for s in old.seats):
            raise SessionError("Only the players of that game can ask for a rematch.")
        if await self.store.running_game_in_channel(old.channel_id) is not None:
            raise SessionError("A new game is already open in this channel.")
        seats = [replace(s, seat=i) for i, s in enumerate(sorted(old.seats, key=lambda s: s.user_id != user_id))]
        seats = [replace(s, ai_strength=None) if s.user_id is not None else s for s in seats]
        try:
            record = await self.store.create_lobby(old.guild_id, old.channel_id, host_id=user_id,
                                                   options=dict(old.options), seats=seats)
        except ChannelBusy as error:
            raise SessionError("A new game is already open in this channel.") from error
        return record

    async def _start(self, record: GameRecord, options: GameOptions) -> GameRecord:
        seats = list(record.seats)
        try:
            options.validate(len(seats))
        except OptionsError as error:
            raise SessionError(str(error)) from error
        # R4.2 [Bot default]: random seat order, shown once the game starts.
        seed = random.SystemRandom().randrange(1, 2**62)
        order = list(seats)
        random.Random(seed).shuffle(order)
        seats = [replace(s, seat=i) for i, s in enumerate(order)]
        game = Game.new(len(seats), seed, options, checker_for(options))
        timers = self._turn_timers(record.id, record.version + 1, game, options)
        try:
            await self.store.start_game(record.id, record.version, seed=seed, state=game.to_json(),
                                        seats=seats, timers=timers)
        except StaleVersion as error:
            raise SessionError("The lobby changed meanwhile; try again.", stale=True) from error
        started = await self.record(record.id)
        first = seats[0]
        await self._notify(Update(record.id, record.channel_id, lobby=True,
                                  lines=["The game begins! Seat order: " + ", ".join(s.display_name for s in seats)],
                                  mention=first.user_id if not first.is_computer_controlled else None))
        if any(s.is_computer_controlled for s in seats):
            self.kick_computers(record.id)
        return started

    # ------------------------------------------------------------------ moves
    async def play(self, game_id: int, user_id: int, move: str, version: int | None) -> Loaded:
        """Apply ``move`` for the player ``user_id``; committed before this returns."""
        async with self.lock(game_id):
            loaded = await self.load(game_id)
            record = loaded.record
            if record.status != "playing":
                raise SessionError("This game is over.", stale=True)
            seat = loaded.seat_of(user_id)
            if seat is None:
                raise SessionError("You are not playing in this game.")
            if record.seats[seat].is_computer_controlled:
                raise SessionError("A computer player has taken over your seat.")
            if version is not None and version != record.version:
                raise SessionError("This view is out of date: here is the current one.", stale=True)
            loaded, events, seat_before = await self._apply(loaded, seat, move)
        await self._after(loaded, events, seat_before)
        return loaded

    async def _apply(self, loaded: Loaded, seat: int, move: str) -> tuple[Loaded, list[dict[str, Any]], int]:
        """Apply and commit one move (the caller holds the game's lock)."""
        game, record = loaded.game, loaded.record
        active_before = game.active_seat
        try:
            events = game.apply(seat, move)
        except IllegalMove as error:
            raise SessionError(str(error)) from error
        options = game.options
        outcome = outcome_from_game(game) if game.finished else None
        timers = [] if game.finished else self._turn_timers(record.id, record.version + 1, game, options)
        try:
            version = await self.store.commit_move(record.id, record.version, seat, game.move_log[-1][1],
                                                   game.to_json(), finished=game.finished, outcome=outcome,
                                                   timers=timers)
        except StaleVersion as error:
            raise SessionError("The game moved on meanwhile: here is the current view.", stale=True) from error
        record = replace(record, version=version, status="finished" if game.finished else record.status)
        return Loaded(record, game), events, active_before

    async def _after(self, loaded: Loaded, events: list[dict[str, Any]], seat_before: int) -> None:
        """Tell the channel what happened, then let computer players act."""
        game_id = loaded.record.id
        update = Update(game_id, loaded.record.channel_id, finished=loaded.game.finished)
        turn_ends = [i for i, e in enumerate(events) if e["type"] == "turn_end"]
        start = 0
        for end in turn_ends:
            seat = events[end]["seat"]
            line = turn_line(loaded.names[seat], events[start:end + 1])
            if line:
                update.lines.append(line)
            start = end + 1
        penny = penny_line(events)
        if penny:
            update.lines.append(penny)
        if any(e["type"] == "final_round" for e in events):
            update.lines.append("**Final round!** Someone reached the goal; the round is played out.")
        if any(e["type"] == "vote_start" for e in events):
            vote = next(e for e in events if e["type"] == "vote_start")
            update.lines.append(f"**{loaded.names[vote['seat']]}** asks the table to accept **{vote['word']}**: "
                                "open your hand to vote.")
            update.vote_mentions = [u for s in vote["voters"] if (u := loaded.user_of(s)) is not None]
        if any(e["type"] == "vote_result" for e in events):
            result = next(e for e in events if e["type"] == "vote_result")
            update.lines.append(f"The table {'accepted' if result['accepted'] else 'refused'} **{result['word']}**.")
        game = loaded.game
        if not game.finished and (game.active_seat != seat_before or turn_ends):
            update.mention = loaded.user_of(game.active_seat)
        await self._notify(update)
        if not game.finished and any(s.is_computer_controlled for s in loaded.record.seats):
            self.kick_computers(game_id)

    def _turn_timers(self, game_id: int, version: int, game: Game, options: GameOptions) -> list[Timer]:
        if not options.turn_timer or game.finished:
            return []
        now = self.clock()
        seat = game.active_seat
        return [Timer(game_id, "turn", now + options.turn_timer, seat=seat, payload={"version": version}),
                Timer(game_id, "reminder", now + options.turn_timer * 0.75, seat=seat,
                      payload={"version": version})]

    # ------------------------------------------------------------------ computer players
    def _ai_functions(self) -> tuple[ChooseMove, Callable[[Game, int], bool]]:
        if self._ai is None:
            self._ai = _default_ai()
        return self._ai

    def set_ai(self, choose: ChooseMove, wants: Callable[[Game, int], bool]) -> None:
        self._ai = (choose, wants)

    def kick_computers(self, game_id: int) -> None:
        """Start (or keep) the task that plays computer seats of this game until a human must act."""
        task = self._ai_tasks.get(game_id)
        if task is not None and not task.done():
            return
        self._ai_tasks[game_id] = asyncio.get_running_loop().create_task(self._run_computers(game_id))

    async def _run_computers(self, game_id: int) -> None:
        while True:
            await asyncio.sleep(self.ai_delay)
            async with self.lock(game_id):
                try:
                    loaded = await self.load(game_id)
                except SessionError:
                    return
                if loaded.record.status != "playing" or loaded.game.finished:
                    return
                choose, wants = self._ai_functions()
                seats = [s.seat for s in loaded.record.seats
                         if s.is_computer_controlled and wants(loaded.game, s.seat)]
                if not seats:
                    return
                seat = seats[0]
                strength = loaded.record.seats[seat].ai_strength or 2
                try:
                    move = await asyncio.to_thread(choose, _copy(loaded.game), seat, strength)
                    loaded, events, seat_before = await self._apply(loaded, seat, move)
                except SessionError as error:
                    log.error("computer player %s of game %s failed: %s", seat, game_id, error)
                    return
                except Exception:
                    log.exception("computer player %s of game %s crashed", seat, game_id)
                    return
            # kick_computers() inside _after sees this task still running, so it does not start another.
            await self._after(loaded, events, seat_before)

    async def wait_for_computers(self, game_id: int) -> None:
        """Test helper: wait until the computer players of a game have nothing to do."""
        while (task := self._ai_tasks.get(game_id)) is not None and not task.done():
            await asyncio.shield(task)

    async def close(self) -> None:
        for task in self._ai_tasks.values():
            task.cancel()
        for task in self._ai_tasks.values():
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._ai_tasks.clear()

    # ------------------------------------------------------------------ views
    async def view_for(self, game_id: int, user_id: int) -> tuple[Loaded, int | None, dict[str, Any]]:
        loaded = await self.load(game_id)
        seat = loaded.seat_of(user_id)
        view = player_view(loaded.game, seat) if seat is not None else public_view(loaded.game)
        return loaded, seat, view


def _copy(game: Game) -> Game:
    return Game.from_dict(game.to_dict(), checker=game.checker)


__all__ = ["Loaded", "Notifier", "SessionError", "Sessions", "Update"]
