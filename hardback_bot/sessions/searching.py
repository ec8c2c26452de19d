"""Heavy searches off the event loop: computer players' moves, word previews and hints run in worker processes.

A pure-Python search in a thread of the bot's own process would still slow every channel's event loop
(the GIL), so the bot starts a :class:`Searcher`: a pool of worker processes sized to the machine (one per
CPU), each at a lower scheduling priority than the bot so the loop keeps answering when they are busy.
Every job carries its own limit that the search itself honours (a time limit for previews and hints, a
work budget for computer players, whose moves must not depend on the machine's speed), so a worker is
free again soon even when nobody waits for its answer any more.

Stopping: the workers never act on Ctrl-C or SIGTERM (both are blocked while each one is started, and
ignored once it runs): a terminal sends Ctrl-C to the whole process group, and so does systemd its SIGTERM,
and the bot stops its workers itself: at :meth:`Searcher.close` idle workers leave at once, busy ones get
:data:`CLOSE_GRACE` seconds and are then killed (their jobs are only searches; nothing is lost).

Starting: a worker is a new interpreter (spawned), which imports the search modules, loads the word list and
rehearses; a process with no thread but its main one yet (``python bot.py`` before its event loop) may instead
have its workers forked (``install(fork=True)``): copies that begin with what it has loaded, a second or so of
CPU less per worker, and pages shared with it.

Jobs get the game as its JSON state and rebuild it with the table's word list (custom lists registered
in the bot are registered in every worker too).  Without a running searcher (tests, terminal play) every
call runs the same function in the calling process, so callers need not care.

    searcher = Searcher(custom_dictionaries=settings.custom_dictionaries, preload=("hardback_bot.help.words",),
                        rehearsal=rehearsal.rehearse)
    await searcher.start()
    move = await searcher.choose_move(game, seat, strength)
    outcomes = searcher.call_blocking(job, game_state(game), seat, word)   # from a worker thread
    await searcher.close()
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import importlib
import logging
import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from hardback_bot.engine import Game, Move
from hardback_bot.ops.metrics import SEARCH_WORKERS, search_job

log = logging.getLogger(__name__)

T = TypeVar("T")

WORKER_NICENESS = 10  # workers yield the CPU to the bot's own process (its event loop) when both want it
WAIT_SECONDS = 30.0  # the longest a caller waits for a job; every job stops well before (its own limit)
_STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM}
CLOSE_GRACE = 1.0  # seconds a busy worker may finish its job when the bot stops, before it is killed

_running: Searcher | None = None
_running_lock = threading.Lock()


def running() -> Searcher | None:
    """The searcher the bot started in this process, if any (never inside a worker)."""
    return _running


def game_state(game: Game) -> tuple[str, str]:
    """What a job needs to rebuild ``game``: its JSON state and its word list's name."""
    return game.to_json(), game.options.dictionary


def game_from(state: tuple[str, str]) -> Game:
    """The game of :func:`game_state`, with the table's word list as its checker (as the sessions load it)."""
    from hardback_bot.words import get_dictionary

    text, dictionary = state
    return Game.from_json(text, checker=get_dictionary(dictionary))


# ---------------------------------------------------------------------- inside a worker
def _worker_start(custom: dict[str, str], warm: tuple[str, ...], preload: tuple[str, ...],
                  rehearsal: Callable[[str], None] | None) -> None:
    # A forked worker is a copy of the bot, its searcher included: here the jobs run in place.
    global _running
    _running = None
    # Ctrl-C and a supervisor's SIGTERM reach the whole process group: the bot stops its workers itself.
    for stop in _STOP_SIGNALS:
        signal.signal(stop, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOP_SIGNALS)
    from hardback_bot.words import get_dictionary, register_custom
    from hardback_bot.words.solver import index_for

    for name, path in custom.items():
        try:
            register_custom(name, path)
        except Exception:  # the bot logs a bad list itself; a worker just goes without it
            log.debug("custom word list %s not registered in a search worker", name, exc_info=True)
    # Imported once here, not inside the first job: what the jobs will run (the caller names it, so this
    # module need not know the layers above it).
    for module in preload:
        try:
            importlib.import_module(module)
        except Exception:
            log.warning("search worker could not import %s ahead of its jobs", module, exc_info=True)
    for name in warm:
        with contextlib.suppress(Exception):
            index_for(get_dictionary(name))
    if rehearsal is not None:
        with contextlib.suppress(Exception):
            rehearsal(warm[0] if warm else "common")


def _ready() -> int:
    time.sleep(0.2)  # keep this worker busy a moment so the other warm-up jobs start the other workers
    return os.getpid()


def choose_move_job(state: tuple[str, str], seat: int, strength: int) -> Move:
    """A computer player's move (on its work budget, so the same move as in any other process)."""
    from hardback_bot.ai import choose_move

    return choose_move(game_from(state), seat, strength)


# ---------------------------------------------------------------------- the pool
_SPAWN = multiprocessing.get_context("spawn")
_FORK = multiprocessing.get_context("fork")


class _NiceStart:
    """A worker whose priority drops as soon as it exists, before it even imports anything."""

    pid: int | None

    def start(self) -> None:
        # Blocked while it is started (the child inherits the mask through fork and exec), so a signal during its
        # imports, before its initializer ignores them, cannot interrupt it (with a traceback) either.
        before = signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)
        try:
            super().start()  # type: ignore[misc]
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, before)
        with contextlib.suppress(OSError, AttributeError, TypeError):
            os.setpriority(os.PRIO_PROCESS, self.pid, WORKER_NICENESS)  # type: ignore[arg-type]


class _NiceSpawnProcess(_NiceStart, _SPAWN.Process):  # type: ignore[name-defined,misc]
    pass


class _NiceForkProcess(_NiceStart, _FORK.Process):  # type: ignore[name-defined,misc]
    pass


class _NiceSpawn(type(_SPAWN)):  # type: ignore[misc]
    # A new interpreter: safe whatever threads this process has (the event loop's executor, the store).
    Process = _NiceSpawnProcess


class _NiceFork(type(_FORK)):  # type: ignore[misc]
    # A copy of this process, with everything it has imported and loaded: only while it has no other thread
    # (a thread holding a lock at the fork would leave that lock held for ever in the copy).
    Process = _NiceForkProcess


def _single_threaded() -> bool:
    return threading.active_count() == 1


class SearcherStopped(RuntimeError):
    """The bot is stopping: the search workers are gone or going, and a job in progress was given up."""


class Searcher:
    """A pool of search worker processes (see the module docstring).

    :meth:`install` makes it this process's searcher and starts the workers in the background (or, with
    ``start=False``, with the first job that needs them); until they are ready, jobs run in the calling
    process, in a thread.  :meth:`start` also waits until they are ready.
    """

    def __init__(self, workers: int | None = None, custom_dictionaries: dict[str, str] | None = None,
                 warm: tuple[str, ...] = (), preload: tuple[str, ...] = (),
                 rehearsal: Callable[[str], None] | None = None) -> None:
        """``warm``: word lists each worker indexes at start; ``preload``: modules it imports then;
        ``rehearsal``: a module-level function it runs once with the first of ``warm`` (a small job of each
        kind, so caches are filled before the first real job, not during a player's click)."""
        self.workers = max(1, workers if workers is not None else (os.cpu_count() or 1))
        self.custom = {name: str(path) for name, path in (custom_dictionaries or {}).items()}
        self.warm = warm
        self.preload = preload
        self.rehearsal = rehearsal
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._pool_lock = threading.Lock()
        self._ready = threading.Event()
        self._failed = False
        self._closing = False
        self._stopping: list[multiprocessing.process.BaseProcess] = []  # the workers close() is stopping
        self._fork = False

    def _new_pool(self) -> concurrent.futures.ProcessPoolExecutor:
        # Forked when asked for and safe (see install), spawned otherwise: a pool that replaces one whose
        # worker died is always spawned, the bot's threads running by then.
        forked = self._fork and _single_threaded()
        self._fork = False
        context = _NiceFork() if forked else _NiceSpawn()
        return concurrent.futures.ProcessPoolExecutor(self.workers, mp_context=context, initializer=_worker_start,
                                                      initargs=(self.custom, self.warm, self.preload, self.rehearsal))

    def install(self, start: bool = True, fork: bool = False) -> None:
        """Make this the process's searcher; ``start``: start the workers now (without waiting for them).

        ``fork`` (with ``start``): the workers are copies of this process, made now if it has a single thread,
        so they begin with whatever it has imported and loaded (the word list, the players, the solver) instead
        of importing and loading it all again: for a process that has not started its event loop, its store or
        any thread yet (``python bot.py`` calls it first thing). Otherwise they are new interpreters."""
        global _running
        self._fork = fork and start
        with _running_lock:
            _running = self
        if start:
            self._ensure()

    def _ensure(self) -> bool:
        """Start the workers if they are not started yet; True once they are ready for jobs."""
        if self._ready.is_set():
            return True
        with self._pool_lock:
            if self._pool is None and not self._failed and not self._closing:
                try:
                    self._pool = self._new_pool()
                    warmups = [self._pool.submit(_ready) for _ in range(self.workers)]
                except Exception:
                    log.exception("search workers could not start: searching in this process instead")
                    self._failed = True
                    return False

                def done(_: object) -> None:
                    if all(f.done() for f in warmups) and not self._closing:
                        if any(f.exception() is not None for f in warmups):
                            log.error("a search worker failed to start: searching in this process instead")
                            self._failed = True
                        else:
                            log.info("%s search workers ready (pids %s)", self.workers,
                                     sorted({f.result() for f in warmups}))
                            SEARCH_WORKERS.set(self.workers)
                            self._ready.set()

                for f in warmups:
                    f.add_done_callback(done)
        return self._ready.is_set() and not self._failed

    async def start(self) -> None:
        """Install, start every worker and wait until they are ready."""
        self.install()
        while not self._ready.is_set() and not self._failed:
            await asyncio.sleep(0.05)

    def stopping(self) -> None:
        """The bot is stopping: a worker that dies now (SIGTERM to the process group) is not replaced, and its
        job is not run again here."""
        self._closing = True

    async def close(self, grace: float = CLOSE_GRACE) -> None:
        """Stop the workers: queued jobs are cancelled, idle workers leave at once, a busy one is killed after
        ``grace`` seconds."""
        global _running
        self._closing = True
        with _running_lock:
            if _running is self:
                _running = None
        with self._pool_lock:
            pool, self._pool = self._pool, None
            self._ready.clear()
        SEARCH_WORKERS.set(0)
        if pool is not None:
            self._stopping = _workers(pool)  # the pool forgets them once shut down
            await asyncio.to_thread(_stop_pool, pool, self._stopping, grace)

    def kill_now(self) -> None:
        """Kill every worker at once (a second Ctrl-C: the bot exits without waiting for anything)."""
        self._closing = True
        processes = _workers(self._pool) if self._pool is not None else self._stopping
        for process in processes:
            if not _ended(process):  # an ended one's pid may already belong to another process
                with contextlib.suppress(Exception):
                    process.kill()
        deadline = time.monotonic() + 0.5
        for process in processes:  # reaped here, so none is left behind even for a moment
            with contextlib.suppress(Exception):
                process.join(max(0.0, deadline - time.monotonic()))

    def _submit(self, fn: Callable[..., T], *args: Any) -> concurrent.futures.Future[T]:
        with self._pool_lock:
            if self._pool is None:
                raise RuntimeError("the searcher is not running")
            try:
                return self._pool.submit(fn, *args)
            except BrokenProcessPool as error:
                if self._closing:
                    raise SearcherStopped("the bot is stopping") from error
                log.error("a search worker died; starting a new pool")
                self._pool = self._new_pool()
                return self._pool.submit(fn, *args)

    async def call(self, fn: Callable[..., T], *args: Any, timeout: float = WAIT_SECONDS) -> T:
        """Run the module-level function ``fn(*args)`` in a worker and wait for it (off the event loop)."""
        if not self._ensure():
            with search_job(fn.__name__, "thread"):
                return await asyncio.wait_for(asyncio.to_thread(fn, *args), timeout)
        with search_job(fn.__name__, "worker"):
            future = self._submit(fn, *args)
            try:
                return await asyncio.wait_for(asyncio.wrap_future(future), timeout)
            except BrokenProcessPool as error:
                if self._closing:
                    raise SearcherStopped("the bot is stopping") from error
                log.error("a search worker died during a job; running it in a thread instead")
                return await asyncio.to_thread(fn, *args)

    def call_blocking(self, fn: Callable[..., T], *args: Any, timeout: float = WAIT_SECONDS) -> T:
        """:meth:`call` for code already in a worker thread of the bot (it waits without holding the GIL)."""
        if not self._ensure():
            with search_job(fn.__name__, "thread"):
                return fn(*args)
        with search_job(fn.__name__, "worker"):
            future = self._submit(fn, *args)
            try:
                return future.result(timeout)
            except BrokenProcessPool as error:
                if self._closing:
                    raise SearcherStopped("the bot is stopping") from error
                log.error("a search worker died during a job; running it here instead")
                return fn(*args)

    async def choose_move(self, game: Game, seat: int, strength: int) -> Move:
        """A computer player's move for ``seat`` (``hardback_bot.ai.choose_move``, in a worker)."""
        return await self.call(choose_move_job, game_state(game), seat, strength)


def _workers(pool: concurrent.futures.ProcessPoolExecutor) -> list[multiprocessing.process.BaseProcess]:
    # The executor keeps its processes in a private dict and offers no public way to reach them; stopping
    # them within a deadline needs them.
    return list((getattr(pool, "_processes", None) or {}).values())


def _ended(process: multiprocessing.process.BaseProcess) -> bool:
    # Not is_alive(): the pool's own thread may have collected the process first, and is_alive() then takes the
    # pid it can no longer wait for as running. The sentinel is readable once the process has ended, whoever
    # collected it.
    try:
        return bool(multiprocessing.connection.wait([process.sentinel], 0))
    except (OSError, ValueError):
        return True


def _stop_pool(pool: concurrent.futures.ProcessPoolExecutor, processes: list[multiprocessing.process.BaseProcess],
               grace: float) -> None:
    """Shut the pool down without waiting for a busy worker (of ``processes``) longer than ``grace`` seconds."""
    pool.shutdown(wait=False, cancel_futures=True)
    deadline = time.monotonic() + grace
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
    for process in processes:
        if not _ended(process):
            log.info("search worker %s still busy after %.1f s: stopping it", process.pid, grace)
            with contextlib.suppress(Exception):
                process.kill()
    for process in processes:  # the pool's manager thread ends by itself once its workers are gone
        process.join(2.0)


def off_loop(fn: Callable[..., T], *args: Any) -> T:
    """Call ``fn(*args)`` in a search worker if the bot started them, else here (blocking either way)."""
    searcher = running()
    if searcher is None:
        return fn(*args)
    return searcher.call_blocking(fn, *args)


async def off_loop_async(fn: Callable[..., T], *args: Any, timeout: float = WAIT_SECONDS) -> T:
    """Await ``fn(*args)`` in a search worker if the bot started them, else in a thread."""
    searcher = running()
    if searcher is None:
        return await asyncio.wait_for(asyncio.to_thread(fn, *args), timeout)
    return await searcher.call(fn, *args, timeout=timeout)


async def decide_off_loop(choose: Callable[[Game, int, int], Move], game: Game, seat: int, strength: int) -> Move:
    """A computer player's move: the computer players' own ``choose_move`` in a search worker when the bot
    started them, anything else (a test's stand-in player, say) in a thread."""
    from hardback_bot.ai import choose_move

    searcher = running()
    if searcher is not None and choose is choose_move:
        return await searcher.choose_move(game, seat, strength)
    return await asyncio.to_thread(choose, game, seat, strength)


__all__ = ["Searcher", "SearcherStopped", "choose_move_job", "decide_off_loop", "game_from", "game_state", "off_loop",
           "off_loop_async", "running"]
