"""The expert computer player (strength 4): the hard player's candidates, weighed by playing them out.

At each decision that shapes the game (the word and the ink or remover before it, every purchase,
either-or choices, jail, flush, trash, dump and preview) it lists a few candidate moves (the hard
player's choice first, then its runners-up and the other legal moves), tries each in the same sampled
games built from its own view (:mod:`.determinize`), plays them on with a quick player (:mod:`.fast`)
and keeps the move that leaves it best placed (:mod:`.rollout`, :mod:`.search`).  Decisions with one
sensible answer (uncover and double targets, previewed cards, votes, ghostwriter suggestions) are the
hard player's.
"""

from __future__ import annotations

import logging
import random

from hardback_bot.engine.cards import card
from hardback_bot.engine.moves import Move

from ..brain import INK, PASS, PREVIEW, SKIP, card_of
from ..hard import Hard
from ..seen import Seen
from ..solving import Play
from .search import Budget, search

log = logging.getLogger(__name__)

#: Simulated turns one decision may spend, by step (the work budget; see docs/ai.md).  Co-op searches
#: play every sample further (the horizon is longer), so they get more.
TURNS = {"spell": 220, "buy": 160, "other": 90}
TURNS_COOP = {"spell": 480, "buy": 360, "other": 200}
#: Turn ends a co-op sample plays after the candidate (Penny plays after each, R29.4); then it is judged.
COOP_HORIZON = 10
#: Raise instead of falling back to the hard player's move when a search fails (the tests set it).
STRICT = False
#: Candidate words weighed at the spelling step (the hard player's best few by its own valuation).
WORDS = 4


class Expert(Hard):
    """Plans ahead by playing its candidates out (see the module docstring)."""

    name = "expert"

    def __init__(self, seen: Seen, rng: random.Random) -> None:
        super().__init__(seen, rng)

    # ---------------------------------------------------------------- the search
    def horizon(self) -> int:
        """Turn ends to play after a candidate: through my next turn (co-op: to the end)."""
        s = self.seen
        if s.coop:
            return COOP_HORIZON
        return 1 + s.num_players

    def choose(self, candidates: list[Move], prior: Move, step: str) -> Move:
        moves = list(dict.fromkeys([prior, *candidates]))
        if len(moves) == 1:
            return moves[0]
        turns = (TURNS_COOP if self.seen.coop else TURNS)[step]
        try:
            best, _ = search(self.seen, self.rng, moves, prior, Budget(turns), self.horizon())
        except Exception:
            if STRICT:
                raise
            log.exception("expert search failed; playing the hard player's move")
            return prior  # a position the search cannot sample: the hard player's move is still a good one
        return best

    # ---------------------------------------------------------------- spelling (R6-R9)
    def on_spell(self) -> Move:
        s = self.seen
        if len(s.public.refused) >= 3:
            return SKIP  # the table keeps refusing words: give up this turn (R9)
        token = self.ink_or_remover()
        plays = self.spell_candidates()
        if not plays and token is None:
            if s.inked and s.remover:
                return Move("remover", card=self.worst_inked())
            return SKIP
        prior = token or self.pick(plays).move
        candidates = [p.move for p in _distinct(plays)[:WORDS]]
        if s.ink > 0 and self.has(INK) and not self.hands_penny_the_game(INK):
            candidates.append(INK)
        if s.inked and s.remover:
            candidates.append(Move("remover", card=self.worst_inked()))
        if not candidates:
            return prior
        return self.choose(candidates, prior, "spell")

    # ---------------------------------------------------------------- resolution (R12-R18)
    def on_trash(self) -> Move:
        return self.choose(self._answers(), super().on_trash(), "other")

    def on_dump(self) -> Move:
        # Ties in value go by the move's notation, as they always did.
        moves = sorted(self.legal("dump"), key=lambda m: (self.keep_value(card_of(m)), str(m)))[:3]
        extra = [m for m in (PASS, PREVIEW) if self.has(m)]
        return self.choose(moves + extra, super().on_dump(), "other")

    def on_preview(self) -> Move:
        return self.choose(self._answers(), super().on_preview(), "other")

    def on_choice(self) -> Move:
        return self.choose(self._answers(), super().on_choice(), "other")

    def on_jail(self) -> Move:
        s = self.seen
        row = sorted(s.offer_row, key=lambda c: (-card(c).cost, c))[:3]
        moves = [Move("reserve", card=c) for c in row] + [Move("remove", card=c) for c in row]
        if s.coop and s.offer_row:
            moves.append(Move("remove", card=s.offer_row[0]))  # Penny's next claim (R29.4)
        return self.choose([*moves, PASS], super().on_jail(), "other")

    def on_flush(self) -> Move:
        return self.choose(self._answers(), super().on_flush(), "other")

    def on_buy(self) -> Move:
        moves = [m for m in self._answers() if not self.hands_penny_the_game(m)]
        return self.choose(moves or [Move("end")], super().on_buy(), "buy")

    def _answers(self) -> list[Move]:
        """Every legal move but the timer's."""
        return [m for m in self.seen.legal if m.kind != "timeout"]


def _distinct(plays: list[Play]) -> list[Play]:
    """The plays that differ in what they do to the game, best first: two words that earn the same, send the
    same classics into play or home (R10.7, R10.8) and are as long (R24) are one candidate."""
    kept: dict[tuple[object, ...], Play] = {}
    for p in plays:
        classics = frozenset(w.card for w in p.cards if w.wild is None and card(w.card).timeless)
        key = (p.earnings, classics, len(p.cards))
        kept.setdefault(key, p)
    return list(kept.values())
