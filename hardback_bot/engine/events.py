"""What a move caused, as values: every event the engine emits is one frozen dataclass of the closed union
:data:`Event` (docs/notation.md, events).

``Game.apply`` returns them in the order they happened; front-ends match on them (a type checker holds
their describers to the whole set).  Each event has one exact plain-data form, ``to_dict()`` and
:func:`event_from_dict`, the shape the fingerprints, the scenario reports and anything stored use:
``{"type": "buy", "seat": 0, "card": 91, "from_jail": false, "cost": 3}``.  A field named with a trailing
underscore is its key without it (``for_`` is ``"for"``); tuples are lists.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Literal, TypeAlias, cast, get_args

from .moves import Move, parse_move

PennyReason = Literal["horror", "adventure", "claim"]
TakeChoice = Literal["ink", "remover"]
Decoders: TypeAlias = Mapping[str, Callable[[Any], Any]]  # field -> its value from plain data


class _Plain:
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
    if isinstance(value, _Plain):
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
class TurnSummary(_Plain):
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
class Standing(_Plain):
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
        return {k: v for k, v in _Plain.to_dict(self).items() if v is not None}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Standing:
        return cls(**dict(data))


# ---------------------------------------------------------------------------- piles and the offer row
@dataclass(frozen=True, slots=True)
class Reshuffle(_Plain):
    """R6.3, R20.3: the seat's discard pile was shuffled into a new draw pile."""

    TYPE = "reshuffle"
    seat: int


@dataclass(frozen=True, slots=True)
class OfferReshuffle(_Plain):
    """R21: the offer deck ran out; the removed pile was shuffled into a new one."""

    TYPE = "offer_reshuffle"


@dataclass(frozen=True, slots=True)
class RowAdd(_Plain):
    """R18.1: a card entered the offer row as its newest."""

    TYPE = "row_add"
    card: int


@dataclass(frozen=True, slots=True)
class Flush(_Plain):
    """R18.3: these row cards went to the removed pile (seven new ones follow as RowAdd)."""

    TYPE = "flush"
    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Cycle(_Plain):
    """R18.5: the oldest row card left at the end of a turn that changed nothing in the row."""

    TYPE = "cycle"
    card: int


# ---------------------------------------------------------------------------- ink and remover (R6)
@dataclass(frozen=True, slots=True)
class InkDraw(_Plain):
    """R6.1: the seat drew this card with ink (inked cards are public, R6.10)."""

    TYPE = "ink_draw"
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Remover(_Plain):
    """R6.5: the seat cleared this inked card."""

    TYPE = "remover"
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Unremover(_Plain):
    """R6.6: the seat took a remover back; the card is inked again."""

    TYPE = "unremover"
    seat: int
    card: int


# ---------------------------------------------------------------------------- spelling (R7-R9, R24, R27)
@dataclass(frozen=True, slots=True)
class WordAccepted(_Plain):
    """R7.8: the seat's word is final, its cards placed as ``cards``."""

    TYPE = "word"
    _DECODE: ClassVar[Decoders] = {"cards": lambda raw: tuple(PlayedCard.from_list(c) for c in raw)}
    seat: int
    word: str
    cards: tuple[PlayedCard, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "seat": self.seat, "word": self.word, "cards": [c.to_list() for c in self.cards]}


@dataclass(frozen=True, slots=True)
class Skip(_Plain):
    """R9.2: writer's block; the hand went to the discard pile."""

    TYPE = "skip"
    seat: int


@dataclass(frozen=True, slots=True)
class Award(_Plain):
    """R24.2: the seat took the literary award for a word of ``length`` letters."""

    TYPE = "award"
    seat: int
    value: int
    length: int


@dataclass(frozen=True, slots=True)
class AwardLost(_Plain):
    """R24.2: a higher award took this seat's."""

    TYPE = "award_lost"
    seat: int
    value: int


@dataclass(frozen=True, slots=True)
class VoteStart(_Plain):
    """R27.3: the word is not in the dictionary; ``voters`` vote on it."""

    TYPE = "vote_start"
    seat: int
    word: str
    voters: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Vote(_Plain):
    """R27.4: one vote."""

    TYPE = "vote"
    seat: int
    accept: bool
    word: str


@dataclass(frozen=True, slots=True)
class VoteResult(_Plain):
    """R27.4, R27.5: the vote on the speller's (``seat``'s) word is settled."""

    TYPE = "vote_result"
    seat: int
    word: str
    accepted: bool


# ---------------------------------------------------------------------------- resolving a word (R10-R16)
@dataclass(frozen=True, slots=True)
class Uncover(_Plain):
    """R14: ``source`` turned the wild ``card`` face up."""

    TYPE = "uncover"
    seat: int
    card: int
    source: int


@dataclass(frozen=True, slots=True)
class Double(_Plain):
    """R13: ``source`` doubled ``card``'s numbers, now ×``multiplier``."""

    TYPE = "double"
    seat: int
    card: int
    multiplier: int
    source: int


@dataclass(frozen=True, slots=True)
class Earn(_Plain):
    """R12.3, R12.4: every automatic coin and prestige of the word, card by card; ``active``: the genres
    counted twice or more (R10.4)."""

    TYPE = "earn"
    _DECODE: ClassVar[Decoders] = {
        "per_card": lambda raw: tuple(CardEarnings(int(k), c, p) for k, (c, p) in raw.items())}
    seat: int
    coins: int
    prestige: int
    per_card: tuple[CardEarnings, ...]
    active: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "seat": self.seat, "coins": self.coins, "prestige": self.prestige,
                "per_card": {str(e.card): [e.coins, e.prestige] for e in self.per_card}, "active": list(self.active)}


@dataclass(frozen=True, slots=True)
class Gain(_Plain):
    """Coins and prestige from one benefit with a choice or a trash (R11.2, R15), or printed on a bought
    card (R19.4); ``card``: the card that gave them."""

    TYPE = "gain"
    seat: int
    coins: int
    prestige: int
    card: int | None


@dataclass(frozen=True, slots=True)
class Trash(_Plain):
    """R15.1: the card left the game for its trash value."""

    TYPE = "trash"
    seat: int
    card: int
    coins: int
    prestige: int


@dataclass(frozen=True, slots=True)
class Dump(_Plain):
    """R15.4: a card of the discard pile left the game for ``coins``, the ability of ``source``."""

    TYPE = "dump"
    seat: int
    card: int
    coins: int
    source: int


@dataclass(frozen=True, slots=True)
class Preview(_Plain):
    """R16.2: ``source`` let the seat look at ``count`` cards of their draw pile."""

    TYPE = "preview"
    seat: int
    count: int
    source: int


@dataclass(frozen=True, slots=True)
class PreviewDiscard(_Plain):
    """R16.3: a previewed card went to the discard pile."""

    TYPE = "preview_discard"
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Take(_Plain):
    """R11.3: ``card``'s ink-or-remover choice, taken as ``choice`` (coins or prestige are a Gain)."""

    TYPE = "take"
    seat: int
    card: int
    choice: TakeChoice

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "seat": self.seat, "card": self.card, self.choice: 1, "choice": self.choice}

    @classmethod
    def from_fields(cls, data: Mapping[str, Any]) -> Take:
        choice = data.get("choice")
        if choice not in get_args(TakeChoice) or set(data) != {"type", "seat", "card", choice, "choice"}:
            raise ValueError(f"take: keys {sorted(data)}")
        return cls(data["seat"], data["card"], cast(TakeChoice, choice))


# ---------------------------------------------------------------------------- jail and the market (R17, R19, R25)
@dataclass(frozen=True, slots=True)
class Jail(_Plain):
    """R17: ``source`` jailed the row card: reserved for the seat, or removed from the game."""

    TYPE = "jail"
    seat: int
    card: int
    reserve: bool
    source: int


@dataclass(frozen=True, slots=True)
class Unjail(_Plain):
    """E9: a newly reserved card pushed the seat's older jailed card out of the game."""

    TYPE = "unjail"
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Buy(_Plain):
    """R19.1-R19.3: the seat bought the card, from the row or their own jail."""

    TYPE = "buy"
    seat: int
    card: int
    from_jail: bool
    cost: int


@dataclass(frozen=True, slots=True)
class Advert(_Plain):
    """R25.3: the seat's ``number``-th advert."""

    TYPE = "advert"
    seat: int
    cost: int
    prestige: int
    number: int


@dataclass(frozen=True, slots=True)
class Convert(_Plain):
    """R19.6: ``ink`` ink became ``coins`` coins."""

    TYPE = "convert"
    seat: int
    coins: int
    ink: int


# ---------------------------------------------------------------------------- the end of a turn (R20, R33)
@dataclass(frozen=True, slots=True)
class CoinsToInk(_Plain):
    """R20.1: coins left at the end of the turn became ink."""

    TYPE = "coins_to_ink"
    seat: int
    ink: int


@dataclass(frozen=True, slots=True)
class ClassicInPlay(_Plain):
    """R10.7: the speller's face-up timeless classic stays in play."""

    TYPE = "classic_in_play"
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class ClassicLeaves(_Plain):
    """R10.8: ``seat``'s classic, used by ``by``, left play for its owner's discard pile."""

    TYPE = "classic_leaves"
    seat: int
    card: int
    by: int


@dataclass(frozen=True, slots=True)
class TurnEnd(_Plain):
    """The seat's turn ended; ``summary`` says all of it."""

    TYPE = "turn_end"
    _DECODE: ClassVar[Decoders] = {"summary": TurnSummary.from_dict}
    seat: int
    summary: TurnSummary


@dataclass(frozen=True, slots=True)
class TurnStart(_Plain):
    """R4.1: the seat's turn begins."""

    TYPE = "turn_start"
    seat: int
    round: int


@dataclass(frozen=True, slots=True)
class Timeout(_Plain):
    """R33.2: the seat's time ran out (a voter's: they accept)."""

    TYPE = "timeout"
    seat: int


@dataclass(frozen=True, slots=True)
class Undo(_Plain):
    """The seat took back ``move``, their last choice (engine/undo.py)."""

    TYPE = "undo"
    _DECODE: ClassVar[Decoders] = {"move": parse_move}
    seat: int
    move: Move


# ---------------------------------------------------------------------------- the ghostwriter (R30)
@dataclass(frozen=True, slots=True)
class GhostwriterRequest(_Plain):
    """R30.1: the speller's hand, shown to everyone."""

    TYPE = "ghostwriter"
    seat: int
    hand: tuple[int, ...]
    inked: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Suggestion(_Plain):
    """R30.2: the seat suggested a word, the request's ``index``-th suggestion."""

    TYPE = "suggestion"
    seat: int
    word: str
    index: int
    in_dictionary: bool


@dataclass(frozen=True, slots=True)
class Adopt(_Plain):
    """R30.2: the speller adopted ``by``'s suggestion."""

    TYPE = "adopt"
    seat: int
    by: int
    word: str


@dataclass(frozen=True, slots=True)
class GhostwriterPaid(_Plain):
    """R30.3: the seat ghostwrote ``for_``'s word and was paid ``ink``."""

    TYPE = "ghostwriter_paid"
    seat: int
    ink: int
    for_: int


# ---------------------------------------------------------------------------- co-op (R29)
@dataclass(frozen=True, slots=True)
class PennyTurn(_Plain):
    """R29.4: Penny Dreadful's turn begins."""

    TYPE = "penny_turn"


@dataclass(frozen=True, slots=True)
class PennyClaim(_Plain):
    """R29.4 step 2: Penny claimed the oldest row card for ``prestige``."""

    TYPE = "penny_claim"
    card: int
    prestige: int


@dataclass(frozen=True, slots=True)
class PennyRemove(_Plain):
    """Her mystery signature: she also removed the cheapest row card."""

    TYPE = "penny_remove"
    card: int


@dataclass(frozen=True, slots=True)
class PennyGain(_Plain):
    """R29.3, R29.4: Penny scored, by a signature or a claim; ``score`` is hers now."""

    TYPE = "penny_gain"
    prestige: int
    reason: PennyReason
    score: int


@dataclass(frozen=True, slots=True)
class ClassicDiscarded(_Plain):
    """R29.6: a card of the classic's genre entered the row (``by``): the seat's classic was discarded."""

    TYPE = "classic_discarded"
    seat: int
    card: int
    by: int


# ---------------------------------------------------------------------------- the end of the game (R22)
@dataclass(frozen=True, slots=True)
class FinalRound(_Plain):
    """R22.5: ``seats`` reached the goal; the round is played out."""

    TYPE = "final_round"
    goal: int
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameOver(_Plain):
    """The game ended with these standings."""

    TYPE = "game_over"
    _DECODE: ClassVar[Decoders] = {"results": lambda raw: tuple(Standing.from_dict(r) for r in raw)}
    results: tuple[Standing, ...]


Event: TypeAlias = (
    Reshuffle | OfferReshuffle | RowAdd | Flush | Cycle
    | InkDraw | Remover | Unremover
    | WordAccepted | Skip | Award | AwardLost | VoteStart | Vote | VoteResult
    | Uncover | Double | Earn | Gain | Trash | Dump | Preview | PreviewDiscard | Take
    | Jail | Unjail | Buy | Advert | Convert
    | CoinsToInk | ClassicInPlay | ClassicLeaves | TurnEnd | TurnStart | Timeout | Undo
    | GhostwriterRequest | Suggestion | Adopt | GhostwriterPaid
    | PennyTurn | PennyClaim | PennyRemove | PennyGain | ClassicDiscarded
    | FinalRound | GameOver
)

#: Each event class by its ``type``.
EVENT_TYPES: dict[str, type[_Plain]] = {cls.TYPE: cls for cls in get_args(Event)}


def event_from_dict(data: Mapping[str, Any]) -> Event:
    """The event of a plain-data form (``to_dict()``'s); ValueError for an unknown type or other keys."""
    cls = EVENT_TYPES.get(str(data.get("type")))
    if cls is None:
        raise ValueError(f"unknown event type {data.get('type')!r}")
    return cast(Event, cls.from_fields(data))


def events_to_dicts(events: list[Event]) -> list[dict[str, Any]]:
    """The plain-data form of a move's events, in order."""
    return [e.to_dict() for e in events]
