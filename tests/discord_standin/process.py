"""Running a bot as a separate OS process against the stand-in, and killing it for real.

Restart tests need a bot that dies the way production bots die (SIGKILL mid-move, OOM) — not a
polite ``client.close()``. :class:`BotProcess` starts any command with the stand-in's environment
(``HARDBACK_DISCORD_API``, ``HARDBACK_DISCORD_GATEWAY``, ``DISCORD_TOKEN``), waits until that process
has identified on the gateway, and can SIGKILL and restart it. Output goes to a log file that is
shown when something fails.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .standin import DiscordStandin


class BotProcess:
    """A bot process bound to a stand-in.

    ``argv`` is the command (default: ``python bot.py``-style callers pass e.g.
    ``[sys.executable, "bot.py"]``; for tests a ``code`` string runs via ``python -c``).
    """

    def __init__(
        self,
        standin: DiscordStandin,
        argv: Sequence[str] | None = None,
        *,
        code: str | None = None,
        env: Mapping[str, str] | None = None,
        cwd: str | os.PathLike[str] | None = None,
    ) -> None:
        if (argv is None) == (code is None):
            raise ValueError("give exactly one of argv or code")
        self.standin = standin
        self.argv = list(argv) if argv is not None else [sys.executable, "-c", code or ""]
        self.extra_env = dict(env or {})
        self.cwd = cwd
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0
        self._sessions: list[object] = []
        self._log_dir = Path(tempfile.mkdtemp(prefix="standin-bot-"))
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
            log.write(f"--- start #{self.starts + 1}: {self.argv[:2]}\n".encode())
            log.flush()
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
