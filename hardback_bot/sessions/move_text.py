"""Moves as they ride in a custom_id or a select's value, and back: the codec's notation for moves.

A spelled word is written compactly — card ids in base 36, ``spell 120 67=A 1156`` -> ``S.3c.1v=A.w4`` — so
that even a twelve-card word fits; other moves are their notation with ``_`` for spaces; ``~`` joins the moves
of one click that takes several steps. Reading checks shape and range: anything the bot never wrote, or a
move only the bot makes (``timeout``), is :class:`ForgedId`.
"""

from __future__ import annotations

from collections.abc import Sequence

from hardback_bot.engine import IllegalMove
from hardback_bot.engine.moves import SYSTEM_MOVES, Move, format_move, parse_move

MAX_CARD = 99_999  # genre cards, prestige starters and coin starters are all below 6,000 (docs/notation.md)
MAX_STEPS = 12  # moves one click may chain
MAX_VALUE = 100  # a select's value, as Discord allows it
CHAIN = "~"


class ForgedId(ValueError):
    """A custom_id, or a component value, the bot never made."""


def encode_move(move: Move) -> str:
    """One move as it rides in a custom_id or a select's value."""
    if move.kind == "spell":
        return ".".join(["S", *(_b36(w.card) + (f"={w.wild}" if w.wild else "") for w in move.word)])
    return format_move(move).replace(" ", "_")


def encode_moves(moves: Sequence[Move]) -> str:
    return CHAIN.join(encode_move(m) for m in moves)


def decode_move(text: str) -> Move:
    """The move a custom_id's or value's text stands for: checked in shape and range (ForgedId otherwise)."""
    if not isinstance(text, str) or not text or len(text) > MAX_VALUE or not text.isascii():
        raise ForgedId(repr(text)[:120])
    if text.startswith("S."):
        tokens = text.split(".")[1:]
        words = []
        for token in tokens:
            number, eq, letter = token.partition("=")
            if not (0 < len(number) <= 4 and number.isascii() and number.isalnum()) or (eq and len(letter) != 1):
                raise ForgedId(text)
            words.append(str(int(number, 36)) + (f"={letter}" if eq else ""))
        notation = " ".join(["spell", *words])
    elif "." in text or "=" in text:
        raise ForgedId(text)
    else:
        notation = text.replace("_", " ")
        if notation != " ".join(notation.split()):
            raise ForgedId(text)  # doubled, leading or trailing separators: never ours
    try:
        move = parse_move(notation)
    except IllegalMove:
        raise ForgedId(text) from None
    if move.kind in SYSTEM_MOVES or not _in_range(move):
        raise ForgedId(text)
    return move


def decode_moves(text: str) -> tuple[Move, ...]:
    """The moves of one click (``~``-joined): at least one, at most MAX_STEPS, each checked."""
    if not isinstance(text, str):
        raise ForgedId(repr(text)[:120])
    parts = text.split(CHAIN)
    if not text or len(parts) > MAX_STEPS:
        raise ForgedId(text)
    return tuple(decode_move(part) for part in parts)


def _in_range(move: Move) -> bool:
    cards = [w.card for w in move.word] + ([move.card] if move.card is not None else [])
    if any(not 0 < c <= MAX_CARD for c in cards) or len(move.word) > 20:
        return False
    if move.number is not None and not 0 <= move.number <= 999:
        return False
    return move.kind != "suggest" or len(move.choice or "") <= 20


def _b36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if n == 0:
            return out


__all__ = ["CHAIN", "MAX_CARD", "MAX_STEPS", "MAX_VALUE", "ForgedId", "decode_move", "decode_moves", "encode_move",
           "encode_moves"]
