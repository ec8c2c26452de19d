from __future__ import annotations

import pytest

from hardback_bot.store import (
    CoopResult,
    GameOutcome,
    InvalidRecord,
    PlayerResult,
    Seat,
    SeatChange,
    Store,
    WrongStatus,
)

from .conftest import humans, playing_game

GUILD = 10


def line(
    seat: int,
    rank: int,
    prestige: int,
    *,
    won: bool | None = None,
    best: int = 3,
    word: str = "CAT",
    longest: str = "CAT",
) -> PlayerResult:
    return PlayerResult(
        seat=seat,
        rank=rank,
        prestige=prestige,
        won=rank == 1 if won is None else won,
        words=5,
        best_word_prestige=best,
        best_word=word,
        longest_word_len=len(longest),
        longest_word=longest,
        cards_bought=4,
        cards_trashed=1,
        ink_used=2,
        invalid_words=1,
        stats={"useInk": 2, "pointsBasic": 10},
    )


async def finish(store: Store, seats: list[Seat], outcome: GameOutcome, channel: int = 1) -> int:
    gid, v = await playing_game(store, channel=channel, guild=GUILD, seats=seats)
    await store.games.commit_move(gid, v, 0, "end", "final", finished=True, outcome=outcome)
    return gid


async def test_results_written_once_with_the_finishing_move(store: Store) -> None:
    outcome = GameOutcome((line(0, 1, 61), line(1, 2, 40)), table_stats={"turns": 12, "words": 20})
    gid = await finish(store, humans("ann", "bob"), outcome)
    results = await store.results.get_results(gid)
    assert [(r.user_id, r.result.rank, r.result.won, r.result.prestige) for r in results] == [
        (100, 1, True, 61),
        (101, 2, False, 40),
    ]
    assert results[0].result.stats == {"useInk": 2, "pointsBasic": 10}
    assert results[0].rating_after is not None and results[0].rating_after > results[0].rating_before
    # a retried finish (or a second path) changes nothing
    assert await store.results.record_outcome(gid, outcome) is False
    stats = await store.results.player_stats(GUILD, 100)
    assert (stats.competitive.games, stats.competitive.wins) == (1, 1)
    assert stats.rating is not None and stats.rating.games == 1


async def test_record_outcome_separately_and_guards(store: Store) -> None:
    gid, v = await playing_game(store, guild=GUILD)
    outcome = GameOutcome((line(0, 1, 61), line(1, 2, 40)))
    with pytest.raises(WrongStatus):
        await store.results.record_outcome(gid, outcome)
    with pytest.raises(InvalidRecord):
        await store.games.commit_move(gid, v, 0, "m", "s", outcome=outcome)  # only with finished=True
    await store.games.commit_move(gid, v, 0, "m", "s", finished=True)
    with pytest.raises(InvalidRecord):
        await store.results.record_outcome(gid, GameOutcome((line(0, 1, 61),)))  # seats must match
    assert await store.results.record_outcome(gid, outcome) is True
    assert await store.results.record_outcome(gid, outcome) is False
    assert len(await store.results.get_results(gid)) == 2


async def test_computers_and_coop_do_not_move_ratings(store: Store) -> None:
    vs_bot = [Seat(0, "ann", user_id=100), Seat(1, "bot", ai_strength=3)]
    gid = await finish(store, vs_bot, GameOutcome((line(0, 1, 60), line(1, 2, 30))), channel=1)
    assert await store.results.get_rating(GUILD, 100) is None
    res = await store.results.get_results(gid)
    assert res[1].user_id is None and res[1].ai_strength == 3 and res[0].rating_after is None
    coop = GameOutcome(
        (line(0, 1, 130, won=True), line(1, 1, 130, won=True)),
        coop=CoopResult(won=True, team_score=130, penny_score=100, genre="horror"),
    )
    await finish(store, humans("ann", "bob"), coop, channel=2)
    lost = GameOutcome(
        (line(0, 1, 90, won=False), line(1, 1, 90, won=False)),
        coop=CoopResult(won=False, team_score=90, penny_score=120, genre="horror"),
    )
    await finish(store, humans("ann", "bob"), lost, channel=3)
    assert await store.results.get_rating(GUILD, 100) is None and await store.results.get_rating(GUILD, 101) is None
    stats = await store.results.player_stats(GUILD, 100)
    assert (stats.competitive.games, stats.competitive.wins) == (1, 1)  # the game against the computer
    assert (stats.coop.games, stats.coop.wins, stats.coop.losses, stats.coop.margin_sum) == (2, 1, 1, 0)
    assert stats.coop_by_genre == {"horror": (1, 2)}
    assert [r.mode for r in stats.recent] == ["coop", "coop", "competitive"]


async def test_three_humans_and_a_bot_rate_only_the_humans(store: Store) -> None:
    seats = [*humans("a", "b", "c"), Seat(3, "bot", ai_strength=1)]
    outcome = GameOutcome((line(0, 2, 50), line(1, 1, 70), line(2, 3, 40), line(3, 1, 70)))
    await finish(store, seats, outcome)
    a, b, c = [await store.results.get_rating(GUILD, u) for u in (100, 101, 102)]
    assert a and b and c and b.ordinal > a.ordinal > c.ordinal


async def test_the_seat_is_credited_to_whoever_finished_it(store: Store) -> None:
    """Issue 38: a substitute who finished a seat is rated and counted for it; a seat a computer finished (its
    player timed out) moves no rating and counts on no board; the history of hands is kept with the game."""
    seats = [Seat(0, "ann", user_id=100), Seat(1, "bob", user_id=101), Seat(2, "cy", user_id=102)]
    gid, v = await playing_game(store, channel=7, guild=GUILD, seats=seats)
    v = await store.games.replace_seat(gid, v, Seat(1, "bob (computer)", 101, 2),
                                       change=SeatChange(1, 4, 101, "bob", "computer", "timeouts"))
    v = await store.seat_holders.offer_seat(gid, v, 1, 100)
    assert (await store.games.get_game(gid)).offers == (1,)
    v = await store.games.replace_seat(gid, v, Seat(1, "dee", 103, None),
                                       change=SeatChange(1, 9, 103, "dee", "player", "substitute"))
    v = await store.games.replace_seat(gid, v, Seat(2, "cy (computer)", 102, 2),
                                       change=SeatChange(2, 11, 102, "cy", "computer", "timeouts"))
    record = await store.games.get_game(gid)
    assert record.offers == (), "a person taking the seat closes its offer"
    assert [(c.seat, c.since_move, c.user_id, c.holder, c.reason) for c in record.holders] == \
        [(1, 4, 101, "computer", "timeouts"), (1, 9, 103, "player", "substitute"), (2, 11, 102, "computer", "timeouts")]
    assert record.holders == tuple(await store.seat_holders.seat_history(gid))
    outcome = GameOutcome((line(0, 2, 50), line(1, 1, 70), line(2, 3, 40)))
    await store.games.commit_move(gid, v, 0, "end", "final", finished=True, outcome=outcome)
    assert await store.results.get_rating(
        GUILD, 100) is not None and await store.results.get_rating(GUILD, 103) is not None
    assert await store.results.get_rating(GUILD, 101) is None, "bob left before the end: the substitute is rated"
    assert await store.results.get_rating(GUILD, 102) is None, "a computer finished cy's seat: no rating for it"
    assert (await store.results.player_stats(GUILD, 103)).competitive.wins == 1
    assert (await store.results.player_stats(GUILD, 102)).competitive.games == 0
    res = {r.seat: r for r in await store.results.get_results(gid)}
    assert (res[1].user_id, res[1].rating_after is not None) == (103, True)
    assert (res[2].user_id, res[2].ai_strength, res[2].rating_after) == (102, 2, None)


async def test_leaderboards(store: Store) -> None:
    # ann beats bob twice, bob beats cat once, cat has the best and longest word
    ch = iter(range(1, 100))
    ann, bob, cat = Seat(0, "ann", user_id=1), Seat(1, "bob", user_id=2), Seat(2, "cat", user_id=3)

    def at(seat: Seat, n: int) -> Seat:
        return Seat(n, seat.display_name, seat.user_id)

    for _ in range(2):
        await finish(store, [at(ann, 0), at(bob, 1)], GameOutcome((line(0, 1, 60), line(1, 2, 50))), next(ch))
    await finish(
        store,
        [at(bob, 0), at(cat, 1)],
        GameOutcome((line(0, 1, 60), line(1, 2, 55, best=12, word="QUIZ", longest="ABSOLUTELY"))),
        next(ch),
    )
    wins = await store.results.leaderboard(GUILD, "wins")
    assert [(e.position, e.display_name, e.value) for e in wins] == [(1, "ann", 2), (2, "bob", 1)]
    rate = await store.results.leaderboard(GUILD, "win_rate", min_games=2)
    assert [(e.display_name, round(e.value, 3)) for e in rate] == [("ann", 1.0), ("bob", 0.333)]
    assert [e.display_name for e in await store.results.leaderboard(GUILD, "win_rate", min_games=1)] == [
        "ann",
        "bob",
        "cat",
    ]
    best = await store.results.leaderboard(GUILD, "best_word")
    assert (best[0].display_name, best[0].value, best[0].word) == ("cat", 12, "QUIZ")
    assert [e.position for e in best] == [1, 2, 2]  # ties share a place (R22.6 style)
    longest = await store.results.leaderboard(GUILD, "longest_word")
    assert (longest[0].display_name, longest[0].value, longest[0].word) == ("cat", 10, "ABSOLUTELY")
    rating = await store.results.leaderboard(GUILD, "rating")
    assert rating[0].display_name == "ann" and len(rating) == 3
    page2 = await store.results.leaderboard(GUILD, "rating", limit=1, offset=1)
    assert [e.user_id for e in page2] == [rating[1].user_id] and page2[0].position == rating[1].position
    assert await store.results.leaderboard(GUILD + 1, "wins") == []
    with pytest.raises(InvalidRecord):
        await store.results.leaderboard(GUILD, "bogus")  # type: ignore[arg-type]


async def test_player_stats_for_a_stranger(store: Store) -> None:
    stats = await store.results.player_stats(GUILD, 999)
    assert stats.display_name is None and stats.competitive.games == 0 and stats.rating is None
    assert stats.competitive.win_rate == 0.0 and stats.recent == ()


async def test_a_practice_game_stays_in_the_history_and_counts_nowhere(store: Store) -> None:
    """The guided first game (GameOutcome.practice): its results are kept, as mode ``practice``, but no
    rating, leaderboard, season board or streak reads them, even with two people at the table."""
    from hardback_bot.store.seasons import season_of

    practice = GameOutcome((line(0, 1, 20, word="QUESTION", best=9), line(1, 2, 12), line(2, 3, 8)),
                           practice=True)
    seats = [*humans("ann", "bob"), Seat(2, "Computer 1 (easy)", ai_strength=1)]
    gid = await finish(store, seats, practice)
    results = await store.results.get_results(gid)
    assert [r.mode for r in results] == ["practice"] * 3
    assert all(r.rating_before is None and r.rating_after is None for r in results)
    assert await store.results.get_rating(GUILD, 100) is None and await store.results.get_rating(GUILD, 101) is None
    for board in ("rating", "wins", "win_rate", "best_word", "longest_word"):
        assert await store.results.leaderboard(GUILD, board, min_games=1) == [], board  # type: ignore[arg-type]
    season = season_of("month", store.now())
    for board in ("rating", "wins", "win_rate", "best_word", "longest_word"):
        assert await store.seasons.season_board(GUILD, board, season, min_games=1) == [], board
    records = await store.seasons.player_records(GUILD, 100)
    assert records.games == 0 and records.best_streak == 0 and records.best_score == 0
    stats = await store.results.player_stats(GUILD, 100)
    assert stats.competitive.games == 0 and stats.coop.games == 0 and stats.rating is None
    assert [(r.game_id, r.mode, r.result.won) for r in stats.recent] == [(gid, "practice", True)]  # the history
    # The same table played for real afterwards is rated and counted as usual.
    real = await finish(store, humans("ann", "bob"), GameOutcome((line(0, 1, 61), line(1, 2, 40))), channel=2)
    assert [r.mode for r in await store.results.get_results(real)] == ["competitive", "competitive"]
    assert (await store.results.get_rating(GUILD, 100)).games == 1  # type: ignore[union-attr]
    assert (await store.results.player_stats(GUILD, 100)).competitive.games == 1
