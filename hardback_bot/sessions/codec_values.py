"""The values of the codec's selects that are not custom ids: a select of moves' chosen moves and a chosen
ghostwriter suggestion (sessions/codec.py re-exports them). Anything the bot never offered raises
:class:`ForgedId`."""

from __future__ import annotations

from hardback_bot.engine.moves import Move

from .move_text import ForgedId, decode_moves


def move_value(value: str) -> tuple[tuple[Move, ...], bool]:
    """A select of moves' chosen value: the moves and whether they are already confirmed ("-" first)."""
    if not isinstance(value, str):
        raise ForgedId(repr(value)[:120])
    confirmed = value.startswith("-")
    return decode_moves(value[1:] if confirmed else value), confirmed



def suggestion_value(value: str, count: int) -> int:
    """The chosen suggestion's number (1 = the first), checked against how many there are."""
    if not isinstance(value, str) or not value.isascii() or not value.isdigit() or len(value) > 2 \
            or not 1 <= int(value) <= count:
        raise ForgedId(repr(value)[:120])
    return int(value)


__all__ = ["move_value", "suggestion_value"]
