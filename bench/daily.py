"""Daily deal benchmarks: the par's computation, the day's boards and streaks on SQLite and PostgreSQL, a start,
and the share picture.

    python bench/daily.py                      # 20 days of par, both databases at full size (a few minutes)
    python bench/daily.py --quick              # tiny sizes, for a smoke test
    python bench/daily.py --days 60 --db sqlite
    python bench/daily.py --postgres URL       # an existing PostgreSQL server (its maintenance database)

Figures printed:
* the par: seconds to play one day's deal to the end with the par's computer strength (in this process, and
  once in a search worker process as the bot runs it), and what it scored over those days;
* a start: claim + deal of one player's daily (one transaction each, p50/p99), and 100 simultaneous starts of
  one player (wall time; they record one attempt);
* the day's boards over N finished dailies in G servers: a page of one server's board, of every server's,
  the board's size, one player's place, and one player's streaks over a year of dailies;
* the share picture: render and PNG encoding, and its size.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime as dt
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hardback_bot.render.daily import render_daily_share, sample  # noqa: E402
from hardback_bot.sessions.daily.deal import PAR_STRENGTH, deal_of, play_par  # noqa: E402
from hardback_bot.store import open_store  # noqa: E402
from hardback_bot.store.daily import DailyRoom  # noqa: E402
from hardback_bot.store.sql import SqlStore  # noqa: E402

DAY = dt.date(2026, 12, 4)


def pct(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def bench_par(days: int, strength: int) -> None:
    times, scores, wins = [], [], 0
    for n in range(days):
        day = (DAY - dt.timedelta(days=n)).isoformat()
        t0 = time.perf_counter()
        par = play_par(day, strength)
        times.append(time.perf_counter() - t0)
        scores.append(par.score)
        wins += int(par.won)
    print(f"par, strength {strength}, {days} days: median {statistics.median(times):.2f} s, p95 {pct(times, 95):.2f} s,"
          f" max {max(times):.2f} s a day (in this process)")
    print(f"  par scores: median {statistics.median(scores):.0f}★ (min {min(scores)}, max {max(scores)}),"
          f" Penny beaten on {wins} of {days} days")


async def bench_par_in_worker(strength: int) -> None:
    from hardback_bot.sessions.searching import Searcher

    searcher = Searcher(workers=1, preload=("hardback_bot.sessions.daily.deal",))
    await searcher.start()
    try:
        t0 = time.perf_counter()
        await searcher.call(play_par, DAY.isoformat(), strength, timeout=600)
        took = time.perf_counter() - t0
    finally:
        await searcher.close()
    print(f"  the same in a search worker (what the bot runs, niced): {took:.2f} s for {DAY.isoformat()}")


async def seed_day(store: SqlStore, day: str, dailies: int, guilds: int, first_game: int) -> None:
    """``dailies`` finished dailies of ``day`` spread over ``guilds`` servers (bulk SQL, one transaction)."""
    rng = random.Random(day)
    now = time.time()
    async with store.write() as db:
        games = [(first_game + i, 100 + i % guilds, 500_000 + first_game + i) for i in range(dailies)]
        await db.executemany(
            "INSERT INTO games (id, guild_id, channel_id, host_id, status, options, seed, version, created_at,"
            " updated_at, finished_at, kind) VALUES (?, ?, ?, ?, 'finished', '{}', 1, 2, ?, ?, ?, 'daily')",
            [(g, guild, ch, 10_000 + g - first_game, now, now, now) for g, guild, ch in games])
        scores = {g: (rng.randrange(25, 90), rng.randrange(40, 66), rng.randrange(6, 20)) for g, _, _ in games}
        await db.executemany(
            "INSERT INTO daily_attempts (day, user_id, guild_id, channel_id, thread_id, game_id, display_name,"
            " claim_token, claimed_at, score, margin, penny_score, won, words, finished_at)"
            " VALUES (?, ?, ?, 1, ?, ?, ?, 't', ?, ?, ?, ?, ?, ?, ?)",
            [(day, 10_000 + g - first_game, guild, ch, g, f"p{g}", now, scores[g][0], scores[g][0] - scores[g][1],
              scores[g][1], int(scores[g][0] > scores[g][1]), scores[g][2], now) for g, guild, ch in games])


async def timed(samples: int, call) -> list[float]:  # type: ignore[no-untyped-def]
    out = []
    for _ in range(samples):
        t0 = time.perf_counter()
        await call()
        out.append(time.perf_counter() - t0)
    return out


async def bench_store(kind: str, target: str, dailies: int, guilds: int, starts: int) -> None:
    store = await open_store(target)
    assert isinstance(store, SqlStore)
    room = DailyRoom(store)
    try:
        print(f"daily store on {'SQLite' if kind == 'sqlite' else 'PostgreSQL'}")
        deal = deal_of(DAY)
        state = deal.new_game().to_json()
        samples = []
        for u in range(starts):
            t0 = time.perf_counter()
            claim = await room.claim(DAY.isoformat(), u, guild_id=1, channel_id=1, display_name="p", token=f"t{u}",
                                     lease=30)
            await room.create_game(DAY.isoformat(), u, f"t{u}", thread_id=900_000 + u,
                                   options=deal.options.to_dict(), seed=deal.seed, state=state, seat_name="p")
            samples.append(time.perf_counter() - t0)
            assert claim.owner
        print(f"  a start (claim + deal, two transactions): p50 {ms(pct(samples, 50))}, p99 {ms(pct(samples, 99))}"
              f" ({starts} players)")
        t0 = time.perf_counter()
        claims = await asyncio.gather(*(room.claim(DAY.isoformat(), 999_999, guild_id=1, channel_id=1,
                                                   display_name="p", token=f"x{i}", lease=30) for i in range(100)))
        wall = time.perf_counter() - t0
        assert sum(c.owner for c in claims) == 1
        print(f"  100 simultaneous claims of one player: {ms(wall)} in all, one attempt")
        day = (DAY - dt.timedelta(days=1)).isoformat()
        await seed_day(store, day, dailies, guilds, first_game=1_000_000)
        for n in range(365):  # one player's year of dailies (their streaks)
            await seed_day(store, (DAY - dt.timedelta(days=2 + n)).isoformat(), 1, 1, first_game=2_000_000 + n)
        reps = 30
        board_here = await timed(reps, lambda: room.board(day, 100))
        board_all = await timed(reps, lambda: room.board(day))
        size = await timed(reps, lambda: room.board_size(day))
        place = await timed(reps, lambda: room.entry(day, 10_000 + dailies // 2))
        streak = await timed(reps, lambda: room.streaks(10_000, DAY))
        print(f"  boards over {dailies} dailies of a day in {guilds} servers (p50 / p99):")
        for label, values in (("a page of one server's board", board_here), ("a page of every server's", board_all),
                              ("the board's size", size), ("one player's place", place),
                              ("one player's streaks, a year of dailies", streak)):
            print(f"    {label}: {ms(pct(values, 50))} / {ms(pct(values, 99))}")
    finally:
        await store.close()


def bench_picture(reps: int) -> None:
    samples, size = [], 0
    for _ in range(reps):
        t0 = time.perf_counter()
        size = len(render_daily_share(sample("en")))
        samples.append(time.perf_counter() - t0)
    print(f"share picture: median {ms(statistics.median(samples))}, p95 {ms(pct(samples, 95))}, {size / 1024:.0f} KiB")


@contextlib.asynccontextmanager
async def postgres(dsn: str | None) -> AsyncIterator[str]:
    if dsn is not None:
        yield dsn
        return
    sys.path.insert(0, str(ROOT / "tests"))
    from store import pg_server  # the tests' throw-away server (Debian's postgresql package)

    bindir = pg_server.find_bindir()
    if bindir is None:
        raise SystemExit("no PostgreSQL server binaries: apt-get install postgresql, or pass --postgres URL")
    srv = pg_server.PostgresServer(bindir, durable=True)
    srv.start()
    try:
        yield srv.dsn()
    finally:
        srv.stop()


async def fresh_postgres(server_dsn: str) -> tuple[str, str]:
    import asyncpg

    name = f"bench_daily_{os.getpid()}"
    admin = await asyncpg.connect(server_dsn)
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.execute(f'CREATE DATABASE "{name}" TEMPLATE template0')
    finally:
        await admin.close()
    return server_dsn.rsplit("/", 1)[0] + "/" + name, name


async def drop_postgres(server_dsn: str, name: str) -> None:
    import asyncpg

    admin = await asyncpg.connect(server_dsn)
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--days", type=int, default=None, help="days of par to compute (default 20; quick: 1)")
    parser.add_argument("--strength", type=int, default=PAR_STRENGTH)
    parser.add_argument("--db", choices=("sqlite", "postgres", "both"), default="both")
    parser.add_argument("--postgres", metavar="URL", help="a PostgreSQL server to use (its maintenance database)")
    parser.add_argument("--dir", help="where to put the SQLite file (default: a temporary directory)")
    args = parser.parse_args()
    days = args.days if args.days is not None else (1 if args.quick else 20)
    dailies, guilds, starts = (200, 5, 20) if args.quick else (20_000, 200, 300)
    bench_par(days, args.strength)
    if not args.quick:
        await bench_par_in_worker(args.strength)
    bench_picture(5 if args.quick else 50)
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        if args.db in ("sqlite", "both"):
            await bench_store("sqlite", str(Path(tmp) / "daily.db"), dailies, guilds, starts)
        if args.db in ("postgres", "both"):
            async with postgres(args.postgres) as server:
                target, name = await fresh_postgres(server)
                try:
                    await bench_store("postgres", target, dailies, guilds, starts)
                finally:
                    await drop_postgres(server, name)


if __name__ == "__main__":
    asyncio.run(main())
