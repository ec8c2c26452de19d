"""The results add up: each player's line says where the final prestige came from (words, cards bought,
adverts, award) and the parts sum to the score (R22.3, R22.4; co-op R29.9); the words list's prestige is
the results' "from words"."""

from __future__ import annotations

import re

import pytest

from hardback_bot.ai import choose_move
from hardback_bot.engine import Game, GameOptions
from hardback_bot.engine.moves import LoggedMove
from hardback_bot.i18n import translator
from hardback_bot.sessions import Loaded
from hardback_bot.sessions.screens.game_words import played_words, words_text
from hardback_bot.sessions.screens.table import results_lines
from hardback_bot.store import GameRecord, Seat
from hardback_bot.words import get_dictionary

NAMES = ["alice", "bob", "carol"]
PART = re.compile(r"(\d+)★ (from words|from cards bought|from adverts|award)")


def finished(seed: int, players: int, **options: object) -> tuple[Loaded, list[LoggedMove]]:
    game_options = GameOptions(length=40, **options)  # type: ignore[arg-type]
    game = Game.new(players, seed, game_options, checker=get_dictionary("common"))
    moves: list[LoggedMove] = []
    while not game.finished:
        move = choose_move(game, game.active_seat, 2)
        moves.append(LoggedMove(game.active_seat, move))
        game.apply(game.active_seat, move)
    record = GameRecord(id=1, guild_id=1, channel_id=1, host_id=1, status="finished",
                        options=game_options.to_dict(), seed=seed, state=None, version=len(moves) + 1,
                        seats=tuple(Seat(i, NAMES[i], 10 + i) for i in range(players)), messages={}, created_at=0.0,
                        updated_at=0.0)
    return Loaded(record, game), moves


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_each_line_sums_to_the_score(seed: int) -> None:
    loaded, moves = finished(seed, 2 + seed % 2, adverts=True, awards=True)
    results = {r["seat"]: r for r in loaded.game.results()}
    lines = results_lines(loaded)
    words = played_words(loaded.record, moves)
    listed = words_text(words)
    bought = 0
    for seat, r in results.items():
        line = next(x for x in lines if f"**{NAMES[seat]}**" in x)
        total, _, said = line.partition(" = ")
        assert total.endswith(f"{r['prestige']}★"), line
        parts = {kind: int(n) for n, kind in PART.findall(said.split(" · ink")[0])}
        assert sum(parts.values()) == r["prestige"], line
        assert parts.get("award", 0) == r["award"]
        # The words list says the same prestige from words (awards said once, in the results).
        from_words = sum(w.prestige for w in words if w.seat == seat)
        assert parts["from words"] == from_words, (line, from_words)
        assert f"**{NAMES[seat]}** — " in listed and f"· {from_words}★" in listed.split(f"**{NAMES[seat]}** — ")[1]
        bought += parts.get("from cards bought", 0) + parts.get("from adverts", 0)
    assert bought or seed != 3, "some game shows bought prestige"


def test_the_team_line_sums_in_co_op_and_each_player_says_their_part() -> None:
    loaded, _ = finished(5, 2, coop=True)
    first = loaded.game.results()[0]
    lines = results_lines(loaded, translator("en"))
    team = next(x for x in lines if x.startswith("Team "))
    assert team.startswith(f"Team {first['prestige']}★ = ")
    assert sum(int(n) for n, _ in PART.findall(team)) == first["prestige"]
    players = [x for x in lines if x.startswith("**")]
    assert len(players) == 2
    total_words = sum(int(n) for x in players for n, kind in PART.findall(x) if kind == "from words")
    assert f"{total_words}★ from words" in team


def test_the_lines_in_other_languages_keep_the_numbers() -> None:
    loaded, _ = finished(3, 2, adverts=True)
    english = results_lines(loaded)
    for language in ("es", "fr", "ja"):
        lines = results_lines(loaded, translator(language))
        assert [re.findall(r"\d+", x) for x in lines] == [re.findall(r"\d+", x) for x in english]
        assert not any("from words" in x for x in lines)
