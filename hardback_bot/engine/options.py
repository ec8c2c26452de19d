"""Table options (RULES.md Part E).  Frozen: options never change during a game."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .messages import render

GAME_LENGTHS = (40, 60, 90, 180)
UNIQUE_WORDS = ("off", "game", "player")
VOTE_MODES = ("off", "majority", "unanimous")
PENNY_GENRES = ("none", "random", "adventure", "horror", "mystery", "romance")
AWARD_TABLE = {7: 5, 8: 6, 9: 7, 10: 9, 11: 12, 12: 15}  # R24.1; 12 means "12 or more"
ADVERTS = ((6, 3), (9, 6), (12, 10), (15, 15), (18, 20))  # R25.1: (cost, prestige), in order
MAX_TURN_TIMER = 7 * 24 * 3600  # seconds (R33.4): a week a move, the slowest turn-based speed
STANDARD_DEAL = "standard"  # R3.2, R3.3: every deck shuffled from the game's seed
TUTORIAL_DEAL = "tutorial"  # the guided first game's stacked deal (setup.py, docs/tutorial.md)
DEALS = (STANDARD_DEAL, TUTORIAL_DEAL)
TUTORIAL_LENGTH = 15  # [Bot default] a first game is short (about seven rounds); only the guided deal may use it


class OptionsError(ValueError):
    """An impossible combination of table options, refused at game creation.

    Like IllegalMove: a stable ``code``, its ``params`` and ``str(error)`` worded by messages.TEMPLATES.
    """

    def __init__(self, message: str, code: str = "bad_options", params: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, Any] = dict(params or {})

    @classmethod
    def of(cls, code: str, **params: Any) -> OptionsError:
        return cls(render(code, params), code, params)


@dataclass(frozen=True, slots=True)
class GameOptions:
    length: int = 60  # R23: 40/60/90/180 (competitive)
    awards: bool = True  # R24
    adverts: bool = True  # R25
    unique_words: str = "off"  # R26: off / game / player
    dictionary: str = "common"  # R27: a word list name or "none"
    vote: str = "off"  # R27.3-R27.4: off / majority / unanimous
    open_hands: bool = False  # R28 (co-op is always open)
    coop: bool = False  # R29
    penny_genre: str = "random"  # R29.3
    ghostwriter: bool = True  # R30
    cycling: bool = True  # R18.5 (option to turn off, R32)
    # Table settings the engine only carries for the host (no effect on the rules): the turn timer in
    # seconds (0 = off, R33.4) and whether the solver's hints are offered (always in solo).
    turn_timer: int = 0
    hints: bool = False
    # Family-friendly: words the table's checker names offensive are refused for everyone (spelled,
    # voted on or suggested), like a word missing from the dictionary but never put to a vote.
    family_friendly: bool = False
    # How the decks are dealt: shuffled from the seed, or the guided first game's fixed deal, which is the
    # same for every seed (R3 still holds: the usual cards, only their order is chosen).
    deal: str = STANDARD_DEAL

    def validate(self, num_players: int) -> None:
        if self.deal not in DEALS:
            raise OptionsError.of("bad_deal", value=self.deal, choices=list(DEALS))
        lengths = (*GAME_LENGTHS, TUTORIAL_LENGTH) if self.deal == TUTORIAL_DEAL else GAME_LENGTHS
        if self.length not in lengths:
            raise OptionsError.of("bad_length", value=self.length, choices=list(lengths))
        if self.unique_words not in UNIQUE_WORDS:
            raise OptionsError.of("bad_unique_words", value=self.unique_words, choices=list(UNIQUE_WORDS))
        if self.vote not in VOTE_MODES:
            raise OptionsError.of("bad_vote_mode", value=self.vote, choices=list(VOTE_MODES))
        if not 0 <= self.turn_timer <= MAX_TURN_TIMER:
            raise OptionsError.of("bad_turn_timer", value=self.turn_timer, max=MAX_TURN_TIMER)
        if self.penny_genre not in PENNY_GENRES:
            raise OptionsError.of("bad_penny_genre", value=self.penny_genre, choices=list(PENNY_GENRES))
        if self.coop:
            if not 1 <= num_players <= 4:
                raise OptionsError.of("coop_players", players=num_players, min=1, max=4)
        elif not 2 <= num_players <= 5:
            raise OptionsError.of("competitive_players", players=num_players, min=2, max=5)
        if self.dictionary == "none" and self.vote == "off":
            raise OptionsError.of("votes_needed")
        if num_players == 1 and (self.vote != "off" or self.dictionary == "none"):
            raise OptionsError.of("votes_need_players", players=num_players)
        if not isinstance(self.family_friendly, bool):
            raise OptionsError.of("bad_family_friendly", value=self.family_friendly)
        if self.deal == TUTORIAL_DEAL and self.coop:
            raise OptionsError.of("tutorial_competitive")

    @property
    def hands_open(self) -> bool:
        return self.open_hands or self.coop

    def goal(self, num_players: int) -> int:
        return 60 * num_players if self.coop else self.length

    def to_dict(self) -> dict[str, Any]:
        # Every field is a plain value (int, bool, str): this flat copy is asdict's deep one, a tenth of its time.
        data = {name: getattr(self, name) for name in _FIELD_NAMES}
        if not self.family_friendly:
            # Written only when on, so every game recorded before the option existed keeps its exact JSON
            # (stored states, exports and the engine's fingerprints); from_dict reads it as off.
            del data["family_friendly"]
        if self.deal == STANDARD_DEAL:
            del data["deal"]  # the same reason: every earlier game keeps its JSON
        return data

    @property
    def tutorial(self) -> bool:
        """The guided first game (its fixed deal; unrated, docs/tutorial.md)."""
        return self.deal == TUTORIAL_DEAL

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameOptions:
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise OptionsError.of("unknown_options", options=sorted(unknown), count=len(unknown))
        return cls(**data)


_FIELD_NAMES = tuple(f.name for f in fields(GameOptions))  # in declaration order, as asdict writes them
