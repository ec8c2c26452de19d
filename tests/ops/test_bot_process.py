"""The real bot, started with the Dockerfile's own command and environment (paths pointing into this checkout, a
free port), driven through the Discord stand-in: its /health, /health/shards and the container health probe;
a game in /metrics; JSON logs; and, last, Ctrl-C — SIGINT to the whole process group while computer players
are thinking in the search workers — stops every process within 5 s without a traceback.

One bot serves the module (one start, about 5 s; one per test worker that gets some of its tests, each test
making the game it needs); a second one is started to check that a second Ctrl-C stops it at once."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import subprocess
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import pytest_asyncio
from discord_standin import BotProcess
from discord_standin.world import World, make_world

from bot import COGS

from .botrun import (
    ROOT,
    bot_log,
    children_of,
    command_line,
    dockerfile,
    free_port,
    host_env,
    metric,
    signal_group,
    stopped_group,
    wait_for_http,
)

pytestmark = pytest.mark.asyncio(loop_scope="module")
AI_DELAY = "0.05"  # the computers' game outlasts the module (at 0 it ends within a second or two)
LOG_KEYS = {"time", "level", "logger", "shard", "guild", "game", "message", "exception"}


@dataclass
class Running:
    world: World
    bot: BotProcess
    base: str
    env: dict[str, str]
    db: Path


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def running(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Running]:
    world = await make_world()
    image = dockerfile()
    db = tmp_path_factory.mktemp("bot") / "hardback.db"
    port = free_port()
    env = host_env(image, HARDBACK_DB=str(db), HARDBACK_HTTP=f"127.0.0.1:{port}", HARDBACK_AI_DELAY=AI_DELAY)
    bot = BotProcess(world.standin, image.cmd, env=env, cwd=ROOT)
    try:
        await bot.start(timeout=60)
        yield Running(world, bot, f"http://127.0.0.1:{port}", env, db)
    finally:
        await bot.stop()
        await world.standin.stop()


async def test_health_and_the_container_probe(running: Running) -> None:
    _, body = await wait_for_http(running.base + "/health", lambda s, _: s == 200, 20, "a healthy bot")
    assert body["checks"]["gateway"] == {"ok": True, "detail": "connected (1 shard)"}
    assert body["checks"]["database"]["ok"] and body["checks"]["relay"]["ok"]
    _, shards = await wait_for_http(running.base + "/health/shards", lambda s, b: b.get("ready") == 1, 15,
                                    "shard 0 recorded as ready")
    assert shards["shard_count"] == 1 and shards["missing"] == []
    assert shards["shards"][0]["state"] == "ready" and shards["shards"][0]["guilds"] == 1
    text = json.dumps([body, shards])
    assert "token" not in text.lower() and running.world.standin.env()["DISCORD_TOKEN"] not in text
    probe = await asyncio.to_thread(subprocess.run, dockerfile().healthcheck, cwd=ROOT, capture_output=True, text=True,
                                    env={**running.bot.environment()}, timeout=20)
    assert probe.returncode == 0 and probe.stdout.startswith("healthy"), probe.stdout + probe.stderr


async def computers_playing(running: Running) -> None:
    """A game of three computers in the channel: alice opens a table with two, starts and leaves (a computer takes
    her seat). They wait AI_DELAY before each move, so the game outlasts the module's other tests (150-250 moves:
    8 s or more)."""
    s, w = running.world.standin, running.world
    await s.slash(w.alice, "hardback start", {"length": 60, "adverts": False})
    await s.settle()
    lobby = next(m for m in reversed(s.messages(w.channel)) if any(c.startswith("hb:l:") for c in m.custom_ids()))
    await s.click(w.alice, lobby, next(c for c in lobby.custom_ids() if c.endswith(":ai2")))
    await s.settle()
    await s.click(w.alice, s.find_message(lobby.id), next(c for c in lobby.custom_ids() if c.endswith(":start")))
    await s.settle(quiet=0.5)
    await s.slash(w.alice, "hardback leave")
    await s.settle()
    ask = s.last_ephemeral(w.alice)
    await s.click(w.alice, ask, next(c for c in ask.custom_ids() if c.endswith(":leave")))


async def test_a_game_in_the_metrics(running: Running) -> None:
    await computers_playing(running)

    def searched(text: str) -> float:  # in a worker, or in a thread while the workers warm up on a busy machine
        return sum(metric(text, "hardback_search_job_seconds_count", job="choose_move_job", where=where)
                   for where in ("worker", "thread"))

    def playing(status: int, text: object) -> bool:
        # The gauges below lag by design, so they are waited for rather than read once: the gateway counts as
        # connected from discord.py's READY (after its guilds arrive, up to 2 s after the gateway's), and a
        # scrape keeps the last store gauges when reading them takes over 2 s (a busy machine).
        text = str(text)
        return status == 200 and metric(text, "hardback_move_commits_total", result="committed") >= 3 and \
            searched(text) >= 1 and metric(text, "hardback_gateway_connected", shard="0") == 1 and \
            metric(text, "hardback_games_running", status="playing") == 1

    _, text = await wait_for_http(running.base + "/metrics", playing, 60,
                                  "computer moves committed, the game and the gateway in the gauges")
    for kind in ("command:start", "click:lobby", "command:leave", "click:confirm"):
        assert metric(text, "hardback_interactions_total", kind=kind) >= 1, kind
        assert metric(text, "hardback_interaction_first_response_seconds_count", kind=kind) >= 1, kind
        assert metric(text, "hardback_interaction_first_response_seconds_bucket", kind=kind, le="3.0") >= 1, kind
    assert metric(text, "hardback_interactions_unanswered_total") == 0
    assert metric(text, "hardback_move_commit_seconds_count") >= 3
    assert 0 < metric(text, "hardback_gateway_latency_seconds", shard="0") < 5
    assert metric(text, "hardback_search_workers_ready") in (0, os.cpu_count())  # 0 while they warm up
    assert metric(text, "hardback_database_up") == 1
    assert metric(text, "process_resident_memory_bytes") > 50e6


async def test_logs_are_json_lines(running: Running) -> None:
    lines = [line for line in bot_log(running.bot.log_path).splitlines() if line and not line.startswith("--- start")]
    assert len(lines) >= 5
    entries = [json.loads(line) for line in lines]  # every line is one JSON object
    assert all(set(e) == LOG_KEYS for e in entries)
    assert all(e["shard"] == 0 for e in entries)  # a bot of one shard
    synced = f"commands synced; {len(COGS)} extensions loaded"
    assert any(e["logger"] == "hardback" and e["message"] == synced for e in entries)
    assert not any(e["exception"] for e in entries), [e for e in entries if e["exception"]]


async def test_ctrl_c_stops_every_process_of_the_bot_cleanly(running: Running) -> None:
    proc = running.bot.proc
    assert proc is not None and proc.returncode is None
    _, text = await wait_for_http(running.base + "/metrics", lambda status, _: status == 200, 10, "metrics")
    if metric(str(text), "hardback_games_running", status="playing") == 0:  # this test has a bot of its own
        await computers_playing(running)
    await wait_for_http(running.base + "/metrics", lambda status, text: status == 200 and metric(
        str(text), "hardback_games_running", status="playing") == 1, 10, "the computers' game playing")
    took = await signal_group(proc, signal.SIGINT, timeout=5.0)
    left = await stopped_group(proc.pid, 5.0 - took)
    output = bot_log(running.bot.log_path)
    assert proc.returncode == 0, output[-3000:]
    assert left == [], left
    assert "Traceback" not in output and "KeyboardInterrupt" not in output, output[-5000:]
    last = [json.loads(line) for line in output.splitlines() if line.startswith("{")][-1]
    assert last["message"] == "stopped"
    with sqlite3.connect(running.db) as db:
        assert db.execute("SELECT state FROM shard_status").fetchall() == [("stopped",)]


async def search_workers(bot_pid: int) -> list[int]:
    """The bot's search worker processes (its children), once it has them."""
    for _ in range(200):
        if children := children_of(bot_pid):
            return children
        await asyncio.sleep(0.05)
    raise AssertionError("the bot started no search worker")


async def test_a_second_ctrl_c_stops_at_once(tmp_path: Path) -> None:
    world = await make_world()
    try:
        env = {"HARDBACK_DB": str(tmp_path / "h.db"), **world.standin.env()}
        bot = BotProcess(world.standin, [sys.executable, "bot.py"], env=env, cwd=ROOT)
        await bot.start(timeout=60)
        assert bot.proc is not None
        # A search worker that cannot stop (frozen with SIGSTOP: a long job, as far as the bot can tell) holds
        # the clean stop for its grace second; the second Ctrl-C comes in the middle of it.
        workers = await search_workers(bot.proc.pid)
        # Copies of the bot, forked before its first thread (they start with what it loaded), not new interpreters.
        assert {command_line(pid) for pid in workers} == {command_line(bot.proc.pid)}
        os.kill(workers[0], signal.SIGSTOP)
        loop = asyncio.get_running_loop()
        started = loop.time()
        signal_group_now = asyncio.ensure_future(signal_group(bot.proc, signal.SIGINT, timeout=5.0))
        await asyncio.sleep(0.05)
        os.killpg(bot.proc.pid, signal.SIGINT)
        await signal_group_now
        took = loop.time() - started
        left = await stopped_group(bot.proc.pid, 2.0)
        output = bot.output()
        assert bot.proc.returncode == 128 + signal.SIGINT, output[-3000:]
        assert took < 1.5, took
        assert left == [] and "Traceback" not in output, output[-3000:]
        assert "SIGINT again: exiting now" in output
        assert "leaked semaphore" not in output
    finally:
        await world.standin.stop()
