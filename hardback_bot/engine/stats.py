"""The statistics of RULES.md R34 (the table's) and R35 (each player's) as values.

The rooms count into :class:`PlayerStats` (``Player.stats``) and :class:`TableStats` (``State.table_stats``);
:class:`GameStats` is what ``Game.stats()`` gives at the end. Their camelCase names (``pointsBasic``,
``longestWord``, ``bestWordText``, ``deck0`` …) are only the stored form: a game's JSON keeps the counters
under them and the store keeps ``GameStats.to_dict()`` with a finished game's results, as they always were.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Self, cast

#: R35: each player's counters under their stored names, in the order of :class:`PlayerStats`' fields.
PLAYER_STATS = (
    "pointsBasic", "pointsGenre", "pointsPurchase", "pointsAward", "pointsAdvert", "coins",
    "cardsPurchase", "cardsJail", "cardsTrash", "coopJail", "words", "longestWord", "bestWord",
    "invalidWords", "votesAccept", "votesReject", "useInk", "useRemover", "starterCard1", "starterCard2",
    "turns", "skips",
)
#: R34: the table's counters under their stored names, in the order of :class:`TableStats`' fields.
TABLE_STATS = ("turns", "words", "longestWord", "bestWord", "invalidWords", "flush", "cycled")


class _Counters:
    """Counters stored as one JSON object under fixed names (``STORED``, field by field)."""

    __slots__ = ()
    STORED: ClassVar[tuple[str, ...]] = ()

    def to_dict(self) -> dict[str, int]:
        return {key: getattr(self, name) for name, key in zip(_names(type(self)), self.STORED, strict=True)}

    @classmethod
    def from_dict(cls, data: Mapping[str, int]) -> Self:
        """The counters of a stored game: a name missing takes 0; a name the engine never wrote is refused."""
        unknown = set(data) - set(cls.STORED)
        if unknown:
            raise ValueError(f"{cls.__name__}: unknown statistics {sorted(unknown)}")
        return cls(**{name: int(data[key]) for name, key in zip(_names(cls), cls.STORED, strict=True) if key in data})


    def copy(self) -> Self:
        """An equal, independent copy (its counters are ints): what a game's copy takes, without the stored form."""
        return type(self)(*[getattr(self, name) for name in _names(type(self))])


_NAMES: dict[type, tuple[str, ...]] = {}


def _names(cls: type) -> tuple[str, ...]:
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in fields(cast(Any, cls)))
    return names


@dataclass(slots=True)
class PlayerStats(_Counters):
    """R35: what one player did over the game (prestige by source, cards, words, votes, tokens, turns)."""

    STORED: ClassVar[tuple[str, ...]] = PLAYER_STATS

    points_basic: int = 0  # prestige from the word's basic benefits
    points_genre: int = 0  # ... and from genre benefits
    points_purchase: int = 0  # printed on the cards bought (R19.4)
    points_award: int = 0  # the literary award held at the end (R24)
    points_advert: int = 0  # from adverts (R25)
    coins: int = 0  # coins the words earned
    cards_purchase: int = 0
    cards_jail: int = 0
    cards_trash: int = 0
    coop_jail: int = 0  # co-op: the cost of the cards jailed away from Penny (R29)
    words: int = 0
    longest_word: int = 0  # letters
    best_word: int = 0  # the prestige of the best word
    invalid_words: int = 0  # refused by a vote (R27.5)
    votes_accept: int = 0
    votes_reject: int = 0
    use_ink: int = 0
    use_remover: int = 0
    starter_card1: int = 0  # the two prestige starters dealt (R3.2)
    starter_card2: int = 0
    turns: int = 0
    skips: int = 0  # writer's block (R9)


@dataclass(slots=True)
class TableStats(_Counters):
    """R34: what the whole table did over the game."""

    STORED: ClassVar[tuple[str, ...]] = TABLE_STATS

    turns: int = 0  # rounds played
    words: int = 0
    longest_word: int = 0
    best_word: int = 0
    invalid_words: int = 0
    flushes: int = 0  # of the offer row (R18.3)
    cycled: int = 0  # times the offer row cycled (R18.5)


@dataclass(frozen=True, slots=True)
class PennyStats:
    """R34 in co-op: Penny Dreadful's score, turns and signature genre."""

    score: int
    turns: int
    genre: str | None

    @property
    def average(self) -> float:
        return round(self.score / self.turns, 2) if self.turns else 0

    def to_dict(self) -> dict[str, Any]:
        return {"coopScore": self.score, "coopTurns": self.turns, "coopGenre": self.genre, "coopAvg": self.average}


@dataclass(frozen=True, slots=True)
class PlayerTotals:
    """One player's statistics at the end: the counters, the best and longest words, the deck by genre."""

    stats: PlayerStats
    best_word: str  # its letters ("" for none)
    longest_word: str
    deck: tuple[int, ...]  # cards owned by genre: starters first, then engine.cards.GENRES

    def to_dict(self) -> dict[str, Any]:
        row: dict[str, Any] = self.stats.to_dict()
        row["bestWordText"] = self.best_word
        row["longestWordText"] = self.longest_word
        for i, count in enumerate(self.deck):
            row[f"deck{i}"] = count
        return row


@dataclass(frozen=True, slots=True)
class GameStats:
    """``Game.stats()``: the table's (Penny's too in co-op) and every player's, seat by seat."""

    table: TableStats
    players: tuple[PlayerTotals, ...]
    penny: PennyStats | None = None

    def to_dict(self) -> dict[str, Any]:
        """The stored form: ``{"table": {...}, "players": [...]}`` under the camelCase names."""
        table: dict[str, Any] = dict(self.table.to_dict())
        if self.penny is not None:
            table.update(self.penny.to_dict())
        return {"table": table, "players": [p.to_dict() for p in self.players]}
