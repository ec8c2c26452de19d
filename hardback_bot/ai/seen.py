"""What a computer player knows: its seat's view of the game plus public facts.

The decision code receives a :class:`Seen` and nothing else, so it cannot peek at hidden
information: :func:`hardback_bot.engine.views.player_view` leaves out other players' closed hands
and every draw pile's order (R28), and the public extras added here (the table's word checker,
the accepted-word history every player was told about, the words refused by a vote this turn)
are what any player at the table knows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hardback_bot.engine.cards import card
from hardback_bot.engine.moves import LoggedMove, Move
from hardback_bot.engine.words import WordChecker


@dataclass(frozen=True)
class Public:
    """Public facts that are not part of the view dict."""

    checker: WordChecker  # the table's word list (R27.1): public
    dictionary: Any  # the words a computer player spells from (a Dictionary), for the shared solver
    vote_words: WordChecker  # the list a computer voter judges words against (R27.3)
    history: tuple[tuple[int, str], ...] = ()  # accepted words (R26), announced to everyone
    refused: tuple[str, ...] = ()  # words of the active player refused by a vote this turn (R27.5)
    # Every public move of the game so far, in order, undone moves left out: words (their cards are shown,
    # R28.1), purchases, trash, dumps, jail, flushes, choices, adverts.  Moves nobody else sees (a previewed
    # card returned or discarded, R16) are not in it.
    log: tuple[LoggedMove, ...] = ()


@dataclass
class Seen:
    """Convenient accessors over ``player_view(game, seat)`` (a plain dict)."""

    view: dict[str, Any]
    public: Public
    me: int = field(init=False)

    def __post_init__(self) -> None:
        self.me = int(self.view["you"])

    # ---------------------------------------------------------------- table
    @property
    def options(self) -> dict[str, Any]:
        return self.view["options"]

    @property
    def coop(self) -> bool:
        return bool(self.options["coop"])

    @property
    def goal(self) -> int:
        return int(self.view["goal"])

    @property
    def num_players(self) -> int:
        return int(self.view["num_players"])

    @property
    def turn(self) -> dict[str, Any]:
        return self.view["turn"]

    @property
    def phase(self) -> str:
        return str(self.turn["phase"])

    @property
    def active(self) -> int:
        return int(self.turn["seat"])

    @property
    def round(self) -> int:
        return int(self.turn["round"])

    @property
    def pending(self) -> dict[str, Any]:
        return self.turn.get("pending") or {"phase": self.phase}

    @property
    def legal(self) -> list[Move]:
        return list(self.view["legal_moves"])

    @property
    def offer_row(self) -> list[int]:
        """Oldest first (the view shows newest first, R18.1)."""
        return list(reversed(self.view["offer_row"]))

    @property
    def final_round(self) -> bool:
        return bool(self.view["final_round"])

    @property
    def penny(self) -> dict[str, Any]:
        return self.view.get("penny") or {}

    # ---------------------------------------------------------------- players
    def player(self, seat: int) -> dict[str, Any]:
        return self.view["players"][seat]

    @property
    def mine(self) -> dict[str, Any]:
        return self.player(self.me)

    @property
    def hand(self) -> list[int]:
        return list(self.mine.get("hand", []))

    @property
    def inked(self) -> list[int]:
        return list(self.mine["inked"])

    @property
    def discard(self) -> list[int]:
        return list(self.mine.get("discard", []))

    @property
    def draw_contents(self) -> list[int]:
        return list(self.mine.get("draw_contents", []))

    @property
    def ink(self) -> int:
        return int(self.mine["ink"])

    @property
    def remover(self) -> int:
        return int(self.mine["remover"])

    @property
    def prestige(self) -> int:
        return int(self.mine["prestige"])

    def classics_in_play(self) -> list[tuple[int, int]]:
        return [(c, p["seat"]) for p in self.view["players"] for c in p["timeless"]]

    def deck(self) -> list[int]:
        """Every card I own outside play: hand, draw pile and discard pile (R28.3 lets me see them)."""
        return self.hand + self.draw_contents + self.discard

    def rivals(self) -> list[dict[str, Any]]:
        return [p for p in self.view["players"] if p["seat"] != self.me]

    def leader_score(self) -> int:
        if self.coop:
            return max(self.prestige, int(self.penny.get("score", 0)))
        return max(int(p["prestige"]) for p in self.view["players"])


def letters(cards: list[int]) -> str:
    return "".join(card(c).letter for c in cards)
