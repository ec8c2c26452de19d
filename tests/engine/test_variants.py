"""Options and variants: votes (R27), co-op against Penny (R29, R24 co-op, R37.5, E18, E19, E28, E29,
E32), the ghostwriter (R30), absent players (R33) and option validation."""

from __future__ import annotations

import pytest
from enginekit import make

from hardback_bot.engine import Game, GameOptions, IllegalMove, Move, OptionsError, WordSet, parse_move
from hardback_bot.engine.events import GhostwriterRequest, PennyRemove, Timeout, VoteStart
from hardback_bot.engine.scenario import build_game
from hardback_bot.engine.views import player_view, public_view

ROW = [17, 29, 49, 58, 61, 126, 135]


# ---------------------------------------------------------------- option defaults and validation
def test_option_defaults_match_the_bot_defaults_of_the_rules() -> None:
    o = GameOptions()
    assert (o.length, o.awards, o.adverts, o.unique_words, o.vote, o.open_hands, o.coop, o.ghostwriter,
            o.cycling) == (60, True, True, "off", "off", False, False, True, True)


@pytest.mark.parametrize("players, options, message", [
    (2, GameOptions(dictionary="none"), "turn votes on"),
    (1, GameOptions(coop=True, vote="majority"), "at least two players"),
    (1, GameOptions(coop=True, dictionary="none", vote="majority"), "at least two players"),
    (5, GameOptions(coop=True), "1 to 4"),
    (1, GameOptions(), "2 to 5"),
    (2, GameOptions(unique_words="sometimes"), "Unique words"),
    (2, GameOptions(vote="most"), "Votes"),
    (2, GameOptions(penny_genre="sci-fi"), "signature genre"),
])
def test_invalid_combinations_refused_at_creation(players: int, options: GameOptions, message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        Game.new(players, 1, options)


def test_unknown_option_refused() -> None:
    with pytest.raises(OptionsError, match="Unknown table option"):
        GameOptions.from_dict({"length": 60, "speed": "fast"})


# ---------------------------------------------------------------- votes (R27)
def vote_game(players: int = 3, mode: str = "majority") -> Game:
    return build_game({"players": players, "options": {"vote": mode, "adverts": False}, "offer_row": ROW,
                       "seats": [{"hand": [1141, 1156, 1145]}] + [{}] * (players - 1)},
                      checker=WordSet(["tea"]))


def test_r27_4_majority_accepts_on_half_and_ties_accept() -> None:
    game = vote_game(3)
    events = game.apply(0, parse_move("spell 1141 1156"))
    assert game.phase == "vote" and isinstance(events[0], VoteStart) and events[0].voters == (1, 2)
    game.apply(1, parse_move("vote accept"))  # 1 of 2 is half: accepted (ties accept), seat 2 is not asked (E33)
    assert game.phase != "vote"
    with pytest.raises(IllegalMove):
        game.apply(2, parse_move("vote reject"))


def test_r27_4_majority_refused_and_back_to_spelling() -> None:
    game = vote_game(4)
    game.apply(0, parse_move("spell 1141 1156"))
    game.apply(1, parse_move("vote reject"))
    game.apply(2, parse_move("vote reject"))  # 2 of 3 rejected: more than half
    assert game.phase == "spell" and game.player(0).hand == [1141, 1156, 1145]
    assert game.player(0).stats.invalid_words == 1
    game.apply(0, parse_move("spell 1156 1145 1141"))  # TEA is in the list: no vote


def test_r27_4_unanimous() -> None:
    game = vote_game(3, "unanimous")
    game.apply(0, parse_move("spell 1141 1156"))
    game.apply(1, parse_move("vote accept"))
    assert game.phase == "vote"
    game.apply(2, parse_move("vote reject"))
    assert game.phase == "spell"
    game.apply(0, parse_move("spell 1141 1156"))
    game.apply(2, parse_move("vote accept"))
    game.apply(1, parse_move("vote accept"))
    assert game.phase != "vote" and game.phase != "spell"


def test_r27_4_two_player_single_voter_decides_and_double_votes_refused() -> None:
    game = vote_game(2)
    game.apply(0, parse_move("spell 1141 1156"))
    with pytest.raises(IllegalMove, match="own word"):
        game.apply(0, parse_move("vote accept"))
    game.apply(1, parse_move("vote reject"))
    assert game.phase == "spell"


def test_e12_r27_5_ink_during_a_vote() -> None:
    game = build_game({"players": 3, "options": {"vote": "majority"}, "offer_row": ROW,
                       "seats": [{"hand": [1141, 1156], "ink": 2, "draw": [1145]},
                                 {"ink": 1, "hand": [2141], "draw": [2145]}, {}]}, checker=WordSet([]))
    game.apply(0, parse_move("spell 1141 1156"))
    with pytest.raises(IllegalMove, match="being voted on"):
        game.apply(0, parse_move("ink"))
    with pytest.raises(IllegalMove, match="being voted on"):
        game.apply(0, parse_move("spell 1156 1141"))
    game.apply(1, parse_move("ink"))  # voters may ink
    assert game.player(1).inked == [2145]


def test_r27_3_no_dictionary_sends_every_word_to_a_vote() -> None:
    game = build_game({"players": 2, "options": {"vote": "majority", "dictionary": "none"}, "offer_row": ROW,
                       "seats": [{"hand": [1141, 1156]}, {}]})
    game.apply(0, parse_move("spell 1141 1156"))
    assert game.phase == "vote"


def test_r33_2_absent_voter_accepts() -> None:
    game = vote_game(2)
    game.apply(0, parse_move("spell 1141 1156"))
    game.apply(1, parse_move("timeout"))
    assert game.phase != "vote" and game.player(1).stats.votes_accept == 1


def test_vote_is_public_in_views() -> None:
    game = vote_game(3)
    game.apply(0, parse_move("spell 1141 1156"))
    game.apply(1, parse_move("vote reject"))
    assert public_view(game)["vote"] == {"word": "AT", "voted": [1]}
    assert [m for m in player_view(game, 2)["legal_moves"] if m.kind == "vote"] == [
        Move("vote", choice="accept"), Move("vote", choice="reject")]


# ---------------------------------------------------------------- co-op (R29)
def coop(players: int = 1, genre: str = "none", **spec) -> Game:
    options = {"coop": True, "penny_genre": genre, "adverts": False, "awards": False}
    options.update(spec.pop("options", {}))
    seats = spec.pop("seats", [{}] * players)
    return make(players=players, seats=seats, options=options, **spec)


def test_r29_2_shared_score_and_r29_4_penny_claims_the_oldest() -> None:
    game = coop(2, seats=[{"hand": [1, 4]}, {}], offer_row=[16, 17, 29, 49, 58, 61, 126],
                offer_deck=[2, 3], unlisted_cards="box")
    game.apply(0, parse_move("spell 1 4"))  # 3 prestige for the team
    while game.active_seat == 0:
        game.apply(0, parse_move("pass" if game.phase != "buy" else "end"))
    assert game.scores() == [3, 3]
    assert game.state.penny["score"] == 9  # adventure K, 9 coins, was the oldest
    assert 16 in game.state.removed and game.state.offer_row[-1] == 2
    assert game.state.penny["turns"] == 1


def test_r37_5_romance_signature_doubles_romance_claims() -> None:
    game = coop(1, "romance", offer_row=[87, 17, 29, 49, 58, 61, 126])  # romance L, 8 coins... see below
    game.apply(0, parse_move("skip"))
    assert game.state.penny["score"] == 16
    game = coop(1, "romance", offer_row=[102, 17, 29, 49, 58, 61, 126])  # romance X costs 7
    game.apply(0, parse_move("skip"))
    assert game.state.penny["score"] == 14


def test_r29_3_adventure_signature_on_each_purchase() -> None:
    game = coop(1, "adventure", seats=[{"hand": [1141, 1145, 1148, 1149]}], offer_row=[17, 29, 49, 58, 61, 126, 135],
                offer_deck=[36, 37], unlisted_cards="box")
    game.apply(0, parse_move("spell 1141 1145 1148 1149"))
    game.apply(0, parse_move("buy 17"))  # adventure V (29) still in the row: Penny +1
    assert game.state.penny["score"] == 1
    game.apply(0, parse_move("buy 29"))  # no adventure card left in the row after it leaves: nothing
    # The turn ended (no coins left) and Penny claimed the oldest card, horror K (2).
    assert game.state.penny["score"] == 1 + 2


def test_r29_3_horror_signature_on_ink_spent() -> None:
    game = coop(1, "horror", seats=[{"hand": [1141, 1145], "draw": [1148, 1149], "ink": 3}], offer_row=ROW)
    game.apply(0, parse_move("ink"))
    game.apply(0, parse_move("ink"))
    assert game.state.penny["score"] == 2


def test_r29_3_mystery_signature_removes_the_cheapest() -> None:
    game = coop(1, "mystery", offer_row=[131, 16, 24, 136, 99, 87, 41], offer_deck=[2, 112, 3],
                unlisted_cards="box")
    events = game.apply(0, parse_move("skip"))  # Penny claims mystery R (6); the refill brings adventure A (7)
    removed = [e.card for e in events if isinstance(e, PennyRemove)]
    assert removed == [2]  # cheapest is 7: adventure A and Q; the alphabetically first letter goes
    assert game.state.offer_row[-1] == 112
    assert game.state.penny["score"] == 6


def test_e19_penny_mystery_can_remove_the_card_just_drawn() -> None:
    game = coop(1, "mystery", offer_row=[131, 16, 24, 136, 99, 87, 41], offer_deck=[112, 3], unlisted_cards="box")
    events = game.apply(0, parse_move("skip"))
    assert [e.card for e in events if isinstance(e, PennyRemove)] == [112]
    assert game.state.offer_row[-1] == 3


def test_r29_5_no_flush_no_cycling_in_coop() -> None:
    game = coop(1, seats=[{"hand": [1141, 1145]}], offer_row=[16, 24, 136, 99, 87, 41, 17])
    game.apply(0, parse_move("spell 1141 1145"))
    assert game.phase == "buy"  # never a flush step
    with pytest.raises(IllegalMove):
        game.apply(0, parse_move("flush"))


def test_r29_6_others_classics_return_to_their_owner() -> None:
    game = coop(2, seats=[{"hand": [1141]}, {"timeless": [12]}], offer_row=ROW)
    game.apply(0, parse_move("spell 12 1141"))
    while game.active_seat == 0:
        game.apply(0, parse_move("pass" if game.phase != "buy" else "end"))
    assert game.player(1).timeless == [12]


def test_r29_6_added_card_discards_oldest_classic_of_its_genre_and_e32() -> None:
    # Own classics in play: adventure I (12) then adventure C (5). Penny's refill brings an adventure card.
    game = coop(1, seats=[{"hand": [1141, 1145, 31], "timeless": [12, 5]}], offer_row=ROW,
                offer_deck=[2, 3], unlisted_cards="box")
    game.apply(0, parse_move("spell 1141 1145 31"))  # the new classic W (31) enters play at cleanup (E32)
    while game.active_seat == 0 and game.phase not in ("spell", "over"):
        game.apply(0, parse_move("pass" if game.phase != "buy" else "end"))
    p = game.player(0)
    # Penny claimed 17 (adventure); the refill 2 (adventure A) discards the oldest adventure classic: I (12).
    assert 12 in p.discard + p.hand + p.draw and p.timeless == [5, 31]


def test_r29_8_penny_reaching_the_goal_ends_the_game_and_e29_tie_loses() -> None:
    game = coop(1, offer_row=[16, 17, 29, 49, 58, 61, 126])
    game.state.penny["score"] = 51
    game.state.penny["team"] = 60 - 0
    game.apply(0, parse_move("skip"))  # team already at 60: the game ends before Penny plays
    assert game.finished and game.results()[0]["won"]
    game = coop(1, offer_row=[16, 17, 29, 49, 58, 61, 126])
    game.state.penny["score"] = 51
    game.state.penny["team"] = 60 - 1
    game.apply(0, parse_move("skip"))  # Penny claims 9: 60, ends at once; team 59 loses
    assert game.finished and not game.results()[0]["won"] and game.results()[0]["margin"] == -1
    game = coop(1, offer_row=[16, 17, 29, 49, 58, 61, 126])
    game.state.penny["score"] = 51
    game.state.penny["team"] = 58
    game.player(0).award = 2
    game.apply(0, parse_move("skip"))
    assert game.finished and not game.results()[0]["won"]  # 58 + 2 = 60 against 60: a tie loses


def test_e18_award_after_penny_ends_can_win() -> None:
    game = coop(1, offer_row=[16, 17, 29, 49, 58, 61, 126])
    game.state.penny["score"] = 51
    game.state.penny["team"] = 55
    game.player(0).award = 9
    game.apply(0, parse_move("skip"))
    assert game.finished and game.results()[0]["won"] and game.results()[0]["prestige"] == 64


def test_e28_exact_goal_comparison() -> None:
    game = coop(4, offer_row=ROW)
    game.state.penny["team"] = 239
    game.apply(0, parse_move("skip"))
    assert not game.finished  # 239 of 240 is not the goal


def test_r29_8_ink_that_hands_penny_the_game_off_turn_is_refused() -> None:
    game = coop(2, "horror", seats=[{"hand": [1141, 1145]}, {"hand": [2141], "draw": [2145], "ink": 1}],
                offer_row=ROW)
    game.apply(0, parse_move("spell 1141 1145"))  # buy phase: seat 1 may ink (the game is in a purchase step)
    game.state.penny["score"] = 119
    game.apply(1, parse_move("ink"))
    assert game.finished and not game.results()[0]["won"]


def test_r29_8_the_legal_moves_leave_out_an_ink_that_would_be_refused() -> None:
    # Found by the random-play property test: the legal moves listed an ink the engine then refused.
    game = coop(2, "horror", seats=[{"hand": [1, 4]}, {"hand": [2141], "draw": [2145, 2148], "ink": 2}],
                offer_row=ROW)
    game.apply(0, parse_move("spell 1 4"))  # a trash step: neither spelling nor buying
    assert game.phase == "trash" and "ink" in [m.kind for m in game.legal_moves(1)]
    game.state.penny["score"] = 119  # one ink more and Penny has her 120
    assert "ink" not in [m.kind for m in game.legal_moves(1)]
    with pytest.raises(IllegalMove) as refused:
        game.apply(1, parse_move("ink"))
    assert refused.value.code == "penny_wins"
    game.apply(0, parse_move("pass"))  # buying now: the same ink is legal again, and hands Penny the game
    assert "ink" in [m.kind for m in game.legal_moves(1)]


def test_r24_2_coop_award_needs_strictly_more() -> None:
    hand = [1141, 1145, 1148, 1149, 1151]
    game = coop(2, seats=[{"hand": hand, "timeless": [5, 12]}, {"award": 5}], options={"awards": True},
                offer_row=ROW)
    game.apply(0, parse_move("spell 1141 1145 1148 1149 1151 5 12"))  # 7 letters: 5, not more than the 5 held
    assert game.player(0).award == 0 and game.player(1).award == 5


def test_coop_hands_are_open() -> None:
    game = coop(2, seats=[{"hand": [1141, 1145]}, {"hand": [2141]}], offer_row=ROW)
    assert player_view(game, 0)["players"][1]["hand"] == [2141]


def test_r29_3_random_signature_is_drawn_at_setup() -> None:
    genres = {Game.new(1, seed, GameOptions(coop=True, penny_genre="random")).state.penny["genre"]
              for seed in range(40)}
    assert genres == {"adventure", "horror", "mystery", "romance"}


# ---------------------------------------------------------------- ghostwriter (R30)
def ghost_game(**options) -> Game:
    return build_game({"players": 3, "options": {"adverts": False, **options}, "offer_row": ROW,
                       "seats": [{"hand": [1141, 1156, 1145, 1148], "inked": [1148], "ink": 0}, {}, {}]},
                      checker=WordSet(["tie", "ate", "tea", "eat"]))


def test_r30_ghostwriter_round_pays_at_cleanup() -> None:
    game = ghost_game()
    events = game.apply(0, parse_move("ghostwriter"))
    assert events[0] == GhostwriterRequest(seat=0, hand=(1141, 1156, 1145, 1148), inked=(1148,))
    assert public_view(game)["players"][0]["hand"] == [1141, 1156, 1145, 1148]  # R30.1: the hand is public
    with pytest.raises(IllegalMove, match="cannot be spelled"):
        game.apply(1, parse_move("suggest ZAP"))
    with pytest.raises(IllegalMove, match="not in the dictionary"):
        game.apply(1, parse_move("suggest TAI"))
    with pytest.raises(IllegalMove, match="cannot be spelled"):
        game.apply(1, parse_move("suggest EAT"))  # the inked I must be in the word
    game.apply(2, parse_move("suggest TIE"))
    game.apply(1, parse_move("suggest TIE"))
    assert public_view(game)["ghostwriter"]["suggestions"] == [[2, "TIE"], [1, "TIE"]]
    game.apply(0, parse_move("spell 1156 1148 1145"))  # TIE with the inked I
    ink_before = game.player(2).ink
    while game.active_seat == 0:
        game.apply(0, parse_move("pass" if game.phase != "buy" else "end"))
    assert game.player(2).ink == ink_before + 2  # 1 + the inked card used; the earliest suggestion wins
    assert game.player(1).ink == 0


def test_r30_2_adopted_suggestion_wins_and_skip_pays_nothing() -> None:
    game = ghost_game()
    game.apply(0, parse_move("ghostwriter"))
    game.apply(2, parse_move("suggest TIE"))
    game.apply(1, parse_move("suggest TIE"))
    game.apply(0, parse_move("adopt 2"))
    game.apply(0, parse_move("spell 1156 1148 1145"))
    while game.active_seat == 0:
        game.apply(0, parse_move("pass" if game.phase != "buy" else "end"))
    assert game.player(1).ink == 2 and game.player(2).ink == 0
    game = ghost_game()
    game.apply(0, parse_move("ghostwriter"))
    game.apply(2, parse_move("suggest TIE"))
    game.apply(0, parse_move("skip"))
    assert game.player(2).ink == 0  # R30.4: nothing on a skip


def test_r30_ghostwriter_option_off_and_own_suggestions_refused() -> None:
    game = ghost_game(ghostwriter=False)
    with pytest.raises(IllegalMove, match="not used at this table"):
        game.apply(0, parse_move("ghostwriter"))
    game = ghost_game()
    with pytest.raises(IllegalMove, match="Nobody is asking"):
        game.apply(1, parse_move("suggest TIE"))
    game.apply(0, parse_move("ghostwriter"))
    with pytest.raises(IllegalMove, match="your own word"):
        game.apply(0, parse_move("suggest TIE"))


# ---------------------------------------------------------------- absent players (R33)
def test_r33_2_timeout_at_spelling_skips() -> None:
    game = make(seats=[{"hand": [1141, 1145]}, {}], offer_row=ROW)
    events = game.apply(0, parse_move("timeout"))
    assert events[0] == Timeout(seat=0) and game.active_seat == 1
    assert game.player(0).stats.skips == 1


def test_r33_2_timeout_later_jumps_to_cleanup_and_coins_become_ink() -> None:
    game = make(seats=[{"hand": [1, 4]}, {}], options={"adverts": False}, offer_row=ROW)
    game.apply(0, parse_move("spell 1 4"))
    assert game.phase == "trash"
    game.apply(0, parse_move("timeout"))
    assert game.active_seat == 1 and game.player(0).ink == 2  # unresolved trash lost, 2 coins became ink


def test_r33_2_timeout_while_previewing_puts_cards_back() -> None:
    game = make(seats=[{"hand": [95, 71], "draw": [1141, 1145, 1148, 1149]}, {}], options={"adverts": False},
                offer_row=ROW)
    game.apply(0, parse_move("spell 95 71"))
    game.apply(0, parse_move("preview"))
    game.apply(0, parse_move("return 1145"))
    game.apply(0, parse_move("timeout"))
    assert game.active_seat == 1
    assert {1141, 1145, 1148, 1149} <= set(game.player(0).hand)  # the previewed cards were put back on top


def test_timeout_by_someone_else_refused() -> None:
    game = make(seats=[{"hand": [1141, 1145]}, {}], offer_row=ROW)
    with pytest.raises(IllegalMove, match="not your turn"):
        game.apply(1, parse_move("timeout"))
