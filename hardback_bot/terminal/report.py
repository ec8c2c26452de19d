"""What the terminal says of a move's events: the sentences of sessions/play_by_play.py, chosen for who is
at the keyboard.

A person's own moves are confirmed as they happen, one line each (the wild cards of a word with their
letters and cards, the coins or prestige taken, trash, dump, jail, flush, purchases …).  A computer's turn
is said in one line when it ends (the channel's turn line, describe.turn_line): its previews and choices
stay its own.  What everyone must know at once (votes, ghostwriter suggestions, the final round, Penny
Dreadful's turn, ink drawn) is said whoever caused it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from hardback_bot.engine.events import (
    Advert,
    Award,
    Buy,
    ClassicInPlay,
    ClassicLeaves,
    CoinsToInk,
    Convert,
    Cycle,
    Double,
    Dump,
    Earn,
    Event,
    Flush,
    Gain,
    Jail,
    OfferReshuffle,
    Preview,
    PreviewDiscard,
    Reshuffle,
    RowAdd,
    Skip,
    Take,
    Timeout,
    Trash,
    TurnEnd,
    Uncover,
    Unjail,
    WordAccepted,
)
from hardback_bot.i18n import Translator
from hardback_bot.sessions.phrases import turn_line
from hardback_bot.sessions.play_by_play import event_lines, plain

#: A computer's own events the table hears only in the line of its turn.
FOLDED = (WordAccepted, Earn, Gain, Uncover, Double, Trash, Dump, Preview, PreviewDiscard, Take, Jail, Unjail, Flush,
          Buy, Advert, Convert, CoinsToInk, Award, Skip, Cycle, ClassicInPlay, ClassicLeaves, RowAdd, Reshuffle,
          OfferReshuffle, Timeout)


class Reporter:
    """Turns each move's events into the lines to print, keeping a computer's turn until it ends."""

    def __init__(self, names: Sequence[str], computers: Collection[int], t: Translator) -> None:
        self.names = names
        self.computers = computers
        self.t = t
        self.turn: list[Event] = []  # a computer's turn so far

    def lines(self, events: Sequence[Event], actor: int) -> list[str]:
        """The lines for ``events``, the result of ``actor``'s move."""
        said: list[Event] = []
        out: list[str] = []
        computer = actor in self.computers
        for e in events:
            own = getattr(e, "seat", actor) == actor  # events without a seat (the row's) belong to the mover
            if isinstance(e, TurnEnd):
                out += self._said(said)
                said = []
                if e.seat in self.computers:
                    out.append(self.turn_line(e))
                self.turn = []
            elif computer and own and isinstance(e, FOLDED):
                self.turn.append(e)
            else:
                said.append(e)
        return out + self._said(said)

    def _said(self, events: Sequence[Event]) -> list[str]:
        return ["  " + line for line in event_lines(events, self.names, self.t)]

    def turn_line(self, end: TurnEnd) -> str:
        """A computer's turn in one line, as the channel says it (the row's cycling and classics included)."""
        cycled = next((e.card for e in self.turn if isinstance(e, Cycle)), None)
        line = turn_line(self.names[end.seat], end.summary, timeout=any(isinstance(e, Timeout) for e in self.turn),
                         cycled=cycled, classics=[e.card for e in self.turn if isinstance(e, ClassicInPlay)],
                         took=[e.card for e in self.turn if isinstance(e, ClassicLeaves)], t=self.t)
        return plain(line or "")
