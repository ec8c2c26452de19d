"""Without a PostgreSQL server the PostgreSQL half of the store tests says so loudly, and where it is
required (HARDBACK_REQUIRE_POSTGRES=1, as .ci/run sets it) the run fails instead of skipping."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from . import pg_server

ROOT = Path(__file__).resolve().parents[2]


def run_store_test(tmp_path: Path, workers: int, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k != pg_server.REQUIRE_ENV}
    environ.update(env, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts=", "-q", "-rs", "-n", str(workers),
         "tests/store/test_settings.py::test_defaults_then_roundtrip"],
        cwd=ROOT, env=environ, capture_output=True, text=True, timeout=300,
    )


def test_no_server_is_a_loud_skip_or_a_failure_when_required(tmp_path: Path) -> None:
    nowhere = str(tmp_path / "no-postgres-here")
    # The skip in a worker process, as the test run spreads them: the banner is the controller's to write.
    skipped = run_store_test(tmp_path, 1, **{pg_server.BINDIR_ENV: nowhere})
    assert skipped.returncode == 0, skipped.stdout + skipped.stderr
    assert "1 passed, 1 skipped" in skipped.stdout  # the SQLite half ran
    assert "PostgreSQL store tests were SKIPPED" in skipped.stdout and "apt-get install postgresql" in skipped.stdout
    failed = run_store_test(tmp_path, 0, **{pg_server.BINDIR_ENV: nowhere, pg_server.REQUIRE_ENV: "1"})
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "1 passed" in failed.stdout and "1 error" in failed.stdout
    assert pg_server.SKIP_MARK in failed.stdout


def test_the_server_runs_as_an_unprivileged_user() -> None:
    srv = pg_server.need_server()
    assert srv.proc is not None and srv.proc.poll() is None
    status = Path(f"/proc/{srv.proc.pid}/status").read_text()
    uid = int(next(line for line in status.splitlines() if line.startswith("Uid:")).split()[1])
    assert uid != 0
