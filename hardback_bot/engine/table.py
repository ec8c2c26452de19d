"""The table every room of the rules works on: the state, the fixed options, the seeded RNG, the word
checker, and the few primitives all rooms share (drawing cards, removing them from the game, scoring
prestige, the turn's public summary).

Rooms are modules of functions taking a :class:`Table`; :class:`~hardback_bot.engine.game.Game` is a
Table with the public API on top.  Nothing here decides a step of the turn.
"""

from __future__ import annotations

from .cards import card
from .errors import IllegalMove
from .events import Event, Reshuffle
from .moves import LoggedMove
from .options import GameOptions
from .rng import Rng
from .state import Player, State, Turn
from .turn_extra import TurnTally
from .words import AcceptAll, WordChecker

HAND_SIZE = 5  # R3.4, R20.3
ROW_SIZE = 7  # R1.5, R3.3


class Table:
    """One game's data and its shared primitives.  ``state`` is plain data; everything else is fixed."""

    def __init__(self, state: State, options: GameOptions, num_players: int,
                 checker: WordChecker | None = None, move_log: list[LoggedMove] | None = None) -> None:
        self.state = state
        self.options = options
        self.num_players = num_players
        self.checker: WordChecker = checker if checker is not None else AcceptAll()
        self.move_log: list[LoggedMove] = move_log if move_log is not None else []
        self.rng = Rng(0)
        self.rng.state = state.rng

    @property
    def finished(self) -> bool:
        return self.state.finished

    @property
    def turn(self) -> Turn:
        return self.state.turn

    @property
    def goal(self) -> int:
        return self.options.goal(self.num_players)

    def player(self, seat: int) -> Player:
        return self.state.players[seat]

    def classics_in_play(self) -> list[tuple[int, int]]:
        """(card, owner seat) of every timeless classic in play, seat by seat, oldest first (R1.8)."""
        return [(cid, p.seat) for p in self.state.players for cid in p.timeless]

    def scores(self) -> list[int]:
        """Each seat's prestige; in co-op every seat shows the team's one score (R29.2)."""
        if self.options.coop:
            return [self.state.penny.get("team", 0)] * self.num_players
        return [p.prestige for p in self.state.players]

    def add_prestige(self, seat: int, amount: int) -> None:
        """R29.2: in co-op all prestige goes to the one team score."""
        if self.options.coop:
            self.state.penny["team"] += amount
        else:
            self.player(seat).prestige += amount

    def require_turn(self, seat: int, *phases: str) -> Turn:
        """The turn, if ``seat`` is the active player and the turn is at one of ``phases``; else refuse."""
        t = self.state.turn
        if seat != t.seat:
            raise IllegalMove.of("not_your_turn", active=t.seat)
        if t.phase not in phases:
            raise IllegalMove.of("wrong_phase", phase=t.phase)
        return t

    def tally(self) -> TurnTally:
        """The turn's public summary so far, to add to (what the table log shows at the end of the turn)."""
        extra = self.state.turn.extra
        if extra.summary is None:
            extra.summary = TurnTally()
        return extra.summary

    # ------------------------------------------------------------------ piles
    def draw(self, p: Player, events: list[Event] | None = None) -> int | None:
        """Top card of the draw pile, reshuffling the discard pile when it is empty (R6.3, R20.3)."""
        if not p.draw:
            if not p.discard:
                return None
            p.draw = p.discard
            p.discard = []
            self.rng.shuffle(p.draw)
            if events is not None:
                events.append(Reshuffle(seat=p.seat))
        return p.draw.pop()

    def draw_hand(self, p: Player, events: list[Event] | None = None) -> None:
        """Draw up to a hand of 5; fewer if the draw and discard piles run out (R20.3)."""
        while len(p.hand) < HAND_SIZE:
            cid = self.draw(p, events)
            if cid is None:
                return
            p.hand.append(cid)

    def remove_from_game(self, cid: int) -> None:
        """R15.2, R15.5: starters go to the box for good, genre cards to the removed pile."""
        (self.state.box if card(cid).is_starter else self.state.removed).append(cid)
