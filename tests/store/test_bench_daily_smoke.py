"""bench/daily.py must keep running on both databases: a tiny run as a smoke test (the figures come from a full
run: README, Benchmarks)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from . import pg_server

BENCH = Path(__file__).resolve().parents[2] / "bench" / "daily.py"


def test_bench_daily_quick_run(tmp_path: Path) -> None:
    srv = pg_server.need_server()
    out = subprocess.run(
        # The hard player's par, seconds of CPU: the expert's is measured by a full run of the bench.
        [sys.executable, str(BENCH), "--quick", "--strength", "3", "--dir", str(tmp_path), "--postgres", srv.dsn()],
        capture_output=True, text=True, timeout=300, check=True,
    ).stdout
    assert "par, strength 3, 1 days" in out and "share picture" in out
    sqlite, postgres = out.split("daily store on PostgreSQL")
    for half in (sqlite, postgres):
        assert "100 simultaneous claims of one player" in half and "one attempt" in half
        assert "a page of every server's" in half and "one player's streaks" in half
