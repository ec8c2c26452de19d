"""The easy computer player: a valid, modest word; choices by whim; buys on impulse."""

from __future__ import annotations

from hardback_bot.engine.cards import card
from hardback_bot.engine.moves import Move
from hardback_bot.words.solver import WorkBudget

from .brain import ADVERT, END, Brain, card_of, immediate
from .solving import Play, arrange, modest_words


class Easy(Brain):
    """A valid, modest word; choices by whim; buys one card it can afford, now and then."""

    name = "easy"

    def spell_candidates(self) -> list[Play]:
        # A beginner sees a short word, not the best word: any 3-4 letter word with at most one wild.
        s = self.seen
        cards = self.cards()
        for length in (5, 8):
            words = [w for w in modest_words(cards, s.public.dictionary, length)
                     if len(w) >= 3 and self.accept_word(w)]
            if words:
                sample = self.rng.sample(words, min(12, len(words)))
                share = self.budget.left // max(1, len(sample))
                plays = [p for p in (arrange(cards, w, immediate, WorkBudget(share)) for w in sample)
                         if p is not None]
                if plays:
                    plays.sort(key=lambda p: (-p.value, p.word))
                    return plays[:1]  # the best of the few words it noticed, not the best word there is
        return super().spell_candidates()

    def on_choice(self) -> Move:
        kind = self.seen.pending["kind"]
        if kind == "either_coins_or_prestige":
            return Move("take", choice=self.rng.choice(["coins", "prestige"]))
        return Move("take", choice="ink")

    def on_buy(self) -> Move:
        buys = self.safe(self.legal("buy"))
        if self.has(ADVERT) and self.rng.random() < 0.5:
            return ADVERT
        coins = int(self.seen.turn.get("coins", 0))
        # One of the dearer cards it can afford: a beginner spends its money but does not plan a deck.
        dear = [m for m in buys if card(card_of(m)).cost >= coins - 2] or buys
        if dear and self.rng.random() < 0.85:
            return self.rng.choice(sorted(dear, key=str))  # in the order of their notation, as it always picked
        return END
