"""The mutable game state: plain data that serialises to JSON and back exactly.

Pile conventions: the *top* of a draw pile, discard pile, offer deck or removed pile is the
**last** element of its list.  The offer row is kept oldest first (R18.1): new cards are appended,
so a card's index is its age rank; renderers show it reversed (newest at the left).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from .stats import PlayerStats, TableStats
from .turn_extra import TurnExtra


def plain_copy(value: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, tuples of plain values), as ``copy.deepcopy`` makes it,
    in a fraction of its time: every copy of a game copies Penny's nested data. Anything else that
    could be shared is left to deepcopy."""
    if isinstance(value, dict):
        return {k: plain_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain_copy(v) for v in value]
    if isinstance(value, tuple):
        return tuple(plain_copy(v) for v in value)
    if value is None or isinstance(value, (str, int, float)):
        return value
    return copy.deepcopy(value)


# Turn phases, in the order a turn goes through them (R5, R12).
SPELL = "spell"
VOTE = "vote"
UNCOVER = "uncover"
DOUBLE = "double"
TRASH = "trash"
DUMP = "dump"
PREVIEW = "preview"  # offered to use the preview ability
PREVIEWING = "previewing"  # handling the previewed cards one by one
CHOICE = "choice"
JAIL = "jail"
FLUSH = "flush"
BUY = "buy"
OVER = "over"  # the game has ended

PHASES = (SPELL, VOTE, UNCOVER, DOUBLE, TRASH, DUMP, PREVIEW, PREVIEWING, CHOICE, JAIL, FLUSH, BUY, OVER)


@dataclass(slots=True)
class Slot:
    """One card of the word being resolved."""

    card: int
    letter: str
    wild: bool = False
    uncovered: bool = False
    mult: int = 1
    owner: int = -1  # seat of the timeless classic's owner when the card came from a timeless area
    inked: bool = False  # still inked when the word was accepted (R11.10, R30.4)

    @property
    def face_up(self) -> bool:
        return not self.wild or self.uncovered

    def to_list(self) -> list[Any]:
        return [self.card, self.letter, int(self.wild), int(self.uncovered), self.mult, self.owner,
                int(self.inked)]

    @classmethod
    def from_list(cls, data: list[Any]) -> Slot:
        return cls(data[0], data[1], bool(data[2]), bool(data[3]), data[4], data[5], bool(data[6]))


@dataclass(slots=True)
class Player:
    seat: int
    draw: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    inked: list[int] = field(default_factory=list)  # hand cards drawn with ink, still inked (R1.7)
    cleared: list[int] = field(default_factory=list)  # inked cards cleared by remover, undoable (R6.6)
    timeless: list[int] = field(default_factory=list)  # timeless classics in play, oldest first
    jail: int | None = None
    prestige: int = 0
    ink: int = 0
    remover: int = 0
    adverts: int = 0  # adverts bought so far (R25)
    award: int = 0  # prestige value of the literary award held (R24), 0 for none
    stats: PlayerStats = field(default_factory=PlayerStats)  # R35
    best_word: str = ""
    longest_word: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "draw": list(self.draw),
            "discard": list(self.discard),
            "hand": list(self.hand),
            "inked": list(self.inked),
            "cleared": list(self.cleared),
            "timeless": list(self.timeless),
            "jail": self.jail,
            "prestige": self.prestige,
            "ink": self.ink,
            "remover": self.remover,
            "adverts": self.adverts,
            "award": self.award,
            "stats": self.stats.to_dict(),
            "best_word": self.best_word,
            "longest_word": self.longest_word,
        }

    def copy(self) -> Player:
        """An independent copy (what :meth:`from_dict` of :meth:`to_dict` gives, in a fraction of its time)."""
        return Player(self.seat, list(self.draw), list(self.discard), list(self.hand), list(self.inked),
                      list(self.cleared), list(self.timeless), self.jail, self.prestige, self.ink, self.remover,
                      self.adverts, self.award, self.stats.copy(), self.best_word, self.longest_word)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Player:
        return cls(
            seat=d["seat"],
            draw=list(d["draw"]),
            discard=list(d["discard"]),
            hand=list(d["hand"]),
            inked=list(d["inked"]),
            cleared=list(d["cleared"]),
            timeless=list(d["timeless"]),
            jail=d["jail"],
            prestige=d["prestige"],
            ink=d["ink"],
            remover=d["remover"],
            adverts=d["adverts"],
            award=d["award"],
            stats=PlayerStats.from_dict(d["stats"]),
            best_word=d["best_word"],
            longest_word=d["longest_word"],
        )


@dataclass(slots=True)
class Turn:
    """Everything that belongs to the active player's current turn."""

    seat: int
    phase: str = SPELL
    word: list[Slot] = field(default_factory=list)
    classics: list[int] = field(default_factory=list)  # own classics in play that are not in the word
    counts: dict[str, int] = field(default_factory=dict)  # genre counts (R10.4)
    used: list[str] = field(default_factory=list)  # ability keys already used ("card:index")
    trashed: list[int] = field(default_factory=list)  # word cards removed from the game this turn
    skipped_dumps: bool = False
    skipped_jails: bool = False
    preview_cards: list[int] = field(default_factory=list)
    preview_returned: list[int] = field(default_factory=list)
    coins: int = 0
    prestige_from_word: int = 0
    changed_row: bool = False  # bought, jailed or flushed: no cycling (R18.5)
    flushed: bool = False
    history_recorded: bool = False  # the word entered the unique-word history (E31)
    # Variant bookkeeping (votes, ghostwriter) lives here too so a turn serialises as one unit.
    extra: TurnExtra = field(default_factory=TurnExtra)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "phase": self.phase,
            "word": [s.to_list() for s in self.word],
            "classics": list(self.classics),
            "counts": dict(self.counts),
            "used": list(self.used),
            "trashed": list(self.trashed),
            "skipped_dumps": self.skipped_dumps,
            "skipped_jails": self.skipped_jails,
            "preview_cards": list(self.preview_cards),
            "preview_returned": list(self.preview_returned),
            "coins": self.coins,
            "prestige_from_word": self.prestige_from_word,
            "changed_row": self.changed_row,
            "flushed": self.flushed,
            "history_recorded": self.history_recorded,
            "extra": self.extra.to_dict(),
        }

    def copy(self) -> Turn:
        """An independent copy (the variants' bookkeeping through its plain form: it is small, and seldom there)."""
        return Turn(self.seat, self.phase, [Slot.from_list(s.to_list()) for s in self.word], list(self.classics),
                    dict(self.counts), list(self.used), list(self.trashed), self.skipped_dumps, self.skipped_jails,
                    list(self.preview_cards), list(self.preview_returned), self.coins, self.prestige_from_word,
                    self.changed_row, self.flushed, self.history_recorded, TurnExtra.from_dict(self.extra.to_dict()))

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Turn:
        return cls(
            seat=d["seat"],
            phase=d["phase"],
            word=[Slot.from_list(s) for s in d["word"]],
            classics=list(d["classics"]),
            counts=dict(d["counts"]),
            used=list(d["used"]),
            trashed=list(d["trashed"]),
            skipped_dumps=d["skipped_dumps"],
            skipped_jails=d["skipped_jails"],
            preview_cards=list(d["preview_cards"]),
            preview_returned=list(d["preview_returned"]),
            coins=d["coins"],
            prestige_from_word=d["prestige_from_word"],
            changed_row=d["changed_row"],
            flushed=d["flushed"],
            history_recorded=d["history_recorded"],
            extra=TurnExtra.from_dict(d["extra"]),
        )


@dataclass(slots=True)
class State:
    seed: int
    rng: int
    players: list[Player]
    offer_row: list[int]
    offer_deck: list[int]
    removed: list[int] = field(default_factory=list)
    box: list[int] = field(default_factory=list)
    turn: Turn = field(default_factory=lambda: Turn(0))
    round: int = 1
    final_round: bool = False
    finished: bool = False
    word_history: list[list[Any]] = field(default_factory=list)  # [seat, WORD] accepted words (R26)
    table_stats: TableStats = field(default_factory=TableStats)  # R34
    score_history: list[list[int]] = field(default_factory=list)  # prestige per seat after each round
    penny: dict[str, Any] = field(default_factory=dict)  # co-op: Penny Dreadful's score and genre

    def to_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "rng": self.rng,
            "players": [p.to_dict() for p in self.players],
            "offer_row": list(self.offer_row),
            "offer_deck": list(self.offer_deck),
            "removed": list(self.removed),
            "box": list(self.box),
            "turn": self.turn.to_dict(),
            "round": self.round,
            "final_round": self.final_round,
            "finished": self.finished,
            "word_history": [list(w) for w in self.word_history],
            "table_stats": self.table_stats.to_dict(),
            "score_history": [list(r) for r in self.score_history],
            "penny": plain_copy(self.penny),  # holds the list of claims
        }

    def copy(self) -> State:
        """An independent copy, equal to ``State.from_dict(self.to_dict())`` (tests/engine/test_copies.py), made
        without the plain form: games are copied for every preview, purchase list and computer's trial."""
        return State(self.seed, self.rng, [p.copy() for p in self.players], list(self.offer_row),
                     list(self.offer_deck), list(self.removed), list(self.box), self.turn.copy(), self.round,
                     self.final_round, self.finished, [list(w) for w in self.word_history], self.table_stats.copy(),
                     [list(r) for r in self.score_history], plain_copy(self.penny))

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> State:
        return cls(
            seed=d["seed"],
            rng=d["rng"],
            players=[Player.from_dict(p) for p in d["players"]],
            offer_row=list(d["offer_row"]),
            offer_deck=list(d["offer_deck"]),
            removed=list(d["removed"]),
            box=list(d["box"]),
            turn=Turn.from_dict(d["turn"]),
            round=d["round"],
            final_round=d["final_round"],
            finished=d["finished"],
            word_history=[list(w) for w in d["word_history"]],
            table_stats=TableStats.from_dict(d["table_stats"]),
            score_history=[list(r) for r in d["score_history"]],
            penny=plain_copy(d["penny"]),
        )
