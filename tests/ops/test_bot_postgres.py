"""/health of a real bot on PostgreSQL follows the database: 503 naming the database within 10 s of stopping the
server, 200 again within 10 s of its return (the connection pool reconnects by itself); then SIGTERM to the
bot's process group stops every process of it cleanly within 5 s.

The test has a PostgreSQL cluster of its own, since it stops and starts it (the other tests share one)."""

from __future__ import annotations

import asyncio
import ctypes
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from discord_standin import BotProcess
from discord_standin.world import make_world
from store import pg_server

from .botrun import ROOT, free_port, signal_group, stopped_group, wait_for_http

_PR_SET_PDEATHSIG = 1


def _die_with_this_test_run() -> None:
    ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGQUIT)


def stop_server(server: pg_server.PostgresServer) -> None:
    """A fast shutdown (pg_ctl stop -m fast), its data kept."""
    assert server.proc is not None
    server.proc.send_signal(signal.SIGINT)
    server.proc.wait(timeout=30)


def start_again(server: pg_server.PostgresServer) -> None:
    """The same cluster on the same port, as an operator brings a stopped database back."""
    argv = [str(server.bindir / "postgres"), "-D", str(server.data), "-p", str(server.port)]
    for setting in ("listen_addresses=127.0.0.1", f"unix_socket_directories={server.root}", "fsync=off",
                    "full_page_writes=off", "log_min_messages=warning"):
        argv += ["-c", setting]
    as_user = {"user": server.uid, "group": server.gid, "extra_groups": []} if server.uid >= 0 else {}
    with open(server.log, "ab") as log:
        server.proc = subprocess.Popen(argv, stdout=log, stderr=log, cwd=server.root,
                                       preexec_fn=_die_with_this_test_run, **as_user)  # type: ignore[call-overload]
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", server.port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise AssertionError("PostgreSQL did not come back")


async def test_health_follows_the_database_down_and_back(tmp_path: Path) -> None:
    pg_server.need_server()  # the shared server: proves the binaries work here (or skips/fails loudly)
    bindir = pg_server.find_bindir()
    assert bindir is not None
    server = pg_server.PostgresServer(bindir)
    world = await make_world()
    try:
        await asyncio.to_thread(server.start)
        port = free_port()
        env = {"HARDBACK_DB": server.dsn(), "HARDBACK_HTTP": f"127.0.0.1:{port}", "HARDBACK_AI_DELAY": "0"}
        bot = BotProcess(world.standin, [sys.executable, "bot.py"], env=env, cwd=ROOT)
        await bot.start(timeout=60)
        health = f"http://127.0.0.1:{port}/health"
        await wait_for_http(health, lambda s, _: s == 200, 20, "a healthy bot")

        await asyncio.to_thread(stop_server, server)
        stopped = time.monotonic()
        _, body = await wait_for_http(health, lambda s, _: s == 503, 10, "503 once PostgreSQL is down")
        down_after = time.monotonic() - stopped
        assert body["reason"].startswith("database: "), body
        assert body["checks"]["gateway"]["ok"] and not body["checks"]["database"]["ok"]
        assert "password" not in str(body).lower()

        await asyncio.to_thread(start_again, server)
        back = time.monotonic()
        await wait_for_http(health, lambda s, _: s == 200, 10, "200 once PostgreSQL is back")
        up_after = time.monotonic() - back
        print(f"/health: 503 {down_after:.1f} s after PostgreSQL stopped, 200 {up_after:.1f} s after it came back")

        assert bot.proc is not None
        before = len(bot.output())
        took = await signal_group(bot.proc, signal.SIGTERM, timeout=5.0)
        left = await stopped_group(bot.proc.pid, 5.0 - took)
        after = bot.output()[before:]
        assert bot.proc.returncode == 0 and left == [], after
        assert "Traceback" not in after, after
    finally:
        await world.standin.stop()
        await asyncio.to_thread(server.stop)
