"""A ghostwriter request committed just before ``python bot.py`` dies gets its thread after the restart (R30),
though the restarted bot's catch-up runs before its gateway knows the server.

The stand-in refuses the dying process's request message (or its thread), so the kill lands exactly between
the commit of the request and its delivery. Then it answers the new process's IDENTIFY late (Discord queues
identifies), so the catch-up posts over REST while discord.py has no guild in its cache yet: the request must
be posted once and its thread opened at the first try, not after the relay's retries.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest
from botkit import button
from discord_standin import BotProcess
from discord_standin.world import World
from scenario_kit import Driver, load_game, opened_store, seat_users, start_table

ROOT = Path(__file__).resolve().parents[2]
POSTS = r"/channels/\d+/messages$"
THREADS = r"/channels/\d+/messages/\d+/threads$"
READY_DELAY = 3.0  # longer than the relay's first retry (2 s): a catch-up that needs the cache fails twice


def bot_process(world: World, tmp_path: Path) -> BotProcess:
    env = {"HARDBACK_DB": str(tmp_path / "hardback.db"), "HARDBACK_LOG_LEVEL": "INFO"}
    workdir = tmp_path / "run"
    workdir.mkdir(exist_ok=True)
    return BotProcess(world.standin, [sys.executable, str(ROOT / "bot.py")], env=env, cwd=workdir, prestarted=True)


@pytest.mark.parametrize("refused", [POSTS, THREADS], ids=["before the request message", "before its thread"])
async def test_a_request_committed_before_a_kill_gets_its_thread_at_the_restart(
        world: World, tmp_path: Path, refused: str) -> None:
    s = world.standin
    proc = bot_process(world, tmp_path)
    await proc.start()
    try:
        async with opened_store(str(tmp_path / "hardback.db")) as store:
            record = await start_table(world, store, {"ghostwriter": True}, joiners=(world.bob,))
            gid = record.id
            driver = Driver(world, store, gid, seat_users(world, record))
            _, game = await load_game(store, gid)
            user = driver.users[game.active_seat]
            panel = await driver.open_hand(user)
            await s.settle(quiet=0.5)

            fault = s.inject_fault("POST", refused, 400, times=1000)
            await s.click(user, panel, button(panel, "ghostwriter"), wait=False)
            for _ in range(1000):  # committed, and the dying process fails to deliver it
                if s.faults_served:
                    break
                await asyncio.sleep(0.01)
            assert s.faults_served, "the first process never tried to deliver the request"
            _, game = await load_game(store, gid)
            assert game.state.turn.extra.ghost is not None
            await proc.kill()
            fault.times = 0
            assert not s.threads(world.channel)

            s.gateway.ready_delay = READY_DELAY
            await proc.start()  # returns once READY is sent; the catch-up began seconds before
            await s.wait_for(lambda: len(s.threads(world.channel)) >= 1, timeout=15, what="the thread")
            await s.settle(quiet=1.0, timeout=20)
            requests = [m for m in s.messages(world.channel)
                        if any("asks for a ghostwriter" in (e.get("title") or "") for e in m.embeds)]
            threads = s.threads(world.channel)
            assert len(requests) == 1 and len(threads) == 1 and requests[0].thread_id == threads[0].id
            rows = [r for r in await store.outbox.game_deliveries(gid) if r.kind == "ghost_open"]
            assert len(rows) == 1 and rows[0].delivered_at is not None and rows[0].message_id == requests[0].id
            restarted = proc.output().split("--- start #2")[-1]
            assert "failed (try" not in restarted, restarted[-4000:]
    except BaseException:
        print(proc.output()[-8000:])
        raise
    finally:
        await proc.stop()
    assert "Traceback" not in proc.output().split("--- start #2")[-1], proc.output()[-5000:]
