"""Two processes writing one game at the same time (what two bot processes, or a process and its
replacement, would do): at each version exactly one commit wins, the other gets StaleVersion and writes
nothing; the finishing move and the results are written once."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from .conftest import Backend, humans, playing_game

WRITER = Path(__file__).with_name("race_writer.py")
ROOT = Path(__file__).resolve().parents[2]
ROUNDS = 25


class Writer:
    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc

    @classmethod
    async def start(cls, target: str, game_id: int, name: str) -> Writer:
        env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
        proc = await asyncio.create_subprocess_exec(
            sys.executable, str(WRITER), target, str(game_id), name,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, env=env,
        )
        writer = cls(proc)
        assert await writer.line() == "READY"
        return writer

    async def send(self, text: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{text}\n".encode())
        await self.proc.stdin.drain()

    async def line(self) -> str:
        assert self.proc.stdout is not None
        raw = await asyncio.wait_for(self.proc.stdout.readline(), timeout=60)
        assert raw, "the writer process died"
        return raw.decode().strip()

    async def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        await asyncio.wait_for(self.proc.wait(), timeout=30)


async def test_two_processes_on_one_game_exactly_one_wins(backend: Backend) -> None:
    store = await backend.open()
    try:
        gid, start = await playing_game(store, seats=humans("ann", "bob"))
        writers = [await Writer.start(backend.target, gid, name) for name in ("a", "b")]
        try:
            winners: list[str] = []
            for n in range(ROUNDS + 1):
                await asyncio.gather(*(w.send(f"READ {n}") for w in writers))
                reads = await asyncio.gather(*(w.line() for w in writers))
                assert reads == [f"READ {n} {start + n}"] * 2  # both hold the same version ...
                command = "FINISH" if n == ROUNDS else "GO"
                await asyncio.gather(*(w.send(f"{command} {n}") for w in writers))  # ... and commit at once
                answers = await asyncio.gather(*(w.line() for w in writers))
                won = [name for name, a in zip("ab", answers, strict=True) if a.startswith("WIN")]
                assert len(won) == 1, answers
                assert sorted(answers) == sorted([f"WIN {n} {start + n + 1}", f"STALE {n}"])
                winners.append(won[0])
            await asyncio.gather(*(w.send("RECORD") for w in writers))
            recorded = await asyncio.gather(*(w.line() for w in writers))
            assert recorded == ["RECORDED False"] * 2  # the finishing move wrote them already
        finally:
            for w in writers:
                await w.close()
        game = await store.games.get_game(gid)
        moves = await store.games.get_moves(gid)
        assert [m.move for m in moves] == [f"move {n} by {w}" for n, w in enumerate(winners)]
        assert [m.version for m in moves] == list(range(start + 1, start + ROUNDS + 2))
        assert (game.status, game.version) == ("finished", start + ROUNDS + 1)
        assert game.state == f"state {ROUNDS} {winners[-1]}"
        assert len(await store.results.get_results(gid)) == 2
        assert (await store.results.player_stats(10, 100)).competitive.games == 1  # totals counted once
    finally:
        await store.close()


async def test_two_processes_record_a_finished_games_results_once(backend: Backend) -> None:
    store = await backend.open()
    try:
        gid, v = await playing_game(store, seats=humans("ann", "bob"))
        await store.games.commit_move(gid, v, 0, "end", "final", finished=True)  # results left for later
        writers = [await Writer.start(backend.target, gid, name) for name in ("a", "b")]
        try:
            await asyncio.gather(*(w.send("RECORD") for w in writers))
            recorded = sorted(await asyncio.gather(*(w.line() for w in writers)))
        finally:
            for w in writers:
                await w.close()
        assert recorded == ["RECORDED False", "RECORDED True"]
        assert len(await store.results.get_results(gid)) == 2
        rating = await store.results.get_rating(10, 100)
        assert rating is not None and rating.games == 1
    finally:
        await store.close()
