from __future__ import annotations

from typing import Any

import pytest

from hardback_bot.engine import Game
from hardback_bot.engine.scenario import build_game


def make(**spec: Any) -> Game:
    """A game in an exact position; see docs/scenarios.md for the keys."""
    spec.setdefault("options", {})
    return build_game(spec)


@pytest.fixture
def game_factory():
    return make
