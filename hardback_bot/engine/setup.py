"""Setup (RULES.md R3, R4): starter decks, the offer deck and row, the first hands, Penny in co-op."""

from __future__ import annotations

from . import coop, offer_row
from .cards import card, coin_starter_ids, genre_card_ids, prestige_starter_ids, starter_instance
from .options import GameOptions
from .rng import Rng
from .state import Player, State, Turn
from .stats import PlayerStats, TableStats
from .table import ROW_SIZE, Table


def new_state(num_players: int, seed: int, options: GameOptions) -> tuple[State, Rng]:
    """The decks before anything is dealt, and the RNG that shuffled them (R3.2, R3.3)."""
    options.validate(num_players)
    if options.tutorial:
        return tutorial_state(num_players, seed)
    rng = Rng(seed)
    prestige = prestige_starter_ids()
    rng.shuffle(prestige)
    players: list[Player] = []
    for seat in range(num_players):
        dealt = [prestige.pop(), prestige.pop()]  # R3.2: two each, no two players share one
        p = Player(seat=seat, stats=PlayerStats(starter_card1=dealt[0], starter_card2=dealt[1]))
        p.draw = [starter_instance(d, seat) for d in coin_starter_ids()] + dealt
        rng.shuffle(p.draw)
        players.append(p)
    deck = genre_card_ids()
    rng.shuffle(deck)
    state = State(seed=seed, rng=0, players=players, offer_row=[], offer_deck=deck,
                  box=sorted(prestige), table_stats=TableStats())  # R3.2: unused starters
    return state, rng


def deal(table: Table) -> None:
    """R3.3-R3.6, R4.1: 7 cards into the row in deal order, 5 cards to each hand, the first seat starts."""
    for _ in range(ROW_SIZE):
        offer_row.refill_one(table, initial=True)
    for p in table.state.players:
        table.draw_hand(p)
    table.state.turn = Turn(seat=0)
    if table.options.coop:
        coop.setup_penny(table)
    table.state.rng = table.rng.state


# ---------------------------------------------------------------------------- the guided first game
# A deal stacked so that the first seat, playing the words docs/tutorial.md gives, meets every mechanic
# in its first four turns, whatever the other seats do.  R3 still holds: each player has the 8 coin
# starters and 2 prestige starters nobody else has, the 140 genre cards are the offer deck, 7 of them
# form the row and every hand is 5 cards; only the orders are chosen (the shuffles of R3.2 and R3.3 came
# out this way), and the game's RNG starts from a fixed state, so the deal and every later shuffle are
# the same for every seed: the game is a function of its options and its moves alone.
TUTORIAL_RNG = 194134  # reshuffles give the first seat E, T and the mystery U at turn 2 (docs/tutorial.md)
#: Each seat's draw pile, top card first, by printed letter (coin starters, then its two prestige starters).
TUTORIAL_PEOPLE = "ALERTINS"  # hand 1: A L E R T; hand 2: I N S and the prestige starters
TUTORIAL_PRESTIGE = ("OH", "DM", "CP", "GY")  # the people's seats in order
TUTORIAL_COMPUTER = ("BUAET", "ILNRS")  # the last seat: a three-coin first hand, then five coin starters
#: The offer deck's first cards, top first (card ids): the row to flush, the seven it deals, then refills.
TUTORIAL_OFFER = (
    51, 25, 58, 85, 47, 9, 36,  # the first row: four horror cards, so turn 1 may flush (R18.3)
    27, 135, 91, 65, 20, 108, 101,  # after the flush: the mystery U (2¢) to buy, nothing else under 4¢
    103,  # refills the U's place: the row the computer's first turn sees costs 4¢ or more
    126,  # replaces the card the computer's turn cycles (R18.5): the mystery P (2¢)
    63, 6, 105, 120, 22, 56, 75, 18, 97, 132,  # what follows the first seat's second purchases
)
TUTORIAL_DECK_SEED = 2025  # the order of the rest of the offer deck


def tutorial_state(num_players: int, seed: int) -> tuple[State, Rng]:
    """The guided first game's decks (options.deal == "tutorial"); the last seat is the computer's."""
    by_letter = {card(cid).letter: cid for cid in prestige_starter_ids()}
    coins = {card(cid).letter: cid for cid in coin_starter_ids()}
    pairs = [*TUTORIAL_PRESTIGE[:num_players - 1], TUTORIAL_COMPUTER[0][:2]]
    players: list[Player] = []
    for seat, pair in enumerate(pairs):
        dealt = [by_letter[letter] for letter in pair]
        p = Player(seat=seat, stats=PlayerStats(starter_card1=dealt[0], starter_card2=dealt[1]))
        letters = "".join(TUTORIAL_COMPUTER) if seat == num_players - 1 else TUTORIAL_PEOPLE + pair
        top_first = [by_letter[x] if x in pair else starter_instance(coins[x], seat) for x in letters]
        p.draw = top_first[::-1]  # the top of a pile is its last card
        players.append(p)
    rest = [cid for cid in genre_card_ids() if cid not in TUTORIAL_OFFER]
    Rng(TUTORIAL_DECK_SEED).shuffle(rest)
    deck = rest + list(reversed(TUTORIAL_OFFER))
    dealt_ids = {cid for p in players for cid in p.draw}
    box = sorted(cid for cid in prestige_starter_ids() if cid not in dealt_ids)  # R3.2: unused starters
    state = State(seed=seed, rng=0, players=players, offer_row=[], offer_deck=deck, box=box,
                  table_stats=TableStats())
    return state, Rng(TUTORIAL_RNG)
