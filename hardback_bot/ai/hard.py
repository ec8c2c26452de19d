"""The hard computer player: plays for the whole game (docs/ai.md, "How each strength decides").

Coins are worth the purchase plan they pay for this turn (:mod:`.shop`), cards what they will earn
over the rest of the game (:mod:`.values`); ink, remover, jail, dump, trash, preview and flush are
used when they pay by that measure.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import replace

from hardback_bot.engine.cards import card
from hardback_bot.engine.moves import Move
from hardback_bot.words.solver import Weights

from .brain import ADVERT, END, INK, PASS, PREVIEW, Brain, card_of, number_of
from .evaluate import Earnings
from .seen import Seen
from .shop import Shop
from .solving import Cards, Play, Valuer
from .values import (
    COIN_VALUE,
    INK_VALUE,
    Horizon,
    award_gain,
    card_value,
    horizon,
    next_adverts,
    penny_claim,
    per_play,
    plays_left,
)

# A prestige Penny gains costs the team about two: it raises her final score and brings the end nearer.
_PENNY_INK = 2.0
_COOP_DECK_WEIGHT = 0.3  # how much a card's future earnings count in co-op (see Hard._deck_weight)


class Hard(Brain):
    """Plays for the whole game (see docs/ai.md)."""

    name = "hard"

    def __init__(self, seen: Seen, rng: random.Random) -> None:
        super().__init__(seen, rng)
        self.hz: Horizon = horizon(seen)
        self._shops: dict[tuple[bool, int], Shop] = {}
        self._keep: dict[int, float] = {}

    # ---------------------------------------------------------------- values
    def keep_value(self, cid: int) -> float:
        """What an owned card is still worth to me (trash, dump and preview compare against it)."""
        if cid not in self._keep:
            s = self.seen
            c = card(cid)
            deck = s.deck()
            odds = 0.0
            if not c.is_starter:
                same = sum(1 for x in deck if card(x).genre == c.genre) - 1
                odds = 1.0 - (1.0 - min(1.0, max(0, same) / max(1, len(deck)))) ** 4
            value = per_play(cid, odds) * plays_left(s, self.hz, len(deck), c.letter)
            # Thin decks draw their best cards more often: a weak card costs the others a little.
            self._keep[cid] = value - 0.25 * plays_left(s, self.hz, len(deck), c.letter)
        return self._keep[cid]

    def deny_value(self, cid: int) -> float:
        """Co-op: taking a card out of the row before Penny claims it (R29.4)."""
        s = self.seen
        if not s.coop:
            return 0.0
        worth = penny_claim(s, cid)
        row = s.offer_row
        soon = row.index(cid) if cid in row else 7
        penny = int(s.penny.get("score", 0))
        if soon == 0 and penny + worth >= s.goal and len(row) > 1 and penny + penny_claim(s, row[1]) < s.goal:
            return 40.0  # her next claim would end the game (R29.8): taking it away keeps the team alive
        # The nearer Penny's claim, the surer the denial; an average refill is worth about 4.6.
        return max(0.0, worth - 4.6) * (1.0 - soon / 10.0)

    def _deck_weight(self) -> float:
        # Against Penny the game is short (she takes ~5 prestige a turn): prestige now (adverts, purchase
        # prestige, denial) beats a better deck later.  0.3 won most in solo runs of 0.1-1.4 (docs/ai.md).
        return _COOP_DECK_WEIGHT if self.seen.coop else 1.0

    def shop(self, last: bool = False) -> Shop:
        s = self.seen
        key = (last, 0)
        if key not in self._shops:
            hz = Horizon(0.0, 1.0, True) if last else self.hz
            cards: dict[int, float] = {}
            for cid in s.offer_row:
                worth = card(cid).purchase_prestige if last else card_value(s, hz, cid) * self._deck_weight()
                cards[cid] = worth + self.deny_value(cid)
            jail = s.mine.get("jail")
            if jail is not None:
                cards[jail] = card(jail).purchase_prestige if last else card_value(s, hz, jail) * self._deck_weight()
            adverts = [(cost, float(prestige)) for cost, prestige in next_adverts(s)]
            per_buy = 0.0
            if s.coop and s.penny.get("genre") == "adventure" and any(
                    card(c).genre == "adventure" for c in s.offer_row):
                per_buy = -1.0
            leftover = 0.02 if last else self._ink_value()
            self._shops[key] = Shop(cards, adverts, leftover, per_buy)
        return self._shops[key]

    def _feeds_penny_horror(self) -> bool:
        """Spending ink now gives Penny prestige: horror signature with a horror card in the row (R29.3)."""
        s = self.seen
        return s.coop and s.penny.get("genre") == "horror" and any(card(c).genre == "horror" for c in s.offer_row)

    def _ink_value(self) -> float:
        s = self.seen
        if self.hz.last_turn or self.hz.turns_left < 0.5:
            return 0.02  # ink only breaks ties at the end (R22.4)
        if s.coop and s.penny.get("genre") == "horror":
            return INK_VALUE * 0.5  # spending it feeds Penny while a horror card is in the row
        return INK_VALUE

    def valuer(self) -> Valuer:
        s = self.seen
        shop = self.shop()
        last_shop = self.shop(last=True)
        prestige_now = s.prestige
        thin = 0.6 if self.hz.turns_left > 3 else 0.0
        rival_bonus = 0.0 if s.coop else 0.8
        ink_value = self._ink_value()
        keep = self.keep_value
        goal = s.goal

        def value(e: Earnings, length: int, rivals: int) -> float:
            best = -1e9
            eithers = e.eithers[:4]
            for split in itertools.product((0, 1), repeat=len(eithers)):
                p = e.prestige + sum(v for v, to_p in zip(eithers, split, strict=True) if to_p)
                c = e.coins + sum(v for v, to_p in zip(eithers, split, strict=True) if not to_p)
                extra = 0.0
                for cid, kind, v in e.trash:
                    if kind == "prestige" and v > keep(cid):
                        p += v
                        extra -= keep(cid)
                    elif kind == "coins" and v * COIN_VALUE > keep(cid):
                        c += v
                        extra -= keep(cid)
                if e.dumps:
                    c += sum(e.dumps)
                    extra += thin * len(e.dumps)
                final = prestige_now + p >= goal  # the game ends after this round (R22.2, R29.8)
                coins_worth = (last_shop if final else shop).worth(c)
                total = p + coins_worth + extra
                if total > best:
                    best = total
            best += e.ink_or_remover * max(ink_value, 0.3) + 1.2 * e.jails + 0.8 * e.previews
            best += (1.0 if s.coop else 0.8) * award_gain(s, length) + rival_bonus * rivals
            return best

        return value

    # ---------------------------------------------------------------- spelling
    def spell_candidates(self) -> list[Play]:
        """The solver's best few words under linear weights that approximate my valuation (and two
        variants: coins dearer, for purchase thresholds, and long words, for awards), each valued
        exactly by my valuation; the best of them first."""
        return self.plays(keep=4, units=6000)

    def weight_options(self) -> list[Weights]:
        linear = self.linear_weights()
        return [linear, replace(linear, coins=2 * linear.coins), replace(linear, length=1.0)]

    def linear_weights(self) -> Weights:
        shop = self.shop()
        coin = max(0.3, (shop.worth(10) - shop.worth(0)) / 10)
        keep = [self.keep_value(c) for c in self.seen.hand]
        return Weights(coins=coin, prestige=1.0, ink=max(0.3, self._ink_value()), remover=0.3,
                       trash_cost=max(0.0, sum(keep) / max(1, len(keep))), dump_bonus=0.6, jail=1.2, preview=0.8,
                       rival_classic=0.0 if self.seen.coop else 0.8)

    def ink_or_remover(self) -> Move | None:
        s = self.seen
        if s.inked and s.remover:
            with_ink = self.plays(keep=1, units=1500)
            cleared = self.plays(self.cards(cleared=tuple(s.inked)), keep=1, units=1500)
            best_cleared = cleared[0].value if cleared else -1e9
            if not with_ink or best_cleared > with_ink[0].value + 0.6:
                return Move("remover", card=self.worst_inked())
        if s.ink < 1 or not self.has(INK) or self.hands_penny_the_game(INK):
            return None
        return INK if self._ink_pays() else None

    def _ink_pays(self) -> bool:
        """Draw one more card with ink when the expected better word beats the ink's worth (R6)."""
        s = self.seen
        pile = s.draw_contents or s.discard  # an empty draw pile is reshuffled first (R6.3)
        if not pile:
            return False
        linear = [self.linear_weights()]
        current = self.plays(keep=1, units=1000, options=linear)
        base = current[0].value if current else 0.0
        cost = self._ink_value()
        if self._feeds_penny_horror():
            cost += _PENNY_INK  # Penny gains 1 for each ink spent (R29.3)
        counts = Counter(pile)
        # The few most common cards stand for the pile; a starter's letter is what matters.
        by_letter: dict[str, list[int]] = {}
        for cid in sorted(counts):
            by_letter.setdefault(card(cid).letter + ("s" if card(cid).is_starter else "g"), []).append(cid)
        groups = sorted(by_letter.values(), key=lambda g: (-sum(counts[c] for c in g), g[0]))[:6]
        covered = sum(sum(counts[c] for c in g) for g in groups)
        expected = 0.0
        for group in groups:
            if self.budget.left < 6000:
                return False  # too much to weigh: keep the ink for a simpler turn
            cid = group[0]
            weight = sum(counts[c] for c in group) / covered
            cards = self.cards()
            trial = Cards(cards.seat, (*cards.hand, cid), (*cards.inked, cid), cards.classics)
            found = self.plays(trial, keep=1, units=400, options=linear)
            expected += weight * (found[0].value if found else base - 3.0)
        return expected - base > cost

    # ---------------------------------------------------------------- resolution
    def on_trash(self) -> Move:
        for move in self.legal("trash"):
            cid = card_of(move)
            c = card(cid)
            gain = max((b.value for b in c.basic + c.genre_bonus if b.kind.startswith("trash_for")), default=0)
            mult = next((w[4] for w in self.seen.turn.get("word", []) if w[0] == cid), 1)
            gain *= mult
            coins = any(b.kind == "trash_for_coins" for b in c.basic + c.genre_bonus)
            if (gain * COIN_VALUE if coins else gain) > self.keep_value(cid):
                return move
        if self.has(PREVIEW):
            return PREVIEW
        return PASS

    def on_dump(self) -> Move:
        moves = self.legal("dump")
        if moves:
            worst = min(moves, key=lambda m: (self.keep_value(card_of(m)), card_of(m)))
            # The dump pays its value in coins and thins the deck; a card worth more than that stays.
            if self.keep_value(card_of(worst)) < self._dump_value() * COIN_VALUE + 0.6:
                return worst
        return PREVIEW if self.has(PREVIEW) else PASS

    def _dump_value(self) -> int:
        """The highest dump value left in the word (the engine spends that one first, E20)."""
        best = 0
        for slot in self.seen.turn.get("word", []):
            cid, mult = slot[0], slot[4]
            c = card(cid)
            for b in c.basic + c.genre_bonus:
                if b.kind == "dump_discard_for_coins":
                    best = max(best, b.value * mult)
        return max(best, 1)

    def on_preview(self) -> Move:
        return PREVIEW if self.has(PREVIEW) else PASS

    def on_previewing(self) -> Move:
        cards = self.seen.pending.get("cards") or []
        c = cards[0]
        # Weak cards go to the discard pile (a dump may then remove them, R12.13); good ones come back on top.
        return Move("discard" if self.keep_value(c) < 1.0 and card(c).is_starter else "return", card=c)

    def on_choice(self) -> Move:
        s = self.seen
        pend = s.pending
        if pend["kind"] == "ink_or_remover":
            return Move("take", choice="remover" if s.remover == 0 and s.ink >= 2 and not self.hz.last_turn else "ink")
        coins = int(s.turn.get("coins", 0))
        value = int(pend["value"])
        final = not s.coop and s.prestige + value >= s.goal
        shop = self.shop(last=final or self.hz.last_turn)
        as_coins = shop.worth(coins + value) - shop.worth(coins)
        return Move("take", choice="coins" if as_coins > value else "prestige")

    def on_jail(self) -> Move:
        s = self.seen
        coins = int(s.turn.get("coins", 0))
        reach = coins + s.ink // 3
        best_move, best = PASS, 1.0
        jailed = s.mine.get("jail")
        held = card_value(s, self.hz, jailed) * self._deck_weight() if jailed is not None else 0.0
        for cid in s.offer_row:
            c = card(cid)
            deny = self.deny_value(cid)
            if c.cost > reach and not self.hz.last_turn:
                # Reserve what I cannot afford now but want for a later turn (R17).
                v = 0.6 * card_value(s, self.hz, cid) * self._deck_weight() - held + deny
                if v > best:
                    best_move, best = Move("reserve", card=cid), v
            v = deny if s.coop else 0.25 * max(0, c.cost - 5)
            if v > best:
                best_move, best = Move("remove", card=cid), v
        return best_move

    def on_flush(self) -> Move:
        s = self.seen
        coins = int(s.turn.get("coins", 0))
        values = sorted((card_value(s, self.hz, c) for c in s.offer_row if card(c).cost <= coins + 3), reverse=True)
        return Move("flush") if not values or values[0] < 1.5 else PASS

    def on_buy(self) -> Move:
        s = self.seen
        coins = int(s.turn.get("coins", 0))
        shop = self.shop(last=self.hz.last_turn)
        plan = shop.plan(coins)
        for cid in plan.buys:
            move = Move("buy", card=cid)
            if self.has(move) and not self.hands_penny_the_game(move):
                return move
        if plan.adverts and self.has(ADVERT):
            return ADVERT
        for move in self.safe(self.legal("convert")):
            need = number_of(move)
            penny = 3 * need * _PENNY_INK if self._feeds_penny_horror() else 0.0  # 3 ink spent per coin
            if shop.worth(coins + need) - shop.worth(coins) > 3 * need * self._ink_value() + 0.5 + penny:
                return move
        return END
