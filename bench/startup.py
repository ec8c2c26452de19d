"""Start-up cost of ``python bot.py``: wall time until the gateway session is ready, and the CPU of the bot and
of each search worker once the workers are ready, over a few starts (each killed with SIGKILL, as a crash).

    python bench/startup.py [--starts 5] [--workers 1] [--prestarted]

``--prestarted`` starts the bot the way the restart tests do (tests/discord_standin/prestart.py: a fork of an
interpreter with the bot's modules imported). Prints JSON: per start, and the medians.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for extra in (ROOT / "tests", ROOT):
    while str(extra) in sys.path:
        sys.path.remove(str(extra))
    sys.path.insert(0, str(extra))

from discord_standin import BotProcess, point_discord_at  # noqa: E402 - needs the sys.path lines above
from discord_standin.world import make_world  # noqa: E402
from ops.botrun import children_of  # noqa: E402 - the ops tests' reader of /proc


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def bench(starts: int, workers: int, prestarted: bool) -> dict[str, object]:
    world = await make_world()
    restore = point_discord_at(world.standin.api_url, world.standin.gateway_url)
    folder = Path(tempfile.mkdtemp(prefix="hb-startup-"))
    (folder / "run").mkdir()
    env = {"HARDBACK_DB": str(folder / "hardback.db"), "HARDBACK_SEARCH_WORKERS": str(workers)}
    proc = BotProcess(world.standin, [sys.executable, str(ROOT / "bot.py")], env=env, cwd=folder / "run",
                      prestarted=prestarted)
    rows = []
    try:
        for n in range(starts):
            began = time.monotonic()
            await proc.start(timeout=60)
            ready = time.monotonic() - began
            while proc.output().count("search workers ready") <= n:
                await asyncio.sleep(0.02)
            assert proc.pid is not None
            rows.append({"ready_s": round(ready, 3), "bot_cpu_s": cpu_seconds(proc.pid),
                         "worker_cpu_s": sorted(cpu_seconds(c) for c in children_of(proc.pid))})
            await proc.kill()
    finally:
        await proc.stop()
        restore()
        await world.standin.stop()
        shutil.rmtree(folder, ignore_errors=True)
    later = rows[1:] or rows  # the first start also writes the database and compiles what was not compiled
    return {"prestarted": prestarted, "workers": workers, "starts": rows,
            "median_ready_s": round(statistics.median(r["ready_s"] for r in later), 3),
            "median_bot_cpu_s": round(statistics.median(r["bot_cpu_s"] for r in later), 2),
            "median_worker_cpu_s": round(statistics.median(max(r["worker_cpu_s"] or [0.0]) for r in later), 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--prestarted", action="store_true")
    args = parser.parse_args()
    print(json.dumps(asyncio.run(bench(args.starts, args.workers, args.prestarted)), indent=2))


if __name__ == "__main__":
    main()
