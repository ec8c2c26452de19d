"""Seasons, provisional ratings, records and the once-only season announcement (migration 007), on
SQLite and PostgreSQL; the store's injectable clock puts each game in its season."""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest

from hardback_bot.store import GameOutcome, PlayerResult, Seat, Store
from hardback_bot.store.seasons import season_of

from .conftest import Backend, Clock, playing_game

GUILD = 10
NOV = dt.datetime(2026, 11, 10, 12, tzinfo=dt.UTC).timestamp()  # a Tuesday in November 2026


def _line(seat: int, rank: int, prestige: int, *, word: str = "CAT", best: int = 3, words: int = 5) -> PlayerResult:
    return PlayerResult(seat=seat, rank=rank, prestige=prestige, won=rank == 1, words=words, best_word_prestige=best,
                        best_word=word, longest_word_len=len(word), longest_word=word)


async def _game(store: Store, winner: int, *, users: tuple[int, int] = (100, 101), channel: int = 1,
                prestige: int = 60, words: int = 5, word: str = "CAT", best: int = 3) -> int:
    seats = [Seat(0, f"p{users[0]}", user_id=users[0]), Seat(1, f"p{users[1]}", user_id=users[1])]
    gid, v = await playing_game(store, channel=channel, guild=GUILD, seats=seats)
    lines = (_line(0, 1 if winner == 0 else 2, prestige if winner == 0 else 30, word=word, best=best, words=words),
             _line(1, 1 if winner == 1 else 2, prestige if winner == 1 else 30, words=words))
    await store.games.commit_move(gid, v, 0, "end", "final", finished=True, outcome=GameOutcome(lines))
    return gid


def test_seasons_are_calendar_months_and_iso_weeks() -> None:
    month = season_of("month", NOV)
    assert month.key == "2026-11" and month.start == dt.datetime(2026, 11, 1, tzinfo=dt.UTC)
    assert month.previous().key == "2026-10" and season_of("month", month.ends_at).key == "2026-12"
    dec = season_of("month", dt.datetime(2026, 12, 31, 23, 59, tzinfo=dt.UTC).timestamp())
    assert season_of("month", dec.ends_at).key == "2027-01"
    week = season_of("week", NOV)
    assert week.start == dt.datetime(2026, 11, 9, tzinfo=dt.UTC) and week.ends_at - week.starts_at == 7 * 86400
    assert week.key == "2026-W46" and week.last_day == dt.date(2026, 11, 15)
    with pytest.raises(ValueError):
        season_of("year", NOV)


async def test_season_boards_count_only_that_seasons_games(store: Store, clock: Clock) -> None:
    clock.now = NOV - 20 * 86400  # October
    await _game(store, 1)
    await _game(store, 1)
    clock.now = NOV
    await _game(store, 0, word="QUIXOTE", best=9)
    clock.advance(3600)
    await _game(store, 0)
    await _game(store, 1)
    november = season_of("month", NOV)
    wins = await store.seasons.season_board(GUILD, "wins", november)
    assert [(e.user_id, int(e.value), e.games) for e in wins] == [(100, 2, 3), (101, 1, 3)]
    october = await store.seasons.season_board(GUILD, "wins", november.previous())
    assert [(e.user_id, int(e.value)) for e in october] == [(101, 2)]
    best = await store.seasons.season_board(GUILD, "best_word", november)
    assert (best[0].user_id, best[0].word, int(best[0].value)) == (100, "QUIXOTE", 9)
    rate = await store.seasons.season_board(GUILD, "win_rate", november, min_games=3)
    assert [(e.user_id, round(e.value, 3)) for e in rate] == [(100, 0.667), (101, 0.333)]
    assert await store.seasons.season_board(GUILD, "win_rate", november, min_games=4) == []
    gains = await store.seasons.season_board(GUILD, "rating", november)
    totals = {e.user_id: e.value for e in gains}
    assert totals[100] > 0 > totals[101]  # two wins of three: the rating went up
    assert await store.seasons.season_board(GUILD, "wins", season_of("week", NOV - 30 * 86400)) == []
    with pytest.raises(ValueError):
        await store.seasons.season_board(GUILD, "colour", november)


async def test_provisional_ratings_are_ranked_apart(store: Store) -> None:
    for _ in range(3):
        await _game(store, 0, users=(100, 101))
    await _game(store, 0, users=(102, 103), channel=2)
    established = await store.seasons.rating_board(GUILD, provisional=False, threshold=3)
    provisional = await store.seasons.rating_board(GUILD, provisional=True, threshold=3)
    assert {e.user_id for e in established} == {100, 101} and [e.position for e in established] == [1, 2]
    assert {e.user_id for e in provisional} == {102, 103} and provisional[0].position == 1
    assert all(e.games == 3 for e in established) and all(e.games == 1 for e in provisional)
    assert await store.seasons.rating_count(GUILD, provisional=False, threshold=3) == 2
    assert await store.seasons.rating_count(GUILD, provisional=True, threshold=3) == 2
    assert [e.user_id for e in await store.seasons.rating_board(
        GUILD, provisional=False, threshold=3, limit=1, offset=1)] \
        == [established[1].user_id]
    everyone = await store.seasons.rating_board(GUILD, provisional=False, threshold=1)
    assert len(everyone) == 4


async def test_streaks_and_records(store: Store, clock: Clock) -> None:
    for winner, prestige, words in ((0, 50, 4), (0, 70, 9), (1, 40, 3), (0, 61, 12), (0, 55, 5), (0, 66, 6)):
        clock.advance(60)
        await _game(store, winner, prestige=prestige, words=words)
    records = await store.seasons.player_records(GUILD, 100)
    assert (records.games, records.current_streak, records.best_streak) == (6, 3, 3)
    assert records.best_score == 70 and records.most_words == 12
    loser = await store.seasons.player_records(GUILD, 101)
    assert (loser.current_streak, loser.best_streak) == (0, 1)
    nobody = await store.seasons.player_records(GUILD, 999)
    assert (nobody.games, nobody.best_score_game) == (0, None)


async def test_a_season_is_announced_once_even_by_two_processes(backend: Backend) -> None:
    one, two = await backend.open(), await backend.open()
    try:
        november = season_of("month", NOV)
        claims = await asyncio.gather(*(s.seasons.claim_season_announcement(
            GUILD, november) for s in (one, two, one, two)))
        assert sorted(claims) == [False, False, False, True]
        assert await one.seasons.claim_season_announcement(GUILD + 1, november)  # another server
        assert await two.seasons.claim_season_announcement(GUILD, season_of("week", NOV))  # another kind of season
        assert not await two.seasons.claim_season_announcement(GUILD, november)
    finally:
        await one.close()
        await two.close()


async def test_the_clock_can_be_replaced(store: Store) -> None:
    store.set_clock(lambda: NOV)
    assert store.now() == NOV
