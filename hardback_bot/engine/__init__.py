"""The Hardback rules engine: pure Python, no I/O, deterministic from a seed (RULES.md)."""

from . import scoring
from .errors import IllegalMove
from .game import Game, SpellOptions
from .moves import Move, WordCard, format_move, parse_move
from .options import GameOptions, OptionsError
from .words import AcceptAll, WordChecker, WordSet

__all__ = [
    "AcceptAll",
    "Game",
    "GameOptions",
    "IllegalMove",
    "Move",
    "OptionsError",
    "SpellOptions",
    "WordCard",
    "WordChecker",
    "WordSet",
    "format_move",
    "parse_move",
    "scoring",
]
