"""Genre activation and every benefit type, in the fixed resolution order
(RULES.md R10-R17, R37 worked examples, E3-E7, E9-E11, E20-E23, E25)."""

from __future__ import annotations

import pytest
from enginekit import make

from hardback_bot.engine import Game, IllegalMove, Move, parse_move
from hardback_bot.engine.events import Uncover

NO_VARIANTS = {"adverts": False, "awards": False}
QUIET_ROW = [17, 29, 49, 58, 61, 126, 135]  # cheap, mixed genres: no flush condition


def finish_turn(game: Game, seat: int = 0) -> None:
    while game.active_seat == seat and game.phase not in ("spell", "over"):
        kinds = {m.kind for m in game.legal_moves(seat)}
        game.apply(seat, Move("pass") if "pass" in kinds else Move("end") if "end" in kinds else
                   next(m for m in game.legal_moves(seat) if m.kind not in ("ink", "timeout")))


def test_r37_1_adventure_pair_and_trash_both() -> None:
    game = make(seats=[{"hand": [1, 4]}, {}], options=NO_VARIANTS)
    game.apply(0, parse_move("spell 1 4"))
    assert game.player(0).prestige == 3 and game.state.turn.coins == 2
    assert game.phase == "trash"
    assert {m.card for m in game.legal_moves(0) if m.kind == "trash"} == {1, 4}
    game.apply(0, parse_move("trash 1"))
    game.apply(0, parse_move("trash 4"))
    assert game.player(0).prestige == 3 and game.state.turn.coins == 7
    assert {1, 4} <= set(game.state.removed)  # R15.2


def test_r37_2_uncover_a_wild_neither_genre_active() -> None:
    game = make(seats=[{"hand": [120, 67, 1156]}, {}], options=NO_VARIANTS, offer_row=QUIET_ROW)
    events = game.apply(0, parse_move("spell 120 67=A 1156"))
    assert any(isinstance(e, Uncover) and e.card == 67 for e in events)
    t = game.state.turn
    assert t.counts == {"mystery": 1, "horror": 1}
    assert game.phase == "choice"
    assert game.pending() == {"phase": "choice", "card": 67, "kind": "either_coins_or_prestige", "value": 1}
    assert t.coins == 3  # K 2 + T 1 (K's genre bonus inactive)
    game.apply(0, parse_move("take prestige"))
    assert game.player(0).prestige == 1


def test_r37_3_adventure_o_counts_own_classic_and_doubling() -> None:
    # O + two adventure cards + own adventure classic in play (not in the word): count 4.
    game = make(seats=[{"hand": [21, 17, 29], "timeless": [12]}, {}], options=NO_VARIANTS)
    game.apply(0, parse_move("spell 21 17 29"))
    t = game.state.turn
    assert t.counts["adventure"] == 4
    assert t.coins == 8  # O: 4 x 2 coins
    # With a romance doubler next to O (romance active thanks to a second romance card): 16 coins.
    game = make(seats=[{"hand": [21, 75, 76, 17, 29], "timeless": [12]}, {}], options=NO_VARIANTS)
    game.apply(0, parse_move("spell 21 75 17 29 76"))  # D doubles O (its only eligible neighbour... and L)
    # D sits between O and L: two targets, the player picks O.
    assert game.phase == "double"
    game.apply(0, parse_move("double 21"))
    t = game.state.turn
    o_coins = 16
    assert t.coins == o_coins + 2 + 1 + 1  # + D 2, E 1 basic, E 1 genre
    assert game.player(0).prestige == 4 + 1 + 1 + 1 + 2 + 2  # O 2x2, L 1+1, V 1+2, I classic 2


def test_r37_4_advert_only_turn_still_cycles() -> None:
    game = make(seats=[{"hand": [6, 20, 34], "timeless": []}, {}], offer_row=[16, 24, 136, 99, 87, 41, 8])
    game.apply(0, parse_move("spell 6 20 34"))  # D N Y: 2+2+1+2 = 7 coins + N genre 1 coin = 8? see assert
    assert game.phase in ("trash", "buy")
    finish = game.state.turn
    while game.phase != "buy":
        game.apply(0, parse_move("pass"))
    assert finish.coins >= 6
    oldest = game.state.offer_row[0]
    game.apply(0, parse_move("advert"))
    while game.active_seat == 0:
        game.apply(0, parse_move("end"))
    assert oldest not in game.state.offer_row and oldest in game.state.removed


def test_r10_3_single_card_genre_inactive_and_starters_never_count() -> None:
    game = make(seats=[{"hand": [17, 1141, 1145]}, {}], options=NO_VARIANTS)
    game.apply(0, parse_move("spell 17 1141 1145"))
    assert game.state.turn.counts == {"adventure": 1}
    assert game.player(0).prestige == 1  # L basic only


def test_r10_5_own_classic_activates_genre_and_gives_benefits_outside_word() -> None:
    game = make(seats=[{"hand": [115, 1141], "timeless": [107]}, {}], options=NO_VARIANTS, offer_row=QUIET_ROW)
    game.apply(0, parse_move("spell 115 1141"))  # mystery H + own mystery A classic in play
    t = game.state.turn
    assert t.counts == {"mystery": 2}
    # H: 1 prestige + 2 genre; A classic: 2 coins + 1 genre coin; starter A 1 coin.
    assert game.player(0).prestige == 3 and t.coins == 4


def test_e22_own_classic_in_word_counted_once_and_doublable() -> None:
    game = make(seats=[{"hand": [75, 1141], "timeless": [86]}, {}], options=NO_VARIANTS, offer_row=QUIET_ROW)
    game.apply(0, parse_move("spell 75 86 1141"))  # romance D doubles (genre) its only neighbour, the K classic
    t = game.state.turn
    assert t.counts == {"romance": 2}
    assert t.word[1].mult == 2
    assert t.coins == 2 + 2 * 2 + 1  # D 2, K classic (1 + 1 genre) doubled, starter A 1
    finish_turn(game)
    assert game.player(0).timeless == [86]


def test_e23_rival_classic_gives_nothing_counts_nothing_and_leaves_play() -> None:
    game = make(seats=[{"hand": [75, 1141]}, {"timeless": [86]}], options=NO_VARIANTS, offer_row=QUIET_ROW)
    game.apply(0, parse_move("spell 75 86 1141"))
    t = game.state.turn
    assert t.counts == {"romance": 1}  # D alone: inactive, so no double at all
    assert all(s.mult == 1 for s in t.word)
    finish_turn(game)
    assert game.player(1).timeless == [] and 86 in game.player(1).discard  # R10.8


def test_e5_doubler_next_to_rival_classic_does_nothing() -> None:
    game = make(seats=[{"hand": [75, 76]}, {"timeless": [86]}], options=NO_VARIANTS, offer_row=QUIET_ROW)
    game.apply(0, parse_move("spell 76 75 86"))  # E D K(rival): romance active via E + D; D's neighbours: E, K
    t = game.state.turn
    assert t.word[0].mult == 2 and t.word[2].mult == 1  # only E was eligible: doubled automatically


def test_r10_7_classic_played_face_up_enters_play_and_r10_6_pays_every_turn() -> None:
    game = make(seats=[{"hand": [12, 1141], "draw": [1145, 1148, 1149, 1151, 1155]}, {}], options=NO_VARIANTS,
                offer_row=QUIET_ROW)
    game.apply(0, parse_move("spell 12 1141"))
    finish_turn(game)
    assert game.player(0).timeless == [12]
    game.apply(1, parse_move("skip"))
    before = game.player(0).prestige
    game.apply(0, parse_move("spell 1145 1148"))
    assert game.player(0).prestige == before + 2  # the classic pays its basic prestige without being used


def test_r13_9_doubled_either_choice() -> None:
    game = make(seats=[{"hand": [75, 36, 76]}, {}], options=NO_VARIANTS, offer_row=QUIET_ROW)
    game.apply(0, parse_move("spell 75 36 76"))  # D A E: romance active (D, E); D's neighbours: A (horror) and nothing
    assert game.pending() == {"phase": "choice", "card": 36, "kind": "either_coins_or_prestige", "value": 4}
    game.apply(0, parse_move("take coins"))
    assert game.state.turn.coins == 2 + 4 + 2


def test_r13_9_tripled_starter_between_two_doublers() -> None:
    game = make(seats=[{"hand": [72, 1156, 91]}, {}], options=NO_VARIANTS, offer_row=QUIET_ROW)
    game.apply(0, parse_move("spell 72 1156 91"))  # B T O
    t = game.state.turn
    assert t.word[1].mult == 3
    assert t.coins == 2 + 3 + 2


def test_r13_8_two_doublers_double_each_other() -> None:
    game = make(seats=[{"hand": [72, 91]}, {}], options=NO_VARIANTS, offer_row=QUIET_ROW)
    game.apply(0, parse_move("spell 72 91"))
    t = game.state.turn
    assert [s.mult for s in t.word] == [2, 2] and t.coins == 8


def test_r13_2_choice_between_two_targets_and_bad_target_refused() -> None:
    game = make(seats=[{"hand": [1141, 75, 76]}, {}], options=NO_VARIANTS, offer_row=QUIET_ROW)
    game.apply(0, parse_move("spell 1141 75 76"))
    assert game.phase == "double"
    assert {m.card for m in game.legal_moves(0) if m.kind == "double"} == {1141, 76}
    with pytest.raises(IllegalMove, match="Choose card"):
        game.apply(0, parse_move("double 75"))
    game.apply(0, parse_move("double 76"))
    assert game.state.turn.coins == 1 + 2 + 4


def test_e4_doubling_a_special_counter() -> None:
    # mystery N (per wild) doubled by romance D: 2 prestige per wild.
    game = make(seats=[{"hand": [124, 75, 110, 1141, 76]}, {}], options=NO_VARIANTS, offer_row=QUIET_ROW)
    game.apply(0, parse_move("spell 76 75 124 110 1141=Q"))
    assert game.phase == "double"
    game.apply(0, parse_move("double 124"))
    # N: 3+1 basic/genre prestige x2 = 8, per wild 1 x2 x 1 wild = 2; D mystery? D is mystery 110.
    assert game.state.turn.word[2].mult == 2


def test_r14_uncover_chain_and_genre_count() -> None:
    # mystery A (uncover, basic) next to a wild mystery E (genre uncover) next to a wild mystery D.
    game = make(seats=[{"hand": [106, 111, 110, 1141]}, {}], options=NO_VARIANTS, offer_row=QUIET_ROW)
    game.apply(0, parse_move("spell 106 111=X 110=Y 1141"))
    t = game.state.turn
    assert t.word[1].uncovered and t.word[2].uncovered  # A uncovers E; E (mystery now active) uncovers D
    assert t.counts["mystery"] == 3
    # A: 1 + E: 2 coins + D: 1 + 2 prestige; starter A 1 coin
    assert t.coins == 3 and game.player(0).prestige == 1 + 3


def test_r14_5_uncovered_card_still_counts_as_wild() -> None:
    game = make(seats=[{"hand": [124, 119, 106]}, {}], options=NO_VARIANTS, offer_row=QUIET_ROW)
    events = game.apply(0, parse_move("spell 106 119=B 124"))  # A uncovers K (wild); N counts 1 wild (uncovered)
    assert Uncover(seat=0, card=119, source=106) in events  # the event names who acted
    # A 1, K 1+1 (mystery active), N 3+1+1 per wild
    assert game.player(0).prestige == 1 + 2 + 5


def test_r14_6_uncovered_classic_from_hand_enters_play() -> None:
    game = make(seats=[{"hand": [106, 113]}, {}], options=NO_VARIANTS, offer_row=QUIET_ROW)
    game.apply(0, parse_move("spell 106 113=Z"))
    assert game.state.turn.word[1].uncovered
    finish_turn(game)
    assert game.player(0).timeless == [113]


def test_r14_two_wild_neighbours_player_chooses() -> None:
    game = make(seats=[{"hand": [1141, 106, 1145]}, {}], options=NO_VARIANTS, offer_row=QUIET_ROW)
    game.apply(0, parse_move("spell 1141=C 106 1145=T"))
    assert game.phase == "uncover" and game.pending()["targets"] == [1141, 1145]
    events = game.apply(0, parse_move("uncover 1145"))
    assert [e.card for e in events if isinstance(e, Uncover)] == [1145]
    assert game.player(0).stats.coins == 1  # only the uncovered starter T pays


def test_r11_10_prestige_per_inked_card() -> None:
    game = make(seats=[{"hand": [46, 45, 1141], "inked": [46, 1141]}, {}], options=NO_VARIANTS, offer_row=QUIET_ROW)
    game.apply(0, parse_move("spell 46 45 1141"))  # H (inked) G A (inked): horror active
    # H: 1 coin 2 prestige + 2 inked x 1; G: 2 + 2 prestige (+ ink_or_remover choice)
    assert game.player(0).prestige == 2 + 2 + 4
    assert game.pending()["kind"] == "ink_or_remover"
    game.apply(0, parse_move("take remover"))
    assert game.player(0).remover == 1


def test_r11_3_ink_or_remover_not_multiplied() -> None:
    game = make(seats=[{"hand": [55, 75, 76]}, {}], options=NO_VARIANTS, offer_row=QUIET_ROW)
    game.apply(0, parse_move("spell 76 75 55"))  # E D P: D doubles E or P; choose P
    game.apply(0, parse_move("double 55"))
    game.apply(0, parse_move("take ink"))
    assert game.player(0).ink == 1
    assert game.player(0).prestige == 4


def test_r12_8_choices_in_word_order_basic_then_genre_then_ink() -> None:
    game = make(seats=[{"hand": [70, 54]}, {}], options=NO_VARIANTS, offer_row=QUIET_ROW)
    game.apply(0, parse_move("spell 70 54"))  # horror Z then horror O, both with basic + genre either; Z has ink
    seen = []
    while game.phase == "choice":
        pend = game.pending()
        seen.append((pend["card"], pend["kind"], pend["value"]))
        game.apply(0, parse_move("take prestige" if pend["kind"] != "ink_or_remover" else "take ink"))
    assert seen == [(70, "either_coins_or_prestige", 2), (70, "either_coins_or_prestige", 1),
                    (70, "ink_or_remover", 0), (54, "either_coins_or_prestige", 2),
                    (54, "either_coins_or_prestige", 1)]


def test_r15_dump_highest_first_skip_forfeits_and_e11_empty_discard() -> None:
    game = make(seats=[{"hand": [88, 75, 71], "discard": [1141, 1145]}, {}], options=NO_VARIANTS,
                offer_row=QUIET_ROW)
    game.apply(0, parse_move("spell 88 75 71"))  # M D A: D doubles M or A
    game.apply(0, parse_move("double 71"))  # A's dump now worth 2
    assert game.phase == "dump"
    coins = game.state.turn.coins
    game.apply(0, parse_move("dump 1141"))
    assert game.state.turn.coins == coins + 2  # E20: the highest-valued dump first
    game.apply(0, parse_move("pass"))  # forfeits M's dump
    assert game.phase != "dump"
    game = make(seats=[{"hand": [88, 71]}, {}], options=NO_VARIANTS, offer_row=QUIET_ROW)
    game.apply(0, parse_move("spell 88 71"))
    assert game.phase != "dump"  # E11: nothing to dump


def test_r15_1_only_own_word_cards_trash_and_e25_inked_card_may_trash() -> None:
    game = make(seats=[{"hand": [1, 4], "inked": [4]}, {}], options=NO_VARIANTS)
    game.apply(0, parse_move("spell 1 4"))
    game.apply(0, parse_move("trash 4"))
    assert 4 in game.state.removed
    with pytest.raises(IllegalMove, match="cannot be trashed"):
        game.apply(0, parse_move("trash 4"))


def test_r16_preview_return_discard_and_back_to_dump() -> None:
    game = make(seats=[{"hand": [95, 71], "draw": [1141, 1145, 1148, 1149]}, {}], options=NO_VARIANTS,
                offer_row=QUIET_ROW)
    game.apply(0, parse_move("spell 95 71"))  # R A (romance active): preview + dump
    assert game.phase == "preview"  # the discard pile is empty, so the dump step was skipped (E11)
    game.apply(0, parse_move("preview"))
    assert game.phase == "previewing" and sorted(game.pending()["cards"]) == [1141, 1145, 1148]
    game.apply(0, parse_move("return 1148"))
    game.apply(0, parse_move("discard 1145"))
    game.apply(0, parse_move("return 1141"))
    p = game.player(0)
    assert p.draw[-2:] == [1148, 1141]  # first drawn back on top, original relative order
    assert game.phase == "dump"  # R12.13: a discarded preview card can now be dumped
    game.apply(0, parse_move("dump 1145"))
    assert 1145 in game.state.box


def test_e10_preview_with_a_short_draw_pile() -> None:
    game = make(seats=[{"hand": [95, 71], "draw": [1141], "discard": []}, {}], options=NO_VARIANTS,
                offer_row=QUIET_ROW)
    game.apply(0, parse_move("spell 95 71"))
    game.apply(0, parse_move("preview"))
    assert game.pending()["cards"] == [1141]


def test_r17_jail_reserve_and_remove_e9_full_jail() -> None:
    game = make(seats=[{"hand": [112, 138], "jail": 16}, {}], options=NO_VARIANTS, offer_row=QUIET_ROW,
                offer_deck=[2, 3], unlisted_cards="box")
    game.apply(0, parse_move("spell 112 138"))  # F + X: two jail abilities, mystery active
    assert game.phase == "jail"
    game.apply(0, parse_move("reserve 17"))
    p = game.player(0)
    assert p.jail == 17 and 16 in game.state.removed and len(game.state.offer_row) == 7
    game.apply(0, parse_move("remove 29"))
    assert 29 in game.state.removed and p.jail == 17
    assert game.active_seat == 1  # nothing to buy: the turn ended, and jailing prevented cycling
    assert game.state.table_stats.cycled == 0 and len(game.state.offer_row) == 7


def test_r17_3_only_the_jailer_can_buy() -> None:
    game = make(seats=[{"hand": [6, 20, 34]}, {"jail": 16}], options=NO_VARIANTS, offer_row=QUIET_ROW)
    game.apply(0, parse_move("spell 6 20 34"))
    while game.phase != "buy":
        game.apply(0, parse_move("pass"))
    with pytest.raises(IllegalMove, match="Only the jailer can buy this card"):
        game.apply(0, parse_move("buy 16"))
