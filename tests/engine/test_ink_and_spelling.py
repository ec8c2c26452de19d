"""Ink and remover, spelling, validation and writer's block (RULES.md R6-R9, E7, E12-E16, E24)."""

from __future__ import annotations

import pytest
from enginekit import make

from hardback_bot.engine import IllegalMove, WordSet, parse_move
from hardback_bot.engine.events import InkDraw
from hardback_bot.engine.scenario import build_game


def test_r6_1_ink_draws_an_inked_card() -> None:
    game = make(seats=[{"hand": [1141, 1145], "draw": [1156, 1148], "ink": 2}, {}])
    events = game.apply(0, parse_move("ink"))
    p = game.player(0)
    assert p.ink == 1 and p.hand[-1] == 1156 and p.inked == [1156]
    assert events[-1] == InkDraw(seat=0, card=1156)  # R6.10: announced publicly


def test_r6_2_ink_timing_on_and_off_turn() -> None:
    game = make(seats=[{"hand": [1141, 1156], "draw": [1145], "ink": 1},
                       {"hand": [2141, 2145], "draw": [2148, 2149], "ink": 2}],
                offer_row=[17, 29, 49, 58, 61, 76, 83], unlisted_cards="box")
    game.apply(1, parse_move("ink"))  # off turn, during the active player's spelling
    game.apply(0, parse_move("spell 1141 1156"))  # A + T: 2 coins, buy phase (2-cost cards in the row)
    assert game.phase == "buy"
    with pytest.raises(IllegalMove, match="between confirming your word"):
        game.apply(0, parse_move("ink"))
    game.apply(1, parse_move("ink"))  # others may ink at any time of the active turn
    assert game.player(1).inked == [2148, 2149]


def test_r6_3_ink_reshuffles_discard_and_e15_refuses_with_nothing_to_draw() -> None:
    game = make(seats=[{"hand": [1141], "draw": [], "discard": [1145], "ink": 2}, {}])
    game.apply(0, parse_move("ink"))
    assert game.player(0).hand == [1141, 1145]
    before = game.to_json()
    with pytest.raises(IllegalMove, match="nothing to draw"):
        game.apply(0, parse_move("ink"))
    assert game.to_json() == before and game.player(0).ink == 1


def test_no_ink_refused() -> None:
    game = make(seats=[{"hand": [1141, 1145]}, {}])
    with pytest.raises(IllegalMove, match="You have no ink") as info:
        game.apply(0, parse_move("ink"))
    assert info.value.code == "no_ink"


def test_r6_4_inked_cards_must_be_used_face_up() -> None:
    game = make(seats=[{"hand": [1141, 1145, 1154], "inked": [1154]}, {}])
    with pytest.raises(IllegalMove, match=r"Inked card R \(1154\) must be in your word"):
        game.apply(0, parse_move("spell 1141 1145"))
    with pytest.raises(IllegalMove, match="must be in your word"):
        game.apply(0, parse_move("spell 1141 1154=E"))  # never wild
    game.apply(0, parse_move("spell 1154 1145 1141"))  # R E A


def test_r6_5_remover_clears_and_r6_6_undo_until_confirmed() -> None:
    game = make(seats=[{"hand": [1141, 1145, 1154], "inked": [1154], "remover": 1}, {}])
    game.apply(0, parse_move("remover 1154"))
    p = game.player(0)
    assert p.inked == [] and p.cleared == [1154] and p.remover == 0
    game.apply(0, parse_move("unremover 1154"))
    assert p.inked == [1154] and p.remover == 1 and p.stats.use_remover == 0
    game.apply(0, parse_move("remover 1154"))
    game.apply(0, parse_move("spell 1141 1145"))  # the cleared card may be left out ...
    assert 1154 in p.discard  # ... and is discarded with the unused cards
    assert p.cleared == []
    with pytest.raises(IllegalMove):
        game.apply(0, parse_move("unremover 1154"))


def test_r6_5_remover_requires_remover_and_an_inked_card() -> None:
    game = make(seats=[{"hand": [1141, 1154], "inked": [1154]}, {}])
    with pytest.raises(IllegalMove, match="no remover"):
        game.apply(0, parse_move("remover 1154"))
    game.player(0).remover = 1
    with pytest.raises(IllegalMove, match="not one of your inked cards"):
        game.apply(0, parse_move("remover 1141"))


def test_r6_7_r9_4_skip_discards_inked_cards_and_the_ink_is_lost() -> None:
    game = make(seats=[{"hand": [1141, 1154], "inked": [1154], "draw": [1145, 1148, 1149, 1151, 1155]}, {}])
    game.apply(0, parse_move("skip"))
    p = game.player(0)
    assert sorted(p.discard) == [1141, 1154] and p.inked == [] and len(p.hand) == 5


def test_r7_1_r7_5_words_from_classics_in_play_of_anyone() -> None:
    game = make(seats=[{"hand": [1141]}, {"timeless": [12]}], options={"adverts": False})
    game.apply(0, parse_move("spell 12 1141"))  # adventure I classic of seat 1 + own A: "IA"
    assert game.state.turn.word[0].owner == 1


def test_r7_2_minimum_two_cards() -> None:
    game = make(seats=[{"hand": [1141, 1145]}, {}])
    with pytest.raises(IllegalMove, match="at least 2 cards"):
        game.apply(0, parse_move("spell 1141"))


def test_r7_3_wilds() -> None:
    game = make(seats=[{"hand": [1141, 1145, 5]}, {"timeless": [12]}])
    with pytest.raises(IllegalMove, match="cannot be played wild"):
        game.apply(0, parse_move("spell 12=X 1141"))
    # A classic from the hand may be wild; then it does not enter play (E7).
    game.apply(0, parse_move("spell 5=Q 1141 1145=A"))
    assert game.state.turn.word[0].letter == "Q"
    while game.phase != "spell":
        game.apply(0, parse_move("end" if game.phase == "buy" else "pass"))
    assert 5 not in game.player(0).timeless and 5 in game.player(0).discard + game.player(0).hand + \
        game.player(0).draw


def test_r7_card_must_be_yours() -> None:
    game = make(seats=[{"hand": [1141, 1145]}, {"hand": [2141]}])
    with pytest.raises(IllegalMove, match="not in your hand or in play"):
        game.apply(0, parse_move("spell 1141 2141"))
    with pytest.raises(IllegalMove, match="only once"):
        game.apply(0, parse_move("spell 1141 1141"))


def test_r7_9_unused_cards_discarded_before_benefits() -> None:
    game = make(seats=[{"hand": [88, 71, 1145, 1156]}, {}])  # romance M, A: dumps
    game.apply(0, parse_move("spell 88 71"))  # "MA": romance active
    assert game.phase == "dump"
    assert sorted(game.player(0).discard) == [1145, 1156]
    game.apply(0, parse_move("dump 1156"))
    assert 1156 in game.state.box  # R15.5: a dumped starter goes to the box


def test_r8_dictionary_and_refusal_changes_nothing() -> None:
    game = build_game({"seats": [{"hand": [1141, 1156, 1145]}, {}]}, checker=WordSet(["at", "eat"]))
    before = game.to_json()
    with pytest.raises(IllegalMove, match="TA is not in the dictionary") as info:
        game.apply(0, parse_move("spell 1156 1141"))
    assert info.value.code == "not_a_word" and game.to_json() == before
    game.apply(0, parse_move("spell 1145 1141 1156"))
    assert game.state.turn.word[0].letter == "E"


def test_r8_2_inked_check_comes_before_the_dictionary() -> None:
    game = build_game({"seats": [{"hand": [1141, 1156, 1154], "inked": [1154]}, {}]}, checker=WordSet([]))
    with pytest.raises(IllegalMove) as info:
        game.apply(0, parse_move("spell 1141 1156"))
    assert info.value.code == "inked_card_missing"


def test_r9_writers_block() -> None:
    game = make(seats=[{"hand": [1141, 1145], "timeless": [5], "draw": [1148, 1149, 1151, 1154, 1155]},
                       {"timeless": [12]}],
                offer_row=[17, 29, 9, 33, 49, 58, 61])
    game.apply(0, parse_move("skip"))
    p0, p1 = game.player(0), game.player(1)
    assert p0.discard == [1141, 1145] and len(p0.hand) == 5
    assert p0.timeless == [5] and p1.timeless == [12]  # classics stay in play
    assert 17 not in game.state.offer_row  # R9.3, E16: a skipped turn cycles the row
    assert game.active_seat == 1


def test_e14_fewer_than_two_usable_cards_only_skip() -> None:
    game = make(seats=[{"hand": [1141]}, {}])
    assert [m.kind for m in game.legal_moves(0)] == ["skip"]
    with pytest.raises(IllegalMove):
        game.apply(0, parse_move("spell 1141 1141"))


def test_e24_inked_timeless_classic_enters_play() -> None:
    game = make(seats=[{"hand": [1141, 12], "inked": [12]}, {}], options={"adverts": False})
    game.apply(0, parse_move("spell 12 1141"))
    while game.phase != "spell":
        game.apply(0, parse_move("end" if game.phase == "buy" else "pass"))
    assert game.player(0).timeless == [12]


def test_not_your_turn() -> None:
    game = make(seats=[{"hand": [1141, 1145]}, {"hand": [2141, 2145]}])
    with pytest.raises(IllegalMove, match="not your turn") as info:
        game.apply(1, parse_move("spell 2141 2145"))
    assert info.value.code == "not_your_turn"
    with pytest.raises(IllegalMove):
        game.apply(7, parse_move("skip"))


def test_r8_5_real_bundled_dictionary() -> None:
    from hardback_bot.words import get_dictionary

    words = get_dictionary("common")
    game = build_game({"seats": [{"hand": [1141, 1156, 1145, 1154, 1155]}, {}]}, checker=words)
    with pytest.raises(IllegalMove, match="not in the dictionary"):
        game.apply(0, parse_move("spell 1156 1154 1141 1145=Z"))  # TRAZ
    game.apply(0, parse_move("spell 1156 1154 1141 1145=Y"))  # TRAY, with a wild Y
    assert game.player(0).stats.words == 1 and game.player(0).longest_word == "TRAY"
