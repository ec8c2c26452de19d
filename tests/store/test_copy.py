"""python -m hardback_bot.store copy: an SQLite store moves into PostgreSQL whole — every game, log, timer,
outbox row, result, rating and setting reads back the same through the Store interface, and new ids
continue after the copied ones."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from hardback_bot.engine import Game, GameOptions
from hardback_bot.engine.randomplay import random_move
from hardback_bot.engine.words import AcceptAll
from hardback_bot.store import (
    AnnounceNotes,
    DeadlineReminder,
    Delivery,
    GuildSettings,
    PanelToken,
    PostSuggestion,
    Seat,
    StoreError,
    Timer,
    TurnDeadline,
    VoteDeadline,
)
from hardback_bot.store.__main__ import main as cli
from hardback_bot.store.copy import copy_sqlite_to_postgres
from hardback_bot.store.models import LEADERBOARD_KINDS
from hardback_bot.store.results import outcome_from_game

from . import pg_server
from .conftest import Clock, make_backend

GUILD = 7


async def fill(store, clock: Clock) -> dict[str, int]:  # type: ignore[no-untyped-def]
    """Finished games with results and ratings, an unfinished one with timers and messages, a lobby, an
    abandoned game, outbox rows, a panel, settings and a heartbeat."""
    ids = {}
    seats = [Seat(0, "ann", user_id=1), Seat(1, "bob", user_id=2), Seat(2, "Bot", ai_strength=2)]
    for n, stop in enumerate((None, None, 25)):
        lobby = await store.games.create_lobby(GUILD, 100 + n, host_id=1, options=GameOptions().to_dict(), seats=seats)
        game = Game.new(num_players=3, seed=n, options=GameOptions(), checker=AcceptAll())
        version = await store.games.start_game(
            lobby.id, lobby.version, seed=n, state=game.to_json(),
            timers=[Timer(lobby.id, TurnDeadline(0, clock.now + 300), clock.now + 300, seat=0)])
        rng = random.Random(n)
        moves = 0
        while not game.finished and (stop is None or moves < stop):
            seat, move = random_move(game, rng)
            game.apply(seat, move)
            clock.advance(1)
            version = await store.games.commit_move(
                lobby.id, version, seat, str(move), game.to_json(), finished=game.finished,
                outcome=outcome_from_game(game) if game.finished else None,
                timers=[Timer(lobby.id, TurnDeadline(moves + 1, clock.now + 300), clock.now + 300,
                             seat=game.active_seat)],
                deliveries=[Delivery(lobby.id, AnnounceNotes(({"t": "turn", "seat": seat},)))],
            )
            moves += 1
        await store.messages.set_message(lobby.id, "table", 5000 + n, version=version)
        ids[f"game{n}"] = lobby.id
    await store.messages.set_message(ids["game2"], "thread", 6000, channel_id=6001)
    await store.timers.set_timer(Timer(ids["game2"], DeadlineReminder(25, clock.now + 250.5), clock.now + 200, seat=1,
                                held=clock.now - 1.25))
    await store.outbox.add_deliveries(ids["game2"], [Delivery(ids["game2"], PostSuggestion(4, 1, "été"))])
    pending = await store.outbox.pending_deliveries(ids["game0"])
    batch = await store.outbox.claim_deliveries([d.id for d in pending[:3]])
    await store.outbox.mark_delivered([d.id for d in pending[:3]], 777, live=True)
    assert batch
    await store.panels.save_panel(PanelToken(ids["game2"], 1, 99, "tok", clock.now, version=3, locale="fr"))
    ids["lobby"] = (await store.games.create_lobby(GUILD, 200, host_id=3, options={"length": 90})).id
    gone = await store.games.create_lobby(GUILD, 201, host_id=3, options={})
    await store.games.abandon_game(gone.id)
    ids["abandoned"] = gone.id
    await store.settings.set_guild_settings(GUILD, GuildSettings(length=90, turn_timer=120, language="fr"))
    await store.timers.heartbeat()
    return ids


async def snapshot(store, ids: dict[str, int]) -> dict[str, object]:  # type: ignore[no-untyped-def]
    out: dict[str, object] = {}
    for name, gid in ids.items():
        out[name] = (await store.games.get_game(
            gid), await store.games.get_moves(gid), await store.timers.game_timers(gid),
                     await store.results.get_results(gid), await store.outbox.pending_deliveries(gid, limit=1000),
                     await store.outbox.live_deliveries(gid), await store.panels.fresh_panels(gid, since=0.0))
        export = await store.games.export_game(gid)
        export.pop("exported_at")
        out[f"{name} export"] = export
    out["unfinished"] = await store.recovery.list_unfinished(with_state=True)
    out["boards"] = [await store.results.leaderboard(GUILD, kind, min_games=1) for kind in LEADERBOARD_KINDS]
    out["stats"] = [await store.results.player_stats(GUILD, u) for u in (1, 2, 3)]
    out["ratings"] = [await store.results.get_rating(GUILD, u) for u in (1, 2)]
    out["settings"] = await store.settings.get_guild_settings(GUILD)
    out["heartbeat"] = await store.timers.last_heartbeat()
    out["pending"] = await store.outbox.games_with_pending_deliveries()
    out["recent"] = await store.games.recent_games(GUILD)
    return out


async def test_an_sqlite_store_copies_into_postgres_whole(tmp_path: Path) -> None:
    pg_server.need_server()
    clock = Clock()
    async for lite in make_backend("sqlite", tmp_path, clock):
        async for pg in make_backend("postgres", tmp_path, clock):
            source = await lite.open()
            ids = await fill(source, clock)
            before = await snapshot(source, ids)
            top = max(ids.values())
            await source.close()
            copied = await copy_sqlite_to_postgres(lite.target, pg.target, batch=7, say=lambda _: None)
            assert copied["moves"] == len(before["game0"][1]) + len(before["game1"][1]) + len(before["game2"][1])
            target = await pg.open()
            try:
                assert await snapshot(target, ids) == before
                new = await target.games.create_lobby(GUILD, 300, host_id=1, options={})
                assert new.id == top + 1  # ids continue, never reused
                timer = await target.timers.set_timer(Timer(new.id, VoteDeadline(), clock.now + 5))
                assert timer.id is not None and timer.id > max(t.id or 0 for t in before["game2"][2])
            finally:
                await target.close()
            # a second copy into the same (now full) database is refused, changing nothing
            with pytest.raises(StoreError, match="already holds rows"):
                await copy_sqlite_to_postgres(lite.target, pg.target, say=lambda _: None)
            assert await asyncio.to_thread(cli, ["copy", lite.target, pg.target]) == 1


async def test_the_copy_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pg_server.need_server()
    clock = Clock()
    async for lite in make_backend("sqlite", tmp_path, clock):
        async for pg in make_backend("postgres", tmp_path, clock):
            source = await lite.open()
            game = await source.games.create_lobby(1, 1, host_id=1, options={}, seats=[Seat(0, "ann", user_id=1)])
            await source.close()
            assert await asyncio.to_thread(cli, ["copy", lite.target, pg.target]) == 0
            assert "done: " in capsys.readouterr().out
            target = await pg.open()
            try:
                assert (await target.games.get_game(game.id)).seats == (Seat(0, "ann", user_id=1),)
            finally:
                await target.close()
            with pytest.raises(SystemExit):
                cli(["copy", pg.target, lite.target])  # the wrong way round: a usage error
