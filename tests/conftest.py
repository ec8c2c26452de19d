"""Settings shared by every test directory.

Hypothesis: tests assert behaviour, never wall time, so its per-example deadline and its "input
generation is slow" health check are off. On a cold machine (a fresh CI clone compiling and
loading everything for the first time) either can fail a test whose behaviour is fine.

The run is spread over worker processes (pytest-xdist, pyproject's addopts), so what a test leaves behind
in its process is seen in a worker, and the summary is written by the controller. Both checks below work
either way (with ``-n 0`` or ``-p no:xdist`` everything happens in one process):

- Leaks: a run that leaves a database connection open fails at its end instead of hanging. A worker
  reports its open connections to the controller with its last message, then ends itself.
- PostgreSQL: store tests skipped for want of a server are counted from the reports that reach the
  controller, and named in a banner at the end of the run (tests/store/pg_server.py).
"""

from __future__ import annotations

import os
import sys
import threading
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("project", deadline=None, suppress_health_check=[HealthCheck.too_slow])
# More examples (tests/profiles.py): `pytest --hypothesis-profile=thorough`, or HARDBACK_HYPOTHESIS=thorough.
settings.register_profile("thorough", settings.get_profile("project"), max_examples=1000)
settings.load_profile(os.environ.get("HARDBACK_HYPOTHESIS", "project"))


def _keep_bytecode() -> None:
    """The run starts a few hundred Python processes of this project (bots, their search workers, crash
    writers, the xdist workers); where PYTHONDONTWRITEBYTECODE is set (as on the machines here) every one of them
    compiled every module of the project again, about 0.1-0.2 s of CPU each. The run, and the processes it starts
    (they inherit the environment), keep the compiled files in ``__pycache__`` folders as Python does by
    default (git ignores them)."""
    if os.environ.pop("PYTHONDONTWRITEBYTECODE", None):
        sys.dont_write_bytecode = False


_keep_bytecode()

_LEAKS = "hardback_open_connections"  # the key of a worker's report to the controller
_reported: list[str] = []  # in the controller: connections the workers left open


def _open_connections() -> list[str]:
    # A connection closed last is told to stop and its thread ends a moment after close() returns: on a busy
    # machine that moment can come after this check. An open connection's thread waits for work for ever.
    threads = [t for t in threading.enumerate() if "_connection_worker_thread" in t.name]
    for t in threads:
        t.join(timeout=5)
    return [t.name for t in threads if t.is_alive()]


@pytest.hookimpl(trylast=True)  # after the session's fixtures are torn down
def pytest_sessionfinish(session: pytest.Session) -> None:
    output = getattr(session.config, "workeroutput", None)
    if output is not None:  # a worker: xdist sends this to the controller once every sessionfinish has run
        output[_LEAKS] = _open_connections()


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    name = getattr(getattr(node, "gateway", None), "id", "a worker")
    _reported.extend(f"{name}: {thread}" for thread in getattr(node, "workeroutput", {}).get(_LEAKS, []))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    from store.pg_server import SKIP_MARK

    skipped = [r for r in terminalreporter.stats.get("skipped", [])
               if isinstance(r.longrepr, tuple) and SKIP_MARK in str(r.longrepr[2])]
    if skipped:
        terminalreporter.write_sep("!", "PostgreSQL store tests were SKIPPED", red=True, bold=True)
        reason = str(skipped[0].longrepr[2]).removeprefix("Skipped: ")
        terminalreporter.write_line(f"{len(skipped)} tests: {reason}", red=True)


def pytest_unconfigure(config: pytest.Config) -> None:
    """A database connection some test left open is a leak, and aiosqlite's worker threads are not daemons: the
    interpreter would wait for them forever after the summary (a CI run hanging to its time limit). Say which,
    and end the run as failed instead (a worker ends itself; the controller fails the run for it)."""
    left = _open_connections()
    worker = hasattr(config, "workerinput")
    if left or (_reported and not worker):
        sys.stdout.flush()
        print(f"\nFAILED: {len(left) + len(_reported)} aiosqlite connection(s) left open by the tests: "
              f"{[*left, *_reported]}", file=sys.stderr)
        sys.stderr.flush()
        os._exit(3)
