"""The plain-data values events carry, and the one plain-data form they all share (engine/events.py).

:class:`PlainData` turns a frozen dataclass into a dict and back exactly: fields in order, tuples as lists, a
field named with a trailing underscore keyed without it (``for_`` is ``"for"``), a ``TYPE`` (an event's kind)
first when the class has one.  The parts here are what some events hold: the cards of an accepted word, what
each card earned, a turn's summary, a seat's final standing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, TypeAlias, cast

from .moves import Move

Decoders: TypeAlias = Mapping[str, Callable[[Any], Any]]  # field -> its value from plain data


class PlainData:
    """The plain-data form every event and its parts share: fields in order, tuples as lists."""

    __slots__ = ()
    TYPE: ClassVar[str] = ""
    _DECODE: ClassVar[Decoders] = {}

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.TYPE} if self.TYPE else {}
        for f in fields(cast(Any, self)):
            data[f.name.rstrip("_")] = _plain(getattr(self, f.name))
        return data

    @classmethod
    def from_fields(cls, data: Mapping[str, Any]) -> Any:
        names = [f.name for f in fields(cast(Any, cls))]
        keys = {n.rstrip("_") for n in names} | ({"type"} if cls.TYPE else set())
        if set(data) != keys:
            raise ValueError(f"{cls.TYPE or cls.__name__}: keys {sorted(data)}, expected {sorted(keys)}")
        values = {}
        for name in names:
            raw = data[name.rstrip("_")]
            decode = cls._DECODE.get(name)
            values[name] = decode(raw) if decode else tuple(raw) if isinstance(raw, list) else raw
        return cls(**values)


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, PlainData):
        return value.to_dict()
    if isinstance(value, Move):
        return str(value)
    return value


# ---------------------------------------------------------------------------- the parts of some events
@dataclass(frozen=True, slots=True)
class PlayedCard:
    """One card of an accepted word as it was placed (R7): ``letter`` is what it stands for."""

    card: int
    letter: str
    wild: bool
    uncovered: bool
    mult: int
    owner: int  # -1: from the hand; else the seat of the timeless classic's owner (R10.7)
    inked: bool

    def to_list(self) -> list[Any]:
        return [self.card, self.letter, int(self.wild), int(self.uncovered), self.mult, self.owner, int(self.inked)]

    @classmethod
    def from_list(cls, data: list[Any]) -> PlayedCard:
        card, letter, wild, uncovered, mult, owner, inked = data
        return cls(card, letter, bool(wild), bool(uncovered), mult, owner, bool(inked))


@dataclass(frozen=True, slots=True)
class CardEarnings:
    """What one card of the word earned automatically (R12.3, R12.4)."""

    card: int
    coins: int
    prestige: int


@dataclass(frozen=True, slots=True)
class TurnSummary(PlainData):
    """A turn's public summary, however many moves it took (what the table log says of it)."""

    skipped: bool = False  # writer's block (R9) or a timeout at spelling
    word: str | None = None
    coins: int = 0  # from the word's benefits (R12), trash included
    prestige: int = 0
    award: int = 0  # a literary award claimed with the word (R24)
    trashed: tuple[int, ...] = ()
    dumped: tuple[int, ...] = ()
    reserved: tuple[int, ...] = ()
    removed: tuple[int, ...] = ()
    flushed: int = 0
    bought: tuple[int, ...] = ()
    purchase_prestige: int = 0  # printed on the cards bought (R19.4)
    adverts: int = 0

    def to_dict(self) -> dict[str, Any]:
        """Only what happened: ``skipped`` always, the rest when not zero or empty."""
        data: dict[str, Any] = {"skipped": self.skipped}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name != "skipped" and value:
                data[f.name] = _plain(value)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, strict: bool = True) -> TurnSummary:
        """The summary of ``data``; an unknown key raises ValueError when ``strict``, else is left out."""
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown and strict:
            raise ValueError(f"unknown turn summary keys {sorted(unknown)}")
        values: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items() if k in known}
        return cls(**values)


@dataclass(frozen=True, slots=True)
class Standing(PlainData):
    """One seat's final result (R22.4, R22.6); in co-op every seat has the team's (R29.9)."""

    seat: int
    prestige: int  # awards included (R22.3)
    award: int
    ink: int
    rank: int  # shared places are numbered like sports tables; co-op: 1 won, 2 lost
    won: bool | None = None  # co-op only
    margin: int | None = None  # co-op only: team minus Penny
    penny: int | None = None  # co-op only: Penny Dreadful's score

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in PlainData.to_dict(self).items() if v is not None}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Standing:
        return cls(**dict(data))
