"""The scenario runner (docs/scenarios.md) states rules questions: expectations after any move, expected
refusals that change nothing, retries, co-op scores, the offer deck and the box, the turn's coins, every
move's events, optional steps passed by themselves, ``end`` after a turn that ended by itself, plain
coin-starter ids, an empty dictionary, prestige with and without awards.  A difference fails the run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from hardback_bot.engine.scenario import ExpectationFailed, ScenarioError, build_game, run

ROOT = Path(__file__).resolve().parents[2]
ROW = [17, 29, 49, 58, 61, 126, 135]


def spec(moves: list[Any], **extra: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"players": 2, "options": {"awards": False, "adverts": False}, "offer_row": ROW,
                            "seats": [{"hand": [1, 4, 156]}, {}], "moves": moves}
    base.update(extra)
    return base


def test_expectations_after_any_move_and_at_the_end() -> None:
    rep = run(spec([{"move": "spell 1 4 156", "expect": {"players.0.prestige": 3, "coins.earned": 3}},
                    {"move": "trash 1", "expect": {"coins": {"earned": 6, "held": 6}}}],
                   expect={"phase": "trash", "players.0.hand": []}))
    assert rep["coins"]["held"] == 6


@pytest.mark.parametrize("expect, message", [
    ({"players.0.prestige": 4}, "move 1 (spell 1 4 156): players.0.prestige is 3, expected 4"),
    ({"players.0": {"ink": 1}}, "players.0.ink is 0, expected 1"),
    ({"players.0.hand": [1]}, "players.0.hand has 0 items, expected 1"),
    ({"players.9": 1}, "the output has no field players.9"),
    ({"removed has": [17]}, "removed has no 17"),
    ({"finished": 0}, "finished is false, expected 0"),
])
def test_the_first_difference_fails_the_run(expect: dict[str, Any], message: str) -> None:
    with pytest.raises(ExpectationFailed) as info:
        run(spec([{"move": "spell 1 4 156", "expect": expect}]))
    assert message in str(info.value)


def test_expected_events_in_order_by_some_of_their_fields() -> None:
    ok = [{"type": "word", "word": "ACT"}, {"type": "earn", "active": ["adventure"]}]
    run(spec([{"move": "spell 1 4 156", "expect_events": ok}]))
    with pytest.raises(ExpectationFailed, match="no event"):
        run(spec([{"move": "spell 1 4 156", "expect_events": list(reversed(ok))}]))


def test_refusals_are_checked_and_change_nothing_then_a_retry_works() -> None:
    moves = [{"move": "spell 1 4 156", "refused": "ACT is not in the dictionary"},
             {"move": "spell 4 1 156", "refused": "not_a_word"},
             {"move": "spell 156 1", "expect": {"word_history": [], "phase": "trash"}}]
    rep = run(spec(moves, words=["ta"]))
    assert [m.get("code") for m in rep["moves"]] == ["not_a_word", "not_a_word", None]
    assert rep["moves"][0]["params"] == {"word": "ACT"}
    with pytest.raises(ExpectationFailed, match="was accepted"):
        run(spec([{"move": "spell 1 4", "refused": "anything"}]))
    with pytest.raises(ExpectationFailed, match=r"refused with .*expected \"no ink\""):
        run(spec([{"move": "buy 999", "refused": "no ink"}]))


def test_an_unexpected_refusal_stops_the_run_naming_the_move() -> None:
    with pytest.raises(ScenarioError, match=r"move 2 \(0: buy 999\) refused: Card 999 is not in the offer row"):
        run(spec(["spell 1 4 156", "buy 999"]))


def test_an_empty_dictionary_refuses_every_word_and_no_words_key_accepts_all() -> None:
    with pytest.raises(ScenarioError, match="not in the dictionary"):
        run(spec(["spell 1 4"], words=[]))
    run(spec(["spell 1 4"]))


def test_optional_steps_are_passed_unless_the_scenario_acts_on_them() -> None:
    rep = run(spec(["spell 1 4 156", "buy 17"]))  # trash passed on the way to buying
    assert [m["events"][0]["type"] for m in rep["moves"]] == ["word", "buy"]
    assert rep["players"][0]["prestige"] == 3 + 1  # L's purchase prestige
    with pytest.raises(ScenarioError, match="You may trash a card"):
        run(spec(["spell 1 4 156", {"move": "buy 17", "auto_pass": False}]))
    with pytest.raises(ScenarioError, match="You may trash a card"):
        run(spec(["spell 1 4 156", "buy 17"], auto_pass=False))


def test_end_after_a_turn_that_ended_by_itself_is_a_no_op() -> None:
    # 3 coins, then a 2-coin card: nothing else is affordable, the turn ends by itself.
    rep = run(spec(["spell 1 4 156", "buy 17", "end", {"expect": {"active": 1, "phase": "spell"}}]))
    assert rep["moves"][-1] == {"move": "1: end", "events": [], "note": "the turn had already ended"}
    assert rep["last_turn"] == {"seat": 0, "earned": 3, "converted": 0, "spent": 2, "to_ink": 1, "word": "ACT",
                                "summary": rep["last_turn"]["summary"]}
    with pytest.raises(ScenarioError, match="refused"):  # an end out of the blue is still refused
        run(spec(["1: end"]))


def test_coin_starters_read_the_same_in_seats_moves_and_expectations() -> None:
    rep = run(spec([{"move": "spell 156 1", "expect": {"players.0.discard": [4], "word.0.0": 1156}},
                    {"expect": {"players.1.hand": [141, 145, 148, 149, 151]}}], seats=[{"hand": [1, 4, 156]}]))
    assert rep["moves"][0]["move"] == "0: spell 1156 1"  # the move as applied
    assert rep["players"][1]["hand"] == [2141, 2145, 2148, 2149, 2151]
    with pytest.raises(ExpectationFailed):
        run(spec([{"move": "spell 156 1", "expect": {"players.0.hand": [156]}}]))


def test_coop_scores_in_the_set_up_and_the_output() -> None:
    game = build_game({"players": 1, "options": {"coop": True, "penny_genre": "mystery"},
                       "penny": {"score": 12, "team": 30}})
    assert game.state.penny["score"] == 12 and game.scores() == [30]
    rep = run({"players": 1, "options": {"coop": True, "penny_genre": "none"}, "penny": {"team": 7},
               "moves": [{"expect": {"penny": {"score": 0, "team": 7, "genre": "none"}, "players.0.prestige": 7}}]})
    assert rep["penny"]["turns"] == 0
    with pytest.raises(ScenarioError, match="co-op"):
        build_game({"players": 2, "penny": {"score": 3}})


def test_offer_deck_order_box_and_every_moves_events_are_in_the_output() -> None:
    rep = run(spec(["spell 1 4 156", "trash 4"], offer_deck=[2, 3], unlisted_cards="box"))
    assert rep["offer_deck_top_first"] == [2, 3]
    assert 1141 in rep["box"] and 35 in rep["box"]
    assert [m["move"] for m in rep["moves"]] == ["0: spell 1 4 1156", "0: trash 4"]
    assert rep["moves"][0]["events"][0]["type"] == "word" and rep["events"][0]["type"] == "trash"


def test_prestige_with_and_without_awards() -> None:
    rep = run({"players": 2, "seats": [{"award": 9, "prestige": 20}, {"award": 0, "prestige": 3}]})
    assert [(p["prestige"], p["prestige_with_award"]) for p in rep["players"]] == [(20, 29), (3, 3)]


def test_unknown_keys_are_refused() -> None:
    with pytest.raises(ScenarioError, match="unknown key"):
        run(spec([{"move": "skip", "expected": {}}]))
    with pytest.raises(ScenarioError, match="is not a field"):
        run(spec([{"move": "skip", "expect": {"removed with": []}}]))


def test_the_command_exits_1_with_the_first_difference(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("seats: [{hand: [1, 4]}, {}]\nmoves:\n  - move: spell 1 4\n    expect: {players.0.prestige: 9}\n"
                    "  - move: trash 1\n    expect: {players.0.prestige: 99}\n")
    out = subprocess.run([sys.executable, "-m", "hardback_bot.engine.scenario", str(path)],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 1
    assert out.stderr.strip() == "error: move 1 (spell 1 4): players.0.prestige is 3, expected 9"


def test_the_documented_example_holds_and_every_worked_example_is_listed() -> None:
    doc = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    example = doc.split("```yaml\n", 1)[1].split("```", 1)[0]
    assert run(yaml.safe_load(example))["coins"]["held"] == 7
    files = sorted(p.name for p in (ROOT / "docs" / "scenarios").glob("*.yaml"))
    assert len(files) >= 12 and all(f"(scenarios/{name})" in doc for name in files)
