"""The ai package stays readable: every module at most 500 lines (the limit the words package keeps too)."""

from __future__ import annotations

from pathlib import Path

AI = Path(__file__).resolve().parents[2] / "hardback_bot" / "ai"
MAX_LINES = 500


def test_modules_are_short() -> None:
    modules = sorted(AI.rglob("*.py"))
    assert any(p.parent.name == "expert" for p in modules)
    for path in modules:
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= MAX_LINES, f"{path.relative_to(AI)} has {lines} lines"
