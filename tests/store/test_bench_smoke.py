"""bench/store.py must keep running on both databases: a tiny run as a smoke test (the figures come from a
full run)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from . import pg_server

BENCH = Path(__file__).resolve().parents[2] / "bench" / "store.py"


def test_bench_quick_run(tmp_path: Path) -> None:
    srv = pg_server.need_server()
    out = subprocess.run(
        [sys.executable, str(BENCH), "--quick", "--dir", str(tmp_path), "--postgres", srv.dsn()],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    ).stdout
    sqlite, postgres = out.split("store benchmarks on PostgreSQL")
    assert "synchronous=FULL" in sqlite and "synchronous_commit=on" in postgres
    for half in (sqlite, postgres):
        assert "recovery of 20 unfinished games" in half and "win_rate" in half
        assert "1 writer process:" in half and "2 writer processes:" in half
