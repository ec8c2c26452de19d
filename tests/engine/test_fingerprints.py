"""500 seeded random games (competitive, co-op with every signature genre, votes, unique words, the
ghostwriter, refused moves) played move by move: their states, views, legal moves, events and refusals
must match the recorded digests exactly.  Any change of behaviour, however small, shows up here; see
fingerprints.py for how to compare two versions game by game and when to record new digests."""

from __future__ import annotations

import json

import pytest
from fingerprints import DIGESTS, GAMES, digests

RECORDED: dict[str, dict[str, str]] = json.loads(DIGESTS.read_text(encoding="utf-8"))
CHUNK = 25  # games per test case: small enough that the test run's workers share them out evenly


def test_every_game_is_recorded() -> None:
    assert sorted(map(int, RECORDED)) == list(range(GAMES))


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_seeded_games_play_exactly_as_recorded(first: int) -> None:
    for seed in range(first, first + CHUNK):
        assert digests(seed) == RECORDED[str(seed)], f"game {seed} differs (compare with fingerprints.py --dump)"
