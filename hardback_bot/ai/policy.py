"""Decisions of the three computer strengths, one method per kind of decision (R5-R30).

A :class:`Brain` sees only a :class:`~hardback_bot.ai.seen.Seen` (its seat's view plus public
facts) and returns one move in the engine's notation.  ``Easy`` spells a modest word and buys
on a whim; ``Normal`` takes the best immediate value everywhere; ``Hard`` values coins by what
they buy this turn, cards by what they will earn over the rest of the game, and uses ink, jail,
dump, trash, preview and flush on purpose.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

from hardback_bot.engine.cards import card
from hardback_bot.words.solver import Weights

from .evaluate import Earnings
from .finder import Budget, Cards, Play, best_plays, face_value
from .seen import Seen
from .shop import Shop
from .solving import arrange, modest_words, solver_best
from .values import (
    COIN_VALUE,
    INK_VALUE,
    LETTER_USE,
    Horizon,
    award_gain,
    card_value,
    horizon,
    next_adverts,
    penny_claim,
    per_play,
    plays_left,
)

_SOLVER_CARDS = 8  # usable cards up to which the hard player also asks the solver (it slows beyond)
_COOP_DECK_WEIGHT = 0.3  # how much a card's future earnings count in co-op (see Hard._deck_weight)


class Brain:
    """Shared plumbing: route each decision, and the plain choices every strength makes alike."""

    name = "base"
    #: Arrangements one decision may value (about 0.1 ms each): keeps every decision well under 1 s.
    units = 5000

    def __init__(self, seen: Seen, rng: random.Random) -> None:
        self.seen = seen
        self.rng = rng
        self.budget = Budget(self.units)

    # ------------------------------------------------------------------ routing
    def decide(self) -> str:
        s = self.seen
        if s.phase == "vote":
            return self.vote()
        if s.active != s.me:
            suggestion = self.suggestion()
            if suggestion is None:
                raise ValueError(f"seat {s.me} has no decision to make now")
            return suggestion
        handler = getattr(self, f"on_{s.phase}")
        move: str = handler()
        return move

    def legal(self, kind: str) -> list[str]:
        return [m for m in self.seen.legal if m.split()[0] == kind]

    def has(self, move: str) -> bool:
        return move in self.seen.legal

    # ------------------------------------------------------------------ votes and ghostwriting (R27, R30)
    def vote(self) -> str:
        word = self.seen.view["vote"]["word"]
        return "vote accept" if self.seen.public.vote_words.is_word(word) else "vote reject"

    def suggestion(self) -> str | None:
        """A word for the active player's ghostwriter request, if the request is open (R30.2)."""
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
        # The word worth most to the speller is the one they are likeliest to adopt (R30.2).
        # A word somebody already suggested would reward them, not me (R30.2): suggest another.
        taken = {word for _, word in ghost["suggestions"]}
        play = solver_best(cards, s.public.dictionary, Weights(), self.accept_word, _immediate,
                           self.excluded() | taken, None)
        return f"suggest {play.word}" if play else None

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
        mode = s.options["unique_words"]
        if mode != "off" and any(w == word and (mode == "game" or who == s.me) for who, w in s.public.history):
            return False
        if s.options["dictionary"] == "none":
            return True  # the lexicon holds everyday words a vote will accept
        return s.public.checker.is_word(word)

    def cards(self, cleared: tuple[int, ...] = ()) -> Cards:
        s = self.seen
        inked = tuple(c for c in s.inked if c not in cleared)
        return Cards(s.me, tuple(s.hand), inked, tuple(s.classics_in_play()))

    def plays(self, cards: Cards | None = None, keep: int = 8, units: int | None = None) -> list[Play]:
        budget = self.budget if units is None else Budget(min(units, max(1, self.budget.left)))
        before = budget.left
        found = best_plays(cards or self.cards(), self.seen.public.lexicon, self.valuer(), self.accept_word, keep,
                           budget)
        if units is not None:
            self.budget.spend(before - budget.left)
        return found

    def valuer(self):  # type: ignore[no-untyped-def]
        return _immediate

    def solver_plays(self, cards: Cards | None = None, weights: Weights | None = None) -> list[Play]:
        """The solver's best play under ``weights`` (default: coins and prestige one each), or none."""
        s = self.seen
        play = solver_best(cards or self.cards(), s.public.dictionary, weights or Weights(), self.accept_word,
                           self.valuer(), self.excluded(), len(s.discard) if "discard" in s.mine else None)
        return [play] if play else []

    def spell_candidates(self) -> list[Play]:
        found = self.solver_plays()
        return found or self.plays(keep=3)  # the own finder also knows words an odd checker accepts

    def on_spell(self) -> str:
        s = self.seen
        if len(s.public.refused) >= 3:
            return "skip"  # the table keeps refusing words: give up this turn (R9)
        move = self.ink_or_remover()
        if move:
            return move
        plays = self.spell_candidates()
        if not plays:
            if s.inked and s.remover:
                return f"remover {self.worst_inked()}"
            return "skip"
        return self.pick(plays).move

    def ink_or_remover(self) -> str | None:
        return None

    def worst_inked(self) -> int:
        return min(self.seen.inked, key=lambda c: (LETTER_USE[card(c).letter], c))

    def pick(self, plays: list[Play]) -> Play:
        return plays[0]

    # ------------------------------------------------------------------ resolution (R12-R18)
    def on_uncover(self) -> str:
        targets = self.seen.pending["targets"]
        return f"uncover {max(targets, key=lambda c: (face_value(c), -c))}"

    def on_double(self) -> str:
        targets = self.seen.pending["targets"]
        return f"double {max(targets, key=lambda c: (face_value(c), -c))}"

    def on_trash(self) -> str:
        return "pass"

    def on_dump(self) -> str:
        return "pass"

    def on_preview(self) -> str:
        return "pass"

    def on_previewing(self) -> str:
        cards = self.seen.pending.get("cards") or []
        c = cards[0]
        return f"discard {c}" if card(c).is_starter else f"return {c}"

    def on_choice(self) -> str:
        kind = self.seen.pending["kind"]
        return "take prestige" if kind == "either_coins_or_prestige" else "take ink"

    def on_jail(self) -> str:
        return "pass"

    def on_flush(self) -> str:
        return "pass"

    def on_buy(self) -> str:
        return "end"

    # ------------------------------------------------------------------ co-op safety (R29.8)
    def hands_penny_the_game(self, move: str) -> bool:
        """Whether ``move`` would let Penny reach her goal through her signature (R29.3)."""
        s = self.seen
        if not s.coop:
            return False
        genre = s.penny.get("genre")
        row = [card(c).genre for c in s.offer_row]
        score = int(s.penny.get("score", 0))
        kind = move.split()[0]
        if genre == "horror" and "horror" in row:
            ink = 1 if kind == "ink" else 3 * int(move.split()[1]) if kind == "convert" else 0
            return ink > 0 and score + ink >= s.goal
        if genre == "adventure" and kind == "buy":
            bought = int(move.split()[1])
            rest = list(s.offer_row)
            if bought in rest:
                rest.remove(bought)
            return any(card(c).genre == "adventure" for c in rest) and score + 1 >= s.goal
        return False

    def safe(self, moves: list[str]) -> list[str]:
        return [m for m in moves if not self.hands_penny_the_game(m)]


def _immediate(e: Earnings, length: int, rivals: int) -> float:
    """Coins and prestige this turn, every optional gain taken (what a word earns at once)."""
    trash = sum(v for _, _, v in e.trash)
    return e.coins + e.prestige + sum(e.eithers) + trash + sum(e.dumps) + 0.5 * e.ink_or_remover + 0.01 * length


# ====================================================================== easy
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
                plays = [p for p in (arrange(cards, w, _immediate) for w in sample) if p is not None]
                if plays:
                    plays.sort(key=lambda p: (-p.value, p.word))
                    return plays[:1]  # the best of the few words it noticed, not the best word there is
        return super().spell_candidates()

    def on_choice(self) -> str:
        kind = self.seen.pending["kind"]
        if kind == "either_coins_or_prestige":
            return self.rng.choice(["take coins", "take prestige"])
        return "take ink"

    def on_buy(self) -> str:
        buys = self.safe(self.legal("buy"))
        if self.has("advert") and self.rng.random() < 0.5:
            return "advert"
        coins = int(self.seen.turn.get("coins", 0))
        # One of the dearer cards it can afford: a beginner spends its money but does not plan a deck.
        dear = [m for m in buys if card(int(m.split()[1])).cost >= coins - 2] or buys
        if dear and self.rng.random() < 0.85:
            return self.rng.choice(sorted(dear))
        return "end"


# ====================================================================== normal
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


# ====================================================================== hard
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

    def _ink_value(self) -> float:
        s = self.seen
        if self.hz.last_turn or self.hz.turns_left < 0.5:
            return 0.02  # ink only breaks ties at the end (R22.4)
        if s.coop and s.penny.get("genre") == "horror":
            return INK_VALUE * 0.5  # spending it feeds Penny while a horror card is in the row
        return INK_VALUE

    def valuer(self):  # type: ignore[no-untyped-def]
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
        """Its own search under the exact valuation, plus the solver's pick under linear weights that
        approximate it; the best of them by the exact valuation."""
        found = self.plays(keep=4, units=3000)
        cards = self.cards()
        # The solver's search time grows with doublers and uncoverers (positions matter): those hands,
        # rare and slow, are left to the own search so a decision stays under a second.
        positional = sum(1 for c in cards.hand if card(c).has("double_adjacent") or card(c).has("uncover_adjacent"))
        if positional == 0 and len(cards.hand) + len(cards.classics) <= _SOLVER_CARDS:
            found += self.solver_plays(cards, self.linear_weights())
        return sorted(found, key=lambda p: -p.value)

    def linear_weights(self) -> Weights:
        shop = self.shop()
        coin = max(0.3, (shop.worth(10) - shop.worth(0)) / 10)
        keep = [self.keep_value(c) for c in self.seen.hand]
        return Weights(coins=coin, prestige=1.0, ink=max(0.3, self._ink_value()), remover=0.3,
                       trash_cost=max(0.0, sum(keep) / max(1, len(keep))), dump_bonus=0.6, jail=1.2, preview=0.8,
                       rival_classic=0.0 if self.seen.coop else 0.8)

    def ink_or_remover(self) -> str | None:
        s = self.seen
        if s.inked and s.remover:
            with_ink = self.plays(keep=1)
            cleared = self.plays(self.cards(cleared=tuple(s.inked)), keep=1)
            best_cleared = cleared[0].value if cleared else -1e9
            if not with_ink or best_cleared > with_ink[0].value + 0.6:
                return f"remover {self.worst_inked()}"
        if s.ink < 1 or not self.has("ink") or self.hands_penny_the_game("ink"):
            return None
        return "ink" if self._ink_pays() else None

    def _ink_pays(self) -> bool:
        """Draw one more card with ink when the expected better word beats the ink's worth (R6)."""
        s = self.seen
        pile = s.draw_contents or s.discard  # an empty draw pile is reshuffled first (R6.3)
        if not pile:
            return False
        current = self.plays(keep=1, units=1500)
        base = current[0].value if current else 0.0
        cost = self._ink_value()
        if s.coop and s.penny.get("genre") == "horror" and any(card(c).genre == "horror" for c in s.offer_row):
            cost += 1.0  # Penny gains 1 for each ink spent (R29.3)
        counts = Counter(pile)
        # The few most common cards stand for the pile; a starter's letter is what matters.
        by_letter: dict[str, list[int]] = {}
        for cid in sorted(counts):
            by_letter.setdefault(card(cid).letter + ("s" if card(cid).is_starter else "g"), []).append(cid)
        groups = sorted(by_letter.values(), key=lambda g: (-sum(counts[c] for c in g), g[0]))[:6]
        covered = sum(sum(counts[c] for c in g) for g in groups)
        expected = 0.0
        for group in groups:
            if self.budget.left < 1500:
                return False  # too much to weigh: keep the ink for a simpler turn
            cid = group[0]
            weight = sum(counts[c] for c in group) / covered
            cards = self.cards()
            trial = Cards(cards.seat, (*cards.hand, cid), (*cards.inked, cid), cards.classics)
            found = self.plays(trial, keep=1, units=400)
            expected += weight * (found[0].value if found else base - 3.0)
        return expected - base > cost

    # ---------------------------------------------------------------- resolution
    def on_trash(self) -> str:
        for move in self.legal("trash"):
            cid = int(move.split()[1])
            c = card(cid)
            gain = max((b.value for b in c.basic + c.genre_bonus if b.kind.startswith("trash_for")), default=0)
            mult = next((w[4] for w in self.seen.turn.get("word", []) if w[0] == cid), 1)
            gain *= mult
            coins = any(b.kind == "trash_for_coins" for b in c.basic + c.genre_bonus)
            if (gain * COIN_VALUE if coins else gain) > self.keep_value(cid):
                return move
        if self.has("preview"):
            return "preview"
        return "pass"

    def on_dump(self) -> str:
        moves = self.legal("dump")
        if moves:
            worst = min(moves, key=lambda m: (self.keep_value(int(m.split()[1])), int(m.split()[1])))
            return worst
        return "preview" if self.has("preview") else "pass"

    def on_preview(self) -> str:
        return "preview" if self.has("preview") else "pass"

    def on_previewing(self) -> str:
        cards = self.seen.pending.get("cards") or []
        c = cards[0]
        # Weak cards go to the discard pile (a dump may then remove them, R12.13); good ones come back on top.
        return f"discard {c}" if self.keep_value(c) < 1.0 and card(c).is_starter else f"return {c}"

    def on_choice(self) -> str:
        s = self.seen
        pend = s.pending
        if pend["kind"] == "ink_or_remover":
            return "take remover" if s.remover == 0 and s.ink >= 2 and not self.hz.last_turn else "take ink"
        coins = int(s.turn.get("coins", 0))
        value = int(pend["value"])
        final = not s.coop and s.prestige + value >= s.goal
        shop = self.shop(last=final or self.hz.last_turn)
        as_coins = shop.worth(coins + value) - shop.worth(coins)
        return "take coins" if as_coins > value else "take prestige"

    def on_jail(self) -> str:
        s = self.seen
        coins = int(s.turn.get("coins", 0))
        reach = coins + s.ink // 3
        best_move, best = "pass", 1.0
        jailed = s.mine.get("jail")
        held = card_value(s, self.hz, jailed) * self._deck_weight() if jailed is not None else 0.0
        for cid in s.offer_row:
            c = card(cid)
            deny = self.deny_value(cid)
            if c.cost > reach and not self.hz.last_turn:
                # Reserve what I cannot afford now but want for a later turn (R17).
                v = 0.6 * card_value(s, self.hz, cid) * self._deck_weight() - held + deny
                if v > best:
                    best_move, best = f"reserve {cid}", v
            v = deny if s.coop else 0.25 * max(0, c.cost - 5)
            if v > best:
                best_move, best = f"remove {cid}", v
        return best_move

    def on_flush(self) -> str:
        s = self.seen
        coins = int(s.turn.get("coins", 0))
        values = sorted((card_value(s, self.hz, c) for c in s.offer_row if card(c).cost <= coins + 3), reverse=True)
        return "flush" if not values or values[0] < 1.5 else "pass"

    def on_buy(self) -> str:
        s = self.seen
        coins = int(s.turn.get("coins", 0))
        shop = self.shop(last=self.hz.last_turn)
        plan = shop.plan(coins)
        for cid in plan.buys:
            move = f"buy {cid}"
            if self.has(move) and not self.hands_penny_the_game(move):
                return move
        if plan.adverts and self.has("advert"):
            return "advert"
        for move in self.safe(self.legal("convert")):
            need = int(move.split()[1])
            if shop.worth(coins + need) - shop.worth(coins) > 3 * need * self._ink_value() + 0.5:
                return move
        return "end"


BRAINS: dict[int, type[Brain]] = {1: Easy, 2: Normal, 3: Hard}
