"""The store with the real engine: a game played move by move through the store, exported, replayed."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from hardback_bot.engine import Game, GameOptions, randomplay
from hardback_bot.engine.words import AcceptAll
from hardback_bot.store import InvalidRecord, Seat, Store
from hardback_bot.store.__main__ import main as cli
from hardback_bot.store.export import parse_export, replay_export, verify_export
from hardback_bot.store.results import outcome_from_game

from .conftest import Backend

SEATS = [Seat(0, "ann", user_id=1), Seat(1, "bob", user_id=2), Seat(2, "Bot", ai_strength=2)]


async def play_through_store(
    store: Store,
    seed: int,
    stop_after: int | None = None,
    options: GameOptions | None = None,
    seats: list[Seat] = SEATS,
) -> tuple[int, Game]:
    options = options or GameOptions()
    lobby = await store.games.create_lobby(7, seed, host_id=1, options=options.to_dict(), seats=seats)
    game = Game.new(num_players=len(seats), seed=seed, options=options, checker=AcceptAll())
    version = await store.games.start_game(lobby.id, lobby.version, seed=seed, state=game.to_json())
    rng = random.Random(seed)
    n = 0
    while not game.finished and (stop_after is None or n < stop_after):
        seat, move = randomplay.random_move(game, rng)
        game.apply(seat, move)
        outcome = outcome_from_game(game) if game.finished else None
        version = await store.games.commit_move(
            lobby.id, version, seat, str(move), game.to_json(), finished=game.finished, outcome=outcome
        )
        n += 1
    return lobby.id, game


async def test_finished_game_exports_and_replays(store: Store, tmp_path: Path) -> None:
    gid, game = await play_through_store(store, seed=3)
    stored = await store.games.get_game(gid)
    assert stored.status == "finished" and stored.state == game.to_json()
    data = await store.games.export_game(gid)
    assert json.loads(json.dumps(data)) == data  # JSON-able as is
    assert data["seed"] == 3 and data["num_players"] == 3 and len(data["moves"]) == len(game.move_log)
    assert data["moves"] == [entry.stored() for entry in game.move_log]
    assert verify_export(json.dumps(data))
    assert replay_export(data).to_json() == game.to_json()
    # results were written with the finishing move and match the engine
    results = await store.results.get_results(gid)
    by_seat = {r["seat"]: r for r in game.results()}
    assert [r.result.rank for r in results] == [by_seat[s]["rank"] for s in range(3)]
    assert [r.result.prestige for r in results] == [by_seat[s]["prestige"] for s in range(3)]
    stats = game.stats().players
    assert [r.result.words for r in results] == [p.stats.words for p in stats]
    assert [r.result.best_word for r in results] == [p.best_word or None for p in stats]
    assert [dict(r.result.stats)["bestWord"] for r in results] == [p.stats.best_word for p in stats]  # stored names
    assert (await store.results.get_rating(7, 1)) is not None and (await store.results.get_rating(7, 2)) is not None
    # CLI round trip, as a bug report would go
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert cli(["verify", str(path), "--accept-all"]) == 0


async def test_unfinished_game_exports_and_replays(store: Store) -> None:
    gid, game = await play_through_store(store, seed=11, stop_after=40)
    data = await store.games.export_game(gid)
    assert data["game"]["status"] == "playing" and len(data["moves"]) == 40
    assert verify_export(data)
    resumed = Game.from_json((await store.games.get_game(gid)).state or "", checker=AcceptAll())
    assert resumed.to_json() == game.to_json()


async def test_tampered_export_is_caught(store: Store) -> None:
    gid, _ = await play_through_store(store, seed=5, stop_after=30)
    data = await store.games.export_game(gid)
    data["moves"] = data["moves"][:-1]
    assert verify_export(data) is False
    with pytest.raises(InvalidRecord):
        parse_export({"format": "something else"})
    with pytest.raises(InvalidRecord):
        parse_export("{not json")


async def test_lobby_export_has_nothing_to_replay(store: Store) -> None:
    lobby = await store.games.create_lobby(7, 99, host_id=1, options={}, seats=SEATS)
    data = await store.games.export_game(lobby.id)
    assert data["seed"] is None and data["moves"] == []
    with pytest.raises(InvalidRecord):
        replay_export(data)


async def test_cli_export_and_unfinished(
    store: Store, backend: Backend, capsys: pytest.CaptureFixture[str]
) -> None:
    import asyncio

    gid, game = await play_through_store(store, seed=8, stop_after=12)
    assert await asyncio.to_thread(cli, ["export", str(gid), "--db", backend.target]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["state"] == game.to_json() and len(data["moves"]) == 12
    assert await asyncio.to_thread(cli, ["unfinished", "--db", backend.target]) == 0
    assert f"game {gid} playing" in capsys.readouterr().out


async def test_coop_game_records_against_penny_without_ratings(store: Store) -> None:
    seats = SEATS[:2]
    gid, game = await play_through_store(store, seed=4, options=GameOptions(coop=True), seats=seats)
    assert verify_export(await store.games.export_game(gid))
    penny = game.stats().penny
    assert penny is not None
    results = await store.results.get_results(gid)
    won = game.results()[0]["won"]
    assert {r.mode for r in results} == {"coop"} and {r.result.won for r in results} == {won}
    stats = await store.results.player_stats(7, 1)
    assert (stats.coop.games, stats.coop.wins, stats.competitive.games) == (1, int(won), 0)
    assert stats.coop_by_genre == {penny.genre: (int(won), 1)}
    assert stats.coop.margin_sum == game.results()[0]["margin"]
    assert await store.results.get_rating(7, 1) is None


def test_checker_for_falls_back_to_accepting_every_word(monkeypatch: pytest.MonkeyPatch) -> None:
    import types

    from hardback_bot.store.export import checker_for

    def missing(name: str) -> None:
        raise KeyError(name)

    # a stand-in words layer whose list is not installed, so the test does not depend on real word files
    monkeypatch.setitem(__import__("sys").modules, "hardback_bot.words", types.SimpleNamespace(get_dictionary=missing))
    checker, note = checker_for({"dictionary": "no-such-list"})
    assert checker.is_word("qzxv") and "unavailable" in note
