"""The normal computer player: the best immediate value at every step."""

from __future__ import annotations

from hardback_bot.engine.cards import card

from .brain import Brain
from .values import face_value, next_adverts


class Normal(Brain):
    """The best immediate value: the richest word, prestige from choices, the dearest card."""

    name = "normal"

    def ink_or_remover(self) -> str | None:
        s = self.seen
        if s.inked and s.remover and not self.spell_candidates():
            return f"remover {self.worst_inked()}"
        # More cards make longer, richer words; normal spends spare ink a card at a time.
        if s.ink >= 2 and not s.inked and self.has("ink") and not self.hands_penny_the_game("ink"):
            return "ink"
        return None

    def on_trash(self) -> str:
        moves = self.legal("trash")
        return moves[0] if moves else "pass"

    def on_dump(self) -> str:
        moves = self.legal("dump")
        if not moves:
            return "pass"
        return min(moves, key=lambda m: (face_value(int(m.split()[1])), int(m.split()[1])))

    def on_preview(self) -> str:
        return "preview" if self.has("preview") else "pass"

    def on_buy(self) -> str:
        s = self.seen
        adverts = next_adverts(s)
        buys = self.safe(self.legal("buy"))
        dearest = max(buys, key=lambda m: (card(int(m.split()[1])).cost, -int(m.split()[1])), default=None)
        if self.has("advert") and (dearest is None or adverts[0][0] >= card(int(dearest.split()[1])).cost):
            return "advert"
        if dearest is not None:
            return dearest
        converts = self.safe(self.legal("convert"))
        if converts:
            return converts[0]
        return "end"
