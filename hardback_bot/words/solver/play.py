"""What the solver answers with: a :class:`Play`, one word laid out with its exact value (RULES.md R10-R17).

A play is immutable and self-contained: the engine's spell move (``cards``, ``move``), what the
turn earns from the word under the weights asked with (``value`` and its parts), and every choice
that earns it, in the order the engine asks.  :func:`play_from` makes one from a word, its
arrangement and the :class:`~hardback_bot.words.solver.value.Outcome` the engine's scoring gave it.
"""

from __future__ import annotations

from dataclasses import dataclass

from hardback_bot.engine.moves import Move, WordCard

from .value import Outcome


@dataclass(frozen=True, slots=True)
class Play:
    """One arrangement of a word with its exact value and the choices that earn it."""

    word: str  # upper case
    cards: tuple[WordCard, ...]  # the engine's spell move, left to right
    value: float  # weighted sum under the Weights asked with
    coins: int  # coins the turn earns from the word, all choices made as below
    prestige: int
    ink: int
    remover: int
    trash: tuple[int, ...]  # cards to trash (R12.5)
    dumps: int  # dump abilities to use (R12.6)
    steps: tuple[tuple[str, int, int], ...]  # ("uncover" | "double", source card, target card)
    choices: tuple[tuple[int, str], ...]  # R12.8 answers in the engine's order: (card, "coins"/"prestige"/...)
    jails: int  # jail abilities worth using under the weights
    previews: int
    exact: bool = True  # False: a time-limited search stopped early; this is the best it had found

    @property
    def move(self) -> Move:
        """The engine's spell move (its notation, e.g. ``spell 120 67=A 1156``, is ``str(play.move)``)."""
        return Move("spell", word=self.cards)

    def wilds(self) -> int:
        return sum(1 for w in self.cards if w.wild)


def play_from(word: str, cards: tuple[WordCard, ...], o: Outcome) -> Play:
    """The play of ``word`` (any case) laid out as ``cards``, worth what ``o`` says (always exact)."""
    return Play(word.upper(), cards, o.value, o.coins, o.prestige, o.ink, o.remover, o.trash, o.dumps, o.steps,
                o.choices, o.jails, o.previews)
