"""What an outbox row and a timer row carry, as values: one closed union per family.

The store decodes a row's ``kind`` and JSON ``payload`` columns once, where it reads the row, into one of these
frozen values; the readers (cogs/outbox.py, cogs/group_dm_pages.py, sessions/timers.py) dispatch on them with
``match`` ending in ``assert_never``, and tests/sessions/test_describers_typed.py runs mypy on those matches, so
a new kind of row without its handler fails the suite.

The stored form is the one every earlier version wrote (docs/store.md), so rows already in a database read
back: a key an older row lacks takes its default, a key this version does not use is ignored. A row this
version cannot read at all (a kind it does not know, a payload without what it needs) becomes
:class:`Unreadable`: its reader logs it and passes over it, never an exception in the middle of a delivery.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeAlias


class _Missing(Exception):
    """A payload lacks a key it needs, or holds the wrong type there."""


def _int(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise _Missing(key)
    return value


def _optional_int(data: Mapping[str, Any], key: str) -> int | None:
    return None if data.get(key) is None else _int(data, key)


def _optional_number(data: Mapping[str, Any], key: str) -> float | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise _Missing(key)
    return value


def _str(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise _Missing(key)
    return value


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A row this version cannot read, kept as stored (``data``: its JSON payload); its reader logs it and
    passes over it."""

    kind: str
    data: Any

    def to_json(self) -> Any:
        return self.data


# ---------------------------------------------------------------------------------------------- the outbox
@dataclass(frozen=True, slots=True)
class AnnounceNotes:
    """Lines for the game's channel: notes (sessions/notes.py, their own closed union) in their stored JSON
    form, said in the channel's language when they are delivered."""

    kind: ClassVar[str] = "announce"
    notes: tuple[Mapping[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"notes": [dict(n) for n in self.notes]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> AnnounceNotes:
        notes = data.get("notes", [])
        if not isinstance(notes, list):
            raise _Missing("notes")
        # A note that is not even an object is left to the notes' own reader to pass over, like any other
        # note it cannot read: one odd note never silences the row's others.
        return cls(tuple(n if isinstance(n, Mapping) else {} for n in notes))


@dataclass(frozen=True, slots=True)
class OpenGhostThread:
    """R30.1: ghostwriter request ``request`` (the number of the move that asked for it) by ``seat``: its
    message with the Suggest button, and its thread where the place has threads."""

    kind: ClassVar[str] = "ghost_open"
    request: int
    seat: int
    round: int | None = None  # the round it was asked in (None: a row that never said; the game's round then)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"request": self.request, "seat": self.seat}
        if self.round is not None:
            data["round"] = self.round
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> OpenGhostThread:
        return cls(_int(data, "request"), _int(data, "seat"), _optional_int(data, "round"))


@dataclass(frozen=True, slots=True)
class PostSuggestion:
    """R30.2: ``seat`` suggested ``word`` for request ``request``: said in its thread (or the channel)."""

    kind: ClassVar[str] = "ghost_post"
    request: int
    seat: int
    word: str

    def to_json(self) -> dict[str, Any]:
        return {"request": self.request, "seat": self.seat, "word": self.word}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PostSuggestion:
        return cls(_int(data, "request"), _int(data, "seat"), _str(data, "word"))


@dataclass(frozen=True, slots=True)
class CloseGhostThread:
    """Request ``request`` is over: its buttons go and its thread is archived."""

    kind: ClassVar[str] = "ghost_close"
    request: int

    def to_json(self) -> dict[str, Any]:
        return {"request": self.request}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CloseGhostThread:
        return cls(_int(data, "request"))


@dataclass(frozen=True, slots=True)
class PostResults:
    """The game is over: its results message, once."""

    kind: ClassVar[str] = "results"

    def to_json(self) -> dict[str, Any]:
        return {}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PostResults:
        return cls()


@dataclass(frozen=True, slots=True)
class TurnAlert:
    """A turn of ``user`` (at ``seat``) began after ``moves`` moves: their direct message, if they asked for it
    (sessions/alerts.py) and the game still waits for that turn when it goes."""

    kind: ClassVar[str] = "alert"
    user: int
    seat: int
    moves: int

    def to_json(self) -> dict[str, Any]:
        return {"user": self.user, "seat": self.seat, "moves": self.moves}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TurnAlert:
        return cls(_int(data, "user"), _int(data, "seat"), _int(data, "moves"))


Outgoing: TypeAlias = (AnnounceNotes | OpenGhostThread | PostSuggestion | CloseGhostThread | PostResults | TurnAlert
                       | Unreadable)
_OUTGOING: dict[str, Any] = {cls.kind: cls for cls in (AnnounceNotes, OpenGhostThread, PostSuggestion,
                                                        CloseGhostThread, PostResults, TurnAlert)}


# ---------------------------------------------------------------------------------------------- timers
# Each timer keeps the number of moves the game had when it was set (a timer of a game that moved on since is
# stale: seat changes bump the version, so moves are counted) and the decision's deadline as it was then. Rows
# of the first versions counted versions instead and have no ``moves``: None, stale today as they were then.
@dataclass(frozen=True, slots=True)
class TurnDeadline:
    """R33.2: the active player's time for their turn runs out."""

    kind: ClassVar[str] = "turn"
    moves: int | None = None
    deadline: float | None = None

    def to_json(self) -> dict[str, Any]:
        return _deadline_json(self.moves, self.deadline)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TurnDeadline:
        return cls(_optional_int(data, "moves"), _optional_number(data, "deadline"))


@dataclass(frozen=True, slots=True)
class VoteDeadline:
    """R27, R33.2: the voters' time runs out (each who has not voted accepts)."""

    kind: ClassVar[str] = "vote"
    moves: int | None = None
    deadline: float | None = None

    def to_json(self) -> dict[str, Any]:
        return _deadline_json(self.moves, self.deadline)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> VoteDeadline:
        return cls(_optional_int(data, "moves"), _optional_number(data, "deadline"))


@dataclass(frozen=True, slots=True)
class DeadlineReminder:
    """A reminder of a turn's or a vote's deadline: whoever it waits for is told once. A real-time timer has one
    at three quarters of its time; a deadline of 12 hours or more has two, at half time and two hours before it
    (sessions/core.py, ``reminder_offsets``)."""

    kind: ClassVar[str] = "reminder"
    moves: int | None = None
    deadline: float | None = None

    def to_json(self) -> dict[str, Any]:
        return _deadline_json(self.moves, self.deadline)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DeadlineReminder:
        return cls(_optional_int(data, "moves"), _optional_number(data, "deadline"))


def _deadline_json(moves: int | None, deadline: float | None) -> dict[str, Any]:
    return {k: v for k, v in (("moves", moves), ("deadline", deadline)) if v is not None}


@dataclass(frozen=True, slots=True)
class AlertDue:
    """A turn alert held by ``user``'s quiet hours comes due at their end (sessions/alerts.py): sent if the game
    still has ``moves`` moves (the turn has not passed), else dropped."""

    kind: ClassVar[str] = "alert"
    user: int
    moves: int

    def to_json(self) -> dict[str, Any]:
        return {"user": self.user, "moves": self.moves}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> AlertDue:
        return cls(_int(data, "user"), _int(data, "moves"))


Due: TypeAlias = TurnDeadline | VoteDeadline | DeadlineReminder | AlertDue | Unreadable
_DUE: dict[str, Any] = {cls.kind: cls for cls in (TurnDeadline, VoteDeadline, DeadlineReminder, AlertDue)}


# ---------------------------------------------------------------------------------------------- decoding
def outgoing(kind: str, data: Any) -> Outgoing:
    """An outbox row's value from its stored ``kind`` and JSON payload."""
    return _decode(_OUTGOING, kind, data)


def due(kind: str, data: Any) -> Due:
    """A timer row's value from its stored ``kind`` and JSON payload (without the store's ``held`` key)."""
    return _decode(_DUE, kind, data)


def _decode(classes: dict[str, Any], kind: str, data: Any) -> Any:
    cls = classes.get(kind)
    if cls is None or not isinstance(data, Mapping):
        return Unreadable(kind, data)
    try:
        return cls.from_json(data)
    except _Missing:
        return Unreadable(kind, data)


__all__ = ["AlertDue", "AnnounceNotes", "CloseGhostThread", "DeadlineReminder", "Due", "OpenGhostThread", "Outgoing",
           "PostResults", "PostSuggestion", "TurnAlert", "TurnDeadline", "Unreadable", "VoteDeadline", "due",
           "outgoing"]
