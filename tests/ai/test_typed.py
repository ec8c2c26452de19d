"""The computer players and the engine are held to their type hints by a type checker: moves are ``Move``
values from the engine's legal moves to a computer's decision and the move log, statistics and a turn's extras
are dataclasses, and every function says what it takes and gives (``--disallow-untyped-defs``), bodies
included (``--check-untyped-defs``). A move passed as text again, or a statistic read by a name that is not
a field, fails here.

What the two packages import is read for its types but not itself checked (``--follow-imports=silent``): the
word solver has type gaps of its own that are not these packages' to answer for. A probe (a decision handing
text where a move is due, a statistic read by its stored name), checked the same way, shows that mypy reports
both.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from mypy import api

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ["hardback_bot/ai", "hardback_bot/engine"]
FLAGS = ["--follow-imports=silent", "--ignore-missing-imports", "--check-untyped-defs", "--disallow-untyped-defs",
         "--no-error-summary", "--python-version", "3.11"]


def _mypy(*paths: str) -> tuple[str, int]:
    # mypy's incremental cache, kept between runs like pytest's and ruff's (.gitignore): one per test worker (two
    # runs writing one cache at once can read each other's half-written entries).
    cache = ROOT / ".mypy_cache" / "ai" / os.environ.get("PYTEST_XDIST_WORKER", "main")
    out, err, status = api.run([*FLAGS, "--cache-dir", str(cache), *paths])
    return out + err, status


def test_the_computer_players_and_the_engine_type_check(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    report, status = _mypy(*PACKAGES)
    assert status == 0, report


PROBE = """from hardback_bot.ai.brain import Brain
from hardback_bot.engine.moves import Move
from hardback_bot.engine.state import Player


class Lazy(Brain):
    def on_buy(self) -> Move:
        return "end"


def turns(p: Player) -> int:
    return p.stats["turns"]
"""


def test_text_for_a_move_and_a_stored_name_for_a_statistic_are_reported(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    probe = tmp_path / "probe.py"
    probe.write_text(PROBE, encoding="utf-8")
    report, status = _mypy(str(probe))
    assert status == 1 and "probe.py:8" in report and "probe.py:12" in report, report
