"""The container recipe cannot rot: the Dockerfile passes hadolint; compose.yaml passes Docker Compose's own
validation (the real docker-compose binary, which needs no engine for ``config``); and the commands they run —
each shard process's command and their health check, with compose's environment — are started here, outside
any container (no Docker engine runs on this machine), against the Discord stand-in and a test PostgreSQL, until
both shards are up, /health/shards shows both from either process, and SIGTERM (or Ctrl-C) stops each cleanly."""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
from urllib.parse import urlsplit

from discord_standin import BotProcess
from discord_standin.world import make_world
from store import pg_server

from .botrun import (
    ROOT,
    compose_binary,
    compose_config,
    dockerfile,
    free_port,
    host_env,
    signal_group,
    stopped_group,
    wait_for_http,
)

PASSWORD = {"POSTGRES_PASSWORD": "not-a-real-secret"}


def test_the_dockerfile_passes_hadolint() -> None:
    out = subprocess.run(["hadolint", "--no-color", "--format", "json", str(ROOT / "Dockerfile")],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and json.loads(out.stdout) == [], out.stdout + out.stderr


def test_hadolint_does_find_faults() -> None:  # the lint above can fail
    bad = "FROM python\nRUN pip install requests\nCMD python bot.py\n"
    out = subprocess.run(["hadolint", "--no-color", "-"], input=bad, capture_output=True, text=True, timeout=60)
    assert out.returncode == 1 and "DL3006" in out.stdout and "DL3025" in out.stdout


def test_the_image() -> None:
    image = dockerfile()
    assert image.base.startswith("python:3.11-slim")
    assert image.user.split(":")[0] not in ("", "0", "root")
    assert image.workdir == "/app" and image.cmd == ["python", "bot.py"]
    assert any(c.startswith("--chown=root:root wordlists") for c in image.copied)  # the word lists inside
    assert any("card_art" in c for c in image.copied)
    assert image.healthcheck == ["python", "-m", "hardback_bot.ops.probe"]
    assert "--interval=" in image.healthcheck_options and "--start-period=" in image.healthcheck_options
    assert image.env["HARDBACK_HTTP"] == "127.0.0.1:8080"  # the health check's listener, on loopback
    ignored = (ROOT / ".dockerignore").read_text().split()
    assert {".git", ".env", "tests", "data"} <= set(ignored)


def test_compose_is_valid_and_complete() -> None:
    out = subprocess.run([str(compose_binary()), "-f", str(ROOT / "compose.yaml"), "config", "--quiet"],
                         capture_output=True, text=True, env=PASSWORD, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    missing = subprocess.run([str(compose_binary()), "-f", str(ROOT / "compose.yaml"), "config", "--quiet"],
                             capture_output=True, text=True, env={"PATH": "/usr/bin:/bin"}, cwd=ROOT, timeout=60)
    assert missing.returncode != 0 and "set POSTGRES_PASSWORD in .env" in missing.stderr
    config = compose_config(PASSWORD)
    services = config["services"]
    assert set(services) == {"db", "bot-0", "bot-1"}
    db = services["db"]
    assert db["image"].startswith("postgres:") and db["healthcheck"]["test"][1] == "pg_isready"
    assert any(v["target"] == "/var/lib/postgresql/data" and v["type"] == "volume" for v in db["volumes"])
    assert "pgdata" in config["volumes"]
    commands = {}
    for name in ("bot-0", "bot-1"):
        bot = services[name]
        assert bot["build"]["dockerfile"] == "Dockerfile"
        assert bot["depends_on"]["db"]["condition"] == "service_healthy"
        assert bot["healthcheck"]["test"] == ["CMD", *dockerfile().healthcheck]
        assert bot["init"] is True and urlsplit(bot["environment"]["HARDBACK_DB"]).hostname == "db"
        commands[name] = bot["command"]
    assert commands == {"bot-0": ["python", "bot.py", "--shards", "0", "--shard-count", "2"],
                        "bot-1": ["python", "bot.py", "--shards", "1", "--shard-count", "2"]}


async def test_compose_s_commands_run_two_shards_on_postgres() -> None:
    pg_server.need_server()
    dsn = await pg_server.new_database("compose")
    config = compose_config(PASSWORD)
    image = dockerfile()
    world = await make_world()
    s = world.standin
    bots: dict[str, tuple[BotProcess, int]] = {}
    try:
        for name in ("bot-0", "bot-1"):
            service = config["services"][name]
            # compose's environment over the image's; on one machine the processes need their own ports
            port = free_port()
            listen = service["environment"]["HARDBACK_HTTP"].rsplit(":", 1)[0]
            # (a developer's .env, read through env_file, must not replace the stand-in's token or address)
            environment = {k: v for k, v in service["environment"].items()
                           if not k.startswith(("DISCORD_", "HARDBACK_DISCORD_"))}
            env = host_env(image, **{**environment, "HARDBACK_DB": dsn, "HARDBACK_HTTP": f"{listen}:{port}"})
            bot = BotProcess(s, service["command"], env=env, cwd=ROOT)
            bots[name] = (bot, port)
        for bot, _ in bots.values():  # both at once, as compose starts them
            await bot.start(wait_ready=False)
        await s.wait_for(lambda: {0, 1} <= {x.shard[0] for x in s.gateway.ready_sessions()}, timeout=90,
                         what="both shards to connect")
        for name, (bot, port) in bots.items():
            await wait_for_http(f"http://127.0.0.1:{port}/health", lambda st, _: st == 200, 30, f"{name} healthy")
            check = config["services"][name]["healthcheck"]["test"][1:]
            probe = await asyncio.to_thread(subprocess.run, check, cwd=ROOT, capture_output=True, text=True,
                                            env=bot.environment(), timeout=20)
            assert probe.returncode == 0 and probe.stdout.startswith("healthy"), probe.stdout + probe.stderr
        for name, (_, port) in bots.items():  # either process tells the state of both shards
            _, view = await wait_for_http(f"http://127.0.0.1:{port}/health/shards",
                                          lambda st, b: b.get("ready") == 2, 20, f"both shards ready, seen by {name}")
            assert view["shard_count"] == 2 and view["missing"] == []
            assert len({row["process"] for row in view["shards"]}) == 2
        # compose stops a service with SIGTERM; an operator running the command in a terminal uses Ctrl-C
        for (name, (bot, _)), sig in zip(bots.items(), (signal.SIGTERM, signal.SIGINT), strict=True):
            assert bot.proc is not None
            before = len(bot.output())
            took = await signal_group(bot.proc, sig, timeout=5.0)
            left = await stopped_group(bot.proc.pid, 5.0 - took)
            after = bot.output()[before:]
            assert bot.proc.returncode == 0 and left == [], (name, after)
            assert "Traceback" not in bot.output(), (name, bot.output()[-4000:])
            # one JSON object a line, each naming the process's shard
            lines = [json.loads(line) for line in bot.output().splitlines() if line and not line.startswith("---")]
            assert lines and all(entry["shard"] == int(name[-1]) for entry in lines), (name, lines[:3])
            assert lines[-1]["message"] == "stopped"
        import asyncpg

        conn = await asyncpg.connect(dsn)
        try:
            rows = await conn.fetch("SELECT shard_count, shard_id, state FROM shard_status ORDER BY shard_id")
        finally:
            await conn.close()
        assert [tuple(r) for r in rows] == [(2, 0, "stopped"), (2, 1, "stopped")]
    finally:
        for bot, _ in bots.values():
            await bot.stop()
        await s.stop()
        await pg_server.drop_database(dsn)
