"""Store benchmarks on SQLite and PostgreSQL: move commits, start-up recovery, leaderboards, and moves per
second with several writer processes.

    python bench/store.py                       # both databases, full sizes (a few minutes on 2 cores)
    python bench/store.py --quick               # tiny sizes, for a smoke test
    python bench/store.py --db sqlite           # one database only
    python bench/store.py --postgres URL        # an existing PostgreSQL server (a scratch database: the
                                                # bench creates and drops its own tables' rows)

Without ``--postgres`` the bench starts its own throw-away PostgreSQL server (Debian's ``postgresql``
package, as the tests do: tests/store/pg_server.py) with the server's durable defaults (fsync on).

Figures printed:
* commit latency p50/p99 of one move (state + log row + timer, one transaction) at each durability level:
  SQLite WAL with synchronous FULL / NORMAL / OFF, PostgreSQL with synchronous_commit on / off;
* start-up recovery: open + list_unfinished() for N unfinished games (with and without their states);
* leaderboard and player-stats query times over a guild with M results;
* moves per second with 1, 2 and 4 writer processes, each committing moves of its own games.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hardback_bot.store import Seat, Timer, TurnDeadline, open_store  # noqa: E402
from hardback_bot.store.models import LEADERBOARD_KINDS  # noqa: E402
from hardback_bot.store.sql import SqlStore  # noqa: E402


def pct(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:7.2f} ms"


def engine_states(count: int) -> list[tuple[int, str, str]]:
    """(seat, move, state) of a real random game, cycled to ``count``; a synthetic 12 kB state otherwise."""
    try:
        from hardback_bot.engine import Game, GameOptions
        from hardback_bot.engine.randomplay import random_move
        from hardback_bot.engine.words import AcceptAll
    except ImportError:
        blob = "x" * 12_000
        return [(i % 3, f"buy {i}", blob) for i in range(count)]
    out: list[tuple[int, str, str]] = []
    rng = random.Random(1)
    while len(out) < count:
        game = Game.new(num_players=3, seed=rng.randrange(1 << 30), options=GameOptions(), checker=AcceptAll())
        while not game.finished and len(out) < count:
            seat, move = random_move(game, rng)
            game.apply(seat, move)
            out.append((seat, str(move), game.to_json()))  # the store keeps the text
    return out


class Database:
    """Fresh, empty databases of one kind for each benchmark."""

    def __init__(self, kind: str, workdir: Path, server_dsn: str | None) -> None:
        self.kind = kind
        self.workdir = workdir
        self.server_dsn = server_dsn  # a PostgreSQL maintenance database to CREATE DATABASE from
        self.made = 0

    async def fresh(self, name: str) -> str:
        self.made += 1
        if self.kind == "sqlite":
            return str(self.workdir / f"{name}-{self.made}.db")
        import asyncpg

        assert self.server_dsn is not None
        db = f"bench_{name}_{os.getpid()}_{self.made}"
        admin = await asyncpg.connect(self.server_dsn)
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{db}" WITH (FORCE)')
            await admin.execute(f'CREATE DATABASE "{db}" TEMPLATE template0')
        finally:
            await admin.close()
        return self.server_dsn.rsplit("/", 1)[0] + "/" + db

    async def drop_all(self) -> None:
        if self.kind == "sqlite" or self.server_dsn is None:
            return
        import asyncpg

        admin = await asyncpg.connect(self.server_dsn)
        try:
            for row in await admin.fetch("SELECT datname FROM pg_database WHERE datname LIKE $1",
                                         f"bench_%_{os.getpid()}_%"):
                await admin.execute(f'DROP DATABASE IF EXISTS "{row[0]}" WITH (FORCE)')
        finally:
            await admin.close()


def levels(kind: str) -> list[tuple[str, dict[str, Any]]]:
    if kind == "sqlite":
        return [(f"WAL + synchronous={lv}", {"synchronous": lv}) for lv in ("FULL", "NORMAL", "OFF")]
    return [(f"synchronous_commit={lv}", {"synchronous_commit": lv}) for lv in ("on", "off")]


async def bench_commits(db: Database, commits: int, moves: list[tuple[int, str, str]]) -> None:
    for label, kwargs in levels(db.kind):
        store = await open_store(await db.fresh("commit"), **kwargs)
        try:
            seats = [Seat(i, f"p{i}", 10 + i) for i in range(3)]
            lobby = await store.games.create_lobby(1, 1, host_id=1, options={}, seats=seats)
            version = await store.games.start_game(lobby.id, 0, seed=1, state=moves[0][2])
            samples = []
            for i in range(commits):
                seat, move, state = moves[i % len(moves)]
                timers = [Timer(lobby.id, TurnDeadline(), time.time() + 300, seat=(seat + 1) % 3)]
                t0 = time.perf_counter()
                version = await store.games.commit_move(lobby.id, version, seat, move, state, timers=timers)
                samples.append(time.perf_counter() - t0)
        finally:
            await store.close()
        size = statistics.mean(len(m[2]) for m in moves[: min(len(moves), commits)]) / 1024
        print(f"  commit, {label:26s} p50 {ms(pct(samples, 50))}  p99 {ms(pct(samples, 99))}"
              f"  max {ms(max(samples))}  ({commits} moves, state ~{size:.0f} kB)")


async def bench_recovery(db: Database, games: int, moves_per_game: int) -> None:
    target = await db.fresh("recovery")
    store = await open_store(target)
    state = "y" * 12_000
    assert isinstance(store, SqlStore)
    async with store.write() as conn:  # seeding only: bulk SQL, one transaction
        now = time.time()
        for g in range(games):
            gid = await conn.fetchval(
                "INSERT INTO games (guild_id, channel_id, host_id, status, options, seed, state, version,"
                " created_at, updated_at) VALUES (?, ?, 1, 'playing', '{}', 1, ?, ?, ?, ?) RETURNING id",
                (g % 50, 10_000 + g, state, moves_per_game + 1, now, now),
            )
            await conn.executemany(
                "INSERT INTO seats (game_id, seat, user_id, display_name) VALUES (?, ?, ?, ?)",
                [(gid, s, 1000 + g * 4 + s, f"player{s}") for s in range(3)],
            )
            await conn.executemany(
                "INSERT INTO moves (game_id, seq, seat, move, created_at) VALUES (?, ?, ?, 'buy 12', ?)",
                [(gid, n, n % 3, now) for n in range(1, moves_per_game + 1)],
            )
            await conn.execute("INSERT INTO game_messages (game_id, kind, message_id) VALUES (?, 'table', ?)", (gid, g))
            await conn.execute(
                "INSERT INTO timers (game_id, kind, seat, deadline, payload, created_at)"
                " VALUES (?, 'turn', 0, ?, '{}', ?)",
                (gid, now + g, now),
            )
    await store.close()
    for with_state in (False, True):
        samples = []
        for _ in range(5):
            t0 = time.perf_counter()
            s = await open_store(target)
            infos = await s.recovery.list_unfinished(with_state=with_state)
            samples.append(time.perf_counter() - t0)
            await s.close()
            assert len(infos) == games
        label = "with states" if with_state else "ids, messages, timers"
        print(f"  recovery of {games} unfinished games ({label}): median {ms(statistics.median(samples))}")


async def bench_leaderboard(db: Database, results: int, players: int) -> None:
    target = await db.fresh("leaderboard")
    store = await open_store(target)
    assert isinstance(store, SqlStore)
    rng = random.Random(2)
    guild, other_guilds = 1, 20
    now = time.time()
    async with store.write() as conn:  # seeding only: bulk SQL, one transaction
        games = results // 3
        game_rows = [
            (g + 1, guild if g < games else 2 + g % other_guilds, g + 1, now) for g in range(games + games // 2)
        ]
        await conn.executemany(
            "INSERT INTO games (id, guild_id, channel_id, status, options, seed, version, created_at, updated_at,"
            " finished_at) VALUES (?, ?, ?, 'finished', '{}', 1, 1, ?, ?, ?)",
            [(gid, g, ch, t, t, t) for gid, g, ch, t in game_rows],
        )
        result_rows = []
        for gid, g, _, _ in game_rows:
            users = rng.sample(range(players), 3)
            ranks = rng.sample([1, 2, 3], 3)
            for seat, (user, rank) in enumerate(zip(users, ranks, strict=True)):
                result_rows.append((
                    gid, seat, g, user, f"user{user}", "competitive", rank, int(rank == 1), rng.randint(20, 90),
                    rng.randint(5, 40), rng.randint(1, 30), "WORD", rng.randint(2, 12), "LONGWORD",
                    rng.randint(0, 20), rng.randint(0, 5), rng.randint(0, 6), "{}", now - gid,
                ))
        await conn.executemany(
            "INSERT INTO results (game_id, seat, guild_id, user_id, display_name, mode, rank, won, prestige, words,"
            " best_word_prestige, best_word, longest_word_len, longest_word, cards_bought, cards_trashed,"
            " ink_used, stats, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            result_rows,
        )
        # totals as the results transaction would have kept them
        await conn.execute(
            "INSERT INTO player_totals (guild_id, user_id, mode, display_name, games, wins, prestige_sum,"
            " words_sum, best_word_prestige, best_word, longest_word_len, longest_word, cards_bought_sum,"
            " cards_trashed_sum, ink_used_sum, last_played)"
            " SELECT guild_id, user_id, mode, MAX(display_name), COUNT(*), SUM(won), SUM(prestige), SUM(words),"
            " MAX(best_word_prestige), 'WORD', MAX(longest_word_len), 'LONGWORD', SUM(cards_bought),"
            " SUM(cards_trashed), SUM(ink_used), MAX(finished_at) FROM results GROUP BY guild_id, user_id, mode"
        )
        await conn.execute(
            "INSERT INTO ratings (guild_id, user_id, mu, sigma, ordinal, games, updated_at)"
            " SELECT guild_id, user_id, 25 + (CAST(wins AS DOUBLE PRECISION) / games) * 10, 3.0,"
            " 16 + (CAST(wins AS DOUBLE PRECISION) / games) * 10, games, last_played FROM player_totals"
        )
    async with store.write() as conn:  # the planner's statistics, as a running database has them
        await conn.execute("ANALYZE")
    await store.close()
    store = await open_store(target)
    try:
        n = len(result_rows) * 2 // 3
        print(f"  leaderboards over {n} results / {players} players in one guild (+{len(result_rows) - n} elsewhere):")
        for kind in LEADERBOARD_KINDS:
            samples = []
            for _ in range(30):
                t0 = time.perf_counter()
                top = await store.results.leaderboard(guild, kind, limit=10, min_games=5)
                samples.append(time.perf_counter() - t0)
            assert len(top) == 10
            print(f"    {kind:13s} p50 {ms(pct(samples, 50))}  p99 {ms(pct(samples, 99))}")
        samples = []
        for i in range(30):
            t0 = time.perf_counter()
            await store.results.player_stats(guild, i)
            samples.append(time.perf_counter() - t0)
        print(f"    {'player_stats':13s} p50 {ms(pct(samples, 50))}  p99 {ms(pct(samples, 99))}")
    finally:
        await store.close()


async def writer(target: str, number: int, seconds: float) -> None:
    """One writer process: a game of its own, moves committed back to back until the time is up. It says READY
    once its store is open and its game started, and begins at the GO its parent sends every writer at once."""
    moves = engine_states(200)
    store = await open_store(target)
    try:
        lobby = await store.games.create_lobby(1, 1_000_000 + number, host_id=1, options={},
                                               seats=[Seat(i, f"p{i}", 10 + i) for i in range(3)])
        version = await store.games.start_game(lobby.id, 0, seed=1, state=moves[0][2])
        print("READY", flush=True)
        if (await asyncio.to_thread(sys.stdin.readline)).strip() != "GO":
            return
        done, end = 0, time.time() + seconds
        while time.time() < end:
            seat, move, state = moves[done % len(moves)]
            version = await store.games.commit_move(
                lobby.id, version, seat, move, state,
                timers=[Timer(lobby.id, TurnDeadline(), time.time() + 300, seat=seat)])
            done += 1
        print(f"MOVES {done}", flush=True)
    finally:
        await store.close()


async def bench_writers(db: Database, counts: tuple[int, ...], seconds: float) -> None:
    for n in counts:
        target = await db.fresh("writers")
        store = await open_store(target)  # migrated once, before the writers start
        await store.close()
        procs = [subprocess.Popen([sys.executable, __file__, "--writer", target, "--number", str(i),
                                   "--seconds", str(seconds)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
                 for i in range(n)]
        for proc in procs:  # every process started, its store open, before any writes
            assert proc.stdout is not None
            if proc.stdout.readline().strip() != "READY":
                raise RuntimeError(f"a writer process failed to start ({proc.wait()})")
        for proc in procs:
            assert proc.stdin is not None
            proc.stdin.write("GO\n")
            proc.stdin.flush()
        total = 0
        for proc in procs:
            out, _ = proc.communicate(timeout=120 + seconds)
            if proc.returncode != 0:
                raise RuntimeError(f"a writer process failed ({proc.returncode})")
            total += int(out.split("MOVES", 1)[1].split()[0])
        print(f"  {n} writer process{'es' if n > 1 else ''}: {total / seconds:7.0f} moves/s in all"
              f" ({total / seconds / n:.0f} per process)")


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


async def run_all(kind: str, workdir: Path, server_dsn: str | None, quick: bool,
                  say: Callable[[str], None] = print) -> None:
    commits, games, results, players = (50, 20, 300, 30) if quick else (2000, 1000, 100_000, 5000)
    db = Database(kind, workdir, server_dsn)
    try:
        say(f"store benchmarks on {'SQLite (aiosqlite)' if kind == 'sqlite' else 'PostgreSQL (asyncpg)'}")
        moves = engine_states(commits)
        await bench_commits(db, commits, moves)
        await bench_recovery(db, games, 20 if quick else 120)
        await bench_leaderboard(db, results, players)
        await bench_writers(db, (1, 2) if quick else (1, 2, 4), 1.0 if quick else 5.0)
    finally:
        await db.drop_all()


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--db", choices=("sqlite", "postgres", "both"), default="both")
    parser.add_argument("--postgres", metavar="URL", help="a PostgreSQL server to use (its maintenance database)")
    parser.add_argument("--dir", help="where to put the SQLite files (default: a temporary directory)")
    parser.add_argument("--writer", help=argparse.SUPPRESS)
    parser.add_argument("--number", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--seconds", type=float, default=5.0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.writer:
        await writer(args.writer, args.number, args.seconds)
        return
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        if args.db in ("sqlite", "both"):
            await run_all("sqlite", Path(tmp), None, args.quick)
        if args.db in ("postgres", "both"):
            async with postgres(args.postgres) as dsn:
                await run_all("postgres", Path(tmp), dsn, args.quick)


if __name__ == "__main__":
    asyncio.run(main())
