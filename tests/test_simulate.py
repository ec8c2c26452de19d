"""The simulator (python -m hardback_bot.simulate): JSON statistics from seeded games."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from hardback_bot.simulate import Setup, main, run, summarise

ROOT = Path(__file__).resolve().parents[1]


def test_report_fields(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "2", "--seats", "normal,easy", "--length", "40", "--no-progress", "--workers", "1"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 2
    assert set(report["win_rate_by_strength"]) == {"normal", "easy"}
    assert sum(report["win_rate_by_strength"].values()) == pytest.approx(1.0)
    assert sum(report["win_rate_by_seat"]) == pytest.approx(1.0)
    for key in ("final_score", "rounds", "prestige_per_turn", "words_per_game", "longest_word"):
        assert key in report
    assert report["final_score"]["normal"]["mean"] > 0
    assert report["rounds"]["mean"] >= 1
    assert report["longest_word"]["letters"] == len(report["longest_word"]["word"]) >= 2


def test_seats_rotate_and_runs_repeat() -> None:
    setup = Setup(seats=(2, 1), options={"length": 40}, seed=5)
    records = run(setup, 2, workers=2)
    assert [r.strengths for r in records] == [[2, 1], [1, 2]]
    again = run(setup, 2, workers=1)
    assert [r.results for r in records] == [r.results for r in again]  # seeded: same games


def test_coop_report() -> None:
    setup = Setup(seats=(3, 1), options={"coop": True, "penny_genre": "mystery"}, seed=1)
    report = summarise(setup, run(setup, 1))
    assert report["team_win_rate"] in (0.0, 1.0)
    assert report["penny_score"]["mean"] >= 0
    # The team wins or loses together: every strength at the table has the team's record.
    assert report["win_rate_by_strength"] == {"hard": report["team_win_rate"], "easy": report["team_win_rate"]}
    assert report["win_rate_by_seat"] == [report["team_win_rate"]] * 2
    assert report["prestige_per_turn"]["hard"] > 0


def test_cli_errors() -> None:
    for args, message in ((["--seats", "easy,wizard"], "unknown strength"),
                          (["--seats", "easy"], "Competitive games take 2 to 5 players"),
                          (["--dictionary", "klingon"], "unknown dictionary"),
                          (["--games", "0"], "at least 1")):
        result = subprocess.run([sys.executable, "-m", "hardback_bot.simulate", *args], capture_output=True,
                                text=True, cwd=ROOT, timeout=60)
        assert result.returncode == 2, args
        assert message in result.stderr
