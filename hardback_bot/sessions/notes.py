"""What the channel must be told about a commit, as values (the outbox rows of the store).

A move's engine events become *notes*: one closed union of small frozen values, :data:`Note`, with the
parameters a sentence needs (seats, words, numbers), never rendered text. They are written, as their plain
JSON form (``{"t": "turn", "seat": 0, ...}``), in the same transaction as the move
(an :class:`~hardback_bot.store.AnnounceNotes` row of the outbox), and the Discord side reads them back
(:func:`notes_of`) and renders
them when it delivers them, in the server's language, from the store: a crash between the commit and the
post loses nothing. Rows stored by older versions read back too: a key they lack takes its default.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, ClassVar, TypeAlias, cast, get_args

from hardback_bot.engine import Game
from hardback_bot.engine.events import (
    ClassicInPlay,
    ClassicLeaves,
    Cycle,
    Event,
    FinalRound,
    GhostwriterPaid,
    GhostwriterRequest,
    PennyClaim,
    PennyRemove,
    Suggestion,
    Timeout,
    TurnEnd,
    TurnSummary,
    VoteResult,
    VoteStart,
)
from hardback_bot.store import (
    AnnounceNotes,
    CloseGhostThread,
    Delivery,
    OpenGhostThread,
    PostResults,
    PostSuggestion,
)

log = logging.getLogger(__name__)


class _Stored:
    """A note's JSON form: ``t`` names the kind; a field with a trailing underscore is its key without it;
    tuples are lists; the fields of ``OMITTED`` are left out while empty."""

    __slots__ = ()
    T: ClassVar[str]
    OMITTED: ClassVar[frozenset[str]] = frozenset()

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"t": self.T}
        for f in fields(cast(Any, self)):
            value = getattr(self, f.name)
            if f.name in self.OMITTED and value in ((), None):
                continue
            data[f.name.rstrip("_")] = _plain(value)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Any:
        values: dict[str, Any] = {}
        for f in fields(cast(Any, cls)):
            key = f.name.rstrip("_")
            if key in data:
                values[f.name] = _read(f.name, data[key])
            elif f.default is MISSING and f.default_factory is MISSING:
                raise ValueError(f"note {cls.T!r} without {key!r}")
        return cls(**values)


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, TurnSummary):
        return value.to_dict()
    return value


def _read(name: str, raw: Any) -> Any:
    if name == "summary":
        return TurnSummary.from_dict(raw or {}, strict=False)
    if isinstance(raw, list):
        return tuple(tuple(v) if isinstance(v, list) else v for v in raw)
    return raw


@dataclass(frozen=True, slots=True)
class GameBegins(_Stored):
    """The game started (its seat order is the record's)."""

    T = "begins"


@dataclass(frozen=True, slots=True)
class TurnPlayed(_Stored):
    """A finished turn, with the classics that stayed (R10.7) or went back (R10.8) and the row's cycling."""

    T = "turn"
    OMITTED = frozenset({"classics", "took", "cycled"})
    seat: int
    summary: TurnSummary = field(default_factory=TurnSummary)
    timeout: bool = False
    classics: tuple[int, ...] = ()
    took: tuple[int, ...] = ()
    cycled: int | None = None


@dataclass(frozen=True, slots=True)
class FinalRoundCalled(_Stored):
    """R22.5: these seats reached the goal."""

    T = "final_round"
    seats: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class VoteCalled(_Stored):
    """R27.3: the table votes on the speller's word."""

    T = "vote_start"
    seat: int
    word: str
    voters: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class VoteSettled(_Stored):
    """R27.4: the vote on ``seat``'s word is over."""

    T = "vote_result"
    seat: int
    word: str
    accepted: bool


@dataclass(frozen=True, slots=True)
class GhostPaid(_Stored):
    """R30.3: ``seat`` ghostwrote ``for_``'s word."""

    T = "ghost_paid"
    seat: int
    for_: int
    ink: int


@dataclass(frozen=True, slots=True)
class PennyPlayed(_Stored):
    """R29.4: Penny Dreadful's claims (card, prestige) and the cards her mystery signature removed."""

    T = "penny"
    claims: tuple[tuple[int, int], ...]
    removed: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class YourTurn(_Stored):
    """``seat`` acts next (the deliverer calls them if the game still waits for them)."""

    T = "your_turn"
    seat: int


@dataclass(frozen=True, slots=True)
class Reminder(_Stored):
    """The turn timer's reminder to ``seats`` (the deliverer names the deadline as it stands)."""

    T = "reminder"
    seats: tuple[int, ...] = ()
    deadline: int = 0


@dataclass(frozen=True, slots=True)
class VotersTimedOut(_Stored):
    """R33.2: these voters ran out of time (they accept)."""

    T = "timeout"
    seats: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class SeatAway(_Stored):
    """A seat missed ``misses`` turns in a row: a computer takes over, or (``remove``) it passes from now on."""

    T = "afk"
    seat: int
    misses: int
    policy: str = "computer"
    name: str = ""  # the name the seat had (empty in old rows: the seat's name then)


@dataclass(frozen=True, slots=True)
class SeatLeft(_Stored):
    """The player left the game; a computer player takes the seat."""

    T = "left"
    seat: int
    name: str = ""


@dataclass(frozen=True, slots=True)
class SeatBack(_Stored):
    """The player whose seat a computer took for timeouts took it back (sessions/seats.py)."""

    T = "back"
    seat: int
    name: str


@dataclass(frozen=True, slots=True)
class SeatOffered(_Stored):
    """The host lets a watcher take the seat (``open``), or no longer does; ``name``: the seat's name then."""

    T = "offer"
    seat: int
    name: str
    open: bool = True


@dataclass(frozen=True, slots=True)
class SeatTaken(_Stored):
    """A watcher (``name``) took the seat the host offered; ``was``: the seat's name before."""

    T = "sub"
    seat: int
    name: str
    was: str


@dataclass(frozen=True, slots=True)
class GameEnded(_Stored):
    """The host (or Manage Channels) ended the game, user ``by``."""

    T = "ended"
    by: int


@dataclass(frozen=True, slots=True)
class HintsAsked(_Stored):
    """Seat ``seat`` asked the table to turn hints on (each person seated agrees on their panel); ``done``: everyone
    has agreed and hints are on; ``declined_by``: the seat that said no (the request is closed)."""

    T = "hints"
    seat: int
    done: bool = False
    declined_by: int | None = None


@dataclass(frozen=True, slots=True)
class OnVacation(_Stored):
    """Seat ``seat`` of a turn-based game went on vacation until ``until`` (Unix seconds), or (``until`` 0) came
    back: the deadlines that wait for them start again then."""

    T = "vacation"
    seat: int
    until: int = 0


Note: TypeAlias = (GameBegins | TurnPlayed | FinalRoundCalled | VoteCalled | VoteSettled | GhostPaid | PennyPlayed
                   | YourTurn | Reminder | VotersTimedOut | SeatAway | SeatLeft | SeatBack | SeatOffered | SeatTaken
                   | GameEnded | HintsAsked | OnVacation)

#: Each note class by its ``t``.
NOTE_TYPES: dict[str, type[_Stored]] = {cls.T: cls for cls in get_args(Note)}


def note_from_dict(data: Mapping[str, Any]) -> Note:
    """The note of a stored JSON form; ValueError for an unknown kind or a missing parameter."""
    cls = NOTE_TYPES.get(str(data.get("t")))
    if cls is None:
        raise ValueError(f"unknown note {data.get('t')!r}")
    return cast(Note, cls.from_dict(data))


def as_note(note: Note | Mapping[str, Any]) -> Note:
    """A note, from itself or from its stored JSON form."""
    return note_from_dict(note) if isinstance(note, Mapping) else note


def notes_of(row: AnnounceNotes) -> list[Note]:
    """The notes of an announcement row, in order; a note this version cannot read is left out (and logged),
    so one odd note never silences the rest."""
    notes: list[Note] = []
    for data in row.notes:
        try:
            notes.append(note_from_dict(data))
        except (ValueError, TypeError) as error:
            log.warning("an announcement note is left out: %s", error)
    return notes


def ghost_request_id(game: Game) -> int | None:
    """The open ghostwriter request of the turn, named by the move number that asked for it (R30).

    Each request of a game gets its own thread and its own buttons; a button of an older request names
    an older number and is answered "that request is over"."""
    if game.finished or game.state.turn.extra.ghost is None:
        return None
    seat = game.state.turn.seat
    for number in range(len(game.move_log), 0, -1):
        who, move = game.move_log[number - 1]
        if who == seat and move.kind == "ghostwriter":
            return number
    return None


def turn_notes(game: Game, events: Sequence[Event], seat_before: int) -> list[Note]:
    """Notes for the events of one commit (one or several moves), in the order they happened."""
    notes: list[Note] = []
    timed_out = False
    classics: list[int] = []
    took: list[int] = []
    cycled: int | None = None
    for e in events:
        match e:
            case Timeout():
                timed_out = True
            case ClassicInPlay():  # R10.7: the speller's face-up classic stays in play
                classics.append(e.card)
            case ClassicLeaves():  # R10.8: a rival's classic used in the word leaves play
                took.append(e.card)
            case Cycle():  # R18.5: cycling ends the turn, so the turn's line says it
                cycled = e.card
            case TurnEnd():
                notes.append(TurnPlayed(seat=e.seat, summary=e.summary, timeout=timed_out, classics=tuple(classics),
                                        took=tuple(took), cycled=cycled))
                timed_out, classics, took, cycled = False, [], [], None
            case FinalRound():
                notes.append(FinalRoundCalled(seats=tuple(p.seat for p in game.state.players
                                                          if p.prestige >= game.goal)))
            case VoteStart():
                notes.append(VoteCalled(seat=e.seat, word=e.word, voters=e.voters))
            case VoteResult():
                notes.append(VoteSettled(seat=e.seat, word=e.word, accepted=e.accepted))
            case GhostwriterPaid():
                notes.append(GhostPaid(seat=e.seat, for_=e.for_, ink=e.ink))
    penny = _penny(events)
    if penny:
        notes.append(penny)
    if not game.finished and (game.active_seat != seat_before or any(isinstance(n, TurnPlayed) for n in notes)):
        notes.append(YourTurn(seat=game.active_seat))
    elif not game.finished and any(isinstance(n, VoteSettled) for n in notes):
        # Either way the speller acts next (spell again, or resolve the accepted word): tell them.
        notes.append(YourTurn(seat=game.active_seat))
    return notes


def _penny(events: Sequence[Event]) -> PennyPlayed | None:
    claims = tuple((e.card, e.prestige) for e in events if isinstance(e, PennyClaim))
    if not claims:
        return None
    return PennyPlayed(claims=claims, removed=tuple(e.card for e in events if isinstance(e, PennyRemove)))


def deliveries_for(game_id: int, game: Game, events: Sequence[Event], seat_before: int,
                   *, extra: Sequence[Note] = (), request_before: int | None = None) -> list[Delivery]:
    """Every outbox row one commit of ``game`` causes: announcements, ghostwriter threads, results.

    ``request_before`` is the ghostwriter request open before the commit (its thread closes when the
    turn that asked for it ends, or when the game ends)."""
    rows: list[Delivery] = []
    for e in events:
        if isinstance(e, GhostwriterRequest):
            request = ghost_request_id(game)
            if request is not None:
                rows.append(Delivery(game_id, OpenGhostThread(request, e.seat, game.state.round)))
        elif isinstance(e, Suggestion):
            request = ghost_request_id(game) or request_before
            if request is not None:
                rows.append(Delivery(game_id, PostSuggestion(request, e.seat, e.word)))
    notes = [*extra, *turn_notes(game, events, seat_before)]
    if notes:
        rows.insert(0, announce(game_id, *notes))
    if request_before is not None and ghost_request_id(game) != request_before:
        rows.append(Delivery(game_id, CloseGhostThread(request_before)))
    if game.finished:
        rows.append(Delivery(game_id, PostResults()))
    return rows


def announce(game_id: int, *notes: Note) -> Delivery:
    """An announcement outbox row holding ``notes`` in their stored JSON form."""
    return Delivery(game_id, AnnounceNotes(tuple(n.to_dict() for n in notes)))
