"""The codec's actions of pages that play no move: the leaderboards' page buttons, the history's download select,
the rules topics' selects, the text-mode button under the rules and a replay's buttons and jump select. Their
custom_ids are in the one grammar (sessions/codec_grammar.py); :func:`sessions.codec.parse` decodes them with
every other kind.

Before they joined that grammar these components had their own prefixes, ``hbi:`` and ``hbr:``. Buttons and
selects with those ids are still in channels (a leaderboard posted last month, a replay): :func:`decode_old`
reads them as the same actions, so they keep working exactly like new ones.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal, TypeAlias, cast

from hardback_bot.store.models import LEADERBOARD_KINDS, LeaderboardKind

from .codec_grammar import MAX_GAME_ID, Kind, encode
from .move_text import ForgedId

BoardPeriod = Literal["all", "season", "last"]
_PERIODS: dict[BoardPeriod, str] = {"all": "", "season": "s", "last": "l"}  # in the argument, after a "."
MAX_PAGE = 9999
MAX_STEP = 99_999
TOPIC_PARTS = (1, 2)
_BOARD = re.compile(r"([a-z_]{1,16})(?:\.([sl]))?", re.ASCII)
_TOPIC = re.compile(r"[a-z0-9_\-]{0,60}", re.ASCII)
_OLD_INFO = re.compile(r"hbi:(?:lb:(?P<board>[a-z_]{1,16}):(?P<page>\d{1,4})(?::(?P<period>[sl]))?|(?P<ex>ex)"
                       r"|rl:(?P<rl>[12])|tm:(?P<tm>on|off):(?P<topic>[a-z0-9_\-]{0,60}))", re.ASCII)
_OLD_REPLAY = re.compile(r"hbr:(?P<op>[fpnlj]):(?P<game>\d{1,19}):(?P<step>\d{1,5}):(?P<vis>[ep])", re.ASCII)


@dataclass(frozen=True, slots=True)
class BoardPage:
    """A leaderboard's page button: page ``page`` (0 the first) of ``board``, of the server it is clicked in, for
    all time or this or the last season."""

    board: LeaderboardKind
    page: int
    period: BoardPeriod = "all"

    def custom_id(self) -> str:
        code = _PERIODS[self.period]
        return encode(Kind.BOARD, 0, self.page, f"{self.board}.{code}" if code else self.board)


@dataclass(frozen=True, slots=True)
class ExportPick:
    """The history's select of games: its chosen value is the game to download as JSON (:func:`game_value`)."""

    def custom_id(self) -> str:
        return encode(Kind.EXPORT, 0, 0, "")


@dataclass(frozen=True, slots=True)
class TopicsPick:
    """One of the rules' two selects of topics (``part`` 1 or 2): its chosen value is a topic's key."""

    part: int

    def custom_id(self) -> str:
        return encode(Kind.TOPICS, 0, self.part, "")


@dataclass(frozen=True, slots=True)
class TextModeSwitch:
    """The button under the rules that turns the reader's text mode on (``on``) or off, then shows ``topic``
    again (an empty topic: the rules' index)."""

    on: bool
    topic: str = ""

    def custom_id(self) -> str:
        return encode(Kind.TEXT_MODE, 0, int(self.on), self.topic)


class ReplayOp(StrEnum):
    FIRST = "f"
    PREVIOUS = "p"
    NEXT = "n"
    LAST = "l"
    JUMP = "j"  # the jump select: the step shown is its chosen value (step_value), ``step`` the one shown now


@dataclass(frozen=True, slots=True)
class ReplayClick:
    """A replay's button or jump select: show step ``step`` of ended game ``game_id``, privately or (``public``)
    in the message everybody sees."""

    game_id: int
    step: int
    op: ReplayOp
    public: bool = False

    def custom_id(self) -> str:
        return encode(Kind.REPLAY, self.game_id, self.step, self.op.value + ("p" if self.public else "e"))


PageAction: TypeAlias = BoardPage | ExportPick | TopicsPick | TextModeSwitch | ReplayClick


def decode_page(kind: Kind, subject: int, number: int, argument: str) -> PageAction | None:
    """The page action of one of these kinds' fields, None when they are not one the bot makes."""
    if kind is Kind.REPLAY:
        if not 0 < subject <= MAX_GAME_ID or number > MAX_STEP or len(argument) != 2 or argument[1] not in "ep":
            return None
        op = next((o for o in ReplayOp if o.value == argument[0]), None)
        return ReplayClick(subject, number, op, argument[1] == "p") if op is not None else None
    if subject != 0:  # the pages below name no game
        return None
    if kind is Kind.BOARD:
        board = _BOARD.fullmatch(argument)
        return _board(board.group(1), number, board.group(2) or "") if board else None
    if kind is Kind.EXPORT:
        return ExportPick() if number == 0 and argument == "" else None
    if kind is Kind.TOPICS:
        return TopicsPick(number) if number in TOPIC_PARTS and argument == "" else None
    if kind is Kind.TEXT_MODE:
        return TextModeSwitch(number == 1, argument) if number in (0, 1) and _TOPIC.fullmatch(argument) else None
    return None


def decode_old(custom_id: str) -> PageAction | None:
    """The action of an ``hbi:`` or ``hbr:`` id of the bot's earlier versions, None for any other text."""
    info = _OLD_INFO.fullmatch(custom_id)
    if info is not None:
        if info["board"] is not None:
            return _board(info["board"], int(info["page"]), info["period"] or "")
        if info["tm"] is not None:
            return TextModeSwitch(info["tm"] == "on", info["topic"])
        return ExportPick() if info["ex"] is not None else TopicsPick(int(info["rl"]))
    replay = _OLD_REPLAY.fullmatch(custom_id)
    if replay is None or not 0 < int(replay["game"]) <= MAX_GAME_ID:
        return None
    return ReplayClick(int(replay["game"]), int(replay["step"]), ReplayOp(replay["op"]), replay["vis"] == "p")


def _board(board: str, page: int, code: str) -> BoardPage | None:
    if board not in LEADERBOARD_KINDS or page > MAX_PAGE:
        return None
    period = next(p for p, c in _PERIODS.items() if c == code)
    return BoardPage(cast(LeaderboardKind, board), page, period)


def game_value(value: object) -> int:
    """The history select's chosen value: a game's number (:class:`ForgedId` for anything else)."""
    if not isinstance(value, str) or not (value.isascii() and value.isdigit() and len(value) <= 19) \
            or not 0 < int(value) <= MAX_GAME_ID:
        raise ForgedId(repr(value)[:120])
    return int(value)


def step_value(value: object) -> int:
    """A replay jump select's chosen value: a step (:class:`ForgedId` for anything else)."""
    if not isinstance(value, str) or not (value.isascii() and value.isdigit() and len(value) <= 5):
        raise ForgedId(repr(value)[:120])
    return int(value)


__all__ = ["MAX_PAGE", "MAX_STEP", "TOPIC_PARTS", "BoardPage", "BoardPeriod", "ExportPick", "PageAction", "ReplayClick",
           "ReplayOp", "TextModeSwitch", "TopicsPick", "decode_old", "decode_page", "game_value", "step_value"]
