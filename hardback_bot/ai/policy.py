"""The computer strengths by number (1 easy, 2 normal, 3 hard, 4 expert): see docs/ai.md."""

from __future__ import annotations

from .brain import Brain
from .easy import Easy
from .expert.player import Expert
from .hard import Hard
from .normal import Normal

BRAINS: dict[int, type[Brain]] = {1: Easy, 2: Normal, 3: Hard, 4: Expert}

__all__ = ["BRAINS", "Brain", "Easy", "Expert", "Hard", "Normal"]
