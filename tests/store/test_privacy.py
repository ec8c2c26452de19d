"""A player's own data on both databases (store/rooms/privacy.py, docs/privacy.md): what is kept, the copy, and the
deletion — which leaves no trace of the player in any table but the deletion's own record, keeps every game whole
for the others (seats, results, moves, the others' ratings), hands a running game's seat to a computer, ends a game
nobody else plays in, takes the player out of lobbies, and is applied once."""

from __future__ import annotations

import json

from hardback_bot.store import AnnounceNotes, Delivery, GameOutcome, GameToken, PanelToken, PlayerSettings, Seat
from hardback_bot.store.daily import DailyRoom
from hardback_bot.store.models import ERASED_NAME
from hardback_bot.store.sql import SqlStore

from .conftest import Backend
from .test_results import line

GUILD = 10
ANN, BOB, CAT = 912_345_678_901_234_567, 912_345_678_901_234_568, 912_345_678_901_234_569
ANN_NAME = "Annabel Quillfeather"  # a name found nowhere else


async def started(store: SqlStore, channel: int, seats: list[Seat], *, host: int = ANN,
                  guild: int = GUILD) -> tuple[int, int]:
    lobby = await store.games.create_lobby(guild, channel, host_id=host, options={"length": 60}, seats=seats)
    version = await store.games.start_game(lobby.id, lobby.version, seed=7, state='{"s": 0}')
    return lobby.id, version


async def world(store: SqlStore) -> dict[str, int]:
    """Ann's data everywhere: a rated game she won against Bob, a running game with Bob (she hosts it), a solo
    game against a computer, a lobby she hosts with Cat in it, a lobby Cat hosts with her in it, a daily, panels
    and group DM tokens, and outbox notes with her name and id."""
    ids: dict[str, int] = {}
    ann, bob = Seat(0, ANN_NAME, user_id=ANN), Seat(1, "Bob", user_id=BOB)
    gid, v = await started(store, 1, [ann, bob])
    v = await store.games.commit_move(gid, v, 0, "skip", '{"s": 1}')
    v = await store.games.commit_move(gid, v, 1, "skip", '{"s": 2}')
    await store.games.commit_move(gid, v, 0, "end", '{"s": 3}', finished=True,
                                  outcome=GameOutcome((line(0, 1, 61, word="QUILL"), line(1, 2, 40))))
    ids["finished"] = gid
    gid, v = await started(store, 2, [ann, bob])
    v = await store.games.commit_move(gid, v, 0, "skip", '{"s": 1}', deliveries=[
        Delivery(gid, AnnounceNotes(({"t": "left", "seat": 0, "name": ANN_NAME}, {"t": "ended", "by": ANN})))])
    await store.panels.save_panel(PanelToken(gid, ANN, 1, "tok-ann", store.now(), v, "es"))
    await store.handles.save_game_token(GameToken(gid, "gdm-ann", 1, ANN, store.now()))
    await store.games.settle_table_request(gid, v, "hints", [ANN])  # she said yes to hints for everyone
    await store.players.set_player_settings(ANN, coach="off")
    ids["running"] = gid
    gid, _ = await started(store, 3, [ann, Seat(1, "Computer 1 (easy)", ai_strength=1)])
    ids["solo"] = gid
    lobby = await store.games.create_lobby(GUILD, 4, host_id=ANN, options={}, seats=[ann, Seat(1, "Cat", user_id=CAT)])
    ids["lobby_hosted"] = lobby.id
    lobby = await store.games.create_lobby(GUILD, 5, host_id=CAT, options={},
                                           seats=[Seat(0, "Cat", user_id=CAT), Seat(1, ANN_NAME, user_id=ANN),
                                            Seat(2, "Computer 1 (easy)", ai_strength=1)])
    ids["lobby_joined"] = lobby.id
    room = DailyRoom(store)
    await room.claim("2026-12-04", ANN, guild_id=GUILD, channel_id=6, display_name=ANN_NAME, token="t", lease=30)
    ids["daily"] = await room.create_game("2026-12-04", ANN, "t", thread_id=66, options={"coop": True}, seed=3,
                                          state="{}", seat_name=ANN_NAME)
    return ids


async def traces(store: SqlStore, backend: Backend) -> list[str]:
    """Every cell of every table (but ``erasures``, the deletion's own record) holding Ann's id or name."""
    if backend.is_postgres:
        tables = [r[0] for r in await store.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")]
    else:
        tables = [r[0] for r in await store.query("SELECT name FROM sqlite_master WHERE type = 'table'")]
    found = []
    for table in tables:
        if table in ("erasures", "schema_migrations", "sqlite_sequence"):
            continue
        rows = await store.query(f"SELECT * FROM {table}")
        for row in rows:
            for key in list(row.keys()):  # asyncpg's Record iterates over its values
                value = row[key]
                if value == ANN or (isinstance(value, str) and (str(ANN) in value or ANN_NAME in value)):
                    found.append(f"{table}.{key}")
    return sorted(set(found))


async def test_what_is_kept_and_the_copy(store: SqlStore) -> None:
    ids = await world(store)
    data = await store.privacy.player_data(ANN)
    # six games with a seat: finished, running, solo, two lobbies and the daily
    assert (data.games, data.running, data.moves, data.results, data.boards, data.ratings, data.daily) == (
        6, 5, 3, 1, 1, 1, 1)
    assert data.tokens == 3 and data.settings and data.erased == ()
    copy = await store.privacy.export_player(ANN)
    assert copy["format"] == "hardback-player-data" and copy["user_id"] == ANN
    games = {g["id"]: g for g in copy["games"]}
    assert set(games) == set(ids.values())
    finished = games[ids["finished"]]
    assert finished["moves"][0][:2] == [1, "skip"] and [m[1] for m in finished["moves"]] == ["skip", "end"]
    assert finished["players"] == [ANN_NAME, "Bob"] and finished["host"] is True
    assert [r["best_word"] for r in copy["results"]] == ["QUILL"] and copy["results"][0]["won"] is True
    assert copy["ratings"][0]["board_id"] == GUILD and copy["totals"][0]["games"] == 1
    assert copy["daily_attempts"][0]["day"] == "2026-12-04"
    assert copy["settings"] == {"chosen": PlayerSettings(coach="off").to_dict(), "panel_languages": ["es"]}
    assert copy["seat_changes"] == []
    assert copy["table_requests"] == [{"game_id": ids["running"], "kind": "hints", "agreed_at": store.now()}]
    text = json.dumps(copy)
    assert "tok-ann" not in text and "gdm-ann" not in text  # tokens are secrets: never in a copy
    assert str(BOB) not in text  # the other players appear by their seats' names only
    assert (await store.privacy.player_data(424242)).games == 0


async def test_deletion_leaves_no_trace_and_keeps_games_whole(store: SqlStore, backend: Backend) -> None:
    ids = await world(store)
    before = {name: await store.games.get_game(gid, with_state=False) for name, gid in ids.items()}
    bob_rating = await store.results.get_rating(GUILD, BOB)
    assert await traces(store, backend) != []

    def left(game_id: int, seat: int) -> list[Delivery]:
        return [Delivery(game_id, AnnounceNotes(({"t": "left", "seat": seat},)))]

    erasure = await store.privacy.erase_player(ANN, left=left)
    assert erasure.applied and erasure.games == 6
    assert erasure.taken_over == (ids["running"],)
    assert set(erasure.ended) == {ids["solo"], ids["daily"]}
    assert set(erasure.lobbies) == {ids["lobby_hosted"], ids["lobby_joined"]}
    assert (erasure.results, erasure.ratings, erasure.totals, erasure.daily, erasure.tokens) == (1, 1, 1, 1, 3)
    assert erasure.settings == 1 and (await store.players.player_settings([ANN]))[ANN].coach == "auto"
    assert await store.players.request_agreements(ids["running"], "hints") == []
    assert await traces(store, backend) == []

    # The finished game: every seat, result and move still there; Ann's seat and result are the stand-in's.
    game = await store.games.get_game(ids["finished"], with_state=False)
    assert [(s.display_name, s.user_id, s.erased) for s in game.seats] == [(ERASED_NAME, None, True),
                                                                          ("Bob", BOB, False)]
    assert game.move_count == 3 and game.host_id is None
    results = await store.results.get_results(ids["finished"])
    assert [(r.display_name, r.user_id, r.result.prestige, r.rating_after is None) for r in results] == [
        (ERASED_NAME, None, 61, True), ("Bob", BOB, 40, False)]
    assert await store.results.get_rating(GUILD, BOB) == bob_rating  # the others' records stay as they were
    assert [e.user_id for e in await store.results.leaderboard(GUILD, "rating")] == [BOB]
    # The running game goes on: a computer plays Ann's seat, Bob hosts it now, the table hears she left.
    running = await store.games.get_game(ids["running"], with_state=False)
    assert running.status == "playing" and running.version == before["running"].version + 1
    assert running.seats[0] == Seat(0, ERASED_NAME, None, 2, True) and running.host_id == BOB
    said = [d.payload for d in await store.outbox.pending_deliveries(ids["running"])]
    assert all(isinstance(p, AnnounceNotes) for p in said), said
    notes = [[dict(n) for n in p.notes] for p in said if isinstance(p, AnnounceNotes)]
    assert notes == [[{"t": "left", "seat": 0, "name": ERASED_NAME}, {"t": "ended", "by": 0}],
                     [{"t": "left", "seat": 0}]]
    # A game nobody else played in ends; so does her daily, whose attempt is gone.
    for name in ("solo", "daily"):
        ended = await store.games.get_game(ids[name], with_state=False)
        assert ended.status == "abandoned" and ended.seats[0].erased and ended.seats[0].ai_strength is None
        assert await store.timers.game_timers(ids[name]) == []
    assert await DailyRoom(store).attempt("2026-12-04", ANN) is None
    # Lobbies: she left both; Cat hosts the one she hosted; seats stay numbered 0, 1, …
    hosted = await store.games.get_game(ids["lobby_hosted"], with_state=False)
    assert hosted.status == "lobby" and hosted.host_id == CAT and [(s.seat, s.user_id) for s in hosted.seats] == [
        (0, CAT)]
    joined = await store.games.get_game(ids["lobby_joined"], with_state=False)
    assert [(s.seat, s.display_name) for s in joined.seats] == [(0, "Cat"), (1, "Computer 1 (easy)")]
    assert (await store.privacy.player_data(ANN)).games == 0
    assert [e.user_id for e in await store.privacy.erasures()] == [ANN]
    assert (await store.privacy.player_data(ANN)).erased == (erasure.erased_at,)


async def test_a_deletion_is_applied_once_and_only_to_what_came_before_it(store: SqlStore, backend: Backend) -> None:
    ids = await world(store)
    erasure = await store.privacy.erase_player(ANN, erasure_id="first")
    again = await store.privacy.erase_player(ANN, erasure_id="first")
    assert erasure.applied and not again.applied and len(await store.privacy.erasures()) == 1
    # Ann plays again after her deletion: applying that deletion again later (a restore) leaves the new game be.
    backend.clock.advance(60)
    gid, v = await started(store, 7, [Seat(0, ANN_NAME, user_id=ANN), Seat(1, "Bob", user_id=BOB)])
    await store.games.commit_move(gid, v, 0, "end", "{}", finished=True,
                                  outcome=GameOutcome((line(0, 1, 50), line(1, 2, 30))))
    replay = await store.privacy.erase_player(ANN, erasure_id="replayed", erased_at=erasure.erased_at)
    assert replay.applied and replay.games == 0 and replay.results == 0
    assert [s.user_id for s in (await store.games.get_game(gid, with_state=False)).seats] == [ANN, BOB]
    assert [r.user_id for r in await store.results.get_results(gid)] == [ANN, BOB]
    assert ids  # the first world's games were Ann's before: erased already


async def test_a_player_with_nothing_kept(store: SqlStore) -> None:
    erasure = await store.privacy.erase_player(424242)
    assert erasure.applied and erasure.games == 0 and erasure.changed_games == ()
    assert (await store.privacy.player_data(424242)).erased == (erasure.erased_at,)
    copy = await store.privacy.export_player(424242)
    assert copy["games"] == [] and copy["earlier_deletions"] == [erasure.erased_at]


async def test_a_rematch_of_a_game_with_a_deleted_player_leaves_the_seat_out(store: SqlStore) -> None:
    from hardback_bot.sessions import Sessions

    ids = await world(store)
    await store.privacy.erase_player(ANN)
    lobby = await Sessions(store).lobby.rematch(ids["finished"], BOB)
    assert [(s.seat, s.user_id) for s in lobby.seats] == [(0, BOB)] and lobby.host_id == BOB


async def test_two_processes_applying_one_deletion_at_once_apply_it_once(store: SqlStore, backend: Backend) -> None:
    import asyncio

    ids = await world(store)
    version = (await store.games.get_game(ids["running"], with_state=False)).version
    other = await backend.open()
    try:
        first, second = await asyncio.gather(store.privacy.erase_player(ANN, erasure_id="ledger-line", erased_at=1e10),
                                             other.privacy.erase_player(ANN, erasure_id="ledger-line", erased_at=1e10))
    finally:
        await other.close()
    assert sorted([first.applied, second.applied]) == [False, True]
    running = await store.games.get_game(ids["running"], with_state=False)
    assert running.version == version + 1  # one version step for the seat's change, not two
    assert len([d for d in await store.outbox.pending_deliveries(ids["running"])]) == 1
