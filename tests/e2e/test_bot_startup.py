"""Starting bot.py: a missing or refused token, or Discord out of reach, is one clear sentence and a non-zero
exit; SIGTERM stops the bot cleanly; a bad config file is refused."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from botkit import running_bot
from discord_standin.world import World

ROOT = Path(__file__).resolve().parents[2]


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "HARDBACK_"))}
    env.update(HARDBACK_DB=str(tmp_path / "h.db"), PYTHONUNBUFFERED="1", **extra)
    return env


async def _run(env: dict[str, str], cwd: Path, timeout: float = 30) -> tuple[int, str]:
    proc = await asyncio.create_subprocess_exec(sys.executable, str(ROOT / "bot.py"), cwd=cwd, env=env,
                                                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    out, _ = await asyncio.wait_for(proc.communicate(), timeout)
    return proc.returncode or 0, out.decode()


async def test_missing_token(tmp_path: Path) -> None:
    code, out = await _run(_env(tmp_path), tmp_path)
    assert code != 0
    assert "DISCORD_TOKEN is not set" in out and "developers/applications" in out
    assert "Traceback" not in out


async def test_bad_config_file(tmp_path: Path) -> None:
    (tmp_path / "hardback.yaml").write_text("colour: blue\n")
    code, out = await _run(_env(tmp_path, DISCORD_TOKEN="x"), tmp_path)
    assert code != 0 and "unknown key(s) colour" in out and "Traceback" not in out


async def test_a_missing_word_list_is_one_sentence(tmp_path: Path) -> None:
    (tmp_path / "hardback.yaml").write_text("dictionaries:\n  mine: missing-words.txt\n")
    code, out = await _run(_env(tmp_path, DISCORD_TOKEN="x"), tmp_path)
    assert code == 2 and "word file for dictionary 'mine' not found" in out and "Traceback" not in out, out


async def test_refused_token_against_the_standin(world: World, tmp_path: Path) -> None:
    env = _env(tmp_path, **world.standin.env())
    env["DISCORD_TOKEN"] = "not-the-right-token"
    code, out = await _run(env, tmp_path)
    assert code == 1 and "Discord refused DISCORD_TOKEN" in out and "Traceback" not in out


async def test_discord_out_of_reach_is_one_sentence(tmp_path: Path) -> None:
    import socket

    with socket.socket() as closed:  # a local port with nobody listening: the connection is refused
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    env = _env(tmp_path, DISCORD_TOKEN="a.b.c", HARDBACK_DISCORD_API=f"http://127.0.0.1:{port}/api/v10")
    code, out = await _run(env, tmp_path)
    assert code == 1 and "Discord could not be reached" in out and "network connection" in out
    assert "Traceback" not in out
    assert "voice will NOT be supported" not in out  # the bot has no voice: no warning sending admins shopping


async def test_a_file_that_is_not_a_database_is_one_sentence_and_the_bot_exits(world: World, tmp_path: Path) -> None:
    env = _env(tmp_path, **world.standin.env())
    (tmp_path / "h.db").write_bytes(b"not an SQLite file" * 200)  # HARDBACK_DB of _env
    code, out = await _run(env, tmp_path)  # a connection left open would keep the process alive: a timeout
    assert code == 1 and "cannot open the SQLite database" in out and "HARDBACK_DB" in out
    assert "Traceback" not in out


async def test_sigterm_stops_cleanly(world: World, tmp_path: Path) -> None:
    env = _env(tmp_path, **world.standin.env())
    before = world.standin.gateway.identify_count
    proc = await asyncio.create_subprocess_exec(sys.executable, str(ROOT / "bot.py"), cwd=tmp_path, env=env,
                                                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    await world.standin.wait_until_connected(after=before, timeout=30)
    assert "hardback" in world.standin.commands()  # the command group was synced
    proc.send_signal(signal.SIGTERM)
    out, _ = await asyncio.wait_for(proc.communicate(), 30)
    assert proc.returncode == 0, out.decode()
    assert "shutting down" in out.decode()
    assert (tmp_path / "h.db").exists()


WORKERS_BEGIN_LOADED = """
import asyncio, sys
sys.path.insert(0, sys.argv[1])
import bot
from hardback_bot.sessions import searching
from hardback_bot.words import DEFAULT_DICTIONARY, get_dictionary
from hardback_bot.words.solver import index, index_for

bot.load_defaults()


class Unbuildable(index.WordIndex):
    def __init__(self, *args, **kwargs):
        raise AssertionError("a word index was built")


def indexed() -> bool:
    return index_for(get_dictionary(DEFAULT_DICTIONARY)) is not None


index.WordIndex = Unbuildable  # from here on no process builds a word index: the workers forked below neither
pool = searching.Searcher(workers=1, warm=(DEFAULT_DICTIONARY,), preload=bot.SEARCH_MODULES)
pool.install(fork=True)


async def main() -> None:
    await pool.start()
    print(await pool.call(indexed))
    await pool.close()

asyncio.run(main())
"""


def test_the_search_workers_begin_with_the_default_word_index() -> None:
    # bot.py loads its defaults (the default list and its solver index, the card data) before forking its search
    # workers: they start with the index instead of each building its own (50 ms and its memory per worker).
    done = subprocess.run([sys.executable, "-c", WORKERS_BEGIN_LOADED, str(ROOT)], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split() == ["True"], done.stdout + done.stderr[-3000:]


async def test_the_gateway_is_connected_from_discords_ready_not_discord_pys(world: World) -> None:
    """discord.py says it is ready only once it has waited for every guild (2 s after the last one), but the bot
    answers clicks from Discord's READY on: /health and hardback_gateway_connected say connected from then."""
    # The close right after "ready" is also what once hung: the status reporter's wait dropped the close's
    # cancellation when a wake-up came in the same instant. A close that takes that long fails here.
    began = time.monotonic()
    async with asyncio.timeout(60), running_bot(world) as bot:  # back once READY and the guilds are sent
        await world.standin.wait_for(lambda: bot.gateway_shards()[0].connected, timeout=10, what="connected")
        assert not bot.is_ready()
        await bot.wait_until_ready()
        assert bot.gateway_shards()[0].connected
    assert time.monotonic() - began < 30, "the bot took that long to close"
