"""The quick player the expert's search plays its sampled games with (a rollout policy).

It plays whole turns on a :class:`~hardback_bot.engine.Game` (a determinization, so it may look at
every card there) for any seat, cheaply: one solver question a word under linear weights, on a small
work budget and remembered per exact question (:func:`best_word`), a second one for a long word when a
literary award is within reach (R24), the solver's own answer to which cards to trash (R15), a knapsack
over the row, the jail and the adverts for purchases and coins-or-prestige choices (:class:`Market`), and
the hard player's rules of thumb everywhere else (ink, dump, jail, Penny's signatures, R29.3).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass, replace
from typing import Any

from hardback_bot.engine import Game, IllegalMove, Move
from hardback_bot.engine.cards import card
from hardback_bot.engine.options import ADVERTS, AWARD_TABLE
from hardback_bot.engine.state import BUY, CHOICE, DOUBLE, DUMP, FLUSH, JAIL, PREVIEW, PREVIEWING, SPELL, TRASH, UNCOVER
from hardback_bot.words.solver import Play, PlayerCards, Weights, WorkBudget, best_plays

from ..values import COIN_VALUE, LETTER_USE, face_value, genre_odds, per_play

#: Solver work units for one word of a sampled game (a few hundred: ~0.5 ms for a usual hand), and for the
#: second look for a long word when a literary award is within reach (R24).
WORD_UNITS = 300
LONG_UNITS = 120
#: Work units for the words of later turns of a sample, which need less care (see rollout.play_out).
FAR_UNITS = 80
_CACHE_SIZE = 20000
_words: OrderedDict[tuple[Any, ...], Play | None] = OrderedDict()
_lock = threading.Lock()  # the answers are shared by every thread of the process
_PASS, _SKIP, _TIMEOUT = Move("pass"), Move("skip"), Move("timeout")


def best_word(game: Game, seat: int, weights: Weights, dictionary: Any, units: int = WORD_UNITS) -> Play | None:
    """The solver's best word for ``seat``'s cards under ``weights`` (remembered: the same cards, weights and
    budget always give the same answer, so remembering changes no decision, only the time)."""
    p = game.player(seat)
    exclude: frozenset[str] = frozenset()
    mode = game.options.unique_words
    if mode != "off":
        exclude = frozenset(w.lower() for s, w in game.state.word_history if mode == "game" or s == seat)
    # The key holds everything the solver is given: the same key, the same answer.
    cards = PlayerCards(tuple(sorted(p.hand)), tuple(sorted(p.inked)), tuple(game.classics_in_play()), seat,
                        len(p.discard))
    key = (cards, weights, exclude, dictionary if isinstance(dictionary, Hashable) else id(dictionary), units)
    with _lock:
        if key in _words:
            _words.move_to_end(key)
            return _words[key]
    found = best_plays(cards, dictionary, weights, count=1, exclude=exclude, work_limit=WorkBudget(units))
    play = found[0] if found else None
    with _lock:
        _words[key] = play
        if len(_words) > _CACHE_SIZE:
            _words.popitem(last=False)
    return play


@dataclass(frozen=True)
class Pace:
    """How much game is left, as the quick player estimates it."""

    turns_left: float  # the active seat's turns after this one
    last: bool  # this is probably its last turn


def pace(game: Game) -> Pace:
    """Turns left from the scores' pace (the hard player's estimate, values.horizon, from a whole game)."""
    s = game.state
    rounds = max(1, s.round - 1)
    goal = game.goal
    if game.options.coop:
        n = game.num_players
        penny, team = int(s.penny["score"]), int(s.penny["team"])
        turns = int(s.penny["turns"])
        rate = max(4.6, penny / turns) if turns >= 3 else 5.2
        team_rate = max(4.0 * n, team / rounds * 1.2) if s.round > 1 else 5.0 * n
        left = max(0.0, min((goal - penny) / rate, (goal - team) / team_rate * n) / n)
        row = s.offer_row
        claims = sorted(claim(game, c) for c in row[:2])
        last = bool(claims) and penny + claims[0] >= goal
        return Pace(0.0 if last else left, last)
    leader = max(p.prestige for p in s.players)
    rate = max(4.0, leader / rounds * 1.25) if s.round > 1 else 4.0
    left = 0.0 if s.final_round else max(0.0, (goal - leader) / rate)
    return Pace(left, s.final_round)


def claim(game: Game, cid: int) -> int:
    """What Penny gains when she claims ``cid`` (R29.4, romance signature R29.3)."""
    c = card(cid)
    return c.cost * (2 if game.state.penny.get("genre") == "romance" and c.genre == "romance" else 1)


def deck_of(game: Game, seat: int) -> list[int]:
    """Every card ``seat`` owns outside play, this turn's word included (it goes to the discard pile)."""
    p = game.player(seat)
    t = game.state.turn
    word = [sl.card for sl in t.word if sl.owner == -1 and sl.card not in t.trashed] if t.seat == seat else []
    return p.hand + p.draw + p.discard + word


def card_worth(game: Game, seat: int, cid: int, hz: Pace, deck: list[int]) -> float:
    """Prestige-equivalent of owning ``cid`` from now on (values.card_value's estimate, from a game)."""
    c = card(cid)
    p = game.player(seat)
    classics = list(p.timeless)
    size = len(deck) + 1
    turns = max(0.0, hz.turns_left - len(p.draw) / 5.0)
    plays = turns * 5.0 / max(5, size) * LETTER_USE[c.letter]
    odds = genre_odds([*deck, cid], c.genre, classics) if not c.is_starter else 0.0
    value = per_play(cid, odds) * plays - 0.15 * plays
    if c.timeless:
        stay = max(0.0, hz.turns_left - len(p.draw) / 5.0 - size / 10.0) * 0.7
        value += per_play(cid, 0.0) * stay * LETTER_USE[c.letter]
    if not c.is_starter:
        gain = odds - genre_odds(deck, c.genre, classics)
        if gain > 0:
            bonus = sum(per_play(o, 1.0) - per_play(o, 0.0) for o in deck if card(o).genre == c.genre)
            value += gain * bonus * turns * 5.0 / max(5, size) * 0.8
    return value


def award_gain(game: Game, seat: int, length: int) -> int:
    """Prestige a word of ``length`` letters would claim as a literary award now (R24.1, R24.2)."""
    if length < 7:
        return 0
    value = AWARD_TABLE[min(length, 12)]
    mine = game.player(seat).award
    best = max(q.award for q in game.state.players)
    if value <= mine:
        return 0
    if game.options.coop:
        return value - best if value > best else 0
    return value - mine if best == 0 or value >= best else 0


class Market:
    """The best purchases for the active player's coins now: cards of the row and its jail, adverts in order."""

    def __init__(self, game: Game, hz: Pace, weight: float) -> None:
        s = game.state
        seat = s.turn.seat
        p = game.player(seat)
        deck = deck_of(game, seat)
        last = hz.last or hz.turns_left < 0.5
        coop = game.options.coop
        items: list[tuple[int, int, float]] = []
        adventure = coop and s.penny.get("genre") == "adventure" and any(card(c).genre == "adventure"
                                                                         for c in s.offer_row)
        for i, cid in enumerate([*s.offer_row, *([p.jail] if p.jail is not None else [])]):
            c = card(cid)
            worth = float(c.purchase_prestige) + (0.0 if last else card_worth(game, seat, cid, hz, deck) * weight)
            if coop and i < len(s.offer_row):
                soon = 1.0 - i / 10.0
                worth += max(0.0, claim(game, cid) - 4.6) * soon
                if i == 0 and int(s.penny["score"]) + claim(game, cid) >= game.goal:
                    worth += 40.0  # her next claim would end the game (R29.8)
            if adventure:
                worth -= 1.0
            if worth > 0:
                items.append((cid, c.cost, worth))
        self.items = sorted(items, key=lambda x: -x[2])[:8]
        self.adverts = list(ADVERTS[p.adverts:]) if game.options.adverts else []
        horror = coop and s.penny.get("genre") == "horror"
        self.leftover = 0.02 if last else (0.17 if horror else 0.35)

    def plan(self, coins: int) -> tuple[float, list[int], int]:
        """(value, cards to buy, adverts to buy) of the best plan within ``coins``."""
        best: tuple[float, list[int], int] = (0.0 + coins * self.leftover, [], 0)
        spent_a, worth_a = 0, 0.0
        for n_adverts in range(len(self.adverts) + 1):
            if n_adverts:
                spent_a += self.adverts[n_adverts - 1][0]
                worth_a += self.adverts[n_adverts - 1][1]
            if spent_a > coins:
                break
            room = coins - spent_a
            value, chosen = _knapsack(self.items, room)
            cost = spent_a + sum(card(c).cost for c in chosen)
            total = value + worth_a + (coins - cost) * self.leftover
            if total > best[0] + 1e-9:
                best = (total, chosen, n_adverts)
        return best

    def worth(self, coins: int) -> float:
        return self.plan(coins)[0]


def _knapsack(items: list[tuple[int, int, float]], room: int) -> tuple[float, list[int]]:
    best: list[tuple[float, tuple[int, ...]]] = [(0.0, ())] * (room + 1)
    for cid, cost, worth in items:
        if cost > room:
            continue
        for r in range(room, cost - 1, -1):
            value = best[r - cost][0] + worth
            if value > best[r][0]:
                best[r] = (value, (*best[r - cost][1], cid))
    return best[room][0], list(best[room][1])


class Fast:
    """Plays whole turns of a sampled game for every seat (see the module docstring)."""

    def __init__(self, dictionary: Any) -> None:
        self.dictionary = dictionary
        self.play: Play | None = None  # the word of the turn being played, for its later questions
        self.refused = 0  # moves the engine refused (then the turn is skipped or cut short): never, in tests
        self.units = WORD_UNITS  # solver work for each word

    def weights(self, game: Game, hz: Pace) -> Weights:
        coop = game.options.coop
        coin = 0.45 if hz.last else (0.6 if coop else COIN_VALUE)
        return Weights(coins=coin, prestige=1.0, ink=0.35, remover=0.3, trash_cost=0.0 if hz.last else 1.5,
                       dump_bonus=0.6, jail=1.0, preview=0.3, rival_classic=0.0 if coop else 0.6)

    def turn(self, game: Game) -> int:
        """Play the active seat's turn to its end (or the game's); returns the moves applied."""
        t = game.state.turn
        seat = t.seat
        moves = 0
        self.play = None
        while not game.finished and game.state.turn is t and moves < 60:
            move = self.move(game, seat)
            try:
                game.apply(seat, move)
            except IllegalMove:
                self.refused += 1
                game.apply(seat, _SKIP if t.phase == SPELL else _TIMEOUT)
            moves += 1
        return moves

    def move(self, game: Game, seat: int) -> Move:
        phase = game.state.turn.phase
        if phase == SPELL:
            return self.spell(game, seat)
        if phase in (UNCOVER, DOUBLE):
            pend = game.pending() or {}
            targets = pend.get("targets") or []
            target = max(targets, key=lambda c: (face_value(c), -c))
            return Move("uncover" if phase == UNCOVER else "double", card=target)
        if phase == TRASH:
            options = game.trash_options()
            chosen = self.play.trash if self.play is not None else ()
            for cid, kind, value in options:
                if cid in chosen or (self.play is None and value >= (3 if kind == "coins" else 2)):
                    return Move("trash", card=cid)
            return _PASS
        if phase == DUMP:
            return self.dump(game, seat)
        if phase == PREVIEW:
            return _PASS
        if phase == PREVIEWING:
            pend = game.pending() or {}
            c = (pend.get("cards") or [0])[0]
            return Move("discard" if card(c).is_starter else "return", card=c)
        if phase == CHOICE:
            return self.choice(game, seat)
        if phase == JAIL:
            return self.jail(game, seat)
        if phase == FLUSH:
            return _PASS
        if phase == BUY:
            return self.buy(game, seat)
        return _TIMEOUT

    # ---------------------------------------------------------------- spelling (R6-R9)
    def spell(self, game: Game, seat: int) -> Move:
        p = game.player(seat)
        hz = pace(game)
        drawn = len(p.inked) + len(p.cleared)
        if (p.ink > 0 and (p.draw or p.discard) and drawn < (2 if p.ink >= 3 or hz.last else 1)
                and not self._feeds_penny(game)):
            return Move("ink")
        weights = self.weights(game, hz)
        play = best_word(game, seat, weights, self.dictionary, self.units)
        reach = len(p.hand) + len(game.classics_in_play())  # the longest word these cards could make
        if play is not None and game.options.awards and award_gain(game, seat, reach) > 0:
            play = self._longer(game, seat, weights, play)
        if play is None:
            if p.inked and p.remover:
                return Move("remover", card=p.inked[0])
            return _SKIP
        self.play = play
        return Move("spell", word=play.cards)

    def _longer(self, game: Game, seat: int, weights: Weights, play: Play) -> Play:
        """A long word instead, when a literary award it would claim pays for what it gives up (R24)."""
        long = best_word(game, seat, replace(weights, length=1.0), self.dictionary, min(self.units, LONG_UNITS))
        if long is None or len(long.word) < 7:
            return play
        gain = award_gain(game, seat, len(long.word)) - award_gain(game, seat, len(play.word))
        own = long.value - len(long.cards) * 1.0  # its value under the plain weights
        return long if own + gain * (1.0 if game.options.coop else 0.8) > play.value else play

    def _feeds_penny(self, game: Game) -> bool:
        s = game.state
        return (game.options.coop and s.penny.get("genre") == "horror"
                and any(card(c).genre == "horror" for c in s.offer_row))

    # ---------------------------------------------------------------- resolution (R12-R17)
    def dump(self, game: Game, seat: int) -> Move:
        p = game.player(seat)
        if not p.discard:
            return _PASS
        worst = min(p.discard, key=lambda c: (per_play(c, 0.5) + card(c).cost * 0.1, c))
        if card(worst).is_starter or per_play(worst, 0.5) < 1.2:
            return Move("dump", card=worst)
        return _PASS

    def choice(self, game: Game, seat: int) -> Move:
        pend = game.pending() or {}
        p = game.player(seat)
        if pend.get("kind") == "ink_or_remover":
            return Move("take", choice="remover" if p.remover == 0 and p.ink >= 2 else "ink")
        value = int(pend.get("value", 0))
        hz = pace(game)
        if hz.last:
            return Move("take", choice="prestige")
        market = Market(game, hz, 0.3 if game.options.coop else 1.0)
        coins = game.state.turn.coins
        return Move("take", choice="coins" if market.worth(coins + value) - market.worth(coins) > value else "prestige")

    def jail(self, game: Game, seat: int) -> Move:
        s = game.state
        hz = pace(game)
        if game.options.coop and s.offer_row:
            first = s.offer_row[0]
            if claim(game, first) >= 5:
                return Move("remove", card=first)
            best = max(s.offer_row, key=lambda c: (claim(game, c), -c))
            return Move("remove", card=best) if claim(game, best) >= 6 else _PASS
        if hz.last:
            return _PASS
        deck = deck_of(game, seat)
        coins = s.turn.coins
        scored = [(card_worth(game, seat, c, hz, deck), c) for c in s.offer_row if card(c).cost > coins]
        if scored:
            worth, cid = max(scored)
            if worth > 2.0:
                return Move("reserve", card=cid)
        dear = max(s.offer_row, key=lambda c: (card(c).cost, -c), default=None)
        return Move("remove", card=dear) if dear is not None and card(dear).cost >= 7 else _PASS

    # ---------------------------------------------------------------- purchases (R19, R25)
    def buy(self, game: Game, seat: int) -> Move:
        s = game.state
        coins = s.turn.coins
        hz = pace(game)
        market = Market(game, hz, 0.3 if game.options.coop else 1.0)
        _, cards, adverts = market.plan(coins)
        p = game.player(seat)
        for cid in cards:
            if card(cid).cost <= coins and (cid in s.offer_row or cid == p.jail) and not self._hands_penny(game):
                return Move("buy", card=cid)
        if adverts and game.options.adverts and p.adverts < len(ADVERTS) and ADVERTS[p.adverts][0] <= coins:
            return Move("advert")
        return Move("end")

    def _hands_penny(self, game: Game) -> bool:
        s = game.state
        return (game.options.coop and s.penny.get("genre") == "adventure" and int(s.penny["score"]) + 1 >= game.goal
                and sum(1 for c in s.offer_row if card(c).genre == "adventure") >= 1)
