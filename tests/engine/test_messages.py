"""Refusal codes: every refusal has a stable code, the parameters its sentence needs, and an English
sentence rendered from the one template of its code (hardback_bot/engine/messages.py), so translations
need only that table.  Each code has an example here; a refused move changes nothing (R7.7, R19.6)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from enginekit import make

from hardback_bot.engine import Game, GameOptions, IllegalMove, OptionsError, WordSet, parse_move
from hardback_bot.engine.events import Buy, Double, Dump, FinalRound, Jail, Trash, Uncover
from hardback_bot.engine.messages import TEMPLATES, placeholders, render

ROOT = Path(__file__).resolve().parents[2]
ROW = [17, 16, 29, 49, 126, 135, 58]  # oldest first; 16 costs 9, the rest 2
PLAIN = {"awards": False, "adverts": False, "ghostwriter": True}
AT = [{"hand": [1141, 1156]}, {}]


def _penny_at(score: int) -> Callable[[Game], None]:
    def prep(game: Game) -> None:
        game.state.penny["score"] = score
    return prep


def _offensive(*words: str) -> Callable[[Game], None]:
    def prep(game: Game) -> None:
        game.checker = WordSet(["at", "tea"], offensive=words)
    return prep


def _history(*entries: tuple[int, str]) -> Callable[[Game], None]:
    def prep(game: Game) -> None:
        game.state.word_history = [list(e) for e in entries]
    return prep


# (code, scenario keys, moves before, prep, the refused move "seat: move", expected params)
CASES: list[tuple[str, dict[str, Any], list[str], Callable[[Game], None] | None, str, dict[str, Any]]] = [
    ("game_over", {"active": 1, "seats": [{"prestige": 60}, {}]}, ["1: skip"], None, "0: ink", {}),
    ("not_a_player", {}, [], None, "7: skip", {"seat": 7}),
    ("nothing_to_undo", {}, [], None, "0: undo", {}),
    ("not_your_turn", {}, [], None, "1: skip", {"active": 0}),
    ("wrong_phase", {}, [], None, "0: buy 17", {"phase": "spell"}),
    ("bad_notation", {}, [], None, "0: fly", {"problem": "unknown_move", "text": "fly"}),
    ("token_timing", {"seats": [{"hand": [1, 4]}, {}]}, ["spell 1 4"], None, "0: ink", {"phase": "trash"}),
    ("no_ink", {}, [], None, "0: ink", {}),
    ("no_cards", {"seats": [{"hand": [1141, 1145], "ink": 1}, {}]}, [], None, "0: ink", {}),
    ("no_remover", {"seats": [{"hand": [1141], "inked": [1141]}, {}]}, [], None, "0: remover 1141", {}),
    ("not_inked", {"seats": [{"hand": [1141], "remover": 1}, {}]}, [], None, "0: remover 1141", {"card": 1141}),
    ("not_cleared", {}, [], None, "0: unremover 1141", {"card": 1141}),
    ("penny_wins", {"players": 2, "options": {"coop": True, "penny_genre": "horror"},
                    "seats": [{"hand": [1, 4]}, {"hand": [2141], "draw": [2145], "ink": 1}]},
     ["spell 1 4"], _penny_at(119), "1: ink", {"ink": 1, "penny": 119, "goal": 120}),
    ("too_short", {}, [], None, "0: spell 1141", {"min": 2}),
    ("card_twice", {}, [], None, "0: spell 1141 1141", {"card": 1141}),
    ("inked_card_missing", {"seats": [{"hand": [1141, 1145, 1148], "inked": [1148]}, {}]}, [], None,
     "0: spell 1141 1145", {"cards": [1148], "count": 1}),
    ("classic_wild", {"seats": [{"hand": [1141]}, {"timeless": [5]}]}, [], None, "0: spell 1141 5=X", {"card": 5}),
    ("not_your_card", {}, [], None, "0: spell 1141 17", {"card": 17}),
    ("repeated_word", {"seats": AT, "options": {"unique_words": "game"}}, [], _history((1, "AT")),
     "0: spell 1141 1156", {"word": "AT", "scope": "game"}),
    ("not_a_word", {"seats": AT, "words": ["cat"]}, [], None, "0: spell 1141 1156", {"word": "AT"}),
    ("offensive_word", {"seats": AT, "options": {"family_friendly": True}}, [], _offensive("at"),
     "0: spell 1141 1156", {"word": "AT"}),
    ("bad_target", {"seats": [{"hand": [1141, 120, 1145]}, {}]}, ["spell 1141=X 120 1145=Y"], None,
     "0: uncover 999", {"cards": [1141, 1145], "source": 120}),
    ("cannot_trash", {"seats": [{"hand": [1, 4]}, {}]}, ["spell 1 4"], None, "0: trash 999", {"card": 999}),
    ("not_in_discard", {"seats": [{"hand": [71, 1141], "discard": [1145]}, {}]}, ["spell 71 1141"], None,
     "0: dump 999", {"card": 999}),
    ("no_preview", {"seats": [{"hand": [1, 4]}, {}]}, ["spell 1 4"], None, "0: preview", {}),
    ("not_previewed", {"seats": [{"hand": [95, 71], "draw": [1141, 1145, 1148]}, {}]}, ["spell 95 71", "preview"],
     None, "0: return 999", {"card": 999}),
    ("bad_choice", {"seats": [{"hand": [36, 1141]}, {}]}, ["spell 36 1141"], None, "0: take ink",
     {"kind": "either_coins_or_prestige", "card": 36}),
    ("not_in_row", {"seats": [{"hand": [1141, 1145]}, {}]}, ["spell 1141 1145"], None, "0: buy 999", {"card": 999}),
    ("jailed", {"seats": [{"hand": [1141, 1145]}, {"jail": 2}]}, ["spell 1141 1145"], None, "0: buy 2",
     {"card": 2, "jailer": 1}),
    ("too_expensive", {"seats": [{"hand": [1141, 1145]}, {}]}, ["spell 1141 1145"], None, "0: buy 16",
     {"item": "card", "card": 16, "cost": 9, "coins": 2}),
    ("no_advert", {"seats": [{"hand": [1141, 1145]}, {}]}, ["spell 1141 1145"], None, "0: advert", {}),
    ("useless_conversion", {"seats": [{"hand": [1141, 1145]}, {}]}, ["spell 1141 1145"], None, "0: convert 1", {}),
    ("bad_conversion", {"seats": [{"hand": [1141, 1145], "ink": 30}, {}]}, ["spell 1141 1145"], None,
     "0: convert 1", {"coins": 7, "ink": 21}),
    ("no_vote", {}, [], None, "1: vote accept", {}),
    ("own_word", {"players": 3, "seats": AT, "words": ["tea"], "options": {"vote": "majority"}},
     ["spell 1141 1156"], None, "0: vote accept", {"move": "vote"}),
    ("already_voted", {"players": 3, "seats": AT, "words": ["tea"], "options": {"vote": "majority"}},
     ["spell 1141 1156", "1: vote reject"], None, "1: vote reject", {}),
    ("not_available", {"options": {"ghostwriter": False}}, [], None, "0: ghostwriter", {"option": "ghostwriter"}),
    ("already_asked", {}, ["ghostwriter"], None, "0: ghostwriter", {}),
    ("no_request", {}, [], None, "1: suggest AT", {}),
    ("already_suggested", {"seats": AT}, ["ghostwriter", "1: suggest AT"], None, "1: suggest AT", {"word": "AT"}),
    ("cannot_spell", {"seats": AT}, ["ghostwriter"], None, "1: suggest CAT", {"word": "CAT", "seat": 0}),
    ("no_suggestion", {}, ["ghostwriter"], None, "0: adopt 1", {}),
    ("bad_suggestion", {"seats": AT}, ["ghostwriter", "1: suggest AT"], None, "0: adopt 5", {"count": 1}),
]

# More sentences of the same codes (their select and plural cases).
EXTRA_CASES = [
    ("inked_card_missing", {"seats": [{"hand": [1141, 1145, 1148], "inked": [1145, 1148]}, {}]}, [], None,
     "0: spell 1141 1148", {"cards": [1145], "count": 1}),
    ("inked_card_missing", {"seats": [{"hand": [1141, 1145, 1148], "inked": [1145, 1148]}, {}]}, [], None,
     "0: spell 1141 1151", {"cards": [1145, 1148], "count": 2}),
    ("repeated_word", {"seats": AT, "options": {"unique_words": "player"}}, [], _history((0, "AT")),
     "0: spell 1141 1156", {"word": "AT", "scope": "player"}),
    ("too_expensive", {"seats": [{"hand": [1141, 1145]}, {}], "options": {"adverts": True}}, ["spell 1141 1145"],
     None, "0: advert", {"item": "advert", "cost": 6, "coins": 2}),
    ("own_word", {"seats": AT}, ["ghostwriter"], None, "0: suggest AT", {"move": "suggest"}),
    ("offensive_word", {"seats": AT, "options": {"family_friendly": True}}, ["ghostwriter"], _offensive("at"),
     "1: suggest AT", {"word": "AT"}),
    ("token_timing", {"players": 3, "seats": AT, "words": ["tea"], "options": {"vote": "majority"}},
     ["spell 1141 1156"], None, "0: ink", {"phase": "vote"}),
    ("wrong_phase", {"seats": [{"hand": [1141, 1145]}, {}]}, ["spell 1141 1145"], None, "0: pass",
     {"phase": "buy"}),
    ("bad_notation", {}, [], None, "0: buy x", {"problem": "not_a_card", "text": "x"}),
]

OPTION_CASES: list[tuple[str, Callable[[], None], dict[str, Any]]] = [
    ("bad_length", lambda: GameOptions(length=80).validate(2), {"value": 80, "choices": [40, 60, 90, 180]}),
    ("bad_unique_words", lambda: GameOptions(unique_words="x").validate(2),
     {"value": "x", "choices": ["off", "game", "player"]}),
    ("bad_vote_mode", lambda: GameOptions(vote="x").validate(2), {"value": "x", "choices": ["off", "majority",
                                                                                           "unanimous"]}),
    ("bad_turn_timer", lambda: GameOptions(turn_timer=-1).validate(2), {"value": -1, "max": 604800}),
    ("bad_penny_genre", lambda: GameOptions(penny_genre="x").validate(2),
     {"value": "x", "choices": ["none", "random", "adventure", "horror", "mystery", "romance"]}),
    ("bad_family_friendly", lambda: GameOptions(family_friendly="yes").validate(2),  # type: ignore[arg-type]
     {"value": "yes"}),
    ("coop_players", lambda: GameOptions(coop=True).validate(5), {"players": 5, "min": 1, "max": 4}),
    ("competitive_players", lambda: GameOptions().validate(1), {"players": 1, "min": 2, "max": 5}),
    ("votes_needed", lambda: GameOptions(dictionary="none").validate(2), {}),
    ("votes_need_players", lambda: GameOptions(coop=True, vote="majority").validate(1), {"players": 1}),
    ("unknown_options", lambda: GameOptions.from_dict({"speed": 1, "colour": 2}),
     {"options": ["colour", "speed"], "count": 2}),
    ("bad_deal", lambda: GameOptions(deal="stacked").validate(2), {"value": "stacked",
                                                                   "choices": ["standard", "tutorial"]}),
    ("tutorial_competitive", lambda: GameOptions(deal="tutorial", coop=True).validate(2), {}),
]


def _apply_line(game: Game, line: str) -> list[dict[str, Any]]:
    seat, _, move = line.partition(": ")
    if not move:
        return game.apply(game.active_seat, parse_move(line))
    return game.apply(int(seat), parse_move(move))


@pytest.mark.parametrize("code, spec, before, prep, move, params", CASES + EXTRA_CASES,
                         ids=[c[0] for c in CASES + EXTRA_CASES])
def test_refusal_has_code_params_and_its_sentence(code: str, spec: dict[str, Any], before: list[str],
                                                   prep: Callable[[Game], None] | None, move: str,
                                                   params: dict[str, Any]) -> None:
    spec = {"offer_row": ROW, **spec, "options": {**PLAIN, **spec.get("options", {})}}
    game = make(**spec)
    for line in before:
        _apply_line(game, line)
    if prep:
        prep(game)
    state = game.to_json()
    with pytest.raises(IllegalMove) as info:
        _apply_line(game, move)
    error = info.value
    assert (error.code, error.params) == (code, params)
    assert str(error) == render(code, params)
    assert placeholders(code, params) <= set(params)
    assert game.to_json() == state


@pytest.mark.parametrize("code, build, params", OPTION_CASES, ids=[c[0] for c in OPTION_CASES])
def test_options_error_has_code_params_and_its_sentence(code: str, build: Callable[[], None],
                                                         params: dict[str, Any]) -> None:
    with pytest.raises(OptionsError) as info:
        build()
    assert (info.value.code, info.value.params) == (code, params)
    assert str(info.value) == render(code, params)
    assert placeholders(code, params) <= set(params)


def test_sentences_read_as_before() -> None:
    # The English wording the bot showed before codes had parameters, for the cases with list and plural.
    assert render("inked_card_missing", {"cards": [1145, 1148], "count": 2}) == \
        "Inked cards E (1145), I (1148) must be in your word, face up."
    assert render("bad_target", {"cards": [1141, 1145], "source": 120}) == "Choose card 1141 or 1145."
    assert render("bad_conversion", {"coins": 1, "ink": 3}) == \
        "Convert exactly 1 coin (3 ink): that is what you are short."
    assert render("bad_length", {"value": 80, "choices": [40, 60, 90, 180]}) == \
        "Game length must be one of 40, 60, 90, 180."
    assert render("wrong_phase", {"phase": "over"}) == "That move is not possible now."


def test_every_code_has_an_example_here() -> None:
    covered = {c[0] for c in CASES} | {c[0] for c in OPTION_CASES}
    assert covered == set(TEMPLATES)


def test_the_engine_words_refusals_only_through_the_templates() -> None:
    engine = ROOT / "hardback_bot" / "engine"
    used: set[str] = set()
    for path in engine.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"(IllegalMove|OptionsError)\(\s*f?[\"']", text), f"{path.name} words a refusal itself"
        used |= set(re.findall(r"(?:IllegalMove|OptionsError)\.of\(\s*\"([a-z_]+)\"", text))
    assert used == set(TEMPLATES)


def test_every_code_is_documented() -> None:
    notation = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    missing = [code for code in TEMPLATES if f"`{code}`" not in notation]
    assert not missing


# ---------------------------------------------------------------- events carry their sentence's parameters
def test_r14_uncover_and_r13_double_events_name_the_acting_card() -> None:
    # R37.2: mystery K (120) uncovers the wild horror X (67); R13.9: romance B (72) and O (91) double T.
    game = make(seats=[{"hand": [120, 67, 1156]}, {}], offer_row=ROW, options=PLAIN)
    events = game.apply(0, parse_move("spell 120 67=A 1156"))
    assert Uncover(seat=0, card=67, source=120) in events
    game = make(seats=[{"hand": [72, 1156, 91]}, {}], offer_row=ROW, options=PLAIN)
    doubles = [e for e in game.apply(0, parse_move("spell 72 1156 91")) if isinstance(e, Double)]
    assert [(e.source, e.card, e.multiplier) for e in doubles] == [(72, 1156, 2), (91, 1156, 3)]


def test_trash_dump_jail_and_buy_events_carry_their_values() -> None:
    game = make(seats=[{"hand": [1, 4]}, {}], offer_row=ROW, options=PLAIN)
    game.apply(0, parse_move("spell 1 4"))
    assert game.apply(0, parse_move("trash 1"))[0] == Trash(seat=0, card=1, coins=3, prestige=0)
    game = make(seats=[{"hand": [71, 1141], "discard": [1145]}, {}], offer_row=ROW, options=PLAIN)
    game.apply(0, parse_move("spell 71 1141"))
    assert game.apply(0, parse_move("dump 1145"))[0] == Dump(seat=0, card=1145, coins=1, source=71)
    game = make(seats=[{"hand": [112, 1141]}, {}], offer_row=ROW, options=PLAIN)
    game.apply(0, parse_move("spell 112 1141"))
    jail = next(e for e in game.apply(0, parse_move("reserve 16")) if isinstance(e, Jail))
    assert jail == Jail(seat=0, card=16, reserve=True, source=112)
    game = make(seats=[{"hand": [1141, 1145]}, {}], offer_row=ROW, options=PLAIN)
    game.apply(0, parse_move("spell 1141 1145"))
    assert game.apply(0, parse_move("buy 17"))[0] == Buy(seat=0, card=17, from_jail=False, cost=2)


def test_r22_5_final_round_names_the_goal_and_who_reached_it() -> None:
    game = make(players=3, seats=[{"hand": [1, 2], "prestige": 38}, {}, {}], offer_row=ROW,
                options={**PLAIN, "length": 40})
    events = game.apply(0, parse_move("spell 1 2"))
    assert FinalRound(goal=40, seats=(0,)) in events
