"""What every computer player shares: routing each decision to a method (R5-R30), votes, ghostwriter
suggestions, the solver plumbing, and the plain answers a strength may keep.

A :class:`Brain` sees only a :class:`~hardback_bot.ai.seen.Seen` (its seat's view plus public facts)
and returns one :class:`~hardback_bot.engine.moves.Move`.
"""

from __future__ import annotations

import random

from hardback_bot.engine.cards import card
from hardback_bot.engine.moves import Move, MoveKind
from hardback_bot.words.frequency import rank_at
from hardback_bot.words.offensive import is_offensive_at
from hardback_bot.words.solver import PlayerCards, Weights, WorkBudget, index_for, playable_indices

from .evaluate import Earnings
from .seen import Seen
from .solving import Cards, Play, Valuer, solver_plays
from .values import LETTER_USE, face_value


class Brain:
    """Shared plumbing: route each decision, and the plain choices every strength makes alike."""

    name = "base"
    #: Solver work units one decision may spend (search nodes and ways of resolving a word, about 35-100 µs
    #: each here): a budget, not a clock, so a decision is the same on every machine; at most ~1 s.
    units = 12000
    #: Work units for one ghostwriter suggestion (R30.2).
    suggestion_units = 3000
    #: Words the suggestion's search keeps, so that of those worth the most the most common is suggested.
    SUGGEST_TIES = 5
    #: Playable words of the speller checked at most when deciding whether I can suggest one.
    SUGGEST_CHECKS = 20000

    def __init__(self, seen: Seen, rng: random.Random) -> None:
        self.seen = seen
        self.rng = rng
        self.budget = WorkBudget(self.units)

    # ------------------------------------------------------------------ routing
    def decide(self) -> Move:
        s = self.seen
        if s.phase == "vote":
            return self.vote()
        if s.active != s.me:
            suggestion = self.suggestion()
            if suggestion is None:
                raise ValueError(f"seat {s.me} has no decision to make now")
            return suggestion
        handler = getattr(self, f"on_{s.phase}")
        move: Move = handler()
        return move

    def legal(self, kind: MoveKind) -> list[Move]:
        return [m for m in self.seen.legal if m.kind == kind]

    def has(self, move: Move) -> bool:
        return move in self.seen.legal

    # ------------------------------------------------------------------ votes and ghostwriting (R27, R30)
    def vote(self) -> Move:
        word = self.seen.view["vote"]["word"]
        return Move("vote", choice="accept" if self.seen.public.vote_words.is_word(word) else "reject")

    def _ghost_request(self) -> tuple[Cards, set[str]] | None:
        """The speller's (now public, R30.1) cards and the words I may not suggest, if I may suggest one."""
        s = self.seen
        ghost = s.view.get("ghostwriter")
        if ghost is None or s.phase != "spell" or s.active == s.me:
            return None
        if any(seat == s.me for seat, _ in ghost["suggestions"]):
            return None  # one suggestion each is plenty
        speller = s.player(s.active)
        if "hand" not in speller:
            return None
        cards = Cards(s.active, tuple(speller["hand"]), tuple(speller["inked"]), tuple(s.classics_in_play()))
        # A word somebody already suggested would reward them, not me (R30.2): suggest another.
        taken = {word for _, word in ghost["suggestions"]}
        return cards, self.excluded() | taken

    def can_suggest(self) -> bool:
        """Is there a word I could suggest?  Cheap (a listing of the speller's words, no search): the
        session asks it on its event loop; :meth:`suggestion` then finds the word (R30.2)."""
        request = self._ghost_request()
        if request is None:
            return False
        cards, banned = request
        index = index_for(self.seen.public.dictionary)
        banned = {w.upper() for w in banned}
        pc = PlayerCards(cards.hand, cards.inked, cards.classics, cards.seat)
        # Bounded: the first words are nearly always accepted; a table refusing thousands in a row gets no
        # suggestion from me.
        for i in playable_indices(pc, index)[:self.SUGGEST_CHECKS].tolist():
            word = index.words[i].upper()
            if word not in banned and self.accept_word(word):
                return True
        return False

    def suggestion(self) -> Move | None:
        """A word for the active player's ghostwriter request, if the request is open (R30.2)."""
        request = self._ghost_request()
        if request is None:
            return None
        cards, banned = request
        # The word worth most to the speller is the one they are likeliest to adopt (R30.2).
        found = solver_plays(cards, self.seen.public.dictionary, [Weights()], self.accept_word, immediate, banned,
                             None, self.SUGGEST_TIES, WorkBudget(self.suggestion_units))
        if not found:
            return None
        # Of the words worth as much, the most common: the one a person would think of (STAR, not ARUMS).
        dictionary = str(self.seen.options["dictionary"])
        best = min((p for p in found if p.value >= found[0].value), key=lambda p: (rank_at(p.word, dictionary), p.word))
        return Move("suggest", choice=best.word.upper())

    # ------------------------------------------------------------------ spelling (R6-R9)
    def excluded(self) -> set[str]:
        """Words the table would refuse this player before any dictionary check (R26, R27.5)."""
        s = self.seen
        words = set(s.public.refused)
        mode = s.options["unique_words"]
        if mode != "off":
            words |= {w for who, w in s.public.history if mode == "game" or who == s.active}
        return words

    def accept_word(self, word: str) -> bool:
        s = self.seen
        if word in s.public.refused:
            return False
        if is_offensive_at(word, str(s.options["dictionary"])):
            return False  # never posted by the bot: a computer's word or suggestion is another word
        mode = s.options["unique_words"]
        if mode != "off" and any(w == word and (mode == "game" or who == s.me) for who, w in s.public.history):
            return False
        if s.options["dictionary"] == "none":
            return True  # the spelling list holds everyday words a vote will accept
        return s.public.checker.is_word(word)

    def cards(self, cleared: tuple[int, ...] = ()) -> Cards:
        s = self.seen
        inked = tuple(c for c in s.inked if c not in cleared)
        return Cards(s.me, tuple(s.hand), inked, tuple(s.classics_in_play()))

    def weight_options(self) -> list[Weights]:
        """Linear weightings whose best words are this player's candidates (see :mod:`.solving`)."""
        return [Weights()]

    def plays(self, cards: Cards | None = None, keep: int = 4, units: int | None = None,
              options: list[Weights] | None = None) -> list[Play]:
        """The best words for ``cards`` (default: mine) by my own valuation, best first: the solver's ``keep``
        best under each of ``options`` (default :meth:`weight_options`), valued exactly.  ``units``: work
        for this question (taken from the decision's budget; default: all that is left)."""
        s = self.seen
        budget = self.budget if units is None else WorkBudget(min(units, max(0, self.budget.left)))
        found = solver_plays(cards or self.cards(), s.public.dictionary, options or self.weight_options(),
                             self.accept_word, self.valuer(), self.excluded(),
                             len(s.discard) if "discard" in s.mine else None, keep, budget)
        if units is not None:
            self.budget.take(budget.spent)
        return found

    def valuer(self) -> Valuer:
        return immediate

    def spell_candidates(self) -> list[Play]:
        return self.plays(keep=1)

    def on_spell(self) -> Move:
        s = self.seen
        if len(s.public.refused) >= 3:
            return SKIP  # the table keeps refusing words: give up this turn (R9)
        move = self.ink_or_remover()
        if move:
            return move
        plays = self.spell_candidates()
        if not plays:
            if s.inked and s.remover:
                return Move("remover", card=self.worst_inked())
            return SKIP
        return self.pick(plays).move

    def ink_or_remover(self) -> Move | None:
        return None

    def worst_inked(self) -> int:
        return min(self.seen.inked, key=lambda c: (LETTER_USE[card(c).letter], c))

    def pick(self, plays: list[Play]) -> Play:
        return plays[0]

    # ------------------------------------------------------------------ resolution (R12-R18)
    def on_uncover(self) -> Move:
        targets = self.seen.pending["targets"]
        return Move("uncover", card=max(targets, key=lambda c: (face_value(c), -c)))

    def on_double(self) -> Move:
        targets = self.seen.pending["targets"]
        return Move("double", card=max(targets, key=lambda c: (face_value(c), -c)))

    def on_trash(self) -> Move:
        return PASS

    def on_dump(self) -> Move:
        return PASS

    def on_preview(self) -> Move:
        return PASS

    def on_previewing(self) -> Move:
        cards = self.seen.pending.get("cards") or []
        c = cards[0]
        return Move("discard" if card(c).is_starter else "return", card=c)

    def on_choice(self) -> Move:
        kind = self.seen.pending["kind"]
        return Move("take", choice="prestige" if kind == "either_coins_or_prestige" else "ink")

    def on_jail(self) -> Move:
        return PASS

    def on_flush(self) -> Move:
        return PASS

    def on_buy(self) -> Move:
        return END

    # ------------------------------------------------------------------ co-op safety (R29.8)
    def hands_penny_the_game(self, move: Move) -> bool:
        """Whether ``move`` would let Penny reach her goal through her signature (R29.3)."""
        s = self.seen
        if not s.coop:
            return False
        genre = s.penny.get("genre")
        row = [card(c).genre for c in s.offer_row]
        score = int(s.penny.get("score", 0))
        if genre == "horror" and "horror" in row:
            ink = 1 if move.kind == "ink" else 3 * number_of(move) if move.kind == "convert" else 0
            return ink > 0 and score + ink >= s.goal
        if genre == "adventure" and move.kind == "buy":
            bought = card_of(move)
            rest = list(s.offer_row)
            if bought in rest:
                rest.remove(bought)
            return any(card(c).genre == "adventure" for c in rest) and score + 1 >= s.goal
        return False

    def safe(self, moves: list[Move]) -> list[Move]:
        return [m for m in moves if not self.hands_penny_the_game(m)]


PASS = Move("pass")
END = Move("end")
SKIP = Move("skip")
INK = Move("ink")
ADVERT = Move("advert")
PREVIEW = Move("preview")


def card_of(move: Move) -> int:
    """The card a one-card move names (``buy 23``: 23)."""
    if move.card is None:
        raise ValueError(f"{move} names no card")
    return move.card


def number_of(move: Move) -> int:
    """The number a move names (``convert 2``: 2)."""
    if move.number is None:
        raise ValueError(f"{move} names no number")
    return move.number


def immediate(e: Earnings, length: int, rivals: int) -> float:
    """Coins and prestige this turn, every optional gain taken (what a word earns at once)."""
    trash = sum(v for _, _, v in e.trash)
    return e.coins + e.prestige + sum(e.eithers) + trash + sum(e.dumps) + 0.5 * e.ink_or_remover + 0.01 * length
