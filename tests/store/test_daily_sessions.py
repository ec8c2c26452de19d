"""The daily's sessions (sessions/daily) on both databases: a hundred simultaneous starts of one player, in two
processes, deal one game; a start that cannot make its thread gives the claim back; the par is computed by one
process only; a daily survives its process (the next start resumes it); a finished daily's result and boards;
what a daily refuses (hints, leaving, a rematch, spoilers)."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import AsyncIterator

import pytest

from hardback_bot.ai import STRENGTHS, choose_move
from hardback_bot.sessions import SessionError, Sessions
from hardback_bot.sessions.daily import deal as deal_mod
from hardback_bot.sessions.daily import service as service_mod
from hardback_bot.sessions.daily.deal import Deal, deal_hash, deal_of, play_par
from hardback_bot.sessions.daily.service import DailyService
from hardback_bot.sessions.spelling import hints_allowed
from hardback_bot.store.sql import SqlStore

from .conftest import Backend

DAY = dt.date(2026, 12, 4)
NOON = dt.datetime(2026, 12, 4, 12, tzinfo=dt.UTC).timestamp()


class Threads:
    """A stand-in for Discord's thread creation: counts the threads made."""

    def __init__(self, first: int = 5000, fail: Exception | None = None) -> None:
        self.made: list[int] = []
        self.next = first
        self.fail = fail

    async def __call__(self, deal: Deal) -> int:
        await asyncio.sleep(0.01)  # a round trip to Discord
        if self.fail is not None:
            raise self.fail
        self.next += 1
        self.made.append(self.next)
        return self.next


PAR = 3


def test_the_par_is_the_experts_unless_configured() -> None:
    assert deal_mod.PAR_STRENGTH == 4 and STRENGTHS[deal_mod.PAR_STRENGTH] == "expert"


@pytest.fixture
async def services(store: SqlStore, backend: Backend) -> AsyncIterator[tuple[DailyService, DailyService]]:
    """Two bot processes' daily services on one database, at noon UTC on DAY."""
    backend.clock.now = NOON
    other = await backend.open()
    # The hard player's par (seconds of CPU; the expert's default one takes a minute): the rules of the par
    # do not depend on its strength, which is a setting of the service.
    a, b = (DailyService(Sessions(store), owner="one", strength=PAR),
            DailyService(Sessions(other), owner="two", strength=PAR))
    try:
        yield a, b
    finally:
        await a.close()
        await b.close()
        await other.close()


async def play_to_the_end(sessions: Sessions, game_id: int, user: int, *, moves: int | None = None) -> None:
    """The player's moves as the hard computer would choose them, through the sessions (committed each)."""
    for _ in range(moves or 10_000):
        loaded = await sessions.load(game_id)
        if loaded.game.finished:
            return
        await sessions.play(game_id, user, choose_move(loaded.game, 0, 3), None)


async def test_a_hundred_simultaneous_starts_of_one_player_deal_one_game(services: tuple[DailyService, DailyService]
                                                                         ) -> None:
    a, b = services
    threads = Threads()
    starts = await asyncio.gather(*((a if i % 2 else b).start(7, "ann", 10 + i % 3, 1, threads) for i in range(100)))
    assert len(threads.made) == 1
    assert [s.status for s in starts].count("started") == 1
    assert {s.status for s in starts} <= {"started", "resumed"}
    games = {s.record.id for s in starts if s.record is not None}
    assert len(games) == 1 and all(s.record is not None for s in starts)
    record = await a.sessions.record(games.pop())
    assert (record.kind, record.status, record.channel_id, record.host_id) == ("daily", "playing", threads.made[0], 7)
    async with a.sessions.store.read_one() as db:  # type: ignore[attr-defined]
        rows = await db.fetch("SELECT COUNT(*) FROM daily_attempts")
        games_rows = await db.fetch("SELECT COUNT(*) FROM games WHERE kind = 'daily'")
    assert (int(rows[0][0]), int(games_rows[0][0])) == (1, 1)
    # The game is the day's deal, for this player as for any other.
    loaded = await a.sessions.load(record.id)
    assert loaded.game.options == deal_of(DAY).options and record.seed == deal_of(DAY).seed
    other = await b.start(8, "bob", 10, 1, threads)
    assert other.status == "started" and other.record is not None
    first_state = deal_of(DAY).new_game().to_json()
    assert (await b.sessions.load(other.record.id)).game.to_json() == loaded.game.to_json() == first_state


async def test_a_start_that_cannot_make_its_thread_gives_its_claim_back(services: tuple[DailyService, DailyService]
                                                                        ) -> None:
    a, _ = services
    with pytest.raises(PermissionError):
        await a.start(7, "ann", 10, 1, Threads(fail=PermissionError("Missing Permissions")))
    assert await a.room.attempt(DAY.isoformat(), 7) is None
    started = await a.start(7, "ann", 10, 2, Threads())
    assert started.status == "started" and started.attempt.channel_id == 2


async def test_the_par_is_computed_once_and_by_one_process(services: tuple[DailyService, DailyService],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = services
    calls: list[str] = []

    def counted(day: str, strength: int) -> object:
        calls.append(day)
        return play_par(day, strength)

    monkeypatch.setattr(service_mod, "play_par", counted)
    first, second = await asyncio.gather(a.ensure_par(DAY.isoformat()), b.ensure_par(DAY.isoformat()))
    assert calls == [DAY.isoformat()]
    done = first if first is not None and first.done else second
    assert done is not None and done.done and done.strength == PAR
    assert done.state_hash == deal_hash(DAY) and done.score is not None and done.score > 0
    assert (await a.ensure_par(DAY.isoformat())) == (await b.ensure_par(DAY.isoformat()))
    assert calls == [DAY.isoformat()]  # stored: never computed again


async def test_a_daily_outlives_its_process_and_the_next_start_resumes_it(store: SqlStore, backend: Backend) -> None:
    backend.clock.now = NOON
    first = DailyService(Sessions(store), owner="first", strength=PAR)
    started = await first.start(7, "ann", 10, 1, Threads())
    assert started.record is not None
    game_id = started.record.id
    await play_to_the_end(first.sessions, game_id, 7, moves=3)
    moves = [m.move for m in await store.games.get_moves(game_id)]
    # The process dies: nothing of it survives but the database.
    again = await backend.open()
    try:
        second = DailyService(Sessions(again), owner="second", strength=PAR)
        resumed = await second.start(7, "ann", 10, 1, Threads(first=9000))
        assert resumed.status == "resumed" and resumed.record is not None and resumed.record.id == game_id
        assert [m.move for m in await again.games.get_moves(game_id)] == moves
        await play_to_the_end(second.sessions, game_id, 7)
        assert (await second.start(7, "ann", 10, 1, Threads())).status == "finished"
        # The next day is a new deal.
        backend.clock.now = NOON + 86_400
        tomorrow = await second.start(7, "ann", 10, 1, Threads(first=9100))
        assert tomorrow.status == "started" and tomorrow.record is not None and tomorrow.record.id != game_id
        assert tomorrow.record.seed == deal_of(DAY + dt.timedelta(days=1)).seed
    finally:
        await first.close()
        await again.close()


async def test_a_finished_daily_has_its_result_places_and_streaks(services: tuple[DailyService, DailyService]
                                                                  ) -> None:
    a, b = services
    ann = await a.start(7, "ann", 10, 1, Threads())
    bob = await b.start(8, "bob", 20, 2, Threads(first=6000))
    assert ann.record is not None and bob.record is not None
    assert await a.result(ann.attempt) is None  # not finished yet
    await play_to_the_end(a.sessions, ann.record.id, 7)
    await play_to_the_end(b.sessions, bob.record.id, 8)
    await a.ensure_par(DAY.isoformat())
    attempt = await a.room.attempt(DAY.isoformat(), 7)
    assert attempt is not None
    result = await a.result(attempt)
    assert result is not None
    stored = (await a.sessions.store.results.get_results(ann.record.id))[0]
    assert (result.score, result.words, result.won) == (stored.result.prestige, stored.result.words, stored.result.won)
    assert result.par is not None and result.par.done and result.server == (1, 1) and result.world[1] == 2
    assert len(result.turns) > 3 and all(p >= 0 for p in result.turns)
    # The hard computer played both of these games the way it plays the par: the same deal, the same moves.
    assert result.score == result.par_score and not result.beat_par
    board, size = await b.board(DAY.isoformat(), None)
    assert size == 2 and {e.user_id for e in board} == {7, 8}
    streaks = await a.streaks(7)
    assert (streaks.played, streaks.current_played, streaks.beaten) == (1, 1, 0)


async def test_a_daily_refuses_hints_leaving_a_rematch_and_spoilers(services: tuple[DailyService, DailyService]
                                                                    ) -> None:
    a, _ = services
    ann = await a.start(7, "ann", 10, 1, Threads())
    assert ann.record is not None
    loaded = await a.sessions.load(ann.record.id)
    assert not hints_allowed(loaded.game, loaded.record.kind)
    assert hints_allowed(loaded.game)  # the same solo table opened with /hardback start offers them
    with pytest.raises(SessionError) as leave:
        await a.sessions.seats.leave(ann.record.id, 7)
    assert leave.value.code == "daily_no_leave"
    # Today's daily is no one else's to see while they may still play theirs.
    assert not await a.spoils(ann.record, 7)
    assert await a.spoils(ann.record, 8)
    bob = await a.start(8, "bob", 10, 1, Threads(first=7000))
    assert bob.record is not None
    assert await a.spoils(ann.record, 8)  # bob is playing his
    await play_to_the_end(a.sessions, bob.record.id, 8)
    assert not await a.spoils(ann.record, 8)  # bob has played his
    with pytest.raises(SessionError) as rematch:
        await a.sessions.lobby.rematch(bob.record.id, 8)
    assert rematch.value.code == "daily_no_rematch"
    # Ending it gives the day's attempt up: the next start says so and deals nothing.
    await a.sessions.end_game(ann.record.id, 7, can_manage=False)
    ended = await a.start(7, "ann", 10, 1, Threads(first=7100))
    assert ended.status == "ended" and ended.record is not None and ended.record.id == ann.record.id
    a.sessions.store.set_clock(lambda: NOON + 86_400)  # tomorrow, yesterday's daily is anybody's to see
    assert not await a.spoils(ann.record, 9)
