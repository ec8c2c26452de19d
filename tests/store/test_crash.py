"""Crash safety, proven by SIGKILL.

A writer process (crash_writer.py) plays random moves into a store, printing an ACK after each commit
returned; we kill it with SIGKILL at random moments — during start-up and migration, mid-game, mid-commit,
while finishing a game — and after every kill reopen the store and check that:

* every acknowledged move is stored, exactly as acknowledged;
* no partial move exists: each game's log is 1..n without gaps, its version is 1 + n (created, started,
  then one bump per commit), and its stored state equals the replay of its log from the seed;
* a finished game has its results (written in the finishing move's transaction) and no timers;
* the database passes SQLite's integrity check.

Both databases: on PostgreSQL the killed writer's connection drops mid-transaction and the server rolls
that transaction back; the same checks hold.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from .conftest import Backend
from .crash_writer import fake_replay

WRITER = Path(__file__).with_name("crash_writer.py")
ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Run:
    acks: list[tuple[int, int, int, str]] = field(default_factory=list)
    ready: bool = False


def _reader(proc: subprocess.Popen[str], run: Run) -> None:
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("ACK "):
            _, game, seq, seat, move = line.rstrip("\n").split(" ", 4)
            run.acks.append((int(game), int(seq), int(seat), move))
        elif line.startswith("READY"):
            run.ready = True


def run_and_kill(db: str, mode: str, rng: random.Random, *extra: str) -> Run:
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen(
        [sys.executable, str(WRITER), db, mode, str(rng.randrange(1 << 30)), *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    run = Run()
    reader = threading.Thread(target=_reader, args=(proc, run), daemon=True)
    reader.start()
    if rng.random() < 0.2:
        # early: during interpreter start, opening, migrating or recovering
        time.sleep(rng.uniform(0.0, 0.35))
    else:
        target = rng.randint(1, 150)
        deadline = time.monotonic() + 10
        while len(run.acks) < target and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.0005)
        time.sleep(rng.uniform(0.0, 0.003))  # land anywhere inside the next commit
    if proc.poll() is not None:
        err = proc.stderr.read() if proc.stderr else ""
        pytest.fail(f"writer exited by itself ({proc.returncode}): {err[-2000:]}")
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    reader.join(timeout=10)
    assert proc.stderr is not None
    proc.stderr.close()
    return run


def replay_state(mode: str, seed: int, options: dict, players: int, moves: list[tuple[int, str]]) -> str:
    if mode == "fake":
        return fake_replay(seed, moves)
    from hardback_bot.engine import Game, GameOptions
    from hardback_bot.engine.moves import LoggedMove
    from hardback_bot.engine.words import AcceptAll

    log = [LoggedMove.from_stored(seat, move) for seat, move in moves]  # the moves as the store keeps them
    return Game.replay(players, seed, GameOptions.from_dict(options), log, checker=AcceptAll()).to_json()


async def verify(
    backend: Backend, mode: str, acked: dict[tuple[int, int], tuple[int, str]], checked: set[int]
) -> int:
    """Reopen the store and check every invariant; returns how many moves are stored."""
    store = backend.new()
    await store.open()  # must succeed after any kill (and finishes a killed migration's rollback)
    try:
        async with store.read_one() as db:
            if not backend.is_postgres:
                assert await db.fetchval("PRAGMA integrity_check") == "ok"
            rows = await db.fetch("SELECT id FROM games ORDER BY id")
        stored: dict[tuple[int, int], tuple[int, str]] = {}
        for (gid,) in rows:
            game = await store.games.get_game(gid)
            moves = await store.games.get_moves(gid)
            stored.update({(gid, m.seq): (m.seat, m.move) for m in moves})
            if gid in checked:
                continue
            assert [m.seq for m in moves] == list(range(1, len(moves) + 1)), f"gap in game {gid}'s log"
            if game.status == "lobby":
                assert game.version == 0 and not moves and game.state is None
                continue
            assert game.version == 1 + len(moves), f"game {gid}: version {game.version}, {len(moves)} moves"
            assert game.seed is not None and game.state is not None
            log = [(m.seat, m.move) for m in moves]
            expected = replay_state(mode, game.seed, dict(game.options), game.num_players, log)
            if mode == "fake":
                assert game.state == expected, f"game {gid}: state is not the replay of its log"
            else:
                assert json.loads(game.state) == json.loads(expected), f"game {gid}: state != replay"
            if game.status == "finished":
                assert await store.timers.game_timers(gid) == []
                if mode == "engine":
                    results = await store.results.get_results(gid)
                    assert [r.seat for r in results] == list(range(game.num_players))
                checked.add(gid)  # finished games never change again
            else:
                assert game.status == "playing"
                assert await store.results.get_results(gid) == []
        for key, move in acked.items():
            assert stored.get(key) == move, f"acknowledged move {key} is missing or differs: {stored.get(key)}"
        total = len(stored)
        return total
    finally:
        await store.close()


# 30 kills of each writer on each database, in two runs of 15 on databases of their own: the runs take turns
# with the other tests on the workers instead of one long run holding a worker up.
@pytest.mark.parametrize(("mode", "run", "kills"), [("fake", 1, 15), ("fake", 2, 15), ("engine", 1, 15),
                                                    ("engine", 2, 15)])
async def test_sigkill_never_loses_an_acknowledged_move(backend: Backend, mode: str, run: int, kills: int) -> None:
    rng = random.Random(f"crash-{mode}-{run}")
    db = backend.target
    acked: dict[tuple[int, int], tuple[int, str]] = {}
    checked: set[int] = set()
    killed_mid_game = 0
    stored = 0
    for _ in range(kills):
        run = await asyncio.to_thread(run_and_kill, db, mode, rng)
        killed_mid_game += bool(run.acks)
        for gid, seq, seat, move in run.acks:
            acked[(gid, seq)] = (seat, move)
        if backend.is_postgres or Path(db).exists():
            stored = await verify(backend, mode, acked, checked)
    assert stored >= len(acked) > 0
    assert killed_mid_game >= kills // 2  # most kills landed while moves were being committed


async def test_negative_control_a_writer_acking_too_early_is_caught(backend: Backend) -> None:
    """The check has teeth: a writer that acks before its commit is found out within a few kills."""
    rng = random.Random("negative-control")
    db = backend.target
    acked: dict[tuple[int, int], tuple[int, str]] = {}
    for _ in range(15):
        run = await asyncio.to_thread(run_and_kill, db, "fake", rng, "ack-early")
        acked.update({(g, q): (seat, move) for g, q, seat, move in run.acks})
        if backend.is_postgres or Path(db).exists():
            try:
                await verify(backend, "fake", acked, set())
            except AssertionError as exc:
                assert "acknowledged move" in str(exc)
                return
    pytest.fail("15 kills of a writer that acks before committing went unnoticed")
