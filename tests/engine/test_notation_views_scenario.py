"""Move notation round trip, per-player views (R28) and the scenario runner."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from enginekit import make
from hypothesis import given
from hypothesis import strategies as st

from hardback_bot.engine import Game, GameOptions, IllegalMove, format_move, parse_move
from hardback_bot.engine.moves import MOVE_SHAPES, TAKE_CHOICES, Move, WordCard
from hardback_bot.engine.views import player_view, public_view

ROOT = Path(__file__).resolve().parents[2]

word_cards = st.lists(st.builds(WordCard, st.integers(1, 5158),
                                st.one_of(st.none(), st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))),
                      min_size=1, max_size=12).map(tuple)


@st.composite
def moves(draw: st.DrawFn) -> Move:
    kind = draw(st.sampled_from(sorted(MOVE_SHAPES)))
    shape = MOVE_SHAPES[kind]
    if shape == "w":
        return Move(kind, word=draw(word_cards))
    if shape == "c":
        return Move(kind, card=draw(st.integers(0, 5158)))
    if shape == "n":
        return Move(kind, number=draw(st.integers(0, 99)))
    if shape == "t":
        return Move(kind, choice=draw(st.sampled_from(TAKE_CHOICES)))
    if shape == "v":
        return Move(kind, choice=draw(st.sampled_from(["accept", "reject"])))
    if shape == "s":
        return Move(kind, choice=draw(st.from_regex(r"[A-Z]{2,9}", fullmatch=True)))
    return Move(kind)


@given(moves())
def test_notation_round_trips(move: Move) -> None:
    text = format_move(move)
    assert parse_move(text) == move
    assert format_move(parse_move(text)) == text


def test_notation_is_forgiving_about_case_and_spaces() -> None:
    assert format_move(parse_move("  SPELL 120   67=a 1156 ")) == "spell 120 67=A 1156"
    assert parse_move("Take Prestige") == Move("take", choice="prestige")


@pytest.mark.parametrize("text", ["", "jump", "buy", "buy x", "buy 1 2", "spell", "spell 1=AB", "spell 1=4",
                                  "take gold", "convert -1", "ink 3"])
def test_bad_notation_is_refused_readably(text: str) -> None:
    with pytest.raises(IllegalMove) as info:
        parse_move(text)
    assert info.value.code == "bad_notation" and str(info.value)


def _all_ids(view: object) -> str:
    return json.dumps(view)


def test_r28_1_closed_hands_views_hide_hands_and_pile_order() -> None:
    game = make(seats=[{"hand": [1141, 1145, 1148], "draw": [1149, 1151, 1154], "discard": [1155]},
                       {"hand": [2141, 2145, 2148], "draw": [2149, 2151], "inked": [2148]}])
    view = player_view(game, 0)
    me, rival = view["players"]
    assert me["hand"] == [1141, 1145, 1148]
    assert me["draw_contents"] == [1149, 1151, 1154] and "draw" not in me  # contents, not order (R28.3)
    assert "hand" not in rival and rival["hand_count"] == 3
    assert rival["inked"] == [2148]  # inked cards are public (R6.10)
    assert "discard" not in rival and rival["discard_count"] == 0
    spectator = public_view(game)
    assert all("hand" not in p and "draw_contents" not in p for p in spectator["players"])
    assert view["offer_row"] == list(reversed(game.state.offer_row))  # newest first


def test_r28_2_open_hands_show_hands_but_never_draw_order() -> None:
    game = make(seats=[{"hand": [1141, 1145]}, {"hand": [2141, 2145], "draw": [2149, 2151, 2148]}],
                options={"open_hands": True})
    rival = player_view(game, 0)["players"][1]
    assert rival["hand"] == [2141, 2145] and rival["draw_contents"] == [2148, 2149, 2151]
    assert "draw" not in rival


def test_views_never_leak_previewed_cards_to_others() -> None:
    game = make(seats=[{"hand": [95, 71], "draw": [1141, 1145, 1148]}, {}], options={"adverts": False})
    game.apply(0, parse_move("spell 95 71"))
    game.apply(0, parse_move("preview"))
    mine = player_view(game, 0)["turn"]["pending"]
    theirs = player_view(game, 1)["turn"]["pending"]
    assert sorted(mine["cards"]) == [1141, 1145, 1148]
    assert "cards" not in theirs and "cards" not in public_view(game)["turn"]["pending"]


def test_view_lists_legal_moves() -> None:
    game = Game.new(2, 3, GameOptions())
    assert player_view(game, 0)["legal_moves"] == [Move("skip")]
    assert player_view(game, 0)["can_spell"] and not player_view(game, 1)["can_spell"]


EXAMPLE = """
players: 2
options: {awards: false, adverts: false}
offer_row: [17, 29, 49, 58, 61, 126, 135]
seats:
  - hand: [1, 4, 1156]
  - {}
moves:
  - spell 1 4 156=T
  - trash 1
"""


def test_scenario_runner_prints_json(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(EXAMPLE.replace("156=T", "1156=T"))
    out = subprocess.run([sys.executable, "-m", "hardback_bot.engine.scenario", str(path)],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    report = json.loads(out.stdout)
    assert report["players"][0]["prestige"] == 3
    assert report["coins_this_turn"] == 2 + 3
    assert report["phase"] == "trash"
    assert report["events"][0]["type"] == "trash"


@pytest.mark.parametrize("bad, message", [
    ("hand: [1, 4, 1156]", None),
    ("hand: [1, 4, 9999]", "there is no card 9999"),
    ("hand: [1, 1]", "listed twice"),
])
def test_scenario_runner_errors_exit_non_zero(tmp_path: Path, bad: str, message: str | None) -> None:
    text = EXAMPLE.replace("hand: [1, 4, 1156]", bad).replace("156=T", "1156=T")
    if message is None:
        text = text.replace("trash 1", "buy 999")
        message = "move 2 (0: buy 999) refused"
    path = tmp_path / "s.yaml"
    path.write_text(text)
    out = subprocess.run([sys.executable, "-m", "hardback_bot.engine.scenario", str(path)],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode != 0 and message in out.stderr


@pytest.mark.parametrize("example", sorted((ROOT / "docs" / "scenarios").glob("*.yaml")))
def test_documented_scenarios_run(example: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "hardback_bot.engine.scenario", str(example)],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    json.loads(out.stdout)
