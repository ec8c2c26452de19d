"""The sessions' core: one lock per game, loading, and the one way a move is committed (apply on a copy,
commit with the outbox rows and timers, then tell the Discord side and let computer players act).

Computer players live here too: they commit through the same path, from their own task per game.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from hardback_bot.engine import Game, GameOptions, IllegalMove, Move
from hardback_bot.engine.events import Event
from hardback_bot.store import (
    DeadlineReminder,
    Due,
    GameRecord,
    StaleVersion,
    Store,
    StoreError,
    Timer,
    TurnDeadline,
    VoteDeadline,
)
from hardback_bot.store.results import outcome_from_game

from .access import Origin, check_away, check_origin
from .alerts import turn_alerts
from .game_threads import TURN_BASED_OVER
from .judging import deciders
from .learners import COACH_GAMES
from .loaded import Loaded, Notifier, Silent, checker_for
from .messages import SessionError
from .notes import Note, deliveries_for, ghost_request_id
from .searching import decide_off_loop

log = logging.getLogger(__name__)

MAX_SEATS = 5
STRENGTH_NAMES = {1: "easy", 2: "normal", 3: "hard", 4: "expert"}
ABSENT = 0  # ai_strength of a seat whose player was removed: it passes every decision (R33.2)
ChooseMove = Callable[[Game, int, int], Move]
# Reminders of a long deadline (a turn-based move over days) come at half time and once more shortly before it,
# so a player who looks in once a day is told in time; a real-time timer has one, at three quarters.
LONG_TIMER = 12 * 3600
LAST_CALL = 2 * 3600
KNOWN_PLACES = 5000  # games whose last read record admit_form remembers
KEPT_STATES = 256  # games whose last loaded state a form may show without a read (form_game)
KEPT_GAMES = 256  # games whose last states are kept decoded (Decoded)
DECODED_DEPTH = 3  # states kept decoded of each game: the newest and those a late reader may still ask for


class Decoded:
    """Each game's newest states, kept decoded: a click reads the record, and decodes its state only when the text
    is none of those kept (another process committed, or the bot just started). Every commit of this process
    hands its game over, so the click that made it, the relay that tells the channel and the panels it redraws
    all read that one game: about one decode per game per process instead of five to seven per click.

    Kept games are never changed: every move is applied to a copy (``SessionsCore.apply_and_commit``), and
    readers that try moves clone first. The text is compared whole, not by version: a database restored from a
    backup can reach a version number again with another state. The last few states of a game are kept, not only
    the newest: a reader that read the store just before a commit (a relay pass, a form drawn from the record its
    panel came from) finds the state it read without decoding it again."""

    def __init__(self, size: int = KEPT_GAMES, depth: int = DECODED_DEPTH) -> None:
        self._games: OrderedDict[int, list[tuple[int, str, Game]]] = OrderedDict()  # the last kept first
        self.size, self.depth = size, depth
        self.count = 0  # decodes so far (a test holds a click to at most one)

    def loaded(self, record: GameRecord) -> Loaded:
        assert record.state is not None
        kept = self._games.get(record.id, [])
        for _, state, game in kept:
            if state == record.state:
                self._games.move_to_end(record.id)
                return Loaded(record, game)
        options = GameOptions.from_dict(dict(record.options))
        game = Game.from_json(record.state, checker=checker_for(options))
        self.count += 1
        self.keep(record.id, record.version, record.state, game)
        return Loaded(record, game)

    def keep(self, game_id: int, version: int, state: str, game: Game) -> None:
        """``game`` is what ``state`` decodes to (a commit's own game and the text it stored, at ``version``)."""
        # The last kept first, whatever its version: a late reader's older state does not push the newest out
        # (depth > 1), and after a restore from a backup the versions start again lower.
        others = [entry for entry in self._games.get(game_id, []) if entry[1] != state]
        self._games[game_id] = [(version, state, game), *others][:self.depth]
        self._games.move_to_end(game_id)
        while len(self._games) > self.size:
            self._games.popitem(last=False)


def _check(record: GameRecord, origin: Origin, away: bool) -> None:
    try:
        check_origin(record, origin)
    except SessionError as error:
        if not away or error.code != "elsewhere":
            raise
        check_away(record, origin)


def default_ai() -> tuple[ChooseMove, Callable[[Game, int], bool]]:
    from hardback_bot.ai import choose_move, wants_to_act

    return choose_move, wants_to_act


def reminder_offsets(turn_timer: int) -> tuple[float, ...]:
    """When a decision's reminders come, in seconds after its clock starts."""
    if turn_timer >= LONG_TIMER:
        return turn_timer / 2, turn_timer - LAST_CALL
    return (turn_timer * 0.75,)


class SessionsCore:
    """What every part of the sessions shares (sessions/manager.py gives it to each): the store, one lock per
    game, loading, the one way moves are committed and the channel told, the turn timers a commit sets, and the
    computer players."""

    def __init__(self, store: Store, notifier: Notifier | None = None, *, ai_delay: float = 1.2,
                 clock: Callable[[], float] = time.time, coach_games: int = COACH_GAMES) -> None:
        self.store = store
        self.coach_games = coach_games  # a player's first games keep the coach (sessions/coaching.py)
        self.notifier: Notifier = notifier or Silent()
        self.ai_delay = ai_delay
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}
        self._ai_tasks: dict[int, asyncio.Task[None]] = {}
        self._closed = False  # the bot is stopping: no computer starts a turn its store may not see the end of
        self._ai: tuple[ChooseMove, Callable[[Game, int], bool]] | None = None
        self.timers_changed = asyncio.Event()  # wakes the timer dispatcher (sessions.timers) when deadlines change
        self._known: OrderedDict[int, GameRecord] = OrderedDict()  # each game's last read record (admit_form)
        self._states: OrderedDict[int, GameRecord] = OrderedDict()  # each game's last loaded record (form_game)
        self.decoded = Decoded()

    # ------------------------------------------------------------------ plumbing
    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    async def load(self, game_id: int) -> Loaded:
        try:
            record = await self.store.games.get_game(game_id)
        except StoreError as error:
            raise SessionError("no_game") from error
        if record.state is None:
            raise SessionError("not_started")
        self._states[game_id] = record
        self._states.move_to_end(game_id)
        if len(self._states) > KEPT_STATES:
            self._states.popitem(last=False)
        return self.decoded.loaded(record)

    async def form_game(self, game_id: int, version: int | None = None) -> Loaded:
        """The game a form about to open shows (a player's letters): a form must be the click's first answer,
        within Discord's 3 s, so the game as last loaded serves when it is the version the click names (the
        panel it came from was drawn from it); otherwise, or with no version named, it is read."""
        kept = self._states.get(game_id)
        if kept is not None and version is not None and kept.version == version:
            return self.decoded.loaded(kept)
        return await self.load(game_id)

    async def record(self, game_id: int) -> GameRecord:
        try:
            record = await self.store.games.get_game(game_id, with_state=False)
        except StoreError as error:
            raise SessionError("no_game") from error
        self._known[game_id] = record
        self._known.move_to_end(game_id)
        if len(self._known) > KNOWN_PLACES:
            self._known.popitem(last=False)
        return record

    async def admit(self, game_id: int, origin: Origin, *, away: bool = False) -> GameRecord:
        """The game a click names, once it is sure the click came from that game's channel (and, on a private
        panel, from its owner); SessionError otherwise, with nothing read of the game but where it is.
        ``away``: the click is one a seat makes on its own hand, which may also come from the clicker's own
        private panel elsewhere (access.check_away: a hand opened from /hardback games)."""
        record = await self.record(game_id)
        _check(record, origin, away)
        return record

    async def admit_form(self, game_id: int, origin: Origin, *, away: bool = False) -> GameRecord:
        """:meth:`admit` for a click whose first answer is a form: a form must come within Discord's 3 s and
        before anything else, so a check the game's last read record passes needs no new read. A game's server,
        channel and kind of place never change and its threads are only added, so that pass is the pass a
        read would give; the form changes nothing, and what it sends is admitted afresh. The record returned
        is good for where the game is, not for its state. Anything the remembered record refuses is read."""
        known = self._known.get(game_id)
        if known is not None:
            with contextlib.suppress(SessionError):
                _check(known, origin, away)
                return known
        return await self.admit(game_id, origin, away=away)

    async def notify(self, game_id: int) -> None:
        """Tell the Discord side that ``game_id`` changed (after a commit; never undoes or blocks it)."""
        try:
            await self.notifier.changed(game_id)
        except Exception:  # a failed delivery must never undo or block a committed move
            log.exception("notifying game %s failed", game_id)

    # ------------------------------------------------------------------ committing moves
    async def apply_one(self, loaded: Loaded, seat: int, move: Move) -> tuple[Loaded, list[Event], int]:
        """Apply and commit one move (the caller holds the game's lock)."""
        return await self.apply_and_commit(loaded, [(seat, move)])

    async def apply_and_commit(self, loaded: Loaded, moves: Sequence[tuple[int, Move]], *,
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
        state = game.to_json()
        outcome = outcome_from_game(game) if game.finished else None
        away = await self.away_until(record.id, options) if not game.finished else {}
        timers = [] if game.finished else self.turn_timers(record.id, game, options, away)
        logged = [(entry.seat, str(entry.move)) for entry in game.move_log[-len(moves):]]  # stored as text
        deliveries = deliveries_for(record.id, game, events, active_before, extra=notes or (),
                                    request_before=request_before)
        # A turn that begins now: its player's alert, if they asked for one (sessions/alerts.py).
        alerts, later = await turn_alerts(self.store, record, game, (loaded.game.state.round, active_before),
                                          self.clock())
        deliveries += alerts
        timers += later
        try:
            version = await self.store.games.commit_moves(record.id, record.version, logged, state,
                                                          finished=game.finished, outcome=outcome, timers=timers,
                                                          deliveries=deliveries)
        except StaleVersion as error:
            raise SessionError("moved_on", stale=True) from error
        self.timers_changed.set()
        record = replace(record, version=version, status="finished" if game.finished else record.status,
                         state=state)
        self.decoded.keep(record.id, version, state, game)
        return Loaded(record, game), events, active_before

    async def after_commit(self, loaded: Loaded, events: list[Event], seat_before: int) -> None:
        """The commit is stored with its deliveries: let the channel catch up, then computer players act."""
        game_id = loaded.record.id
        await self.notify(game_id)
        if not loaded.game.finished and any(s.is_computer_controlled for s in loaded.record.seats):
            self.kick_computers(game_id)

    def turn_timers(self, game_id: int, game: Game, options: GameOptions,
                    away: Mapping[int, float] | None = None) -> list[Timer]:
        """The turn timer and its reminders for whoever must act now (R33.4); a vote has them too. ``away``:
        seats on vacation and when it ends; a decision waiting for one of them starts its clock then."""
        if not options.turn_timer or game.finished:
            return []
        vote = game.phase == "vote"
        seat = None if vote else game.active_seat
        start = max([self.clock(), *((away or {}).get(s, 0.0) for s in deciders(game))])
        deadline = start + options.turn_timer
        # Staleness is judged by the number of moves, not the version: seat changes bump the version.
        moves = len(game.move_log)
        due: Due = VoteDeadline(moves, deadline) if vote else TurnDeadline(moves, deadline)
        return [Timer(game_id, due, deadline, seat=seat),
                *(Timer(game_id, DeadlineReminder(moves, deadline), start + at, seat=seat)
                  for at in reminder_offsets(options.turn_timer))]

    async def away_until(self, game_id: int, options: GameOptions) -> dict[int, float]:
        """The seats of a turn-based game on vacation now, and when each comes back (sessions/vacation.py)."""
        if options.turn_timer <= TURN_BASED_OVER:
            return {}
        now = self.clock()
        return {seat: v.until for seat, v in (await self.store.vacations.vacations(game_id)).items() if v.until > now}

    # ------------------------------------------------------------------ computer players
    def _ai_functions(self) -> tuple[ChooseMove, Callable[[Game, int], bool]]:
        if self._ai is None:
            self._ai = default_ai()
        return self._ai

    def set_ai(self, choose: ChooseMove, wants: Callable[[Game, int], bool]) -> None:
        self._ai = (choose, wants)

    def kick_computers(self, game_id: int) -> None:
        """Start (or keep) the task that plays computer seats of this game until a human must act."""
        if self._closed:  # a click answered while the bot stops: the next start lets the computers play on
            return
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
                        move = Move("timeout")
                    else:
                        move = await decide_off_loop(choose, game.clone(), seat, strength)  # a search worker
                    loaded, events, seat_before = await self.apply_one(loaded, seat, move)
                except SessionError as error:
                    log.error("computer player %s of game %s failed: %s", seat, game_id, error)
                    return
                except Exception:
                    log.exception("computer player %s of game %s crashed", seat, game_id)
                    return
            # kick_computers() inside _after sees this task still running, so it does not start another.
            await self.after_commit(loaded, events, seat_before)

    def stop_computers(self, game_id: int) -> None:
        """The game ended: its computer players stop (called under the game's lock, so none commits after)."""
        task = self._ai_tasks.pop(game_id, None)
        if task is not None:
            task.cancel()

    async def wait_for_computers(self, game_id: int) -> None:
        """Test helper: wait until the computer players of a game have nothing to do."""
        while (task := self._ai_tasks.get(game_id)) is not None and not task.done():
            await asyncio.shield(task)

    async def close(self) -> None:
        self._closed = True
        for task in self._ai_tasks.values():
            task.cancel()
        for task in self._ai_tasks.values():
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._ai_tasks.clear()


__all__ = ["ABSENT", "MAX_SEATS", "STRENGTH_NAMES", "ChooseMove", "SessionsCore", "default_ai", "reminder_offsets"]
