"""The terminal game (python -m hardback_bot.play), driven through stdin in a subprocess."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from hardback_bot.ai.finder import Cards, best_plays, lexicon
from hardback_bot.engine import Game, GameOptions
from hardback_bot.words import get_dictionary

ROOT = Path(__file__).resolve().parents[1]


def run(args: list[str], lines: list[str], timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hardback_bot.play", *args], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=timeout, cwd=ROOT)


def _first_word(seed: int) -> str:
    """A word seat 0 can spell at the start of the game the subprocess will play (same seed)."""
    game = Game.new(2, seed, GameOptions(length=40), checker=get_dictionary("common"))
    p = game.player(0)
    plays = best_plays(Cards(0, tuple(p.hand), (), ()), lexicon(get_dictionary("common").words),
                       lambda e, n, r: e.coins + e.prestige, keep=1)
    return plays[0].word


def test_scripted_game_to_the_end() -> None:
    word = _first_word(3)
    bad = ["help", "hint", "flarp", "buy 9999", "spell", "spell 1 2 3", "word Q", "word 12", "take prestige",
           "9: ink", "hand", "table", "moves", ""]
    result = run(["--computers", "easy", "--seed", "3", "--length", "40"], [*bad, f"word {word}", *["ai"] * 600])
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Traceback" not in out + result.stderr
    assert f"Player 1 spells {word}" in out
    assert "Not allowed: Unknown move 'flarp'." in out
    assert "Seat 9 is not a human player" in out
    assert "Game over." in out
    assert "#1148 I st: 1¢" in out or "st: 1¢" in out  # hand lines show id, letter, genre and benefits


def test_input_ending_early_is_not_an_error() -> None:
    result = run(["--seed", "1", "--computers", "hard"], ["skip"])
    assert result.returncode == 0
    assert "Input ended" in result.stdout


def test_quit() -> None:
    result = run(["--seed", "1", "--coop", "--penny-genre", "romance"], ["quit"])
    assert result.returncode == 0
    assert "Penny Dreadful" in result.stdout and "Goodbye." in result.stdout


def test_ghostwriter_with_computers() -> None:
    result = run(["--computers", "hard,easy", "--seed", "5"], ["ghostwriter", "adopt 1", "quit"])
    assert result.returncode == 0, result.stderr
    assert "asks for a ghostwriter" in result.stdout
    assert "Computer 2 (hard) suggests" in result.stdout and "Computer 3 (easy) suggests" in result.stdout
    assert "Player 1 adopts" in result.stdout


def test_hot_seat_and_votes() -> None:
    # Two people, no computer, no dictionary: every word goes to a vote of the other player.
    result = run(["--players", "2", "--computers", "none", "--dictionary", "none", "--vote", "--seed", "2"],
                 ["ai", "vote reject", "skip", "quit"])
    assert result.returncode == 0, result.stderr
    assert "not in the dictionary" in result.stdout
    assert "Player 2 votes reject." in result.stdout


def test_bad_options_are_explained() -> None:
    for args, message in (
        (["--computers", "superhard"], "unknown computer strength"),
        (["--coop", "--players", "5"], "Co-op games take 1 to 4 players"),
        (["--dictionary", "klingon"], "unknown dictionary"),
        (["--players", "0", "--computers", "none"], "nobody would play"),
        (["--length", "50"], "invalid choice"),
        (["--dictionary", "none"], "turn votes on"),
    ):
        result = run(args, [])
        assert result.returncode == 2, args
        assert message in result.stderr, (args, result.stderr)
        assert "Traceback" not in result.stderr


def test_help_text() -> None:
    result = subprocess.run([sys.executable, "-m", "hardback_bot.play", "--help"], capture_output=True, text=True,
                            cwd=ROOT, timeout=60)
    assert result.returncode == 0
    for flag in ("--players", "--computers", "--coop", "--penny-genre", "--length", "--dictionary", "--no-awards",
                 "--no-adverts", "--unique-words", "--vote", "--open-hands", "--seed"):
        assert flag in result.stdout
