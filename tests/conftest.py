"""Settings shared by every test directory.

Hypothesis: tests assert behaviour, never wall time, so its per-example deadline and its "input
generation is slow" health check are off. On a cold machine (a fresh CI clone compiling and
loading everything for the first time) either can fail a test whose behaviour is fine.

Leaks: a run that leaves a database connection open fails at its end instead of hanging (below).
"""

from __future__ import annotations

import os
import sys
import threading

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("project", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("project")


def pytest_unconfigure(config: pytest.Config) -> None:
    """A database connection some test left open is a leak, and aiosqlite's worker threads are not daemons: the
    interpreter would wait for them forever after the summary (a CI run hanging to its time limit). Say which,
    and end the run as failed instead."""
    left = [t.name for t in threading.enumerate() if "_connection_worker_thread" in t.name and t.is_alive()]
    if left:
        sys.stdout.flush()
        print(f"\nFAILED: {len(left)} aiosqlite connection(s) left open by the tests: {left}", file=sys.stderr)
        sys.stderr.flush()
        os._exit(3)
