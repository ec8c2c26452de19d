"""bench/store.py must keep running: a tiny run as a smoke test (the figures come from a full run)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "store.py"


def test_bench_quick_run(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, str(BENCH), "--quick", "--dir", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    assert "synchronous=FULL" in out and "recovery of 20 unfinished games" in out and "win_rate" in out
