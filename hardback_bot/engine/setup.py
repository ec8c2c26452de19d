"""Setup (RULES.md R3, R4): starter decks, the offer deck and row, the first hands, Penny in co-op."""

from __future__ import annotations

from . import coop, offer_row
from .cards import coin_starter_ids, genre_card_ids, prestige_starter_ids, starter_instance
from .options import GameOptions
from .rng import Rng
from .state import Player, State, Turn
from .table import ROW_SIZE, Table

#: R35 statistics every player starts with.
PLAYER_STATS = (
    "pointsBasic", "pointsGenre", "pointsPurchase", "pointsAward", "pointsAdvert", "coins",
    "cardsPurchase", "cardsJail", "cardsTrash", "coopJail", "words", "longestWord", "bestWord",
    "invalidWords", "votesAccept", "votesReject", "useInk", "useRemover", "starterCard1", "starterCard2",
    "turns", "skips",
)
#: R34 table statistics.
TABLE_STATS = ("turns", "words", "longestWord", "bestWord", "invalidWords", "flush", "cycled")


def new_state(num_players: int, seed: int, options: GameOptions) -> tuple[State, Rng]:
    """The decks before anything is dealt, and the RNG that shuffled them (R3.2, R3.3)."""
    options.validate(num_players)
    rng = Rng(seed)
    prestige = prestige_starter_ids()
    rng.shuffle(prestige)
    players: list[Player] = []
    for seat in range(num_players):
        p = Player(seat=seat, stats={k: 0 for k in PLAYER_STATS})
        dealt = [prestige.pop(), prestige.pop()]  # R3.2: two each, no two players share one
        p.stats["starterCard1"], p.stats["starterCard2"] = dealt
        p.draw = [starter_instance(d, seat) for d in coin_starter_ids()] + dealt
        rng.shuffle(p.draw)
        players.append(p)
    deck = genre_card_ids()
    rng.shuffle(deck)
    state = State(seed=seed, rng=0, players=players, offer_row=[], offer_deck=deck,
                  box=sorted(prestige), table_stats={k: 0 for k in TABLE_STATS})  # R3.2: unused starters
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
