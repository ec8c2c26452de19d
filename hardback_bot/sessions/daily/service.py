"""The daily deal's sessions: start or resume a player's daily, compute the day's par once, read the result.

A daily is an ordinary stored game (``kind = 'daily'``), played in the player's own thread (the Discord side
makes it: ``make_thread``), so everything a game does — panels, the table, timers, a restart — works for it
unchanged. What is the daily's own:

- **One attempt per player and day.** A start first claims the (day, player) row in the store; the start
  that made the claim makes the thread and deals the game, in one transaction with the claim's link to it.
  Every other start of that player that day — a second click, another server, another process — finds the
  row and resumes that game (while the first start is still dealing, it waits for it a moment). A start
  that died before dealing leaves a claim that a later start takes over after ``SETUP_LEASE`` seconds.
- **The par, computed once.** The first start of a day (and the bot's background task) asks for the par:
  the process that claims ``daily_pars`` for the day plays the deal with a computer player in a search
  worker (:func:`~.deal.play_par`, never on the event loop) and stores the result; any other process finds
  the claim and computes nothing. A claim whose process died is taken over after ``PAR_LEASE``.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
import os
import socket
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Literal

from hardback_bot.engine import GameOptions
from hardback_bot.store import GameRecord, StoreError
from hardback_bot.store.daily import DailyAttempt, DailyEntry, DailyPar, DailyStreaks
from hardback_bot.store.sql import SqlStore

from ..loaded import checker_for
from ..manager import Sessions
from ..messages import SessionError
from ..notes import GameBegins, YourTurn, announce
from ..searching import SearcherStopped, off_loop_async
from ..turn_history import ReplayError, stored_log, walk_turns
from .deal import PAR_STRENGTH, Deal, day_of, deal_of, play_par

log = logging.getLogger(__name__)

SETUP_LEASE = 30.0  # seconds a start may take to make its thread and deal before another start takes over
PAR_LEASE = 15 * 60.0  # a par claim older than this without a score is taken over (its process died)
PAR_TIMEOUT = 10 * 60.0  # the longest the par's search-worker job may run
DEAL_WAIT = 8.0  # how long a second start waits for the first one to finish dealing
DEAL_POLL = 0.1

Status = Literal["started", "resumed", "finished", "ended", "pending"]
@dataclass(frozen=True)
class InDM:
    """Where a daily goes when no thread can be opened for it: the bot's DM with the player (channel id)."""

    channel_id: int


# Makes the daily's private thread and returns its id, or InDM when none can be had (docs/commands.md, Daily).
ThreadMaker = Callable[[Deal], Awaitable[int | InDM]]


@dataclass(frozen=True, slots=True)
class DailyStart:
    """What a start found: ``started`` (this start dealt it), ``resumed`` (being played), ``finished``,
    ``ended`` (given up) or ``pending`` (another start is still dealing it)."""

    status: Status
    attempt: DailyAttempt
    record: GameRecord | None = None


@dataclass(frozen=True, slots=True)
class DailyResult:
    """A finished daily, as its card, its share line and the boards say it (no word or letter of the deal)."""

    day: str
    user_id: int
    display_name: str
    score: int
    won: bool
    penny_score: int
    words: int
    turns: tuple[int, ...]  # the prestige each turn earned, in order
    par: DailyPar | None
    server: tuple[int, int]  # (place, players) on this server's board of the day
    world: tuple[int, int]  # the same on every server's
    attempt: DailyAttempt

    @property
    def par_score(self) -> int | None:
        return self.par.score if self.par is not None else None

    @property
    def beat_par(self) -> bool:
        return self.par_score is not None and self.score > self.par_score


class DailyService:
    """The daily deal over the game sessions (``Sessions``); one per bot process."""

    def __init__(self, sessions: Sessions, *, strength: int = PAR_STRENGTH, owner: str | None = None) -> None:
        if not isinstance(sessions.store, SqlStore):
            raise TypeError("the daily needs one of the bot's SQL stores")
        self.sessions = sessions
        self.room = sessions.store.daily
        self.strength = strength
        self.owner = owner or f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self._locks: dict[tuple[str, int], asyncio.Lock] = {}
        self._waiting: dict[tuple[str, int], int] = {}
        self._par_tasks: dict[str, asyncio.Task[None]] = {}
        # Called with a day once its par is stored here (the bot posts the result cards that waited for it).
        self.par_listeners: list[Callable[[str], Awaitable[None]]] = []

    def today(self) -> dt.date:
        return day_of(self.sessions.store.now())

    # ------------------------------------------------------------------ starting and resuming
    async def start(self, user_id: int, name: str, guild_id: int, channel_id: int,
                    make_thread: ThreadMaker) -> DailyStart:
        """Today's daily of ``user_id``: dealt now in a new thread (``make_thread``), or the one already
        claimed. Whatever ``make_thread`` raises is raised here, with the claim given back."""
        deal = deal_of(self.today())
        key = (deal.key, user_id)
        lock = self._locks.setdefault(key, asyncio.Lock())
        self._waiting[key] = self._waiting.get(key, 0) + 1
        try:
            async with lock:  # starts in this process take turns; other processes are held off by the claim
                start = await self._start(deal, user_id, name, guild_id, channel_id, make_thread)
        finally:
            self._waiting[key] -= 1
            if not self._waiting[key]:  # nobody else waits on it: forget it (one lock per player and day)
                del self._waiting[key]
                self._locks.pop(key, None)
        if start.status == "started":
            self.par_soon(deal.key)
        return start

    async def _start(self, deal: Deal, user_id: int, name: str, guild_id: int, channel_id: int,
                     make_thread: ThreadMaker) -> DailyStart:
        token = uuid.uuid4().hex
        claim = await self.room.claim(deal.key, user_id, guild_id=guild_id, channel_id=channel_id,
                                      display_name=name, token=token, lease=SETUP_LEASE)
        if not claim.owner:
            attempt = claim.attempt
            if attempt.game_id is None:
                attempt = await self._wait_for_deal(deal.key, user_id) or attempt
            return await self.found(attempt)
        thread_id = claim.attempt.thread_id
        place = "server"
        if thread_id is None:
            try:
                made = await make_thread(deal)
            except BaseException:
                await self.room.release(deal.key, user_id, token)
                raise
            if isinstance(made, InDM):  # not kept before the deal: a start that dies here asks for a thread again
                thread_id, place = made.channel_id, "dm"
            else:
                thread_id = made
                await self.room.set_thread(deal.key, user_id, token, thread_id)
        game = deal.new_game(checker_for(deal.options))
        begins = announce(0, GameBegins(), YourTurn(seat=game.active_seat))
        game_id = await self.room.create_game(deal.key, user_id, token, thread_id=thread_id,
                                              options=deal.options.to_dict(), seed=deal.seed, state=game.to_json(),
                                              seat_name=name, deliveries=[begins], place=place)
        log.info("daily %s of user %s dealt: game %s in thread %s", deal.key, user_id, game_id, thread_id)
        await self.sessions.notify(game_id)  # the table appears in the thread
        attempt = await self.room.attempt(deal.key, user_id)
        assert attempt is not None
        return DailyStart("started", attempt, await self.sessions.record(game_id))

    async def _wait_for_deal(self, day: str, user_id: int) -> DailyAttempt | None:
        """The attempt once another start dealt it (None if it is still dealing after ``DEAL_WAIT``)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + DEAL_WAIT
        while loop.time() < deadline:
            await asyncio.sleep(DEAL_POLL)
            attempt = await self.room.attempt(day, user_id)
            if attempt is None or attempt.game_id is not None:
                return attempt
        return None

    async def found(self, attempt: DailyAttempt) -> DailyStart:
        """What an existing attempt stands at."""
        if attempt.game_id is None:
            return DailyStart("pending", attempt)
        record = await self.sessions.record(attempt.game_id)
        status: Status = {"playing": "resumed", "finished": "finished"}.get(record.status, "ended")  # type: ignore[assignment]
        return DailyStart(status, attempt, record)

    async def status(self, user_id: int, day: dt.date | None = None) -> DailyStart | None:
        """The player's attempt at ``day`` (today by default) without starting one."""
        attempt = await self.room.attempt((day or self.today()).isoformat(), user_id)
        return None if attempt is None else await self.found(attempt)

    async def relocate(self, attempt: DailyAttempt, make_thread: ThreadMaker) -> int:
        """The running daily's thread is gone (deleted): it moves to a new thread, made by ``make_thread``."""
        if attempt.game_id is None:
            raise SessionError("daily_not_dealt")
        made = await make_thread(deal_of(dt.date.fromisoformat(attempt.day)))
        thread_id = made.channel_id if isinstance(made, InDM) else made
        await self.room.move_game(attempt.game_id, thread_id, place="dm" if isinstance(made, InDM) else "server")
        log.info("daily %s of user %s moved to thread %s", attempt.day, attempt.user_id, thread_id)
        await self.sessions.notify(attempt.game_id)
        return thread_id

    async def of_game(self, record: GameRecord) -> DailyAttempt | None:
        """The attempt a daily game belongs to (None for any other game)."""
        return await self.room.attempt_of_game(record.id) if record.kind == "daily" else None

    async def spoils(self, record: GameRecord, user_id: int) -> bool:
        """Whether showing ``record`` to ``user_id`` would give away a deal they may still play: a daily of
        today (or later) that they have not played yet."""
        if record.kind != "daily":
            return False
        attempt = await self.room.attempt_of_game(record.id)
        if attempt is None or attempt.day < self.today().isoformat():
            return False
        if attempt.user_id == user_id:
            return False
        mine = await self.status(user_id, dt.date.fromisoformat(attempt.day))
        return mine is None or mine.status in ("pending", "resumed")

    # ------------------------------------------------------------------ the par
    def par_soon(self, day: str) -> None:
        """Compute ``day``'s par in the background, if this process can claim it (and it is not known yet)."""
        task = self._par_tasks.get(day)
        if task is None or task.done():
            self._par_tasks[day] = asyncio.get_running_loop().create_task(self._par_in_background(day),
                                                                          name=f"daily par {day}")

    async def _par_in_background(self, day: str) -> None:
        try:
            await self.ensure_par(day)
        except asyncio.CancelledError:
            raise
        except SearcherStopped:
            log.info("the par of the daily %s was left for the next start: the bot is stopping", day)
        except Exception:
            log.exception("the par of the daily %s could not be computed; a later start tries again", day)

    async def ensure_par(self, day: str) -> DailyPar | None:
        """The day's par: stored, or computed now by this process if it can claim it (None while another
        process computes it)."""
        par = await self.room.par(day)
        if par is not None and par.done:
            return par
        if not await self.room.claim_par(day, self.owner, strength=self.strength, lease=PAR_LEASE):
            return par
        log.info("computing the par of the daily %s (strength %s)", day, self.strength)
        try:
            result = await off_loop_async(play_par, day, self.strength, timeout=PAR_TIMEOUT)
        except BaseException:
            with contextlib.suppress(Exception):  # let the next start try again at once
                await self.room.drop_par_claim(day, self.owner)
            raise
        if await self.room.save_par(day, self.owner, result):
            log.info("the par of the daily %s is %s★ (%s words, %s turns)", day, result.score, result.words,
                     result.turns)
            for listener in list(self.par_listeners):
                try:
                    await listener(day)
                except Exception:
                    log.exception("a listener of the daily %s's par failed", day)
        return await self.room.par(day)

    async def close(self) -> None:
        tasks = list(self._par_tasks.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._par_tasks.clear()

    # ------------------------------------------------------------------ results, boards, streaks
    async def result(self, attempt: DailyAttempt, guild_id: int | None = None) -> DailyResult | None:
        """A finished attempt's result, with its places on ``guild_id``'s board (the attempt's own server by
        default) and every server's. None while it is not finished."""
        if attempt.game_id is None:
            return None
        guild = attempt.guild_id if guild_id is None else guild_id
        world = await self.room.entry(attempt.day, attempt.user_id)
        if world is None:
            return None
        here = await self.room.entry(attempt.day, attempt.user_id, guild)
        server = (here.position, await self.room.board_size(attempt.day, guild)) if here else (0, 0)
        return DailyResult(day=attempt.day, user_id=attempt.user_id, display_name=world.display_name,
                           score=world.score, won=world.won, penny_score=world.penny_score, words=world.words,
                           turns=await self.turn_prestige(attempt.game_id), par=await self.room.par(attempt.day),
                           server=server, world=(world.position, await self.room.board_size(attempt.day)),
                           attempt=attempt)

    async def turn_prestige(self, game_id: int) -> tuple[int, ...]:
        """The prestige each turn of an ended game earned (its word, award and purchases), from a replay."""
        record = await self.sessions.record(game_id)
        if record.seed is None:
            return ()
        rows = await self.sessions.store.games.get_moves(game_id)
        options = dict(record.options)
        checker = checker_for(GameOptions.from_dict(options))
        try:
            walk = await asyncio.to_thread(walk_turns, record.num_players, record.seed, options, stored_log(rows),
                                           checker)
        except ReplayError:
            log.warning("daily game %s does not replay: no squares for its share line", game_id)
            return ()
        return tuple(t.total_prestige + t.purchase_prestige for t in walk.turns)

    async def board(self, day: str, guild_id: int | None, *, limit: int = 10,
                    offset: int = 0) -> tuple[list[DailyEntry], int]:
        """A page of the day's board (one server's, or every server's with ``guild_id`` None) and its size."""
        try:
            entries = await self.room.board(day, guild_id, limit=limit, offset=offset)
            return entries, await self.room.board_size(day, guild_id)
        except StoreError as error:
            raise SessionError("daily_board_failed") from error

    async def streaks(self, user_id: int) -> DailyStreaks:
        return await self.room.streaks(user_id, self.today())


__all__ = ["DEAL_WAIT", "PAR_LEASE", "SETUP_LEASE", "DailyResult", "DailyService", "DailyStart", "InDM",
           "ThreadMaker"]
