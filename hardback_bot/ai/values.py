"""How much things are worth to a computer player, in prestige: cards to buy, coins, ink.

Everything here is estimated from public card facts and the player's own view: how many turns
the game probably has left (from the scores), how often a card will be drawn (deck size) and how
likely its genre bonus fires (how many cards of its genre the deck holds, R10.3).
"""

from __future__ import annotations

from dataclasses import dataclass

from hardback_bot.engine.cards import GENRES, card
from hardback_bot.engine.options import ADVERTS, AWARD_TABLE

from .seen import Seen

#: How likely a card of each letter ends up face up in a word (vowels and common letters fit most words).
LETTER_USE = {
    "E": 0.95, "A": 0.92, "S": 0.9, "I": 0.88, "O": 0.88, "R": 0.88, "T": 0.88, "N": 0.86, "L": 0.84,
    "D": 0.78, "U": 0.75, "C": 0.74, "M": 0.72, "P": 0.72, "H": 0.68, "G": 0.68, "B": 0.64, "Y": 0.62,
    "K": 0.55, "F": 0.58, "W": 0.56, "V": 0.48, "X": 0.32, "Z": 0.32, "J": 0.26, "Q": 0.2,
}

ABILITY_VALUE = {
    "double_adjacent": 1.6, "uncover_adjacent": 1.0, "jail": 1.4, "preview": 1.0, "ink_or_remover": 0.6,
}
COIN_VALUE = 0.85  # a coin earned in a later turn, in prestige (what cards and adverts turn it into)
INK_VALUE = 0.35  # one ink kept for later: one more card in a future word


@dataclass(frozen=True)
class Horizon:
    turns_left: float  # my expected turns after this one
    progress: float  # 0 at the start, 1 at the goal
    last_turn: bool  # this is my last turn (final round announced)


def face_value(cid: int) -> int:
    """A rough size of what a card pays face up, used only to pick among a few cards (targets, dumps)."""
    c = card(cid)
    return sum(b.value for b in c.basic + c.genre_bonus) + 2 * sum(
        1 for b in c.basic + c.genre_bonus if b.value == 0)


def horizon(seen: Seen) -> Horizon:
    goal = seen.goal
    rounds = max(1, seen.round - 1)
    if seen.coop:
        team, penny = seen.prestige, int(seen.penny.get("score", 0))
        n = seen.num_players
        # Penny claims the oldest offer-row card after every player turn (R29.4): about 5 prestige,
        # more once the dear cards have aged; the team must reach the goal before she does.
        claims = int(seen.penny.get("turns", 0))
        pace = max(4.6, penny / claims) if claims >= 3 else 5.2
        penny_turns = (goal - penny) / pace
        team_rate = max(4.0 * n, team / rounds * 1.2) if seen.round > 1 else 5.0 * n
        team_turns = (goal - team) / team_rate * n
        left = max(0.0, min(penny_turns, team_turns) / n)
        progress = max(team, penny) / goal
        # Penny's next claims end the game whatever I take from the row: this turn is the team's last.
        claims_next = sorted(penny_claim(seen, c) for c in seen.offer_row[:2])
        last = bool(claims_next) and penny + claims_next[0] >= goal
        return Horizon(0.0 if last else left, progress, last)
    leader = seen.leader_score()
    rate = leader / rounds if seen.round > 1 else 4.0
    rate = max(4.0, rate * 1.25)  # decks get stronger: scoring speeds up
    left = max(0.0, (goal - leader) / rate)
    if seen.final_round:
        left = 0.0
    return Horizon(left, min(1.0, leader / goal), seen.final_round)


def penny_claim(seen: Seen, cid: int) -> int:
    """Prestige Penny gains when she claims ``cid`` (R29.3 romance signature, R29.4)."""
    c = card(cid)
    return c.cost * (2 if seen.penny.get("genre") == "romance" and c.genre == "romance" else 1)


def genre_odds(deck: list[int], genre: str, classics: list[int]) -> float:
    """Chance another card of ``genre`` joins a card of that genre in a word (R10.3, R10.4)."""
    if any(card(c).genre == genre for c in classics):
        return 1.0
    n = max(1, len(deck))
    same = sum(1 for c in deck if card(c).genre == genre)
    return 1.0 - (1.0 - min(1.0, same / n)) ** 4


def per_play(cid: int, odds: float, coin_value: float = COIN_VALUE) -> float:
    """What a card pays each time it is played face up, genre bonus weighted by its odds."""
    c = card(cid)
    total = 0.0
    for benefits, weight in ((c.basic, 1.0), (c.genre_bonus, odds)):
        for b in benefits:
            total += weight * _benefit(b.kind, b.value, coin_value)
    return total


def _benefit(kind: str, value: int, coin_value: float) -> float:
    if kind == "coins":
        return value * coin_value
    if kind == "prestige":
        return float(value)
    if kind == "either_coins_or_prestige":
        return value * max(1.0, coin_value)
    if kind in ("trash_for_coins", "dump_discard_for_coins"):
        return 0.4 * value * coin_value + (0.6 if kind.startswith("dump") else 0.0)
    if kind == "trash_for_prestige":
        return 0.4 * value
    if kind == "coins_per_adventure":
        return value * 2.5 * coin_value
    if kind == "prestige_per_inked_card":
        return 0.6 * value
    if kind == "prestige_per_wild":
        return 1.0 * value
    return ABILITY_VALUE.get(kind, 0.0)


def plays_left(seen: Seen, hz: Horizon, deck_size: int, letter: str) -> float:
    """Times a card added to my discard pile now will be played in the rest of the game."""
    delay = len(seen.draw_contents) / 5.0  # the draw pile runs out before the discard pile is shuffled
    turns = max(0.0, hz.turns_left - delay)
    return turns * 5.0 / max(5, deck_size) * LETTER_USE[letter]


def card_value(seen: Seen, hz: Horizon, cid: int) -> float:
    """Prestige-equivalent of owning ``cid`` from now to the end (what buying it is worth)."""
    c = card(cid)
    deck = seen.deck()
    classics = list(seen.mine["timeless"])
    odds = genre_odds([*deck, cid], c.genre, classics) if not c.is_starter else 0.0
    size = len(deck) + 1
    plays = plays_left(seen, hz, size, c.letter)
    value = per_play(cid, odds) * plays
    if c.timeless:
        # Once played face up it stays in play and pays every turn (R10.6); rivals may send it home.
        first = len(seen.draw_contents) / 5.0 + size / 5.0 / 2
        stay = max(0.0, hz.turns_left - first) * (0.8 if seen.coop else 0.6)
        basic = sum(_benefit(b.kind, b.value, COIN_VALUE) for b in c.basic)
        value += basic * stay * LETTER_USE[c.letter]
    # Synergy: this card makes the genre bonus of my other cards of its genre fire more often.
    if not c.is_starter:
        before = genre_odds(deck, c.genre, classics)
        after = genre_odds([*deck, cid], c.genre, classics)
        gain = after - before
        if gain > 0:
            for other in deck:
                o = card(other)
                if o.genre == c.genre:
                    bonus = sum(_benefit(b.kind, b.value, COIN_VALUE) for b in o.genre_bonus)
                    value += gain * bonus * plays_left(seen, hz, size, o.letter)
    # A card also dilutes the deck a little: every other card comes up less often.
    value -= 0.15 * plays
    return value + c.purchase_prestige


def award_gain(seen: Seen, length: int) -> int:
    """Prestige a word of ``length`` letters would claim as a literary award now (R24.2)."""
    if length < 7 or not seen.options["awards"]:
        return 0
    value = AWARD_TABLE[min(length, 12)]
    mine = int(seen.mine["award"])
    if value <= mine:
        return 0
    best = max(int(p["award"]) for p in seen.view["players"])
    wins = value > best if seen.coop else (best == 0 or value >= best)
    if seen.coop:
        return value - best if wins else 0  # one award for the whole team (R24.2)
    return value - mine if wins else 0


def next_adverts(seen: Seen) -> list[tuple[int, int]]:
    if not seen.options["adverts"]:
        return []
    return list(ADVERTS[int(seen.mine["adverts"]):])


__all__ = ["GENRES", "Horizon", "award_gain", "card_value", "horizon", "next_adverts", "penny_claim"]
