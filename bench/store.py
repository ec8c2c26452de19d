"""Store benchmarks (issue 6): move commit latency, start-up recovery, leaderboard queries.

    python bench/store.py                 # full run (about a minute on 2 cores)
    python bench/store.py --quick         # tiny sizes, for a smoke test

Figures printed:
* commit latency p50/p99 of one move (state + log row + timer, one transaction) in WAL mode at each
  synchronous level, with a real engine state when the engine is importable;
* start-up recovery: open + list_unfinished() for N unfinished games (with and without their states);
* leaderboard and player-stats query times over a guild with M results.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hardback_bot.store import Seat, SqliteStore, Timer
from hardback_bot.store.models import LEADERBOARD_KINDS


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
            out.append((seat, move, game.to_json()))
    return out


async def bench_commits(workdir: Path, commits: int, level: str, moves: list[tuple[int, str, str]]) -> None:
    store = SqliteStore(workdir / f"commit-{level}.db", synchronous=level)  # type: ignore[arg-type]
    await store.open()
    try:
        lobby = await store.create_lobby(
            1, 1, host_id=1, options={}, seats=[Seat(i, f"p{i}", 10 + i) for i in range(3)]
        )
        version = await store.start_game(lobby.id, 0, seed=1, state=moves[0][2])
        samples = []
        for i in range(commits):
            seat, move, state = moves[i % len(moves)]
            timers = [Timer(lobby.id, "turn", time.time() + 300, seat=(seat + 1) % 3)]
            t0 = time.perf_counter()
            version = await store.commit_move(lobby.id, version, seat, move, state, timers=timers)
            samples.append(time.perf_counter() - t0)
    finally:
        await store.close()
    size = statistics.mean(len(m[2]) for m in moves[: min(len(moves), commits)]) / 1024
    print(
        f"  commit, WAL + synchronous={level:6s}  p50 {ms(pct(samples, 50))}  p99 {ms(pct(samples, 99))}"
        f"  max {ms(max(samples))}  ({commits} moves, state ~{size:.0f} kB)"
    )


async def bench_recovery(workdir: Path, games: int, moves_per_game: int) -> None:
    path = workdir / "recovery.db"
    store = SqliteStore(path, synchronous="NORMAL")
    await store.open()
    state = "y" * 12_000
    assert store._w is not None
    async with store._write() as db:  # seeding only: bulk SQL, one transaction
        now = time.time()
        for g in range(games):
            cur = await db.execute(
                "INSERT INTO games (guild_id, channel_id, host_id, status, options, seed, state, version,"
                " created_at, updated_at) VALUES (?, ?, 1, 'playing', '{}', 1, ?, ?, ?, ?)",
                (g % 50, 10_000 + g, state, moves_per_game + 1, now, now),
            )
            gid = cur.lastrowid
            await db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, display_name) VALUES (?, ?, ?, ?)",
                [(gid, s, 1000 + g * 4 + s, f"player{s}") for s in range(3)],
            )
            await db.executemany(
                "INSERT INTO moves (game_id, seq, seat, move, created_at) VALUES (?, ?, ?, 'buy 12', ?)",
                [(gid, n, n % 3, now) for n in range(1, moves_per_game + 1)],
            )
            await db.execute("INSERT INTO game_messages (game_id, kind, message_id) VALUES (?, 'table', ?)", (gid, g))
            await db.execute(
                "INSERT INTO timers (game_id, kind, seat, deadline, payload, created_at)"
                " VALUES (?, 'turn', 0, ?, '{}', ?)",
                (gid, now + g, now),
            )
    await store.close()
    for with_state in (False, True):
        samples = []
        for _ in range(5):
            t0 = time.perf_counter()
            s = SqliteStore(path)
            await s.open()
            infos = await s.list_unfinished(with_state=with_state)
            samples.append(time.perf_counter() - t0)
            await s.close()
            assert len(infos) == games
        label = "with states" if with_state else "ids, messages, timers"
        print(f"  recovery of {games} unfinished games ({label}): median {ms(statistics.median(samples))}")


async def bench_leaderboard(workdir: Path, results: int, players: int) -> None:
    path = workdir / "leaderboard.db"
    store = SqliteStore(path, synchronous="NORMAL")
    await store.open()
    rng = random.Random(2)
    guild, other_guilds = 1, 20
    now = time.time()
    async with store._write() as db:  # seeding only: bulk SQL, one transaction
        games = results // 3
        game_rows = [
            (g + 1, guild if g < games else 2 + g % other_guilds, g + 1, now) for g in range(games + games // 2)
        ]
        await db.executemany(
            "INSERT INTO games (id, guild_id, channel_id, status, options, seed, version, created_at, updated_at,"
            " finished_at) VALUES (?, ?, ?, 'finished', '{}', 1, 1, ?, ?, ?)",
            [(gid, g, ch, t, t, t) for gid, g, ch, t in game_rows],
        )
        result_rows = []
        for gid, g, _, _ in game_rows:
            users = rng.sample(range(players), 3)
            ranks = rng.sample([1, 2, 3], 3)
            for seat, (user, rank) in enumerate(zip(users, ranks, strict=True)):
                best = rng.randint(1, 30)
                length = rng.randint(2, 12)
                result_rows.append(
                    (
                        gid,
                        seat,
                        g,
                        user,
                        f"user{user}",
                        "competitive",
                        rank,
                        int(rank == 1),
                        rng.randint(20, 90),
                        rng.randint(5, 40),
                        best,
                        "WORD",
                        length,
                        "LONGWORD",
                        rng.randint(0, 20),
                        rng.randint(0, 5),
                        rng.randint(0, 6),
                        "{}",
                        now - gid,
                    )
                )
        await db.executemany(
            "INSERT INTO results (game_id, seat, guild_id, user_id, display_name, mode, rank, won, prestige, words,"
            " best_word_prestige, best_word, longest_word_len, longest_word, cards_bought, cards_trashed,"
            " ink_used, stats, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            result_rows,
        )
        # totals as the results transaction would have kept them
        await db.execute(
            "INSERT INTO player_totals (guild_id, user_id, mode, display_name, games, wins, prestige_sum,"
            " words_sum, best_word_prestige, best_word, longest_word_len, longest_word, cards_bought_sum,"
            " cards_trashed_sum, ink_used_sum, last_played)"
            " SELECT guild_id, user_id, mode, MAX(display_name), COUNT(*), SUM(won), SUM(prestige), SUM(words),"
            " MAX(best_word_prestige), 'WORD', MAX(longest_word_len), 'LONGWORD', SUM(cards_bought),"
            " SUM(cards_trashed), SUM(ink_used), MAX(finished_at) FROM results GROUP BY guild_id, user_id, mode"
        )
        await db.execute(
            "INSERT INTO ratings (guild_id, user_id, mu, sigma, ordinal, games, updated_at)"
            " SELECT guild_id, user_id, 25 + (wins * 1.0 / games) * 10, 3.0, 16 + (wins * 1.0 / games) * 10,"
            " games, last_played FROM player_totals"
        )
    await store.close()
    store = SqliteStore(path)
    await store.open()
    try:
        assert store._w is not None and store._r is not None
        await store._w.execute("ANALYZE")
        counted = await store._r.execute_fetchall("SELECT COUNT(*) FROM results WHERE guild_id = ?", (guild,))
        n = next(iter(counted))[0]
        print(f"  leaderboards over {n} results / {players} players in one guild (+{len(result_rows) - n} elsewhere):")
        for kind in LEADERBOARD_KINDS:
            samples = []
            for _ in range(30):
                t0 = time.perf_counter()
                top = await store.leaderboard(guild, kind, limit=10, min_games=5)
                samples.append(time.perf_counter() - t0)
            assert len(top) == 10
            print(f"    {kind:13s} p50 {ms(pct(samples, 50))}  p99 {ms(pct(samples, 99))}")
        samples = []
        for i in range(30):
            t0 = time.perf_counter()
            await store.player_stats(guild, i)
            samples.append(time.perf_counter() - t0)
        print(f"    {'player_stats':13s} p50 {ms(pct(samples, 50))}  p99 {ms(pct(samples, 99))}")
    finally:
        await store.close()


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--dir", help="where to put the databases (default: a temporary directory)")
    args = parser.parse_args()
    commits, games, results, players = (50, 20, 300, 30) if args.quick else (2000, 1000, 100_000, 5000)
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        workdir = Path(tmp)
        print(f"store benchmarks in {workdir} (SQLite, aiosqlite)")
        moves = engine_states(commits)
        for level in ("FULL", "NORMAL", "OFF"):
            await bench_commits(workdir, commits, level, moves)
        await bench_recovery(workdir, games, 20 if args.quick else 120)
        await bench_leaderboard(workdir, results, players)


if __name__ == "__main__":
    asyncio.run(main())
