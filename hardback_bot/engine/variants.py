"""Table variants: votes on invalid words (R27), co-op against Penny Dreadful (R29) and the
ghostwriter (R30).  The core game calls in here at fixed points so variants never tangle the
competitive rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import IllegalMove
from .moves import Move, WordCard
from .options import GameOptions, OptionsError

if TYPE_CHECKING:
    from .game import Event, Game


def require_supported(options: GameOptions) -> None:
    if options.coop:
        raise OptionsError("Co-op games against Penny Dreadful are not available yet.")
    if options.vote != "off":
        raise OptionsError("Votes on invalid words are not available yet.")


def _unavailable(what: str) -> IllegalMove:
    return IllegalMove(f"{what} is not available at this table.", "not_available")


def vote_moves(game: Game, seat: int) -> list[Move]:
    return []


def start_vote(game: Game, seat: int, cards: tuple[WordCard, ...], word: str) -> list[Event]:
    raise _unavailable("Voting")


def cast_vote(game: Game, seat: int, m: Move) -> list[Event]:
    raise _unavailable("Voting")


def vote_timeout(game: Game, seat: int) -> list[Event]:
    raise _unavailable("Voting")


def request_ghostwriter(game: Game, seat: int) -> list[Event]:
    raise _unavailable("The ghostwriter")


def suggest_word(game: Game, seat: int, m: Move) -> list[Event]:
    raise _unavailable("The ghostwriter")


def adopt_suggestion(game: Game, seat: int, m: Move) -> list[Event]:
    raise _unavailable("The ghostwriter")


def pay_ghostwriter(game: Game, events: list[Event]) -> None:
    return None


def setup_penny(game: Game) -> None:
    raise OptionsError("Co-op games against Penny Dreadful are not available yet.")


def check_penny_ink(game: Game, seat: int, ink: int) -> None:
    return None


def penny_on_ink(game: Game, seat: int, ink: int, events: list[Event]) -> None:
    return None


def penny_on_buy(game: Game, events: list[Event]) -> None:
    return None


def add_team_prestige(game: Game, amount: int) -> None:
    raise OptionsError("Co-op is not available yet.")


def coop_row_added(game: Game, cid: int, events: list[Event]) -> None:
    return None


def penny_turn(game: Game, events: list[Event]) -> bool:
    return False


def coop_results(game: Game) -> list[dict[str, Any]]:
    return []


def penny_stats(game: Game) -> dict[str, Any]:
    return {}
