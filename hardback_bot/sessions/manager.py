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
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

from hardback_bot.engine import Game, GameOptions, IllegalMove, Move, OptionsError
from hardback_bot.engine.events import Event
from hardback_bot.engine.moves import SYSTEM_MOVES, MoveKind, as_move, parse_move
from hardback_bot.engine.options import TUTORIAL_DEAL, TUTORIAL_LENGTH
from hardback_bot.engine.views import player_view, public_view
from hardback_bot.store import ChannelBusy, Delivery, GameRecord, Place, Seat, StaleVersion, Store, StoreError, Timer
from hardback_bot.store.results import outcome_from_game

from .access import Origin, check_origin
from .describe import computer_name, seat_name
from .messages import Refusal, Said, SessionError
from .notes import (
    GameBegins,
    GameEnded,
    Note,
    Reminder,
    SeatAway,
    SeatLeft,
    VotersTimedOut,
    YourTurn,
    announce,
    deliveries_for,
    ghost_request_id,
)
from .places import held_timers, hold
from .searching import decide_off_loop

if TYPE_CHECKING:
    from hardback_bot.i18n import Translator

log = logging.getLogger(__name__)

MAX_SEATS = 5
STRENGTH_NAMES = {1: "easy", 2: "normal", 3: "hard"}
ABSENT = 0  # ai_strength of a seat whose player was removed: it passes every decision (R33.2)


class Notifier(Protocol):
    """The Discord side. Sessions never tell it *what* to show: they commit, then say which game changed,
    and the notifier brings the channel up to what the store holds (the outbox, the table, the panels)."""

    async def changed(self, game_id: int) -> None: ...


class _Silent:
    async def changed(self, game_id: int) -> None:
        return None


@dataclass
class Loaded:
    record: GameRecord
    game: Game

    @property
    def names(self) -> list[str]:
        return [s.display_name for s in self.record.seats]

    def names_in(self, t: Translator) -> list[str]:
        """The seats' names in ``t``'s language (computer players are named in the reader's words)."""
        return [seat_name(s, t) for s in self.record.seats]

    @property
    def computers(self) -> list[bool]:
        return [s.is_computer_controlled for s in self.record.seats]

    def seat_of(self, user_id: int) -> int | None:
        return next((s.seat for s in self.record.seats if s.user_id == user_id), None)

    def user_of(self, seat: int) -> int | None:
        s = self.record.seats[seat]
        return None if s.is_computer_controlled else s.user_id


def table_options(chosen: Mapping[str, Any]) -> GameOptions:
    """Table options from chosen values (defaults, settings, command arguments), checked (SessionError)."""
    from hardback_bot.words import available_dictionaries

    names = available_dictionaries()
    name = str(chosen.get("dictionary", GameOptions().dictionary))
    if name not in names:
        raise SessionError("no_dictionary", name=repr(name[:40]), names=names)
    # The guided deal comes with Learn to play only (its people-then-computer seats, its plan), never from
    # a configured default or a command.
    chosen = {k: v for k, v in chosen.items() if k != "deal"}
    try:
        options = GameOptions.from_dict(dict(chosen))
        options.validate(1 if options.coop else 2)
    except OptionsError as error:
        raise SessionError("options_clash", reason=Refusal(error.code, error.params)) from error
    try:
        checker_for(options)
    except (KeyError, LookupError, ValueError) as error:
        raise SessionError("no_dictionary", name=repr(name[:40]), names=names) from error
    return options


def guided_options(options: GameOptions) -> GameOptions:
    """The guided first game's options (docs/tutorial.md): its fixed deal and short goal, hints on, the
    rules its plan relies on; the table keeps its ghostwriter and family-friendly choices."""
    return replace(options, deal=TUTORIAL_DEAL, length=TUTORIAL_LENGTH, hints=True, dictionary="common",
                   awards=True, adverts=True, unique_words="off", vote="off", coop=False, cycling=True,
                   turn_timer=0)


def checker_for(options: GameOptions) -> Any:
    from hardback_bot.words import get_dictionary

    return get_dictionary(options.dictionary)


ChooseMove = Callable[[Game, int, int], str]


def _default_ai() -> tuple[ChooseMove, Callable[[Game, int], bool]]:
    from hardback_bot.ai import choose_move, wants_to_act

    return choose_move, wants_to_act


# Moves another player may make at any time that change nothing but their own hand (R6).
OTHERS_TOKEN_MOVES: frozenset[MoveKind] = frozenset({"ink", "remover", "unremover"})


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
        self.timers_changed = asyncio.Event()  # wakes the timer dispatcher when deadlines change
        # Asked before a due timer acts: can the game's players be told of it now? Where they cannot (a group
        # DM nobody clicked in for 15 minutes) the timer waits for the game's next click (release_timers).
        self.timer_gate: Callable[[int], Awaitable[bool]] | None = None

    # ------------------------------------------------------------------ plumbing
    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    async def load(self, game_id: int) -> Loaded:
        try:
            record = await self.store.get_game(game_id)
        except StoreError as error:
            raise SessionError("no_game") from error
        if record.state is None:
            raise SessionError("not_started")
        options = GameOptions.from_dict(dict(record.options))
        return Loaded(record, Game.from_json(record.state, checker=checker_for(options)))

    async def record(self, game_id: int) -> GameRecord:
        try:
            return await self.store.get_game(game_id, with_state=False)
        except StoreError as error:
            raise SessionError("no_game") from error

    async def admit(self, game_id: int, origin: Origin) -> GameRecord:
        """The game a click names, once it is sure the click came from that game's channel (and, on a private
        panel, from its owner); SessionError otherwise, with nothing read of the game but where it is."""
        record = await self.record(game_id)
        check_origin(record, origin)
        return record

    async def notify(self, game_id: int) -> None:
        """Tell the Discord side that ``game_id`` changed (after a commit; never undoes or blocks it)."""
        await self._notify(game_id)

    async def _notify(self, game_id: int) -> None:
        try:
            await self.notifier.changed(game_id)
        except Exception:  # a failed delivery must never undo or block a committed move
            log.exception("notifying game %s failed", game_id)

    # ------------------------------------------------------------------ lobby
    async def check_new_table(self, channel_id: int, chosen: Mapping[str, Any]) -> GameOptions:
        """The options of a table about to open in ``channel_id``, checked: the channel must be free, the
        dictionary known, the options possible together. SessionError says what is wrong (nothing changes)."""
        if await self.store.running_game_in_channel(channel_id) is not None:
            raise SessionError("channel_busy")
        return table_options(chosen)

    async def open_lobby(self, guild_id: int, channel_id: int, host_id: int, host_name: str,
                         options: GameOptions, *, place: Place = "server", locale: str | None = None) -> GameRecord:
        options = await self.check_new_table(channel_id, options.to_dict())
        try:
            return await self.store.create_lobby(guild_id, channel_id, host_id=host_id, options=options.to_dict(),
                                                 seats=[Seat(0, host_name[:40], user_id=host_id)], place=place,
                                                 locale=locale)
        except ChannelBusy as error:
            raise SessionError("channel_taken") from error

    async def lobby_action(self, game_id: int, user_id: int, name: str, action: str,
                           *, can_manage: bool = False, strength: int = 2) -> tuple[GameRecord, Said]:
        """join / leave / computer / start / cancel.  Returns the new record and a reply (said by the cog)."""
        async with self.lock(game_id):
            record = await self.record(game_id)
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
                seats.append(Seat(len(seats), computer_name(number, label), ai_strength=strength))
                reply = Said(f"added_{label}")
            elif action == "cancel":
                if not host:
                    raise SessionError("host_cancels")
                await self.store.abandon_game(game_id, record.version)
                await self._notify(game_id)
                return await self.record(game_id), Said("lobby_cancelled")
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
                order = [*people, Seat(len(people), computer_name(1, "easy"), ai_strength=1)]
                return await self._start(record, guided_options(options), order=order), Said("guided_started")
            else:
                raise SessionError("unknown_lobby_action")
            seats = [replace(s, seat=i) for i, s in enumerate(seats)]
            try:
                await self.store.update_lobby(game_id, record.version, seats=seats)
            except StaleVersion as error:
                raise SessionError("lobby_changed", stale=True) from error
        await self._notify(game_id)
        return await self.record(game_id), reply

    async def rematch(self, game_id: int, user_id: int) -> GameRecord:
        """A new lobby with the seats and options of a finished game (PRODUCT.md, end)."""
        old = await self.record(game_id)
        if old.kind == "daily":
            raise SessionError("daily_no_rematch")  # one deal a day: tomorrow's is the next
        if old.status != "finished":
            raise SessionError("rematch_not_over")
        if not any(s.user_id == user_id for s in old.seats):
            raise SessionError("rematch_not_player")
        if await self.store.running_game_in_channel(old.channel_id) is not None:
            raise SessionError("rematch_busy")
        seats = [replace(s, seat=i) for i, s in enumerate(sorted(old.seats, key=lambda s: s.user_id != user_id))]
        seats = [replace(s, ai_strength=None) if s.user_id is not None else s for s in seats]
        options = dict(old.options)
        if options.get("deal") == TUTORIAL_DEAL:  # after the guided game, a real one (Learn to play is still there)
            options.pop("deal")
            options["length"] = GameOptions().length
        try:
            record = await self.store.create_lobby(old.guild_id, old.channel_id, host_id=user_id,
                                                   options=options, seats=seats, place=old.place,
                                                   locale=old.locale)
        except ChannelBusy as error:
            raise SessionError("rematch_busy") from error
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
        timers = self._turn_timers(record.id, game, options)
        begins = announce(record.id, GameBegins(), YourTurn(seat=game.active_seat))
        changed = options.to_dict() if options.to_dict() != dict(record.options) else None
        try:
            await self.store.start_game(record.id, record.version, seed=seed, state=game.to_json(),
                                        options=changed, seats=seats, timers=timers, deliveries=[begins])
        except StaleVersion as error:
            raise SessionError("lobby_changed", stale=True) from error
        started = await self.record(record.id)
        await self._notify(record.id)
        if any(s.is_computer_controlled for s in seats):
            self.kick_computers(record.id)
        return started

    # ------------------------------------------------------------------ moves
    async def play(self, game_id: int, user_id: int, move: Move | str | Sequence[Move | str], version: int | None,
                   *, ghost_request: int | None = None) -> Loaded:
        """Apply ``move`` for the player ``user_id``; committed before this returns. A list is one click that
        takes several steps (confirm a word and answer its uncover question; keep the row and buy): the
        first move must be legal, the others are applied while they still are, all in one commit.
        ``ghost_request``: the move answers that ghostwriter request, refused once the request is over.
        Moves only the bot makes (the timer's) are refused."""
        steps = [move] if isinstance(move, (Move, str)) else list(move)
        try:
            parsed = [as_move(m) for m in steps]
        except IllegalMove as error:
            raise SessionError.refusal(error) from error
        if not parsed:
            raise SessionError("does_nothing")
        if any(m.kind in SYSTEM_MOVES for m in parsed):
            raise SessionError("not_offered")
        async with self.lock(game_id):
            loaded = await self.load(game_id)
            record = loaded.record
            if record.status != "playing" or loaded.game.finished:
                raise SessionError("game_over", stale=True)
            seat = loaded.seat_of(user_id)
            if seat is None:
                raise SessionError("not_playing")
            if record.seats[seat].is_computer_controlled:
                raise SessionError("computer_seat")
            if version is not None and not await self.still_current(loaded, seat, version):
                raise SessionError("out_of_date", stale=True)
            if ghost_request is not None and ghost_request_id(loaded.game) != ghost_request:
                raise SessionError("ghost_request_over")
            moves = parsed if len(parsed) == 1 else still_legal(loaded.game, seat, parsed)
            loaded, events, seat_before = await self._apply_many(loaded, [(seat, m) for m in moves])
        await self._after(loaded, events, seat_before)
        return loaded

    async def suggest(self, game_id: int, user_id: int, word: str, request: int) -> Loaded:
        """A ghostwriter suggestion for one request (R30): its thread or its button names the request."""
        return await self.play(game_id, user_id, f"suggest {word}", None, ghost_request=request)

    async def still_current(self, loaded: Loaded, seat: int, version: int) -> bool:
        """Whether a view drawn at ``version`` still holds for ``seat``.

        It does when nothing changed since, and also when every commit since then was another
        player's ink or remover (R6.1, R6.5, R6.6): those change only that player's own hand, so
        the word this seat was previewing, or the card it was buying, means the same.  Anything
        else (a move of this seat, a seat change, any other move) makes the view out of date.
        """
        now = loaded.record.version
        if version == now:
            return True
        if version > now or loaded.game.options.coop:
            return False  # co-op: an ink draw may feed Penny (R29.8), the whole team's concern
        since = await self.store.moves_after_version(loaded.record.id, version)
        if {m.version for m in since} != set(range(version + 1, now + 1)):
            return False  # some commit since then was not a move (a seat changed hands, say)
        return all(m.seat != seat and _logged_kind(m.move) in OTHERS_TOKEN_MOVES for m in since)

    async def hands_penny_the_game(self, game_id: int, user_id: int, moves: Sequence[Move]) -> bool:
        """Whether ``moves`` would end a co-op game by giving Penny her goal (R29.8 wants a confirmation)."""
        if not any(m.kind in ("ink", "convert", "buy") for m in moves):
            return False
        loaded = await self.load(game_id)
        seat = loaded.seat_of(user_id)
        return seat is not None and penny_would_win(loaded.game, seat, still_legal(loaded.game, seat, moves))

    async def _apply(self, loaded: Loaded, seat: int, move: Move | str) -> tuple[Loaded, list[Event], int]:
        """Apply and commit one move (the caller holds the game's lock)."""
        return await self._apply_many(loaded, [(seat, move)])

    async def _apply_many(self, loaded: Loaded, moves: Sequence[tuple[int, Move | str]], *,
                          notes: list[Note] | None = None) -> tuple[Loaded, list[Event], int]:
        """Apply moves and commit them in one transaction with what the channel must be told (the outbox);
        nothing is stored if any move is refused."""
        record = loaded.record
        game = loaded.game.clone()  # refusals leave loaded intact
        active_before = game.active_seat
        request_before = ghost_request_id(game)
        events: list[Event] = []
        try:
            for seat, move in moves:
                events += game.apply(seat, move)
        except IllegalMove as error:
            raise SessionError.refusal(error) from error
        options = game.options
        outcome = outcome_from_game(game) if game.finished else None
        timers = [] if game.finished else self._turn_timers(record.id, game, options)
        logged = game.move_log[-len(moves):]
        deliveries = deliveries_for(record.id, game, events, active_before, extra=notes or (),
                                    request_before=request_before)
        try:
            version = await self.store.commit_moves(record.id, record.version, logged, game.to_json(),
                                                    finished=game.finished, outcome=outcome, timers=timers,
                                                    deliveries=deliveries)
        except StaleVersion as error:
            raise SessionError("moved_on", stale=True) from error
        self.timers_changed.set()
        record = replace(record, version=version, status="finished" if game.finished else record.status)
        return Loaded(record, game), events, active_before

    async def _after(self, loaded: Loaded, events: list[Event], seat_before: int) -> None:
        """The commit is stored with its deliveries: let the channel catch up, then computer players act."""
        game_id = loaded.record.id
        await self._notify(game_id)
        if not loaded.game.finished and any(s.is_computer_controlled for s in loaded.record.seats):
            self.kick_computers(game_id)

    def _turn_timers(self, game_id: int, game: Game, options: GameOptions) -> list[Timer]:
        """The turn timer and its reminder for whoever must act now (R33.4); a vote has one too."""
        if not options.turn_timer or game.finished:
            return []
        now = self.clock()
        deadline = now + options.turn_timer
        # Staleness is judged by the number of moves, not the version: seat changes bump the version.
        payload = {"moves": len(game.move_log), "deadline": deadline}
        kind = "vote" if game.phase == "vote" else "turn"
        seat = None if kind == "vote" else game.active_seat
        return [Timer(game_id, kind, deadline, seat=seat, payload=payload),
                Timer(game_id, "reminder", now + options.turn_timer * 0.75, seat=seat, payload=payload)]

    async def handle_timer(self, timer: Timer) -> None:
        """A stored timer came due: remind, or apply the timeout move (R33.2) and the AFK policy."""
        after: tuple[Loaded, list[Event], int] | None = None
        reminded = False
        async with self.lock(timer.game_id):
            try:
                loaded = await self.load(timer.game_id)
            except SessionError:
                await self._drop_timer(timer)
                return
            record = loaded.record
            if record.status != "playing" or timer.payload.get("moves") != len(loaded.game.move_log):
                await self._drop_timer(timer)  # the game moved on since the timer was set
                return
            if self.timer_gate is not None and not await self.timer_gate(record.id):
                await hold(self.store, timer, self.clock())
                return
            game = loaded.game
            if timer.kind == "reminder":
                seats = [s for s in deciders(game) if loaded.user_of(s) is not None]
                # The deadline as it stands now (a restart moves it), not as it was when the reminder was set.
                current = await self.current_deadline(record.id, len(game.move_log))
                when = int(current if current is not None else timer.payload.get("deadline", self.clock()))
                rows = [announce(record.id, Reminder(seats=tuple(seats), deadline=when))] if seats else []
                if timer.id is not None:
                    reminded = await self.store.fire_timer(timer.id, rows) and bool(rows)
            else:
                moves = [(s, "timeout") for s in deciders(game)]
                # A vote's voters time out without a turn line of their own: say so once; the active
                # player's timeout is said by their turn's line.
                voters = [s for s, _ in moves if s != game.active_seat or game.phase == "vote"]
                notes: list[Note] = [VotersTimedOut(seats=tuple(voters))] if voters and game.phase == "vote" else []
                after = await self._apply_many(loaded, moves, notes=notes)
                loaded = after[0]
                settings = await self.store.get_guild_settings(record.guild_id)
                replaced = await self._afk(loaded, [s for s, _ in moves], settings.afk_misses, settings.afk_policy)
                if replaced is not None:
                    after = (replaced, after[1], after[2])
        if reminded:
            await self._notify(timer.game_id)
        if after is not None:
            await self._after(*after)

    async def release_timers(self, game_id: int) -> None:
        """A click came in a game whose timers were held (nobody could be told when they came due): they act
        now, before the click itself, as they would have at their time."""
        for timer in await held_timers(self.store, game_id):
            try:
                await self.handle_timer(timer)
            except Exception:
                log.exception("held timer %s of game %s failed", timer.id, timer.game_id)
                await self._drop_timer(timer)

    async def current_deadline(self, game_id: int, moves: int) -> float | None:
        """The deadline of the decision the game waits for after ``moves`` moves (turn or vote), if timed."""
        timers = await self.store.game_timers(game_id)
        return next((t.deadline for t in timers if t.kind in ("turn", "vote") and t.payload.get("moves") == moves),
                    None)

    async def _drop_timer(self, timer: Timer) -> None:
        if timer.id is not None:
            await self.store.delete_timer(timer.id)

    async def _afk(self, loaded: Loaded, seats: list[int], misses: int, policy: str) -> Loaded | None:
        """After ``misses`` timeouts in a row a seat goes to a computer player, or passes every turn."""
        moves = await self.store.get_moves(loaded.record.id)
        record = loaded.record
        changed = False
        for seat in seats:
            seat_moves = [m.move for m in moves if m.seat == seat]
            streak = 0
            for move in reversed(seat_moves):
                if move != "timeout":
                    break
                streak += 1
            current = record.seats[seat]
            if streak < misses or current.is_computer_controlled:
                continue
            if policy == "remove":
                replacement = replace(current, ai_strength=ABSENT, display_name=f"{current.display_name} (absent)"[:40])
            else:
                replacement = replace(current, ai_strength=2, display_name=f"{current.display_name} (computer)"[:40])
            note = announce(record.id, SeatAway(seat=seat, misses=streak, policy=policy, name=current.display_name))
            version = await self.store.replace_seat(record.id, record.version, replacement, deliveries=[note])
            seats_now = tuple(replacement if s.seat == seat else s for s in record.seats)
            record = replace(record, version=version, seats=seats_now)
            changed = True
        return Loaded(record, loaded.game) if changed else None

    async def end_game(self, game_id: int, user_id: int, can_manage: bool) -> None:
        """The host (or Manage Channels) ends a running game; it is kept as abandoned history."""
        async with self.lock(game_id):
            record = await self.record(game_id)
            if record.status not in ("lobby", "playing"):
                raise SessionError("already_over", stale=True)
            if user_id != record.host_id and not can_manage:
                raise SessionError("host_ends")
            rows: list[Delivery] = []
            if record.status == "playing":
                rows.append(announce(game_id, GameEnded(by=user_id)))
                request = ghost_request_id((await self.load(game_id)).game)
                if request is not None:
                    rows.append(Delivery(game_id, "ghost_close", {"request": request}))
            await self.store.abandon_game(game_id, deliveries=rows)
            self.timers_changed.set()
            # Cancelled under the game's lock: a computer mid-turn cannot commit after the end.
            task = self._ai_tasks.pop(game_id, None)
            if task is not None:
                task.cancel()
        await self._notify(game_id)

    async def leave(self, game_id: int, user_id: int) -> Said:
        """A player drops out of a running game: a computer player takes the seat."""
        async with self.lock(game_id):
            loaded = await self.load(game_id)
            seat = loaded.seat_of(user_id)
            if seat is None or loaded.record.status != "playing":
                raise SessionError("not_in_running_game")
            if loaded.record.kind == "daily":
                raise SessionError("daily_no_leave")  # a computer must not finish somebody's daily
            current = loaded.record.seats[seat]
            if current.is_computer_controlled:
                raise SessionError("already_computer")
            replacement = replace(current, ai_strength=2, display_name=f"{current.display_name} (computer)"[:40])
            note = announce(game_id, SeatLeft(seat=seat, name=current.display_name))
            await self.store.replace_seat(game_id, loaded.record.version, replacement, deliveries=[note])
            self.timers_changed.set()
        await self._notify(game_id)
        self.kick_computers(game_id)
        return Said("left_game")

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
                game = loaded.game
                waiting = deciders(game)
                absent = [s.seat for s in loaded.record.seats if s.ai_strength == ABSENT and s.seat in waiting]
                if absent:
                    seat, strength = absent[0], ABSENT
                else:
                    choose, wants = self._ai_functions()
                    seats = [s.seat for s in loaded.record.seats
                             if s.is_computer_controlled and wants(game, s.seat)]
                    if not seats:
                        return
                    seat = seats[0]
                    strength = loaded.record.seats[seat].ai_strength or 2
                try:
                    if strength == ABSENT:
                        move = "timeout"
                    else:
                        move = await decide_off_loop(choose, game.clone(), seat, strength)  # a search worker
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

    async def run_timers(self) -> None:
        """Serve every stored timer: sleep until the next deadline, handle what is due (forever)."""
        while True:
            self.timers_changed.clear()
            nxt = await self.store.next_timer()
            delay = 60.0 if nxt is None else nxt.deadline - self.clock()
            if delay > 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.timers_changed.wait(), timeout=min(delay, 60.0))
                continue
            for timer in await self.store.due_timers(now=self.clock()):
                try:
                    await self.handle_timer(timer)
                except Exception:
                    log.exception("timer %s of game %s failed", timer.id, timer.game_id)
                    await self._drop_timer(timer)

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


def penny_would_win(game: Game, seat: int, move: Move | str | Sequence[Move | str]) -> bool:
    """Whether ``move`` ends a co-op game by giving Penny Dreadful her goal (tried on a copy)."""
    if not game.options.coop or game.finished:
        return False
    trial = game.clone()
    try:
        for m in [move] if isinstance(move, (Move, str)) else move:
            trial.apply(seat, m)
    except IllegalMove:
        return False  # the real attempt will explain the refusal
    return trial.finished and trial.state.penny.get("score", 0) >= trial.goal


def still_legal(game: Game, seat: int, moves: Sequence[Move]) -> list[Move]:
    """The moves of one click that still apply, in order: all of the first (a refusal is the player's to
    hear), then each next one while it is legal (a step the game already took by itself is dropped)."""
    if not moves:
        raise SessionError("does_nothing")
    trial = game.clone()
    kept = [moves[0]]
    try:
        trial.apply(seat, moves[0])
    except IllegalMove:
        return kept  # the real attempt explains the refusal
    for move in moves[1:]:
        if trial.finished:
            break
        try:
            trial.apply(seat, move)
        except IllegalMove:
            break
        kept.append(move)
    return kept


def deciders(game: Game) -> list[int]:
    """The seats the game waits for now: the voters yet to vote during a vote, else the active player."""
    if game.finished:
        return []
    if game.phase == "vote":
        return [s for s in range(game.num_players) if any(m.kind == "vote" for m in game.legal_moves(s))]
    return [game.active_seat]


def _copy(game: Game) -> Game:
    return game.clone()


def _logged_kind(move: str) -> MoveKind | None:
    """The kind of a move of the stored log (the engine's own notation), None if it does not read."""
    try:
        return parse_move(move).kind
    except IllegalMove:
        return None


__all__ = ["Loaded", "Notifier", "Said", "SessionError", "Sessions"]
