"""The normal computer player: the best immediate value at every step."""

from __future__ import annotations

from hardback_bot.engine.cards import card
from hardback_bot.engine.moves import Move

from .brain import ADVERT, END, INK, PASS, PREVIEW, Brain, card_of
from .values import face_value, next_adverts


class Normal(Brain):
    """The best immediate value: the richest word, prestige from choices, the dearest card."""

    name = "normal"

    def ink_or_remover(self) -> Move | None:
        s = self.seen
        if s.inked and s.remover and not self.spell_candidates():
            return Move("remover", card=self.worst_inked())
        # More cards make longer, richer words; normal spends spare ink a card at a time.
        if s.ink >= 2 and not s.inked and self.has(INK) and not self.hands_penny_the_game(INK):
            return INK
        return None

    def on_trash(self) -> Move:
        moves = self.legal("trash")
        return moves[0] if moves else PASS

    def on_dump(self) -> Move:
        moves = self.legal("dump")
        if not moves:
            return PASS
        return min(moves, key=lambda m: (face_value(card_of(m)), card_of(m)))

    def on_preview(self) -> Move:
        return PREVIEW if self.has(PREVIEW) else PASS

    def on_buy(self) -> Move:
        s = self.seen
        adverts = next_adverts(s)
        buys = self.safe(self.legal("buy"))
        dearest = max(buys, key=lambda m: (card(card_of(m)).cost, -card_of(m)), default=None)
        if self.has(ADVERT) and (dearest is None or adverts[0][0] >= card(card_of(dearest)).cost):
            return ADVERT
        if dearest is not None:
            return dearest
        converts = self.safe(self.legal("convert"))
        if converts:
            return converts[0]
        return END
