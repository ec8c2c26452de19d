"""The offer row, purchases, ink conversion, cleanup and offer-deck exhaustion
(RULES.md R18-R21, E1, E2, E8, E16, E17, E26)."""

from __future__ import annotations

import pytest
from enginekit import make

from hardback_bot.engine import IllegalMove, parse_move

NO_VARIANTS = {"adverts": False, "awards": False}
RICH_HAND = [6, 20, 34, 1141, 1145]  # adventure D N Y + starters A E: 2+2+1+2+1+1 coins... see tests
ROW = [17, 29, 49, 58, 61, 126, 135]  # oldest first, all 2 coins, no flush condition


def to_buy(game, seat=0):
    while game.phase not in ("buy", "spell"):
        game.apply(seat, parse_move("pass"))


def test_r18_1_age_order_and_r18_2_refill_newest() -> None:
    game = make(seats=[{"hand": [6, 20]}, {}], options=NO_VARIANTS, offer_row=ROW, offer_deck=[8, 9],
                unlisted_cards="box")
    game.apply(0, parse_move("spell 6 20"))  # D N: 2 + 2 + 1 genre coin = 5 coins
    to_buy(game)
    game.apply(0, parse_move("buy 58"))
    assert game.state.offer_row == [17, 29, 49, 61, 126, 135, 8]  # the new card is the newest
    assert 58 in game.player(0).discard  # R19.1


def test_r18_3_flush_condition_and_r18_4_only_at_that_point() -> None:
    expensive_row = [16, 24, 136, 99, 17, 29, 49]  # 9, 7, 9, 9 coins: four cost 6+
    game = make(seats=[{"hand": [1141, 1145]}, {}], options=NO_VARIANTS, offer_row=expensive_row,
                offer_deck=list(range(1, 8)), unlisted_cards="box")
    with pytest.raises(IllegalMove):
        game.apply(0, parse_move("flush"))  # not while spelling
    game.apply(0, parse_move("spell 1141 1145"))
    assert game.phase == "flush"
    game.apply(0, parse_move("flush"))
    assert sorted(game.state.offer_row) == list(range(1, 8))
    assert set(expensive_row) <= set(game.state.removed)
    assert game.state.table_stats.flushes == 1


def test_r18_3_flush_on_four_of_a_genre_and_not_otherwise() -> None:
    adventure_row = [17, 29, 9, 33, 49, 58, 61]
    game = make(seats=[{"hand": [1141, 1145]}, {}], options=NO_VARIANTS, offer_row=adventure_row)
    game.apply(0, parse_move("spell 1141 1145"))
    assert game.phase == "flush"
    game = make(seats=[{"hand": [1141, 1145]}, {}], options=NO_VARIANTS, offer_row=ROW)
    game.apply(0, parse_move("spell 1141 1145"))
    assert game.phase == "buy"


def test_e2_flush_with_short_deck_reshuffles_removed_pile() -> None:
    expensive_row = [16, 24, 136, 99, 17, 29, 49]
    game = make(seats=[{"hand": [1141, 1145]}, {}], options=NO_VARIANTS, offer_row=expensive_row,
                offer_deck=[1, 2], unlisted_cards="box")
    game.apply(0, parse_move("spell 1141 1145"))
    game.apply(0, parse_move("flush"))
    row = game.state.offer_row
    assert len(row) == 7 and row[:2] == [1, 2]
    assert set(row[2:]) <= set(expensive_row)  # flushed cards came straight back


def test_r18_5_cycling_after_a_turn_without_purchase() -> None:
    game = make(seats=[{"hand": [1141, 1145]}, {}], options=NO_VARIANTS, offer_row=ROW, offer_deck=[8],
                unlisted_cards="box")
    game.apply(0, parse_move("spell 1141 1145"))  # 2 coins: the player could buy but ends the turn
    game.apply(0, parse_move("end"))
    assert game.state.offer_row == [29, 49, 58, 61, 126, 135, 8] and 17 in game.state.removed
    assert game.state.table_stats.cycled == 1


def test_e17_purchase_stops_cycling() -> None:
    game = make(seats=[{"hand": [1141, 1145]}, {}], options=NO_VARIANTS, offer_row=ROW, offer_deck=[8, 9],
                unlisted_cards="box")
    game.apply(0, parse_move("spell 1141 1145"))
    game.apply(0, parse_move("buy 61"))
    assert game.active_seat == 1  # nothing else affordable: the phase ended by itself (R19.8)
    assert game.state.offer_row == [17, 29, 49, 58, 126, 135, 8]


def test_r18_5_cycling_off_option() -> None:
    game = make(seats=[{"hand": [1141, 1145]}, {}], options={**NO_VARIANTS, "cycling": False}, offer_row=ROW)
    game.apply(0, parse_move("spell 1141 1145"))
    game.apply(0, parse_move("end"))
    assert game.state.offer_row == ROW


def test_r19_3_cannot_buy_what_you_cannot_afford() -> None:
    row = [16, 24, 49, 58, 61, 126, 135]
    game = make(seats=[{"hand": [1141, 1145, 1148]}, {}], options=NO_VARIANTS, offer_row=row)
    game.apply(0, parse_move("spell 1141 1145 1148"))
    with pytest.raises(IllegalMove, match="You need 9¢ for that card and have 3¢"):
        game.apply(0, parse_move("buy 16"))
    with pytest.raises(IllegalMove, match="not in the offer row"):
        game.apply(0, parse_move("buy 1"))


def test_r19_4_purchase_prestige_and_e8_jail_purchase() -> None:
    game = make(seats=[{"hand": [6, 20, 34], "jail": 3}, {}], options=NO_VARIANTS, offer_row=ROW,
                offer_deck=[8], unlisted_cards="box")
    game.apply(0, parse_move("spell 6 20 34"))  # D N Y adventure: 2 + 2 + 1 + 2 + 1 coins, prestige 3 + 1
    to_buy(game)
    coins = game.state.turn.coins
    prestige = game.player(0).prestige
    game.apply(0, parse_move("buy 3"))  # adventure B from jail: 4 coins, +3 purchase prestige
    p = game.player(0)
    assert p.jail is None and 3 in p.discard and p.prestige == prestige + 3
    assert game.state.turn.coins == coins - 4
    assert game.state.offer_row == ROW  # E8: no refill for a jail purchase
    assert p.stats.points_purchase == 3


def test_r19_6_conversion_only_for_the_exact_shortfall() -> None:
    row = [58, 16, 24, 136, 99, 87, 41]  # cheapest 2
    game = make(seats=[{"hand": [1141, 1145], "ink": 7}, {}], options=NO_VARIANTS, offer_row=row)
    game.apply(0, parse_move("spell 1141 1145"))  # 2 coins; cheapest unaffordable is 7 -> short 5 -> needs 15 ink: no
    to_buy(game)
    assert [m for m in game.legal_moves(0) if m.kind == "convert"] == []
    game.apply(0, parse_move("buy 58"))
    assert game.active_seat == 1  # nothing affordable or convertible: automatic end (E26)
    game = make(seats=[{"hand": [1141, 1145], "ink": 3}, {}], options=NO_VARIANTS,
                offer_row=[76, 16, 24, 136, 99, 87, 41])  # 2, 9, 7, 9, 9, 8, 9: ... romance E costs 2
    game.apply(0, parse_move("spell 1141 1145"))
    to_buy(game)
    game.apply(0, parse_move("buy 76"))
    assert game.active_seat == 1
    row = [77, 16, 24, 136, 99, 87, 41]  # romance E 6 coins
    game = make(seats=[{"hand": [1141, 1145, 1148, 1149, 1151], "ink": 3}, {}], options=NO_VARIANTS, offer_row=row)
    game.apply(0, parse_move("spell 1141 1145 1148 1149 1151"))  # 5 coins, short 1 for E
    to_buy(game)
    assert [str(m) for m in game.legal_moves(0) if m.kind == "convert"] == ["convert 1"]
    with pytest.raises(IllegalMove, match="Convert exactly 1 coin"):
        game.apply(0, parse_move("convert 2"))
    game.apply(0, parse_move("convert 1"))
    assert game.player(0).ink == 0 and game.state.turn.coins == 6
    game.apply(0, parse_move("buy 77"))


def test_r20_cleanup_coins_to_ink_and_new_hand() -> None:
    game = make(seats=[{"hand": [1141, 1145, 1148], "draw": [1149, 1151], "discard": [1154, 1155]}, {}],
                options=NO_VARIANTS, offer_row=[16, 24, 136, 99, 87, 41, 8])
    game.apply(0, parse_move("spell 1141 1145 1148"))
    to_buy(game)
    assert game.active_seat == 1  # nothing affordable
    p = game.player(0)
    assert p.ink == 3  # R20.1
    assert len(p.hand) == 5 and 1149 in p.hand and 1151 in p.hand  # R20.3: reshuffle when the pile runs out
    assert len(p.draw) + len(p.discard) == 2


def test_r21_offer_deck_exhaustion_reshuffles_removed() -> None:
    game = make(seats=[{"hand": [1141, 1145]}, {}], options=NO_VARIANTS, offer_row=ROW, offer_deck=[],
                removed=[2], unlisted_cards="box")
    game.apply(0, parse_move("spell 1141 1145"))
    game.apply(0, parse_move("buy 58"))
    assert game.state.offer_row[-1] == 2 and game.state.removed == []


def test_e1_empty_deck_and_removed_pile_leave_the_slot_empty() -> None:
    game = make(seats=[{"hand": [1141, 1145]}, {}], options=NO_VARIANTS, offer_row=ROW, offer_deck=[],
                unlisted_cards="box")
    game.apply(0, parse_move("spell 1141 1145"))
    game.apply(0, parse_move("buy 58"))
    assert len(game.state.offer_row) == 6
    # Cycling with an empty deck: the cycled card goes to the removed pile first and comes straight back.
    game.apply(1, parse_move("skip"))
    assert len(game.state.offer_row) == 6 and game.state.offer_row[-1] == 17


def test_r25_adverts_in_order_once_each() -> None:
    game = make(seats=[{"hand": [6, 20, 34, 32, 1141]}, {}], options={"awards": False}, offer_row=ROW)
    game.apply(0, parse_move("spell 6 20 34 32 1141"))  # D N Y X A: 13 coins
    game.apply(0, parse_move("trash 34"))  # Y: +2 coins
    to_buy(game)
    coins = game.state.turn.coins
    assert coins == 15
    game.apply(0, parse_move("advert"))
    game.apply(0, parse_move("advert"))
    p = game.player(0)
    assert p.adverts == 2 and p.stats.points_advert == 3 + 6
    assert game.state.turn.coins == coins - 15


def test_r25_adverts_off() -> None:
    game = make(seats=[{"hand": [6, 20, 34, 32, 1141]}, {}], options=NO_VARIANTS, offer_row=ROW)
    game.apply(0, parse_move("spell 6 20 34 32 1141"))
    to_buy(game)
    with pytest.raises(IllegalMove, match="no adverts"):
        game.apply(0, parse_move("advert"))


def test_r24_awards_competitive_shared_and_lost() -> None:
    hand0 = [1141, 1145, 1148, 1149, 1151]
    game = make(seats=[{"hand": hand0, "timeless": [5, 12]}, {"timeless": [31], "award": 5}],
                options={"adverts": False}, offer_row=ROW)
    # 7 cards: five starters + two own classics in play -> 7 letters: award 5 shared with seat 1.
    game.apply(0, parse_move("spell 1141 1145 1148 1149 1151 5 12"))
    assert game.player(0).award == 5 and game.player(1).award == 5
    game = make(seats=[{"hand": hand0, "timeless": [5, 12]}, {"timeless": [31, 23], "award": 5}],
                options={"adverts": False}, offer_row=ROW)
    game.apply(0, parse_move("spell 1141 1145 1148 1149 1151 5 12 31"))  # 8 letters: award 6; seat 1 loses theirs
    assert game.player(0).award == 6 and game.player(1).award == 0


def test_r26_unique_words_per_game_and_per_player() -> None:
    seats = [{"hand": [1141, 1156], "draw": [1141 + 0]}, {"hand": [2141, 2156]}]
    seats[0]["draw"] = []
    game = make(seats=seats, options={**NO_VARIANTS, "unique_words": "game"}, offer_row=ROW)
    game.apply(0, parse_move("spell 1141 1156"))  # AT
    while game.active_seat == 0:
        game.apply(0, parse_move("end" if game.phase == "buy" else "pass"))
    with pytest.raises(IllegalMove, match="AT was already spelled in this game") as info:
        game.apply(1, parse_move("spell 2141 2156=T"))  # E30: a wild letter spells the same word
    assert info.value.code == "repeated_word"
    game = make(seats=[{"hand": [1141, 1156]}, {"hand": [2141, 2156]}],
                options={**NO_VARIANTS, "unique_words": "player"}, offer_row=ROW)
    game.apply(0, parse_move("spell 1141 1156"))
    while game.active_seat == 0:
        game.apply(0, parse_move("end" if game.phase == "buy" else "pass"))
    game.apply(1, parse_move("spell 2141 2156"))  # someone else may repeat it per player
