"""A game as loaded for one step (its stored record and the engine's game), and what the sessions need to
load it: the word checker of its options, and the Discord side they tell about changes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from hardback_bot.engine import Game, GameOptions
from hardback_bot.store import GameRecord

from .phrases import seat_name

if TYPE_CHECKING:
    from hardback_bot.i18n import Translator


class Notifier(Protocol):
    """The Discord side. Sessions never tell it *what* to show: they commit, then say which game changed,
    and the notifier brings the channel up to what the store holds (the outbox, the table, the panels)."""

    async def changed(self, game_id: int) -> None: ...


class Silent:
    """The notifier of sessions without a Discord side (tests, tools): nobody to tell."""

    async def changed(self, game_id: int) -> None:
        return None


@dataclass
class Loaded:
    record: GameRecord
    game: Game

    @property
    def names(self) -> list[str]:
        return [s.display_name for s in self.record.seats]

    def names_in(self, t: Translator) -> list[str]:
        """The seats' names in ``t``'s language (computer players are named in the reader's words)."""
        return [seat_name(s, t) for s in self.record.seats]

    @property
    def computers(self) -> list[bool]:
        return [s.is_computer_controlled for s in self.record.seats]

    def seat_of(self, user_id: int) -> int | None:
        return next((s.seat for s in self.record.seats if s.user_id == user_id), None)

    def user_of(self, seat: int) -> int | None:
        s = self.record.seats[seat]
        return None if s.is_computer_controlled else s.user_id


def checker_for(options: GameOptions) -> Any:
    """The word checker of a table's dictionary."""
    from hardback_bot.words import get_dictionary

    return get_dictionary(options.dictionary)


__all__ = ["Loaded", "Notifier", "Silent", "checker_for"]
