"""Running a bot as a separate OS process against the stand-in, and killing it for real.

Restart tests need a bot that dies the way production bots die (SIGKILL mid-move, OOM) — not a
polite ``client.close()``. :class:`BotProcess` starts any command with the stand-in's environment
(``HARDBACK_DISCORD_API``, ``HARDBACK_DISCORD_GATEWAY``, ``DISCORD_TOKEN``), waits until that process
has identified on the gateway, and can SIGKILL and restart it. Output goes to a log file that is
shown when something fails.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import itertools
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    from .standin import DiscordStandin

ROOT = Path(__file__).resolve().parents[2]
# What a prestarted bot finds imported (prestart.py adds the extensions and search modules bot.py names).
PRESTART_MODULES = ("bot",)


def scratch_dir(prefix: str) -> Path:
    """A new temporary folder for one bot's files (its database, its log), removed when this test process
    exits: bots' outputs are read after they stop, and a test run starts a few hundred of them."""
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


class _Prestart:
    """This test process's prestart.py (see its docstring): started at the first prestarted bot, ended with
    this process (or when its stdin closes, if this process dies first)."""

    def __init__(self) -> None:
        script = Path(__file__).with_name("prestart.py")
        self.proc = subprocess.Popen([sys.executable, "-u", str(script), str(ROOT), *PRESTART_MODULES],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        self._pids: dict[int, int] = {}
        self.exits: dict[int, int] = {}
        threading.Thread(target=self._read, name="prestart-reader", daemon=True).start()
        atexit.register(self.close)

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            message = json.loads(line)
            with self._changed:
                if "exit" in message:
                    self.exits[message["exit"]] = message["code"]
                else:  # an earlier bot's exit under the same (reused) pid is not this one's
                    self._pids[message["id"]] = message["pid"]
                    self.exits.pop(message["pid"], None)
                self._changed.notify_all()

    def fork(self, argv: Sequence[str], env: Mapping[str, str], cwd: str, log: str,
             patches: Mapping[str, object], seeds: Sequence[int] = ()) -> int:
        stdin: IO[bytes] | None = self.proc.stdin
        assert stdin is not None
        with self._changed:
            request = next(self._ids)
            stdin.write((json.dumps({"id": request, "argv": list(argv), "env": dict(env), "cwd": cwd,
                                     "log": log, "patches": dict(patches), "seeds": list(seeds)}) + "\n").encode())
            stdin.flush()
            if not self._changed.wait_for(lambda: request in self._pids, timeout=30):
                raise RuntimeError(f"prestart.py did not fork (exit code {self.proc.poll()})")
            return self._pids.pop(request)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            assert self.proc.stdin is not None
            self.proc.stdin.close()
        with contextlib.suppress(Exception):
            self.proc.wait(5)


_prestart: _Prestart | None = None
_prestart_lock = threading.Lock()


def prestart() -> _Prestart:
    global _prestart
    with _prestart_lock:
        if _prestart is None or _prestart.proc.poll() is not None:
            _prestart = _Prestart()
        return _prestart


class ForkedBot:
    """A prestarted bot process, with what BotProcess and the tests use of asyncio's Process."""

    def __init__(self, pid: int, source: _Prestart) -> None:
        self.pid = pid
        self._source = source

    @property
    def returncode(self) -> int | None:
        return self._source.exits.get(self.pid)

    async def wait(self) -> int:
        while (code := self.returncode) is None:
            await asyncio.sleep(0.01)
        return code


class BotProcess:
    """A bot process bound to a stand-in.

    ``argv`` is the command (default: ``python bot.py``-style callers pass e.g.
    ``[sys.executable, "bot.py"]``; for tests a ``code`` string runs via ``python -c``).

    ``prestarted``: the command (``[python, script, *args]``) runs in a fork of an interpreter that has
    already imported the bot's modules (prestart.py) instead of a new interpreter: the same script as
    ``__main__``, in its own process group, SIGKILLed the same way, for tests that start the bot many
    times. What ``python bot.py`` does before its first line (the interpreter's own start) is tested by the
    tests that start it plainly (tests/e2e/test_bot_startup.py, tests/ops/test_bot_process.py).
    ``patches`` (prestarted only): module attributes set in the bot process before its script runs, as
    ``monkeypatch.setattr`` would in the test process (``{"cogs.channel_posts.POST_INTERVAL": 0.3}``).
    ``seeds`` (prestarted only): the games the bot starts are dealt from these seeds, in order (each start of
    the process draws from the whole list again), as ``scenario_kit.seeded_games`` does for in-process bots.
    """

    def __init__(
        self,
        standin: DiscordStandin,
        argv: Sequence[str] | None = None,
        *,
        code: str | None = None,
        env: Mapping[str, str] | None = None,
        cwd: str | os.PathLike[str] | None = None,
        prestarted: bool = False,
        patches: Mapping[str, object] | None = None,
        seeds: Sequence[int] = (),
    ) -> None:
        if (argv is None) == (code is None):
            raise ValueError("give exactly one of argv or code")
        if (prestarted or patches) and argv is None:
            raise ValueError("a prestarted bot runs a script: give argv")
        if (patches or seeds) and not prestarted:
            raise ValueError("patches and seeds need a prestarted bot: a new interpreter would not see them")
        self.prestarted = prestarted
        self.patches = dict(patches or {})
        self.seeds = list(seeds)
        self.standin = standin
        self.argv = list(argv) if argv is not None else [sys.executable, "-c", code or ""]
        self.extra_env = dict(env or {})
        self.cwd = cwd
        self.proc: asyncio.subprocess.Process | ForkedBot | None = None
        self.starts = 0
        self._sessions: list[object] = []
        self._log_dir = scratch_dir("standin-bot-")
        self.log_path = self._log_dir / "bot.log"

    def environment(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update(self.standin.env())
        env["PYTHONUNBUFFERED"] = "1"
        env.update(self.extra_env)
        return env

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc else None

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    def output(self) -> str:
        """Everything the process(es) printed so far (stdout and stderr, all restarts)."""
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    async def start(self, *, wait_ready: bool = True, timeout: float = 30.0) -> None:
        """Start the process; with ``wait_ready`` return once it has identified and got its guilds."""
        if self.running:
            raise RuntimeError("bot process already running")
        before = self.standin.gateway.identify_count
        known = {id(x) for x in self.standin.gateway.sessions}
        log = open(self.log_path, "ab")  # noqa: SIM115 - handed to the child, closed below
        try:
            log.write(f"--- start #{self.starts + 1}: {self.argv[:2]}{' (prestarted)' if self.prestarted else ''}\n"
                      .encode())
            log.flush()
            if self.prestarted:
                source = prestart()
                pid = await asyncio.to_thread(source.fork, self.argv, self.environment(),
                                              str(self.cwd or os.getcwd()), str(self.log_path), self.patches,
                                              self.seeds)
                self.proc = ForkedBot(pid, source)
            else:
                self.proc = await asyncio.create_subprocess_exec(
                    *self.argv,
                    env=self.environment(),
                    cwd=self.cwd,
                    stdout=log,
                    stderr=log,
                    start_new_session=True,
                )
        finally:
            log.close()
        self.starts += 1
        if wait_ready:
            try:
                await self.standin.wait_for(
                    lambda: self.standin.gateway.identify_count > before and self.standin.gateway.ready_sessions(),
                    timeout=timeout,
                    what="the bot process to connect",
                )
            except TimeoutError as exc:
                status = "exited " + str(self.proc.returncode) if not self.running else "still running"
                raise TimeoutError(
                    f"bot process did not connect ({status}; {self.standin.connection_report()}); "
                    f"output:\n{self.output()}"
                ) from exc
            self._sessions = [x for x in self.standin.gateway.sessions if id(x) not in known]

    async def kill(self) -> None:
        """SIGKILL: no cleanup, no goodbye — the way a crash or the OOM killer ends a bot."""
        if self.proc is None or self.proc.returncode is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        await self.proc.wait()
        await self._wait_disconnected()

    async def _wait_disconnected(self) -> None:
        """The socket dies with the process; wait until the stand-in has noticed, so a test that
        clicks right after a kill gets "no bot connected" rather than a click into the void."""
        gone = self._sessions
        await self.standin.wait_for(
            lambda: all(x not in self.standin.gateway.sessions for x in gone),
            timeout=5.0,
            what="the killed bot's gateway session to close",
        )
        self._sessions = []

    async def stop(self, timeout: float = 5.0) -> None:
        """SIGTERM, then SIGKILL if it does not exit in ``timeout`` seconds."""
        if self.proc is None or self.proc.returncode is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            await asyncio.wait_for(self.proc.wait(), timeout)
        except TimeoutError:
            await self.kill()
            return
        await self._wait_disconnected()

    async def restart(self, *, kill: bool = True, timeout: float = 30.0) -> None:
        """Kill (SIGKILL by default, else SIGTERM) and start again, waiting for the new session."""
        await (self.kill() if kill else self.stop())
        await self.start(timeout=timeout)

    async def __aenter__(self) -> BotProcess:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()
