"""Platform-neutral panels: text, an optional picture and rows of buttons or one select per row.

The cogs turn panels into Discord messages; every limit Discord sets (5 rows, 5 buttons a row, 25 options a
select, custom_id 100, label 80) is respected here, so no caller can build an oversized payload.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from hardback_bot.i18n import Translator

from ..codec import OpenHand, PickMove, ShowRules, parse
from ..phrases import ENGLISH
from .pictures import Picture

MAX_ROWS = 5
MAX_BUTTONS = 5
MAX_OPTIONS = 25


@dataclass(frozen=True, slots=True)
class Button:
    label: str
    custom_id: str
    style: str = "secondary"  # primary, secondary, success, danger

    def __post_init__(self) -> None:
        object.__setattr__(self, "label", self.label[:80])


@dataclass(frozen=True, slots=True)
class Option:
    label: str
    value: str
    description: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "label", self.label[:100])
        if self.description is not None:
            object.__setattr__(self, "description", self.description[:100] or None)


@dataclass(frozen=True, slots=True)
class Select:
    custom_id: str
    placeholder: str
    options: tuple[Option, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "placeholder", self.placeholder[:150])


Row = list[Button] | Select


@dataclass
class Panel:
    title: str
    lines: list[str] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)
    picture: Picture | None = None
    version: int | None = None  # the game version its buttons were made for (None: no game buttons)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)[:4000]

    def add_buttons(self, buttons: list[Button]) -> None:
        for i in range(0, len(buttons), MAX_BUTTONS):
            if len(self.rows) < MAX_ROWS:
                self.rows.append(buttons[i:i + MAX_BUTTONS])

    def add_select(self, custom_id: str, placeholder: str, options: list[Option]) -> None:
        """One select per 25 options (a long discard pile becomes two or three selects)."""
        for i in range(0, len(options), MAX_OPTIONS):
            if len(self.rows) >= MAX_ROWS - 1:  # keep the last row for buttons
                return
            chunk = options[i:i + MAX_OPTIONS]
            suffix = f" ({i + 1}–{i + len(chunk)})" if len(options) > MAX_OPTIONS else ""
            # Each select needs its own custom_id: a select of moves carries its page.
            page_id = custom_id if i == 0 else _page_id(custom_id, i // MAX_OPTIONS)
            self.rows.append(Select(page_id, placeholder + suffix, tuple(chunk)))


def _page_id(custom_id: str, more: int) -> str:
    action = parse(custom_id)
    if not isinstance(action, PickMove):
        raise ValueError(f"{custom_id!r} is not a select of moves: it has one page")
    return replace(action, page=action.page + more).custom_id()


def hand_button(game_id: int, t: Translator = ENGLISH, label: str | None = None) -> Button:
    return Button(label or t.gettext("Open my hand"), OpenHand(game_id).custom_id(), "primary")


def rules_button(game_id: int, topic: str, t: Translator = ENGLISH) -> Button:
    """"How to play": the rules of ``topic`` (or of what the reader is looking at), privately."""
    return Button(t.gettext("How to play"), ShowRules(game_id, topic).custom_id())
