"""Computer-player tests: a failing expert search raises instead of quietly taking the hard player's move, and
``small_expert_budget`` shrinks the expert's work budgets where a test checks what it may answer, not how well."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from hardback_bot.ai.expert import player


@pytest.fixture(autouse=True)
def strict_expert() -> Iterator[None]:
    player.STRICT = True
    yield
    player.STRICT = False


@pytest.fixture
def small_expert_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A sixteenth of the expert's simulated turns: the same searches (same candidates, same code), fewer samples."""
    monkeypatch.setattr(player, "TURNS", {k: v // 16 for k, v in player.TURNS.items()})
    monkeypatch.setattr(player, "TURNS_COOP", {k: v // 16 for k, v in player.TURNS_COOP.items()})
