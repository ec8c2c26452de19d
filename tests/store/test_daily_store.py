"""The daily's room of the store (store/daily.py, migration 010) on both databases: one attempt per player and
day whoever claims it, the par claimed by one process, the day's boards with ranks, streaks over days, and the
result card and share posted once."""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest

from hardback_bot.store import AnnounceNotes, CoopResult, Delivery, GameOutcome, PlayerResult
from hardback_bot.store.daily import DailyLost, DailyRoom, ParResult, streaks_of
from hardback_bot.store.sql import SqlStore

from .conftest import Backend

GUILD, OTHER_GUILD, CHANNEL = 10, 20, 1


def room_of(store: SqlStore) -> DailyRoom:
    return store.daily


async def dealt(room: DailyRoom, day: str, user: int, *, guild: int = GUILD, thread: int | None = None) -> int:
    """A claimed and dealt daily (state text stands in for the engine's)."""
    claim = await room.claim(day, user, guild_id=guild, channel_id=CHANNEL, display_name=f"p{user}",
                             token=f"t{user}", lease=30)
    assert claim.owner
    return await room.create_game(day, user, f"t{user}", thread_id=thread or 10_000 + user,
                                  options={"coop": True, "penny_genre": "mystery"}, seed=7, state="s0",
                                  seat_name=f"p{user}", deliveries=[Delivery(0, AnnounceNotes())])


async def finished(store: SqlStore, room: DailyRoom, day: str, user: int, score: int, *, penny: int = 50,
                   words: int = 10, guild: int = GUILD) -> int:
    game_id = await dealt(room, day, user, guild=guild)
    won = score > penny
    outcome = GameOutcome(players=(PlayerResult(seat=0, rank=1 if won else 2, prestige=score, won=won, words=words),),
                          coop=CoopResult(won=won, team_score=score, penny_score=penny, genre="mystery"))
    await store.games.commit_moves(game_id, 1, [(0, "skip")], "s1", finished=True, outcome=outcome)
    return game_id


async def test_the_first_claim_deals_and_every_other_start_finds_it(store: SqlStore) -> None:
    room = room_of(store)
    first = await room.claim("2026-12-04", 5, guild_id=GUILD, channel_id=CHANNEL, display_name="ann", token="a",
                             lease=30)
    again = await room.claim("2026-12-04", 5, guild_id=OTHER_GUILD, channel_id=2, display_name="ann", token="b",
                             lease=30)
    assert first.owner and not again.owner
    assert again.attempt.claim_token == "a" and again.attempt.guild_id == GUILD  # the first start's
    await room.set_thread("2026-12-04", 5, "a", 900)
    with pytest.raises(DailyLost):
        await room.set_thread("2026-12-04", 5, "b", 901)  # not the claim's start
    with pytest.raises(DailyLost):
        await room.create_game("2026-12-04", 5, "b", thread_id=901, options={}, seed=1, state="s", seat_name="ann")
    game_id = await room.create_game("2026-12-04", 5, "a", thread_id=900, options={"coop": True}, seed=1,
                                     state="s", seat_name="ann",
                                     deliveries=[Delivery(0, AnnounceNotes(({"t": "begins"},)))])
    record = await store.games.get_game(game_id)
    assert (record.kind, record.status, record.channel_id, record.guild_id, record.host_id) == \
        ("daily", "playing", 900, GUILD, 5)
    assert [s.user_id for s in record.seats] == [5] and record.state == "s" and record.seed == 1
    assert [d.payload for d in await store.outbox.pending_deliveries(game_id)] == [AnnounceNotes(({"t": "begins"},))]
    attempt = await room.attempt("2026-12-04", 5)
    assert attempt is not None and (attempt.game_id, attempt.thread_id) == (game_id, 900)
    assert await room.attempt_of_game(game_id) == attempt
    # Another day is another attempt; a game opened with /hardback start is a table, not a daily.
    assert (await room.claim("2026-12-05", 5, guild_id=GUILD, channel_id=CHANNEL, display_name="ann", token="c",
                             lease=30)).owner
    lobby = await store.games.create_lobby(GUILD, 3, host_id=5, options={})
    assert (await store.games.get_game(lobby.id)).kind == "table"


async def test_a_start_that_died_before_dealing_is_taken_over_after_the_lease(store: SqlStore, backend: Backend
                                                                              ) -> None:
    room = room_of(store)
    day = "2026-12-04"
    await room.claim(day, 5, guild_id=GUILD, channel_id=CHANNEL, display_name="ann", token="dead", lease=30)
    await room.set_thread(day, 5, "dead", 900)
    backend.clock.advance(10)
    assert not (await room.claim(day, 5, guild_id=GUILD, channel_id=CHANNEL, display_name="ann", token="new",
                                 lease=30)).owner
    backend.clock.advance(25)
    taken = await room.claim(day, 5, guild_id=GUILD, channel_id=CHANNEL, display_name="ann", token="new", lease=30)
    assert taken.owner and taken.attempt.claim_token == "new"
    assert taken.attempt.thread_id == 900  # the same channel: its thread is kept
    with pytest.raises(DailyLost):
        await room.create_game(day, 5, "dead", thread_id=900, options={}, seed=1, state="s", seat_name="ann")
    backend.clock.advance(60)
    elsewhere = await room.claim(day, 5, guild_id=OTHER_GUILD, channel_id=2, display_name="ann", token="far",
                                 lease=30)
    assert elsewhere.owner and elsewhere.attempt.thread_id is None and elsewhere.attempt.guild_id == OTHER_GUILD
    # A claim given back (its thread could not be made) lets the player start again at once.
    assert await room.release(day, 5, "far")
    assert await room.attempt(day, 5) is None
    # Once dealt, no lease ever takes it over.
    await dealt(room, day, 6)
    backend.clock.advance(3600)
    late = await room.claim(day, 6, guild_id=GUILD, channel_id=CHANNEL, display_name="p6", token="late", lease=30)
    assert not late.owner and late.attempt.game_id is not None


async def test_a_hundred_simultaneous_claims_of_one_player_make_one_attempt(store: SqlStore, backend: Backend
                                                                            ) -> None:
    # Several stores on one database, as several bot processes (PostgreSQL: real concurrent transactions).
    stores = [store] + [await backend.open() for _ in range(3)]
    try:
        rooms = [DailyRoom(s) for s in stores]
        claims = await asyncio.gather(*(
            rooms[i % len(rooms)].claim("2026-12-04", 5, guild_id=GUILD + i % 2, channel_id=i, display_name="ann",
                                        token=f"start{i}", lease=30) for i in range(100)))
        owners = [c for c in claims if c.owner]
        assert len(owners) == 1
        assert {c.attempt.claim_token for c in claims} == {owners[0].attempt.claim_token}
        async with store.read_one() as db:
            rows = await db.fetch("SELECT COUNT(*) FROM daily_attempts")
        assert int(rows[0][0]) == 1
    finally:
        for s in stores[1:]:
            await s.close()


async def test_the_par_is_claimed_by_one_process_and_kept(store: SqlStore, backend: Backend) -> None:
    room = room_of(store)
    second = await backend.open()
    other = second.daily
    try:
        day = "2026-12-04"
        claims = await asyncio.gather(*(r.claim_par(day, f"p{i}", strength=3, lease=600)
                                        for i, r in enumerate([room, other] * 10)))
        assert claims.count(True) == 1
        owner = f"p{claims.index(True)}"
        par = await room.par(day)
        assert par is not None and not par.done and par.claimed_by == owner and par.strength == 3
        result = ParResult(score=51, penny_score=60, won=False, words=12, turns=11, state_hash="ab" * 32)
        assert not await other.save_par(day, "somebody else", result)
        assert await room.save_par(day, owner, result)
        par = await other.par(day)
        assert par is not None and par.done and (par.score, par.penny_score, par.won, par.words, par.turns) == \
            (51, 60, False, 12, 11)
        backend.clock.advance(10_000)
        assert not await other.claim_par(day, "late", strength=4, lease=600)  # computed: never again
        # A claim whose process died is taken over after the lease; a failed one is given back at once.
        assert await room.claim_par("2026-12-05", "dies", strength=3, lease=600)
        backend.clock.advance(100)
        assert not await other.claim_par("2026-12-05", "next", strength=3, lease=600)
        backend.clock.advance(600)
        assert await other.claim_par("2026-12-05", "next", strength=3, lease=600)
        assert await other.drop_par_claim("2026-12-05", "next")
        assert await room.claim_par("2026-12-05", "again", strength=3, lease=600)
    finally:
        await second.close()


async def test_the_days_boards_rank_the_finished_dailies_of_a_server_and_of_every_server(store: SqlStore) -> None:
    room = room_of(store)
    day = "2026-12-04"
    await finished(store, room, day, 1, 58, penny=50, words=14)
    await finished(store, room, day, 2, 62, penny=55, words=12, guild=OTHER_GUILD)
    await finished(store, room, day, 3, 58, penny=40, words=9)  # the same score, a wider margin: ahead
    await finished(store, room, day, 4, 58, penny=50, words=11)  # the same score and margin as 1: shared place
    await finished(store, room, "2026-12-03", 1, 99)  # another day
    await dealt(room, day, 5)  # still being played: on no board
    here = await room.board(day, GUILD)
    assert [(e.position, e.user_id, e.score) for e in here] == [(1, 3, 58), (2, 1, 58), (2, 4, 58)]
    assert here[1].words == 14 and here[1].won and here[1].penny_score == 50 and here[1].display_name == "p1"
    world = await room.board(day)
    assert [(e.position, e.user_id) for e in world] == [(1, 2), (2, 3), (3, 1), (3, 4)]
    assert await room.board_size(day, GUILD) == 3 and await room.board_size(day) == 4
    assert [e.user_id for e in await room.board(day, limit=2, offset=2)] == [1, 4]
    entry = await room.entry(day, 4, GUILD)
    assert entry is not None and entry.position == 2
    world_entry = await room.entry(day, 4)
    assert world_entry is not None and world_entry.position == 3
    assert await room.entry(day, 5) is None and await room.board("2026-12-06") == []


def test_streaks_count_days_in_a_row_up_to_today_or_yesterday() -> None:
    rows = [("2026-11-20", 50, 40), ("2026-11-21", 30, 40), ("2026-11-22", 60, 50), ("2026-11-23", 61, 50),
            ("2026-11-24", 62, 50), ("2026-11-26", 70, 60), ("2026-11-27", 71, 60)]
    s = streaks_of(rows, dt.date(2026, 11, 28))
    assert (s.played, s.beaten) == (7, 6)
    assert (s.current_played, s.best_played) == (2, 5)  # the 25th was missed
    assert (s.current_beaten, s.best_beaten) == (2, 3)
    assert streaks_of(rows, dt.date(2026, 11, 27)).current_played == 2  # today's counts
    gone = streaks_of(rows, dt.date(2026, 11, 29))  # yesterday not played: no running streak
    assert (gone.current_played, gone.current_beaten, gone.best_played) == (0, 0, 5)
    # a day at par, or whose par is not known, ends the run above par but not the run of days played
    level = streaks_of([("2026-11-26", 60, 60), ("2026-11-27", 61, None)], dt.date(2026, 11, 27))
    assert (level.current_played, level.current_beaten, level.beaten) == (2, 0, 0)
    assert streaks_of([], dt.date(2026, 11, 27)) == streaks_of([], dt.date(2020, 1, 1))


async def test_streaks_read_every_server_and_the_days_par(store: SqlStore) -> None:
    room = room_of(store)
    for day, score, guild in (("2026-12-01", 50, GUILD), ("2026-12-02", 70, OTHER_GUILD), ("2026-12-03", 71, GUILD)):
        await finished(store, room, day, 1, score, guild=guild)
        await room.claim_par(day, "me", strength=3, lease=600)
        await room.save_par(day, "me", ParResult(60, 50, True, 10, 10, "x"))
    s = await room.streaks(1, dt.date(2026, 12, 4))
    assert (s.played, s.beaten, s.current_played, s.current_beaten, s.best_beaten) == (3, 2, 3, 2, 2)
    assert s.last_day == "2026-12-03"
    assert (await room.streaks(2, dt.date(2026, 12, 4))).played == 0


async def test_the_result_card_and_the_share_are_posted_once(store: SqlStore, backend: Backend) -> None:
    room = room_of(store)
    day = "2026-12-04"
    await finished(store, room, day, 1, 58)
    await dealt(room, day, 2)  # not finished
    assert [a.user_id for a in await room.unposted_results("2026-12-01")] == [1]
    assert await room.unposted_results("2026-12-05") == []
    assert await room.claim_post(day, 1, "result")
    assert not await room.claim_post(day, 1, "result")
    backend.clock.advance(61)  # the poster died before posting: another may try (the nonce keeps it single)
    assert await room.claim_post(day, 1, "result")
    await room.set_posted(day, 1, "result", 777)
    backend.clock.advance(1000)
    assert not await room.claim_post(day, 1, "result")
    assert await room.unposted_results("2026-12-01") == []
    assert await room.claim_post(day, 1, "shared")
    await room.set_posted(day, 1, "shared", 778)
    attempt = await room.attempt(day, 1)
    assert attempt is not None and (attempt.result_message_id, attempt.shared_message_id) == (777, 778)
    with pytest.raises(ValueError):
        await room.claim_post(day, 1, "elsewhere")


async def test_a_daily_whose_thread_is_gone_moves_to_a_new_one(store: SqlStore) -> None:
    room = room_of(store)
    game_id = await dealt(room, "2026-12-04", 1, thread=900)
    await store.messages.set_message(game_id, "table", 5555, version=1)
    await room.move_game(game_id, 901)
    record = await store.games.get_game(game_id)
    assert record.channel_id == 901 and "table" not in record.messages
    assert {d.channel_id for d in await store.outbox.pending_deliveries(game_id)} == {901}
    attempt = await room.attempt("2026-12-04", 1)
    assert attempt is not None and attempt.thread_id == 901
    with pytest.raises(DailyLost):  # only a running daily moves
        await room.move_game(99999, 902)
