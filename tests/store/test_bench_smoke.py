"""bench/store.py must keep running on both databases: a tiny run on each as a smoke test (the figures come
from a full run)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from . import pg_server

BENCH = Path(__file__).resolve().parents[2] / "bench" / "store.py"


@pytest.mark.parametrize("db", ["sqlite", "postgres"])
def test_bench_quick_run(db: str, tmp_path: Path) -> None:
    args = [sys.executable, str(BENCH), "--quick", "--db", db, "--dir", str(tmp_path)]
    if db == "postgres":
        args += ["--postgres", pg_server.need_server().dsn()]
    out = subprocess.run(args, capture_output=True, text=True, timeout=300, check=True).stdout
    assert f"store benchmarks on {'PostgreSQL' if db == 'postgres' else 'SQLite'}" in out
    assert ("synchronous_commit=on" if db == "postgres" else "synchronous=FULL") in out
    assert "recovery of 20 unfinished games" in out and "win_rate" in out
    assert "1 writer process:" in out and "2 writer processes:" in out
