"""Settings shared by every test directory.

Hypothesis: tests assert behaviour, never wall time, so its per-example deadline and its "input
generation is slow" health check are off. On a cold machine (a fresh CI clone compiling and
loading everything for the first time) either can fail a test whose behaviour is fine.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile("project", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("project")
