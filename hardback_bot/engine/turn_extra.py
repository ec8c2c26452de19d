"""What a turn keeps beside its word and steps (``Turn.extra``): an open vote (R27), a ghostwriter request
(R30), the turn's public summary so far, and the previewed cards discarded (R16.2).

Each is stored in the game's JSON under the turn's ``extra`` (``vote``, ``ghost``, ``summary``, ``pdisc``)
only while it exists, in the plain form it always had; :meth:`TurnExtra.from_dict` reads exactly that.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from .moves import WordCard


@dataclass(slots=True)
class OpenVote:
    """A word waiting for the other players' votes (R27.3-R27.4)."""

    cards: tuple[WordCard, ...]  # the word as spelled, accepted as it is if the vote passes
    word: str
    votes: dict[int, bool] = field(default_factory=dict)  # seat -> accept, in the order they came

    def to_dict(self) -> dict[str, Any]:
        return {"cards": [[w.card, w.wild] for w in self.cards], "word": self.word,
                "votes": {str(seat): accept for seat, accept in self.votes.items()}}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> OpenVote:
        return cls(tuple(WordCard(c, w) for c, w in data["cards"]), data["word"],
                   {int(seat): bool(accept) for seat, accept in data["votes"].items()})


@dataclass(slots=True)
class GhostRequest:
    """The active player asked for a ghostwriter (R30.1): the suggestions, the one adopted, who wrote the word."""

    suggestions: list[tuple[int, str]] = field(default_factory=list)  # (seat, WORD) in the order they came
    adopted: int | None = None  # index into ``suggestions`` (R30.2, the bot's explicit adoption)
    writer: int | None = None  # the seat whose suggestion was accepted, paid at cleanup (R30.3)
    inked: int = 0  # inked cards the accepted word used: the writer's extra ink (R30.4)

    def to_dict(self) -> dict[str, Any]:
        return {"suggestions": [[seat, word] for seat, word in self.suggestions], "adopted": self.adopted,
                "writer": self.writer, "inked": self.inked}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GhostRequest:
        return cls([(int(seat), str(word)) for seat, word in data["suggestions"]], data["adopted"], data["writer"],
                   data["inked"])


@dataclass(slots=True)
class TurnTally:
    """The turn's public summary so far (what ``TurnEnd`` says of it, R12-R25); counts only what happened."""

    coins: int = 0  # from the word's benefits, trash included
    prestige: int = 0
    award: int = 0
    trashed: list[int] = field(default_factory=list)
    dumped: list[int] = field(default_factory=list)
    reserved: list[int] = field(default_factory=list)
    removed: list[int] = field(default_factory=list)
    flushed: int = 0
    bought: list[int] = field(default_factory=list)
    purchase_prestige: int = 0
    adverts: int = 0

    def to_dict(self) -> dict[str, Any]:
        """What was noted: every figure gained is positive, so a zero or an empty list was never noted."""
        return {f.name: list(value) if isinstance(value, list) else value
                for f in fields(self) if (value := getattr(self, f.name))}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TurnTally:
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown turn summary keys {sorted(unknown)}")
        values: dict[str, Any] = {k: list(v) if isinstance(v, list) else v for k, v in data.items()}
        return cls(**values)


@dataclass(slots=True)
class TurnExtra:
    """The variants' bookkeeping of one turn; each part is None (or empty) when the turn has none."""

    vote: OpenVote | None = None
    ghost: GhostRequest | None = None
    summary: TurnTally | None = None  # from the turn's first note on (a note of nothing starts it too)
    preview_discards: list[int] = field(default_factory=list)  # previewed cards sent to the discard pile

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.vote is not None:
            data["vote"] = self.vote.to_dict()
        if self.ghost is not None:
            data["ghost"] = self.ghost.to_dict()
        if self.summary is not None:
            data["summary"] = self.summary.to_dict()
        if self.preview_discards:
            data["pdisc"] = list(self.preview_discards)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TurnExtra:
        unknown = set(data) - {"vote", "ghost", "summary", "pdisc"}
        if unknown:
            raise ValueError(f"unknown turn extras {sorted(unknown)}")
        vote, ghost, summary = data.get("vote"), data.get("ghost"), data.get("summary")
        return cls(vote=None if vote is None else OpenVote.from_dict(vote),
                   ghost=None if ghost is None else GhostRequest.from_dict(ghost),
                   summary=None if summary is None else TurnTally.from_dict(summary),
                   preview_discards=list(data.get("pdisc", [])))
