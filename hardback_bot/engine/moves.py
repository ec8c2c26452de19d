"""Moves as small values with a one-line text notation (docs/notation.md).

Examples: ``spell 120 67=A 1156`` (card 67 played wild as A), ``ink``, ``remover 44``,
``take prestige``, ``reserve 23``, ``buy 91``, ``convert 2``, ``end``.  ``parse_move`` and
``format_move`` round-trip: ``format_move(parse_move(s)) == normalised s``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple, TypeAlias, cast

from .errors import IllegalMove

#: Every kind of move of the notation (a describer matching on ``Move.kind`` must name each one).
MoveKind: TypeAlias = Literal["ink", "remover", "unremover", "spell", "skip", "uncover", "double", "trash", "dump",
                              "preview", "return", "discard", "pass", "take", "reserve", "remove", "flush", "buy",
                              "advert", "convert", "end", "vote", "ghostwriter", "suggest", "adopt", "timeout",
                              "undo"]

# kind -> argument shape: "" none, "c" one card id, "n" one number, "w" word slots, "t" a choice,
# "v" a vote, "s" a word (ghostwriter suggestion)
MOVE_SHAPES: dict[MoveKind, str] = {
    "ink": "",
    "remover": "c",
    "unremover": "c",
    "spell": "w",
    "skip": "",
    "uncover": "c",
    "double": "c",
    "trash": "c",
    "dump": "c",
    "preview": "",
    "return": "c",
    "discard": "c",
    "pass": "",
    "take": "t",
    "reserve": "c",
    "remove": "c",
    "flush": "",
    "buy": "c",
    "advert": "",
    "convert": "n",
    "end": "",
    "vote": "v",
    "ghostwriter": "",
    "suggest": "s",
    "adopt": "n",
    "timeout": "",
    "undo": "",
}
# Moves only the bot applies (the turn timer's, R33.2): never accepted from a player's click or form.
SYSTEM_MOVES = frozenset({"timeout"})
TAKE_CHOICES = ("coins", "prestige", "ink", "remover")
VOTE_CHOICES = ("accept", "reject")


@dataclass(frozen=True, slots=True)
class WordCard:
    """One card placed in a spelled word; ``wild`` is the letter a face-down card stands for."""

    card: int
    wild: str | None = None

    def __str__(self) -> str:
        return f"{self.card}={self.wild}" if self.wild else str(self.card)


@dataclass(frozen=True, slots=True)
class Move:
    kind: MoveKind
    card: int | None = None
    number: int | None = None
    choice: str | None = None
    word: tuple[WordCard, ...] = ()

    def __str__(self) -> str:
        return format_move(self)


def _card_id(token: str) -> int:
    if not token.isdigit():
        raise IllegalMove.of("bad_notation", problem="not_a_card", text=token)
    return int(token)


def parse_move(text: str) -> Move:
    """Parse one move; raises IllegalMove (code ``bad_notation``) with a readable reason."""
    parts = text.split()
    if not parts:
        raise IllegalMove.of("bad_notation", problem="empty")
    name, args = parts[0].lower(), parts[1:]
    if name not in MOVE_SHAPES:
        raise IllegalMove.of("bad_notation", problem="unknown_move", text=parts[0])
    kind = cast(MoveKind, name)
    shape = MOVE_SHAPES[kind]
    if shape == "w":
        if not args:
            raise IllegalMove.of("bad_notation", problem="no_cards", move=kind)
        slots = []
        for token in args:
            card_text, eq, letter = token.partition("=")
            if eq:
                letter = letter.upper()
                if len(letter) != 1 or not ("A" <= letter <= "Z"):
                    raise IllegalMove.of("bad_notation", problem="bad_wild", text=token)
                slots.append(WordCard(_card_id(card_text), letter))
            else:
                slots.append(WordCard(_card_id(card_text)))
        return Move(kind, word=tuple(slots))
    expected = 0 if shape == "" else 1
    if len(args) != expected:
        raise IllegalMove.of("bad_notation", problem="one_argument" if expected else "no_argument", move=kind,
                             count=expected)
    if shape == "":
        return Move(kind)
    arg = args[0]
    if shape == "c":
        return Move(kind, card=_card_id(arg))
    if shape == "n":
        if not arg.isdigit():
            raise IllegalMove.of("bad_notation", problem="not_a_number", move=kind, text=arg)
        return Move(kind, number=int(arg))
    if shape == "t":
        if arg.lower() not in TAKE_CHOICES:
            raise IllegalMove.of("bad_notation", problem="bad_take", move=kind, text=arg, choices=list(TAKE_CHOICES))
        return Move(kind, choice=arg.lower())
    if shape == "v":
        if arg.lower() not in VOTE_CHOICES:
            raise IllegalMove.of("bad_notation", problem="bad_vote", move=kind, text=arg)
        return Move(kind, choice=arg.lower())
    # "s": a suggested word
    if not arg.isalpha() or not arg.isascii():
        raise IllegalMove.of("bad_notation", problem="bad_suggestion", move=kind, text=arg)
    return Move(kind, choice=arg.upper())


def format_move(move: Move) -> str:
    shape = MOVE_SHAPES[move.kind]
    if shape == "w":
        return " ".join(["spell", *(str(w) for w in move.word)])
    if shape == "":
        return move.kind
    if shape == "c":
        return f"{move.kind} {move.card}"
    if shape == "n":
        return f"{move.kind} {move.number}"
    return f"{move.kind} {move.choice}"


class LoggedMove(NamedTuple):
    """One entry of a game's move log: who made which move. Stored as ``[seat, "move text"]``."""

    seat: int
    move: Move

    def stored(self) -> list[int | str]:
        """The entry as the stored game keeps it (``Game.to_dict``'s ``log``)."""
        return [self.seat, format_move(self.move)]

    @classmethod
    def from_stored(cls, seat: int, text: str) -> LoggedMove:
        """An entry of a stored log (the game's JSON, the store's move rows); raises IllegalMove
        (``bad_notation``) for text that is not a move."""
        return cls(int(seat), parse_move(text))
