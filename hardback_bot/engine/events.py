"""What a move caused, as values: every event the engine emits is one frozen dataclass of the closed union
:data:`Event` (docs/notation.md, events).

``Game.apply`` returns them in the order they happened; front-ends match on them (a type checker holds
their describers to the whole set).  Each event has one exact plain-data form, ``to_dict()`` and
:func:`event_from_dict`, the shape the fingerprints, the scenario reports and anything stored use:
``{"type": "buy", "seat": 0, "card": 91, "from_jail": false, "cost": 3}``.  A field named with a trailing
underscore is its key without it (``for_`` is ``"for"``); tuples are lists.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, TypeAlias, cast, get_args

from .event_parts import CardEarnings, Decoders, PlainData, PlayedCard, Standing, TurnSummary
from .moves import Move, parse_move

PennyReason = Literal["horror", "adventure", "claim"]
TakeChoice = Literal["ink", "remover"]


# ---------------------------------------------------------------------------- piles and the offer row
@dataclass(frozen=True, slots=True)
class Reshuffle(PlainData):
    """R6.3, R20.3: the seat's discard pile was shuffled into a new draw pile."""
    TYPE = "reshuffle"
    seat: int


@dataclass(frozen=True, slots=True)
class OfferReshuffle(PlainData):
    """R21: the offer deck ran out; the removed pile was shuffled into a new one."""
    TYPE = "offer_reshuffle"


@dataclass(frozen=True, slots=True)
class RowAdd(PlainData):
    """R18.1: a card entered the offer row as its newest."""
    TYPE = "row_add"
    card: int


@dataclass(frozen=True, slots=True)
class Flush(PlainData):
    """R18.3: these row cards went to the removed pile (seven new ones follow as RowAdd)."""
    TYPE = "flush"
    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Cycle(PlainData):
    """R18.5: the oldest row card left at the end of a turn that changed nothing in the row."""
    TYPE = "cycle"
    card: int


# ---------------------------------------------------------------------------- ink and remover (R6)
@dataclass(frozen=True, slots=True)
class InkDraw(PlainData):
    """R6.1: the seat drew this card with ink (inked cards are public, R6.10)."""
    TYPE = "ink_draw"
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Remover(PlainData):
    """R6.5: the seat cleared this inked card."""
    TYPE = "remover"
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Unremover(PlainData):
    """R6.6: the seat took a remover back; the card is inked again."""
    TYPE = "unremover"
    seat: int
    card: int


# ---------------------------------------------------------------------------- spelling (R7-R9, R24, R27)
@dataclass(frozen=True, slots=True)
class WordAccepted(PlainData):
    """R7.8: the seat's word is final, its cards placed as ``cards``."""
    TYPE = "word"
    _DECODE: ClassVar[Decoders] = {"cards": lambda raw: tuple(PlayedCard.from_list(c) for c in raw)}
    seat: int
    word: str
    cards: tuple[PlayedCard, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "seat": self.seat, "word": self.word, "cards": [c.to_list() for c in self.cards]}


@dataclass(frozen=True, slots=True)
class Skip(PlainData):
    """R9.2: writer's block; the hand went to the discard pile."""
    TYPE = "skip"
    seat: int


@dataclass(frozen=True, slots=True)
class Award(PlainData):
    """R24.2: the seat took the literary award for a word of ``length`` letters."""
    TYPE = "award"
    seat: int
    value: int
    length: int


@dataclass(frozen=True, slots=True)
class AwardLost(PlainData):
    """R24.2: a higher award took this seat's."""
    TYPE = "award_lost"
    seat: int
    value: int


@dataclass(frozen=True, slots=True)
class VoteStart(PlainData):
    """R27.3: the word is not in the dictionary; ``voters`` vote on it."""
    TYPE = "vote_start"
    seat: int
    word: str
    voters: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Vote(PlainData):
    """R27.4: one vote."""
    TYPE = "vote"
    seat: int
    accept: bool
    word: str


@dataclass(frozen=True, slots=True)
class VoteResult(PlainData):
    """R27.4, R27.5: the vote on the speller's (``seat``'s) word is settled."""
    TYPE = "vote_result"
    seat: int
    word: str
    accepted: bool


# ---------------------------------------------------------------------------- resolving a word (R10-R16)
@dataclass(frozen=True, slots=True)
class Uncover(PlainData):
    """R14: ``source`` turned the wild ``card`` face up."""
    TYPE = "uncover"
    seat: int
    card: int
    source: int


@dataclass(frozen=True, slots=True)
class Double(PlainData):
    """R13: ``source`` doubled ``card``'s numbers, now ×``multiplier``."""
    TYPE = "double"
    seat: int
    card: int
    multiplier: int
    source: int


@dataclass(frozen=True, slots=True)
class Earn(PlainData):
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
class Gain(PlainData):
    """Coins and prestige from one benefit with a choice or a trash (R11.2, R15), or printed on a bought
    card (R19.4); ``card``: the card that gave them."""
    TYPE = "gain"
    seat: int
    coins: int
    prestige: int
    card: int | None


@dataclass(frozen=True, slots=True)
class Trash(PlainData):
    """R15.1: the card left the game for its trash value."""
    TYPE = "trash"
    seat: int
    card: int
    coins: int
    prestige: int


@dataclass(frozen=True, slots=True)
class Dump(PlainData):
    """R15.4: a card of the discard pile left the game for ``coins``, the ability of ``source``."""
    TYPE = "dump"
    seat: int
    card: int
    coins: int
    source: int


@dataclass(frozen=True, slots=True)
class Preview(PlainData):
    """R16.2: ``source`` let the seat look at ``count`` cards of their draw pile."""
    TYPE = "preview"
    seat: int
    count: int
    source: int


@dataclass(frozen=True, slots=True)
class PreviewDiscard(PlainData):
    """R16.3: a previewed card went to the discard pile."""
    TYPE = "preview_discard"
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Take(PlainData):
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
class Jail(PlainData):
    """R17: ``source`` jailed the row card: reserved for the seat, or removed from the game."""
    TYPE = "jail"
    seat: int
    card: int
    reserve: bool
    source: int


@dataclass(frozen=True, slots=True)
class Unjail(PlainData):
    """E9: a newly reserved card pushed the seat's older jailed card out of the game."""
    TYPE = "unjail"
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Buy(PlainData):
    """R19.1-R19.3: the seat bought the card, from the row or their own jail."""
    TYPE = "buy"
    seat: int
    card: int
    from_jail: bool
    cost: int


@dataclass(frozen=True, slots=True)
class Advert(PlainData):
    """R25.3: the seat's ``number``-th advert."""
    TYPE = "advert"
    seat: int
    cost: int
    prestige: int
    number: int


@dataclass(frozen=True, slots=True)
class Convert(PlainData):
    """R19.6: ``ink`` ink became ``coins`` coins."""
    TYPE = "convert"
    seat: int
    coins: int
    ink: int


# ---------------------------------------------------------------------------- the end of a turn (R20, R33)
@dataclass(frozen=True, slots=True)
class CoinsToInk(PlainData):
    """R20.1: coins left at the end of the turn became ink."""
    TYPE = "coins_to_ink"
    seat: int
    ink: int


@dataclass(frozen=True, slots=True)
class ClassicInPlay(PlainData):
    """R10.7: the speller's face-up timeless classic stays in play."""
    TYPE = "classic_in_play"
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class ClassicLeaves(PlainData):
    """R10.8: ``seat``'s classic, used by ``by``, left play for its owner's discard pile."""
    TYPE = "classic_leaves"
    seat: int
    card: int
    by: int


@dataclass(frozen=True, slots=True)
class TurnEnd(PlainData):
    """The seat's turn ended; ``summary`` says all of it."""
    TYPE = "turn_end"
    _DECODE: ClassVar[Decoders] = {"summary": TurnSummary.from_dict}
    seat: int
    summary: TurnSummary


@dataclass(frozen=True, slots=True)
class TurnStart(PlainData):
    """R4.1: the seat's turn begins."""
    TYPE = "turn_start"
    seat: int
    round: int


@dataclass(frozen=True, slots=True)
class Timeout(PlainData):
    """R33.2: the seat's time ran out (a voter's: they accept)."""
    TYPE = "timeout"
    seat: int


@dataclass(frozen=True, slots=True)
class Undo(PlainData):
    """The seat took back ``move``, their last choice (engine/undo.py)."""
    TYPE = "undo"
    _DECODE: ClassVar[Decoders] = {"move": parse_move}
    seat: int
    move: Move


# ---------------------------------------------------------------------------- the ghostwriter (R30)
@dataclass(frozen=True, slots=True)
class GhostwriterRequest(PlainData):
    """R30.1: the speller's hand, shown to everyone."""
    TYPE = "ghostwriter"
    seat: int
    hand: tuple[int, ...]
    inked: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Suggestion(PlainData):
    """R30.2: the seat suggested a word, the request's ``index``-th suggestion."""
    TYPE = "suggestion"
    seat: int
    word: str
    index: int
    in_dictionary: bool


@dataclass(frozen=True, slots=True)
class Adopt(PlainData):
    """R30.2: the speller adopted ``by``'s suggestion."""
    TYPE = "adopt"
    seat: int
    by: int
    word: str


@dataclass(frozen=True, slots=True)
class GhostwriterPaid(PlainData):
    """R30.3: the seat ghostwrote ``for_``'s word and was paid ``ink``."""
    TYPE = "ghostwriter_paid"
    seat: int
    ink: int
    for_: int


# ---------------------------------------------------------------------------- co-op (R29)
@dataclass(frozen=True, slots=True)
class PennyTurn(PlainData):
    """R29.4: Penny Dreadful's turn begins."""
    TYPE = "penny_turn"


@dataclass(frozen=True, slots=True)
class PennyClaim(PlainData):
    """R29.4 step 2: Penny claimed the oldest row card for ``prestige``."""
    TYPE = "penny_claim"
    card: int
    prestige: int


@dataclass(frozen=True, slots=True)
class PennyRemove(PlainData):
    """Her mystery signature: she also removed the cheapest row card."""
    TYPE = "penny_remove"
    card: int


@dataclass(frozen=True, slots=True)
class PennyGain(PlainData):
    """R29.3, R29.4: Penny scored, by a signature or a claim; ``score`` is hers now."""
    TYPE = "penny_gain"
    prestige: int
    reason: PennyReason
    score: int


@dataclass(frozen=True, slots=True)
class ClassicDiscarded(PlainData):
    """R29.6: a card of the classic's genre entered the row (``by``): the seat's classic was discarded."""
    TYPE = "classic_discarded"
    seat: int
    card: int
    by: int


# ---------------------------------------------------------------------------- the end of the game (R22)
@dataclass(frozen=True, slots=True)
class FinalRound(PlainData):
    """R22.5: ``seats`` reached the goal; the round is played out."""
    TYPE = "final_round"
    goal: int
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameOver(PlainData):
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
EVENT_TYPES: dict[str, type[PlainData]] = {cls.TYPE: cls for cls in get_args(Event)}


def event_from_dict(data: Mapping[str, Any]) -> Event:
    """The event of a plain-data form (``to_dict()``'s); ValueError for an unknown type or other keys."""
    cls = EVENT_TYPES.get(str(data.get("type")))
    if cls is None:
        raise ValueError(f"unknown event type {data.get('type')!r}")
    return cast(Event, cls.from_fields(data))


def events_to_dicts(events: list[Event]) -> list[dict[str, Any]]:
    """The plain-data form of a move's events, in order."""
    return [e.to_dict() for e in events]
