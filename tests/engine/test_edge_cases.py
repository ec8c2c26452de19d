"""Part G edge cases of competitive play not pinned elsewhere (E4, E6, E20, E21, E31, R10.10, R16.1)."""

from __future__ import annotations

import pytest
from enginekit import make

from hardback_bot.engine import IllegalMove, parse_move
from hardback_bot.engine.events import Double, Uncover
from hardback_bot.engine.views import player_view

NO_VARIANTS = {"adverts": False, "awards": False}
ROW = [17, 29, 49, 58, 61, 126, 135]


def test_e4_doubled_per_wild_counter_pays_double_per_unit() -> None:
    # romance W (101, basic double) next to mystery N (124, per wild); mystery active via N + mystery D.
    game = make(seats=[{"hand": [101, 124, 110, 1141]}, {}], options=NO_VARIANTS, offer_row=ROW)
    events = game.apply(0, parse_move("spell 101 124 110 1141=Q"))
    # W has one neighbour (N): doubled automatically. N: (3 + 1) x 2 + 1 x 2 x 1 wild; D: 1 + 2; W: 1.
    assert any(isinstance(e, Double) and e.card == 124 for e in events)
    assert game.player(0).prestige == 8 + 2 + 3 + 1


def test_e6_uncovered_card_can_then_be_doubled() -> None:
    # mystery A (uncover) | wild romance D (double, genre) ... uncovered D counts romance with romance E.
    game = make(seats=[{"hand": [106, 1141, 76]}, {}], options=NO_VARIANTS, offer_row=ROW)
    events = game.apply(0, parse_move("spell 76 1141=X 106"))  # E, wild starter, A: A uncovers the starter
    assert any(isinstance(e, Uncover) for e in events)
    game = make(seats=[{"hand": [106, 75, 76]}, {}], options=NO_VARIANTS, offer_row=ROW)
    events = game.apply(0, parse_move("spell 106 75=X 76"))  # A uncovers D; romance D + E active: D doubles A or E
    assert any(isinstance(e, Uncover) and e.card == 75 for e in events)
    assert game.phase == "double"
    game.apply(0, parse_move("double 106"))
    assert game.state.turn.word[0].mult == 2


def test_e21_genre_bonus_uncover_needs_the_genre_active_when_it_runs() -> None:
    # mystery E (111) has its uncover in the genre bonus. Alone among mysteries it is inactive...
    game = make(seats=[{"hand": [111, 1141, 1145]}, {}], options=NO_VARIANTS, offer_row=ROW)
    events = game.apply(0, parse_move("spell 1145 111 1141=X"))
    assert not any(isinstance(e, Uncover) for e in events)
    # ... but an uncover from mystery A that reveals a mystery card activates it (R14.4).
    game = make(seats=[{"hand": [106, 112, 111]}, {}], options=NO_VARIANTS, offer_row=ROW)
    events = game.apply(0, parse_move("spell 106 112=X 111"))
    assert [e.card for e in events if isinstance(e, Uncover)] == [112]


def test_e20_own_classics_jail_first() -> None:
    # mystery M classic (123, jail in genre bonus) in play + mystery F (112) jail in the word.
    game = make(seats=[{"hand": [112, 1141], "timeless": [123]}, {}], options=NO_VARIANTS, offer_row=ROW,
                offer_deck=[2, 3, 4], unlisted_cards="box")
    game.apply(0, parse_move("spell 112 1141"))
    assert game.phase == "jail"
    game.apply(0, parse_move("remove 17"))
    assert "123:2" in game.state.turn.used  # the classic's jail was used first


def test_r10_10_each_ability_once() -> None:
    game = make(seats=[{"hand": [1, 4]}, {}], options=NO_VARIANTS, offer_row=ROW)
    game.apply(0, parse_move("spell 1 4"))
    game.apply(0, parse_move("trash 1"))
    with pytest.raises(IllegalMove):
        game.apply(0, parse_move("trash 1"))


def test_e31_word_history_when_the_flush_step_begins() -> None:
    game = make(seats=[{"hand": [1, 4]}, {}], options={**NO_VARIANTS, "unique_words": "game"}, offer_row=ROW)
    game.apply(0, parse_move("spell 1 4"))
    assert game.state.word_history == []  # still resolving trash
    game.apply(0, parse_move("pass"))
    assert game.state.word_history == [[0, "AC"]]


def test_r16_1_preview_not_offered_with_empty_piles() -> None:
    game = make(seats=[{"hand": [95, 71]}, {}], options=NO_VARIANTS, offer_row=ROW)
    game.apply(0, parse_move("spell 95 71"))
    assert game.phase != "preview" and game.phase != "previewing"


def test_r17_6_jailed_cards_do_not_count_for_flush() -> None:
    game = make(seats=[{"hand": [1141, 1145], "jail": 16}, {"jail": 24}], options=NO_VARIANTS,
                offer_row=[136, 99, 87, 17, 29, 49, 58])  # three 6+ in the row, two more in jails
    game.apply(0, parse_move("spell 1141 1145"))
    assert game.phase == "buy"


def test_r12_16_turn_public_in_views_during_resolution() -> None:
    game = make(seats=[{"hand": [1, 4]}, {}], options=NO_VARIANTS, offer_row=ROW)
    game.apply(0, parse_move("spell 1 4"))
    turn = player_view(game, 1)["turn"]
    assert turn["letters"] == "AC" and turn["phase"] == "trash" and turn["coins"] == 2
