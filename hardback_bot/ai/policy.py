"""The computer strengths by number (1 easy, 2 normal, 3 hard): see docs/ai.md."""

from __future__ import annotations

from .brain import Brain
from .easy import Easy
from .hard import Hard
from .normal import Normal

BRAINS: dict[int, type[Brain]] = {1: Easy, 2: Normal, 3: Hard}

__all__ = ["BRAINS", "Brain", "Easy", "Hard", "Normal"]
