"""What a component means, packed into its custom_id (at most 100 characters, PRODUCT.md).

Every component the bot sends is restart-proof: its custom_id names the game, a number (the state
version it was drawn for, or a ghostwriter request) and what it does, so a click after a restart is
understood without any in-memory view::

    hb:<kind>:<game id>:<number>:<argument>

That grammar (sessions/codec_grammar.py) is the only one: the kinds are :class:`Kind`; each decodes to one
typed action (``parse``): the game's below, the pages' that play no move (leaderboards, history, rules
topics, replays) in sessions/codec_pages.py, which also reads the ids of the older ``hbi:`` and ``hbr:``
prefixes still posted in channels; each action encodes itself (``custom_id()``). These modules are the only
place where a custom_id or a select's value is turned into meaning or back: moves travel as
:class:`~hardback_bot.engine.moves.Move` values on both sides. A spelled word is written compactly — card
ids in base 36, ``spell 120 67=A 1156`` -> ``S.3c.1v=A.w4`` — so that even a twelve-card word fits; other
moves are their notation with ``_`` for spaces; ``~`` joins the moves of one click that takes several steps.

Anything the bot never made — another shape, a number out of range, an unknown argument, a move that
does not parse, a move only the bot makes (``timeout``) — raises :class:`ForgedId`, never anything else,
whatever the input (a property test feeds it random text).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeAlias

from hardback_bot.engine.moves import Move

from .codec_alerts import AlertsClick, decode_alerts
from .codec_grammar import MAX_GAME_ID, MAX_ID, MAX_NUMBER, OLD_PREFIXES, PREFIX, Kind, encode, fields, label, prefix_of
from .codec_pages import (
    BoardPage,
    BoardPeriod,
    ExportPick,
    PageAction,
    ReplayClick,
    ReplayOp,
    TextModeSwitch,
    TopicsPick,
    decode_old,
    decode_page,
    game_value,
    step_value,
)
from .codec_privacy import OLD_PRIVACY_PREFIX, PrivacyClick, PrivacyPart, decode_old_privacy, decode_privacy
from .codec_seats import OfferSeat, ReclaimSeat, TakeSeat, decode_seat
from .codec_vacation import VacationClick, VacationOp, decode_vacation
from .codec_values import move_value, suggestion_value
from .move_text import (
    CHAIN,
    MAX_STEPS,
    ForgedId,
    decode_move,
    decode_moves,
    encode_move,
    encode_moves,
)

MAX_GAMES_PAGE = 99  # /hardback games lists at most MAX_PLAYER_GAMES games, ten a page
MORE = "P"  # an arrangement select's "more arrangements" value: P<page>~<a move of the word>
_SELECT_PAGE = re.compile(r"sel(\d{0,2})", re.ASCII)
_OPTION = re.compile(r"([a-z][a-z_]{0,23})(?:=([A-Za-z0-9_\-]{1,40}))?", re.ASCII)
_TOPIC = re.compile(r"[a-z0-9][a-z0-9_\-]{0,59}", re.ASCII)


class LobbyOp(StrEnum):
    JOIN = "join"
    LEAVE = "leave"
    COMPUTER = "computer"
    START = "start"
    CANCEL = "cancel"
    END = "end"  # the confirmation of /hardback end
    REMATCH = "rematch"
    LEARN = "learn"  # the guided first game, against an easy computer


class HandView(StrEnum):
    HAND = ""  # open my hand (a spectator's view for anyone not seated)
    REFRESH = "r"
    WATCH = "w"
    DECK = "d"
    BUY_MORE = "b"  # the hand with purchases that leave the turn going (then buy more), not ending it
    JAIL = "j"  # the hand at a jail step showing the cards to reserve
    JAIL_REMOVE = "k"  # the hand at a jail step showing the cards to remove from the game instead
    DUMP = "u"  # the hand at a dump step showing the cards of the discard pile to dump


@dataclass(frozen=True, slots=True)
class LobbyClick:
    game_id: int
    op: LobbyOp
    strength: int = 0  # of the computer player to add

    def custom_id(self) -> str:
        arg = f"ai{self.strength}" if self.op is LobbyOp.COMPUTER else self.op.value
        return encode(Kind.LOBBY, self.game_id, 0, arg)


@dataclass(frozen=True, slots=True)
class OpenHand:
    game_id: int
    view: HandView = HandView.HAND

    def custom_id(self) -> str:
        return encode(Kind.HAND, self.game_id, 0, self.view.value)


@dataclass(frozen=True, slots=True)
class PlayMoves:
    """A button that plays one or more moves; ``confirmed``: the player already said "do it anyway"."""

    game_id: int
    version: int
    moves: tuple[Move, ...]
    confirmed: bool = False

    def custom_id(self) -> str:
        return encode(Kind.MOVE, self.game_id, self.version, ("-" if self.confirmed else "") + encode_moves(self.moves))


@dataclass(frozen=True, slots=True)
class PickMove:
    """A select whose chosen value is the moves to play (``move_value``); long lists take several pages."""

    game_id: int
    version: int
    page: int = 0

    def custom_id(self) -> str:
        return encode(Kind.MOVE, self.game_id, self.version, f"sel{self.page or ''}")


@dataclass(frozen=True, slots=True)
class OpenSpellForm:
    game_id: int
    version: int

    def custom_id(self) -> str:
        return encode(Kind.SPELL_FORM, self.game_id, self.version, "")


@dataclass(frozen=True, slots=True)
class SpellWord:
    """The spell form's submission: the typed word is in the form's value."""

    game_id: int
    version: int

    def custom_id(self) -> str:
        return encode(Kind.WORD_FORM, self.game_id, self.version, "")


@dataclass(frozen=True, slots=True)
class OpenSuggestForm:
    game_id: int
    request: int  # the ghostwriter request the suggestion answers

    def custom_id(self) -> str:
        return encode(Kind.GHOST, self.game_id, self.request, "suggest")


@dataclass(frozen=True, slots=True)
class SuggestWord:
    game_id: int
    request: int

    def custom_id(self) -> str:
        return encode(Kind.WORD_FORM, self.game_id, self.request, "suggest")


@dataclass(frozen=True, slots=True)
class PickArrangement:
    """The select of other arrangements of a word: its value is ``arrangement_value``."""

    game_id: int
    version: int

    def custom_id(self) -> str:
        return encode(Kind.ARRANGEMENT, self.game_id, self.version, "arr")


@dataclass(frozen=True, slots=True)
class AdoptSuggestion:
    """The select of ghostwriter suggestions: its value is the suggestion's number (``suggestion_value``)."""

    game_id: int
    version: int

    def custom_id(self) -> str:
        return encode(Kind.GHOST, self.game_id, self.version, "adopt")


@dataclass(frozen=True, slots=True)
class ConfirmSkip:
    game_id: int
    version: int

    def custom_id(self) -> str:
        return encode(Kind.CONFIRM, self.game_id, self.version, "skip")


@dataclass(frozen=True, slots=True)
class ConfirmLeave:
    game_id: int

    def custom_id(self) -> str:
        return encode(Kind.CONFIRM, self.game_id, 0, "leave")


@dataclass(frozen=True, slots=True)
class CancelConfirmation:
    """A confirmation's Cancel: the confirmation closes, saying nothing changed."""

    game_id: int

    def custom_id(self) -> str:
        return encode(Kind.CONFIRM, self.game_id, 0, "cancel")


@dataclass(frozen=True, slots=True)
class SortWords:
    """The select on the results that lists every word of the game; its value is a sort's name."""

    game_id: int

    def custom_id(self) -> str:
        return encode(Kind.WORDS, self.game_id, 0, "sel")


@dataclass(frozen=True, slots=True)
class OptionsMenu:
    """The lobby's select of table options: its value is an option's name, whose panel then opens."""

    game_id: int

    def custom_id(self) -> str:
        return encode(Kind.TABLE, self.game_id, 0, "menu")


@dataclass(frozen=True, slots=True)
class SetOption:
    """Set a table option of a lobby: to ``value``, or (a select) to the chosen value."""

    game_id: int
    key: str
    value: str = ""

    def custom_id(self) -> str:
        return encode(Kind.TABLE, self.game_id, 0, f"{self.key}={self.value}" if self.value else self.key)


class DailyOp(StrEnum):
    SHARE = "share"  # post the clicker's result of that day in the channel it was played from
    SERVER = "here"  # the day's board of the server clicked in
    WORLD = "world"  # the day's board of every server


@dataclass(frozen=True, slots=True)
class DailyClick:
    """A button of the daily deal: its day (YYYYMMDD) and what it does. It names no game: a share is always
    the clicker's own result of that day, a board is the day's."""

    day: int
    op: DailyOp
    page: int = 0

    def custom_id(self) -> str:
        return encode(Kind.DAILY, self.day, self.page, self.op.value)


RULES_HERE = "here"  # a ShowRules topic: the rules of what the reader is looking at now


@dataclass(frozen=True, slots=True)
class ShowRules:
    """How to play: the part of the rules about ``topic``, privately, in the reader's language."""

    game_id: int
    topic: str

    def custom_id(self) -> str:
        return encode(Kind.RULES, self.game_id, 0, self.topic)


@dataclass(frozen=True, slots=True)
class SetCoach:
    """Keep (``on``) or drop the coach: the Why and Try lines after each move (docs/tutorial.md)."""

    game_id: int
    on: bool

    def custom_id(self) -> str:
        return encode(Kind.COACH, self.game_id, 0, "on" if self.on else "off")


@dataclass(frozen=True, slots=True)
class AnswerHints:
    """Ask the table to turn hints on, or say yes (``agree``) or no to that request."""

    game_id: int
    agree: bool

    def custom_id(self) -> str:
        return encode(Kind.HINTS, self.game_id, 0, "yes" if self.agree else "no")


@dataclass(frozen=True, slots=True)
class OpenMyHand:
    """/hardback games' Open my hand: the clicker's own hand of that game, privately, wherever the list is."""

    game_id: int

    def custom_id(self) -> str:
        return encode(Kind.GAMES, self.game_id, 0, "hand")


@dataclass(frozen=True, slots=True)
class GamesPage:
    """A page of /hardback games: the list of ``user_id``'s games (only theirs to turn), page ``page``."""

    user_id: int
    page: int

    def custom_id(self) -> str:
        return encode(Kind.GAMES, self.user_id, self.page, "page")


GameAction = (LobbyClick | OpenHand | PlayMoves | PickMove | OpenSpellForm | SpellWord | OpenSuggestForm
              | SuggestWord | PickArrangement | AdoptSuggestion | ConfirmSkip | ConfirmLeave | CancelConfirmation
              | SortWords | OptionsMenu | SetOption | ShowRules | DailyClick | SetCoach | AnswerHints | OpenMyHand
              | GamesPage | VacationClick | ReclaimSeat | TakeSeat | OfferSeat | AlertsClick)


@dataclass(frozen=True, slots=True)
class MoreArrangements:
    """The "more arrangements" entry of an arrangement select: show page ``page`` of ``move``'s word."""

    page: int
    move: Move


Action: TypeAlias = GameAction | PageAction | PrivacyClick


def parse(custom_id: object) -> Action:
    """The action a custom_id of ours stands for; :class:`ForgedId` for anything else."""
    prefix = prefix_of(custom_id)
    if prefix in OLD_PREFIXES:
        old: Action | None = (decode_old_privacy(str(custom_id)) if prefix == OLD_PRIVACY_PREFIX
                              else decode_old(str(custom_id)))
        if old is None:
            raise ForgedId(str(custom_id)[:120])
        return old
    kind, subject, number, arg = fields(custom_id)
    action: Action | None
    if kind in (Kind.BOARD, Kind.EXPORT, Kind.TOPICS, Kind.TEXT_MODE, Kind.REPLAY):
        action = decode_page(kind, subject, number, arg)
    elif kind is Kind.PRIVACY:
        action = decode_privacy(subject, number, arg)
    elif kind is Kind.DAILY or 0 < subject <= MAX_GAME_ID:  # a daily's subject is a day, checked as one
        action = _decode(kind, subject, number, arg)
    else:
        action = None
    if action is None:
        raise ForgedId(str(custom_id))
    return action


def fits(action: Action) -> bool:
    """Whether ``action`` can be a component's custom_id (Discord's 100 characters)."""
    try:
        action.custom_id()
    except ValueError:
        return False
    return True


def _decode(kind: Kind, game: int, number: int, arg: str) -> GameAction | None:
    match kind:
        case Kind.LOBBY:
            return _lobby(game, arg)
        case Kind.HAND:
            view = next((v for v in HandView if v.value == arg), None)
            return OpenHand(game, view) if view is not None else None
        case Kind.MOVE:
            page = _SELECT_PAGE.fullmatch(arg)
            if page is not None:
                return PickMove(game, number, int(page.group(1) or 0))
            confirmed = arg.startswith("-")
            return PlayMoves(game, number, decode_moves(arg[1:] if confirmed else arg), confirmed)
        case Kind.SPELL_FORM:
            return OpenSpellForm(game, number) if arg == "" else None
        case Kind.WORD_FORM:
            return SpellWord(game, number) if arg == "" else SuggestWord(game, number) if arg == "suggest" else None
        case Kind.ARRANGEMENT:
            return PickArrangement(game, number) if arg == "arr" else None
        case Kind.GHOST:
            return (AdoptSuggestion(game, number) if arg == "adopt" else
                    OpenSuggestForm(game, number) if arg == "suggest" else None)
        case Kind.CONFIRM:
            if arg == "skip":
                return ConfirmSkip(game, number)
            if number == 0 and arg in ("leave", "cancel"):
                return ConfirmLeave(game) if arg == "leave" else CancelConfirmation(game)
            return None
        case Kind.WORDS:
            return SortWords(game) if arg == "sel" else None
        case Kind.TABLE:
            if arg == "menu":
                return OptionsMenu(game)
            option = _OPTION.fullmatch(arg)
            return SetOption(game, option.group(1), option.group(2) or "") if option and number == 0 else None
        case Kind.RULES:
            return ShowRules(game, arg) if _TOPIC.fullmatch(arg) and number == 0 else None
        case Kind.COACH:
            return SetCoach(game, arg == "on") if number == 0 and arg in ("on", "off") else None
        case Kind.HINTS:
            return AnswerHints(game, arg == "yes") if number == 0 and arg in ("yes", "no") else None
        case Kind.GAMES:
            if arg == "hand":
                return OpenMyHand(game) if number == 0 else None
            return GamesPage(game, number) if arg == "page" and number <= MAX_GAMES_PAGE else None
        case Kind.VACATION:
            return decode_vacation(game, number, arg)
        case Kind.SEAT:
            return decode_seat(game, number, arg)
        case Kind.ALERTS:
            return decode_alerts(game, number, arg)
        case Kind.DAILY:
            op = next((o for o in DailyOp if o.value == arg), None)
            if op is None or not _is_day(game) or (op is DailyOp.SHARE and number != 0) or number > 9999:
                return None
            return DailyClick(game, op, number)
        case Kind.BOARD | Kind.EXPORT | Kind.TOPICS | Kind.TEXT_MODE | Kind.REPLAY | Kind.PRIVACY:
            return None  # the pages' kinds and the privacy buttons': parse reads them


def _is_day(number: int) -> bool:
    """A YYYYMMDD number that is a real calendar day."""
    text = str(number)
    if len(text) != 8:
        return False
    try:
        dt.date(int(text[:4]), int(text[4:6]), int(text[6:]))
    except ValueError:
        return False
    return True


def _lobby(game: int, arg: str) -> LobbyClick | None:
    if arg.startswith("ai"):
        strength = arg[2:]
        return LobbyClick(game, LobbyOp.COMPUTER, int(strength)) if len(strength) == 1 and strength in "123456789" \
            else None
    op = next((o for o in LobbyOp if o.value == arg), None)
    if op is None or op is LobbyOp.COMPUTER:
        return None
    return LobbyClick(game, op)


def arrangement_value(value: str) -> Move | MoreArrangements:
    """An arrangement select's chosen value: a spelled word's move, or a "more arrangements" page."""
    if not isinstance(value, str):
        raise ForgedId(repr(value)[:120])
    if value.startswith(MORE):
        head, _, rest = value.partition(CHAIN)
        page = head[len(MORE):]
        if not (page.isascii() and page.isdigit() and len(page) <= 3):
            raise ForgedId(value)
        result: Move | MoreArrangements = MoreArrangements(int(page), decode_move(rest))
        move = result.move
    else:
        result = move = decode_move(value)
    if move.kind != "spell":
        raise ForgedId(value)
    return result


def more_value(page: int, move: Move) -> str:
    return f"{MORE}{page}{CHAIN}{encode_move(move)}"


__all__ = ["CHAIN", "MAX_GAME_ID", "MAX_ID", "MAX_NUMBER", "MAX_STEPS", "MORE", "PREFIX", "RULES_HERE", "Action",
           "AdoptSuggestion", "AlertsClick", "AnswerHints", "BoardPage", "BoardPeriod", "CancelConfirmation",
           "ConfirmLeave", "ConfirmSkip", "DailyClick", "DailyOp", "ExportPick", "ForgedId", "GameAction",
           "GamesPage", "HandView", "Kind", "LobbyClick", "LobbyOp", "MoreArrangements", "OfferSeat", "OpenHand",
           "OpenMyHand", "OpenSpellForm", "OpenSuggestForm", "OptionsMenu", "PageAction", "PickArrangement",
           "PickMove", "PlayMoves", "PrivacyClick", "PrivacyPart",
           "ReclaimSeat", "ReplayClick", "ReplayOp", "SetCoach", "SetOption", "ShowRules",
           "SortWords", "SpellWord", "SuggestWord", "TakeSeat", "TextModeSwitch", "TopicsPick", "VacationClick",
           "VacationOp", "arrangement_value", "decode_move", "decode_moves", "encode_move", "encode_moves", "fits",
           "game_value", "label", "more_value", "move_value", "parse", "prefix_of", "step_value", "suggestion_value"]
