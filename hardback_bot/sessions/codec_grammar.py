"""The one custom_id grammar of every component the bot sends (at most 100 characters, PRODUCT.md)::

    hb:<kind>:<subject>:<number>:<argument>

``kind`` is one letter (:class:`Kind`); ``subject`` the game the component belongs to (0 for the components of
pages that name no game, a day for the daily's); ``number`` a state version, a ghostwriter request, a page or
a step; ``argument`` at most 80 characters of ``[A-Za-z0-9_.=~-]``. The typed actions each kind stands for
and their decoding are the codec's (sessions/codec.py, sessions/codec_pages.py): this module is only the
shape, shared by both, and the names the metrics give the kinds.

Three older prefixes are read, never written any more: ``hbi:`` (the information commands' buttons and selects),
``hbr:`` (replays') and ``hbp:`` (``/hardback privacy``'s), so that those already posted keep working.
"""

from __future__ import annotations

import re
from enum import StrEnum

from .move_text import ForgedId

PREFIX = "hb"
OLD_PREFIXES = ("hbi", "hbr", "hbp")  # read, never written (sessions/codec_pages.py, codec_privacy.py)
MAX_ID = 100
MAX_GAME_ID = 2**63 - 1  # a signed 64-bit key on both databases
MAX_NUMBER = 999_999_999
_ID = re.compile(r"hb:([a-z]):(\d{1,19}):(\d{1,9}):([A-Za-z0-9_.=~\-]{0,80})", re.ASCII)


class Kind(StrEnum):
    """The kinds of custom_id. The letters are what buttons already posted carry: never change one."""

    LOBBY = "l"  # argument: a LobbyOp; computers: "ai<strength>"
    HAND = "h"  # argument: a HandView
    MOVE = "m"  # number: version; argument: moves ("-" first: confirmed), or "sel<page>" for a select of moves
    SPELL_FORM = "s"  # number: version
    WORD_FORM = "w"  # number: version (argument "") or ghostwriter request (argument "suggest")
    ARRANGEMENT = "a"  # number: version; argument "arr"
    GHOST = "g"  # "adopt" (number: version) or "suggest" (number: ghostwriter request)
    CONFIRM = "x"  # "skip" (number: version), "leave", or "cancel" (closes a confirmation, changes nothing)
    WORDS = "e"  # argument "sel": every word of an ended game, sorted
    TABLE = "o"  # the lobby's table options: "menu" (a select of options) or "<option>[=<value>]"
    RULES = "r"  # argument: a rules topic, opened privately where the reader is
    DAILY = "d"  # subject: a day as YYYYMMDD; number: a board's page; argument: a DailyOp
    COACH = "c"  # argument "on" or "off": the clicker keeps or drops the coach (their own setting)
    HINTS = "t"  # argument "yes" (ask for hints, or agree) or "no": hints turned on mid-game by everyone's yes
    GAMES = "y"  # /hardback games: "hand" (subject: a game; the clicker's own hand) or "page" (subject: its owner)
    SEAT = "k"  # seats that come back: "back", "take", "offer", "close" (sessions/codec_seats.py)
    ALERTS = "q"  # subject: a player; their turn alerts' settings panel and its choices (sessions/codec_alerts.py)
    BOARD = "b"  # subject 0; number: a leaderboard's page; argument: the board, ".s"/".l" for this or last season
    EXPORT = "j"  # subject 0, number 0: the history's select of games to download as JSON
    TOPICS = "i"  # subject 0; number: which half of the rules' index of topics (1 or 2), a select of topics
    REPLAY = "v"  # subject: the game; number: the step shown; argument: a ReplayOp, then "e" private or "p" public
    TEXT_MODE = "n"  # subject 0; number 1 (turn text mode on) or 0 (off); argument: the rules topic shown again
    VACATION = "u"  # a turn-based player's days away: number the days (go) or 0; argument a VacationOp
    PRIVACY = "z"  # /hardback privacy: subject 0; argument a PrivacyPart (sessions/codec_privacy.py)

    @property
    def label(self) -> str:
        """The kind's name in the metrics: ``click:<label>`` and ``form:<label>`` (docs/operations.md)."""
        return _LABELS[self]


_LABELS = {Kind.LOBBY: "lobby", Kind.HAND: "hand", Kind.MOVE: "move", Kind.SPELL_FORM: "spell", Kind.WORD_FORM: "word",
           Kind.ARRANGEMENT: "arrangement", Kind.GHOST: "ghostwriter", Kind.CONFIRM: "confirm", Kind.WORDS: "words",
           Kind.TABLE: "options", Kind.RULES: "rules", Kind.DAILY: "daily", Kind.COACH: "coach", Kind.HINTS: "hints",
           Kind.GAMES: "games", Kind.BOARD: "info", Kind.EXPORT: "info", Kind.TOPICS: "info", Kind.REPLAY: "replay",
           Kind.TEXT_MODE: "info", Kind.VACATION: "vacation", Kind.SEAT: "seat", Kind.ALERTS: "alerts",
           Kind.PRIVACY: "privacy"}
# The kind each older prefix's ids belong to, for the metrics (the information commands' are all "info").
_OLD_KINDS = {"hbi": Kind.BOARD, "hbr": Kind.REPLAY, "hbp": Kind.PRIVACY}


def encode(kind: Kind, subject: int, number: int, argument: str) -> str:
    """A custom_id of this grammar; ValueError when the fields do not fit it (a caller's bug, or too long)."""
    text = f"{PREFIX}:{kind.value}:{subject}:{number}:{argument}"
    if len(text) > MAX_ID or _ID.fullmatch(text) is None:
        raise ValueError(f"cannot encode {text!r} as a custom_id")
    return text


def fields(custom_id: object) -> tuple[Kind, int, int, str]:
    """The kind, subject, number and argument of a custom_id of this shape; :class:`ForgedId` for any other
    text (or anything not text). Which subjects, numbers and arguments a kind takes is the codec's to check."""
    if not isinstance(custom_id, str) or len(custom_id) > MAX_ID:
        raise ForgedId(repr(custom_id)[:120])
    match = _ID.fullmatch(custom_id)
    if match is None:
        raise ForgedId(custom_id)
    letter, subject, number, argument = match.groups()
    try:
        kind = Kind(letter)
    except ValueError:
        raise ForgedId(custom_id) from None
    return kind, int(subject), int(number), argument


def prefix_of(custom_id: object) -> str | None:
    """The prefix of a custom_id in this grammar's namespace (``hb`` or an older one), None for anyone else's:
    an id with one of these prefixes is ours to answer, understood or refused."""
    if not isinstance(custom_id, str):
        return None
    head, colon, _ = custom_id.partition(":")
    return head if colon and head in (PREFIX, *OLD_PREFIXES) else None


def label(custom_id: object) -> str | None:
    """The metrics' name of a custom_id's kind, read from its head alone (an interaction is counted before
    anything decodes it); None for ids not of this grammar, or of no kind it has."""
    prefix = prefix_of(custom_id)
    if prefix is None:
        return None
    if prefix in _OLD_KINDS:
        return _OLD_KINDS[prefix].label
    letter, colon = str(custom_id)[3:4], str(custom_id)[4:5]
    kind = next((k for k in Kind if k.value == letter), None)
    return kind.label if kind is not None and colon == ":" else None


__all__ = ["MAX_GAME_ID", "MAX_ID", "MAX_NUMBER", "OLD_PREFIXES", "PREFIX", "Kind", "encode", "fields", "label",
           "prefix_of"]
