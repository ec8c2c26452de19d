"""Helpers for the engine's rule tests (a uniquely named module: several test folders have a conftest)."""

from __future__ import annotations

from typing import Any

from hardback_bot.engine import Game
from hardback_bot.engine.scenario import build_game


def make(**spec: Any) -> Game:
    """A game in an exact position; see docs/scenarios.md for the keys."""
    spec.setdefault("options", {})
    return build_game(spec)
