"""The game: one object with the engine's public API, over the rooms of the rules (docs/architecture.md).

``Game.apply(seat, move)`` either raises :class:`IllegalMove` having changed nothing, or applies the
move completely and returns the events it caused.  The rules themselves live in the rooms: turn flow
(turn.py), spelling, ink and remover (spelling.py), card abilities (abilities.py), the offer row and
the market (offer_row.py, market.py), the end of a turn and of the game (turn_end.py, game_end.py),
and the variants (votes.py, ghostwriter.py, coop.py and penny.py, awards.py, unique_words.py).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from . import abilities, game_end, ghostwriter, setup, spelling, turn, undo, unique_words
from .events import Event, Standing
from .moves import LoggedMove, Move, WordCard
from .options import GameOptions
from .state import OVER, SPELL, Slot, State
from .stats import PLAYER_STATS, TABLE_STATS, GameStats
from .table import HAND_SIZE, ROW_SIZE, Table
from .words import WordChecker

__all__ = ["FORMAT_VERSION", "HAND_SIZE", "PLAYER_STATS", "ROW_SIZE", "TABLE_STATS", "Event", "Game",
           "SpellOptions"]

FORMAT_VERSION = 1


@dataclass(frozen=True, slots=True)
class SpellOptions:
    """What a player may spell with right now (R7): the solver and random players start here."""

    hand: tuple[int, ...]  # all hand cards, inked ones included
    inked: tuple[int, ...]  # must be in the word, face up (R6.4)
    classics_in_play: tuple[tuple[int, int], ...]  # (card, owner seat): usable face up, never wild


class Game(Table):
    """One game of Hardback.  ``state`` is plain data; everything else is derived or fixed."""

    # ------------------------------------------------------------------ setup (R3) and serialisation
    @classmethod
    def new(cls, num_players: int, seed: int, options: GameOptions | None = None,
            checker: WordChecker | None = None) -> Game:
        options = options or GameOptions()
        state, rng = setup.new_state(num_players, seed, options)
        game = cls(state, options, num_players, checker)
        game.rng = rng
        setup.deal(game)
        return game

    def to_dict(self) -> dict[str, Any]:
        self.state.rng = self.rng.state
        return {
            "format": FORMAT_VERSION,
            "num_players": self.num_players,
            "options": self.options.to_dict(),
            "state": self.state.to_dict(),
            "log": [entry.stored() for entry in self.move_log],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"), sort_keys=True)

    @classmethod
    def from_dict(cls, data: dict[str, Any], checker: WordChecker | None = None) -> Game:
        if data.get("format") != FORMAT_VERSION:
            raise ValueError(f"unsupported game format {data.get('format')!r}")
        return cls(State.from_dict(data["state"]), GameOptions.from_dict(data["options"]),
                   data["num_players"], checker, [LoggedMove.from_stored(s, m) for s, m in data["log"]])

    @classmethod
    def from_json(cls, text: str, checker: WordChecker | None = None) -> Game:
        return cls.from_dict(json.loads(text), checker)

    def clone(self) -> Game:
        """An independent copy, RNG and move log included, with the same word checker."""
        self.state.rng = self.rng.state
        # The log's entries are immutable values.
        return type(self)(self.state.copy(), GameOptions.from_dict(self.options.to_dict()),
                          self.num_players, self.checker, list(self.move_log))

    @classmethod
    def replay(cls, num_players: int, seed: int, options: GameOptions | None,
               moves: Iterable[LoggedMove], checker: WordChecker | None = None) -> Game:
        game = cls.new(num_players, seed, options, checker)
        for seat, move in moves:
            game.apply(seat, move)
        return game

    # ------------------------------------------------------------------ moves
    def apply(self, seat: int, move: Move) -> list[Event]:
        """Apply ``move`` for ``seat``: its events, or IllegalMove with nothing changed (turn.py). Text in the
        notation is read with ``parse_move`` first (docs/notation.md)."""
        if not isinstance(move, Move):
            raise TypeError(f"Game.apply takes a Move, not {type(move).__name__}: parse text with parse_move")
        return turn.apply(self, seat, move)

    def legal_moves(self, seat: int) -> list[Move]:
        """Every legal move of ``seat`` now, except spelling (see :meth:`spell_options`)."""
        return turn.legal_moves(self, seat)

    def pending(self) -> dict[str, Any] | None:
        """The decision the active player faces now (for prompts), or None at the end."""
        return turn.pending(self)

    # ------------------------------------------------------------------ queries
    @property
    def active_seat(self) -> int:
        return self.state.turn.seat

    @property
    def phase(self) -> str:
        return OVER if self.state.finished else self.state.turn.phase

    def spell_options(self, seat: int) -> SpellOptions | None:
        """The cards ``seat`` may spell with, or None when spelling is not their move now."""
        if self.state.finished or seat != self.state.turn.seat or self.state.turn.phase != SPELL:
            return None
        p = self.player(seat)
        return SpellOptions(tuple(p.hand), tuple(p.inked), tuple(self.classics_in_play()))

    def ghost_suggestions(self) -> list[tuple[int, str]]:
        """The open ghostwriter request's suggestions as (seat, word), in order (R30.2)."""
        return ghostwriter.suggestions(self)

    def check_word(self, seat: int, cards: tuple[WordCard, ...]) -> tuple[list[Slot], str]:
        """R8.1-R8.4 without the dictionary: the slots of a legal arrangement and its letters.

        Raises IllegalMove naming the first problem; changes nothing.
        """
        return spelling.check_word(self, seat, cards)

    def check_unique(self, seat: int, word: str) -> None:
        """R26: raise IllegalMove if the unique-words option refuses ``word`` for ``seat``."""
        unique_words.check_unique(self, seat, word)

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` may take back their last choice now (the move ``undo``; engine/undo.py)."""
        return undo.undone_move(self, seat) is not None

    def check_family_friendly(self, word: str) -> None:
        """Raise IllegalMove (``offensive_word``) if this family-friendly table refuses ``word``."""
        spelling.check_family_friendly(self, word)

    def trash_options(self) -> list[tuple[int, str, int]]:
        """(card, "coins" or "prestige", value) for each card the active player may trash now."""
        return [(cid, kind, value) for cid, (_, kind, value, _) in abilities.trash_choices(self)]

    def dump_value(self) -> int:
        """Coins the next dump would pay (the highest unused dump ability, E20), 0 if none."""
        return abilities.dump_value(self)

    def results(self) -> list[dict[str, Any]]:
        """Final standings (R22.4, R22.6, R29.9) as plain data; meaningful once the game is finished."""
        return game_end.results(self)

    def standings(self) -> list[Standing]:
        """Final standings (R22.4, R22.6, R29.9) as values; meaningful once the game is finished."""
        return game_end.standings(self)

    def stats(self) -> GameStats:
        """R34 table statistics and R35 player statistics (deck composition computed now); ``to_dict()`` is
        their stored form."""
        return game_end.stats(self)
