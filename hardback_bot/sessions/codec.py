"""What a button means, packed into its custom_id (at most 100 characters, PRODUCT.md).

Every component the bot sends is restart-proof: its custom_id names the game, the state version it
was made for and the action, so a click after a restart is understood without any in-memory view.

    hb:<kind>:<game id>:<version>:<argument>

``kind``: ``l`` lobby action, ``h`` open my hand, ``m`` a move, ``s`` open the spell modal,
``w`` the spell modal itself, ``a`` choose an arrangement (select), ``g`` suggest a word (ghostwriter),
``p`` page of a long list, ``x`` confirm a dangerous action, ``e`` every word of an ended game (the
argument: how they are sorted).  Moves are written compactly: spaces
become ``_`` and the card ids of a spelled word are base 36 (``spell 120 67=A 1156`` ->
``S.3c.1v=A.w4``), so even a twelve-card word fits.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PREFIX = "hb"
MAX_ID = 100
KINDS = frozenset("lhmswagpxe")
_PATTERN = re.compile(r"^hb:([lhmswagpxe]):(\d{1,19}):(\d{1,9}):([A-Za-z0-9_.=~\-]{0,80})$")
CHAIN = "~"  # separates the moves of one click that does several steps (pass the flush, then buy)


class ForgedId(ValueError):
    """A custom_id the bot never made."""


@dataclass(frozen=True, slots=True)
class Action:
    kind: str
    game_id: int
    version: int
    arg: str = ""

    def custom_id(self) -> str:
        text = f"{PREFIX}:{self.kind}:{self.game_id}:{self.version}:{self.arg}"
        if len(text) > MAX_ID or not _PATTERN.match(text):
            raise ValueError(f"cannot encode {text!r} as a custom_id")
        return text


def parse(custom_id: str) -> Action:
    match = _PATTERN.match(custom_id)
    if match is None:
        raise ForgedId(custom_id)
    kind, game, version, arg = match.groups()
    return Action(kind, int(game), int(version), arg)


def encode_move(move: str) -> str:
    parts = move.split()
    if parts and parts[0] == "spell":
        cards = []
        for token in parts[1:]:
            card, eq, letter = token.partition("=")
            cards.append(_b36(int(card)) + (f"={letter}" if eq else ""))
        return ".".join(["S", *cards])
    return "_".join(parts)


def encode_moves(moves: list[str]) -> str:
    return CHAIN.join(encode_move(m) for m in moves)


def decode_moves(arg: str) -> list[str]:
    return [decode_move(part) for part in arg.split(CHAIN) if part]


def decode_move(arg: str) -> str:
    if arg.startswith("S."):
        words = []
        for token in arg.split(".")[1:]:
            card, eq, letter = token.partition("=")
            words.append(str(int(card, 36)) + (f"={letter}" if eq else ""))
        return " ".join(["spell", *words])
    return arg.replace("_", " ")


def _b36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if n == 0:
            return out
