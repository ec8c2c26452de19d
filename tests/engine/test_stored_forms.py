"""Games stored by older versions read back exactly (R34, R35 statistics; a turn's votes, ghostwriter request,
summary and previewed cards; the move log): the values they become write the same JSON again, byte for byte,
and say what the stored names said. ``stored_games.json`` holds games the engine stored before those were
values, mid-turn with each of a turn's extras present and finished with what ``Game.stats()`` gave then."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hardback_bot.engine import Game, Move, WordCard
from hardback_bot.engine.moves import LoggedMove
from hardback_bot.engine.state import Player, Turn
from hardback_bot.engine.stats import PLAYER_STATS, TABLE_STATS, PlayerStats, TableStats
from hardback_bot.engine.turn_extra import TurnExtra

STORED: dict[str, Any] = json.loads(Path(__file__).with_name("stored_games.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(STORED["mid_turn"]))
def test_a_stored_game_mid_turn_reads_back_exactly(name: str) -> None:
    text = STORED["mid_turn"][name]
    game = Game.from_json(text)
    assert game.to_json() == text
    assert game.clone().to_json() == text
    stored = json.loads(text)
    assert [entry.stored() for entry in game.move_log] == stored["log"]
    assert all(isinstance(entry, LoggedMove) and isinstance(entry.move, Move) for entry in game.move_log)
    extra = stored["state"]["turn"]["extra"]
    assert set(extra) >= {name}  # each game holds the extra it was kept for
    assert game.state.turn.extra.to_dict() == extra


def test_each_extra_reads_as_a_value() -> None:
    vote = Game.from_json(STORED["mid_turn"]["vote"]).state.turn.extra.vote
    assert vote is not None and vote.word == "PSAM" and vote.votes == {3: True}  # R27.4: seat 3 voted yes
    assert vote.cards == (WordCard(153), WordCard(1155), WordCard(1141), WordCard(150))
    ghost = Game.from_json(STORED["mid_turn"]["ghost"]).state.turn.extra.ghost
    assert ghost is not None and ghost.suggestions == [(3, "NMI")] and ghost.adopted == 0 and ghost.writer is None
    previewing = Game.from_json(STORED["mid_turn"]["pdisc"]).state.turn.extra
    assert previewing.preview_discards == [109]
    assert previewing.summary is not None and previewing.summary.dumped == [4145] and previewing.summary.coins == 3
    tally = Game.from_json(STORED["mid_turn"]["summary"]).state.turn.extra.summary
    assert tally is not None and (tally.coins, tally.prestige, tally.bought) == (3, 1, [])


@pytest.mark.parametrize("name", sorted(STORED["finished"]))
def test_a_finished_stored_game_gives_the_statistics_it_gave(name: str) -> None:
    text, before = STORED["finished"][name]["game"], STORED["finished"][name]["stats"]
    game = Game.from_json(text)
    assert game.to_json() == text
    stats = game.stats()
    assert stats.to_dict() == before  # the stored form, camelCase names and all (what the results rows keep)
    for totals, row in zip(stats.players, before["players"], strict=True):
        assert (totals.stats.words, totals.stats.best_word, totals.best_word) == (row["words"], row["bestWord"],
                                                                                 row["bestWordText"])
        assert list(totals.deck) == [row[f"deck{i}"] for i in range(5)]
    assert stats.table.flushes == before["table"]["flush"]
    assert (stats.penny is not None) == game.options.coop


def test_stored_names_are_the_fields_in_order() -> None:
    stats = PlayerStats(points_basic=1, starter_card2=150, skips=2)
    stored = stats.to_dict()
    assert tuple(stored) == PLAYER_STATS and stored["pointsBasic"] == 1 and stored["starterCard2"] == 150
    assert PlayerStats.from_dict(stored) == stats
    assert tuple(TableStats(flushes=3).to_dict()) == TABLE_STATS and TableStats(flushes=3).to_dict()["flush"] == 3


def test_a_missing_statistic_is_zero_and_an_unknown_one_is_refused() -> None:
    assert PlayerStats.from_dict({"turns": 4}) == PlayerStats(turns=4)
    with pytest.raises(ValueError, match="pointsBonus"):
        PlayerStats.from_dict({"pointsBonus": 1})
    with pytest.raises(ValueError, match="combo"):
        TurnExtra.from_dict({"combo": 1})


def test_a_summary_started_by_a_note_of_nothing_is_kept() -> None:
    """A turn whose first note was zero coins stored an empty summary; it reads and writes as it was."""
    stored = Turn(seat=0).to_dict()
    stored["extra"] = {"summary": {}}
    turn = Turn.from_dict(stored)
    assert turn.extra.summary is not None and turn.to_dict() == stored
    player = Player(seat=1).to_dict()
    assert Player.from_dict(player).to_dict() == player
