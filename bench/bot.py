"""The bot under load: many games at once through the Discord stand-in, every move a real interaction.

    python bench/bot.py [--games 50] [--turns 6 | --full] [--computers 10] [--strength 2]

One process: the stand-in (tests/discord_standin), the real bot (``bot.HardbackBot``, computer players
without delay) and one driver per game (tests/e2e/scenario_kit.py) that opens hands, types words into
the spell form, answers every prompt, buys and ends turns through buttons and selects.

Figures printed:
- interaction latency: from the stand-in delivering an interaction to the bot's first (initial)
  response — what decides "This interaction failed" (3 s) and how snappy a click feels;
- event-loop stalls: a watchdog sleeps 10 ms in a loop and records how late it wakes. The loop is
  shared by the bot, the stand-in and the drivers, so this is an upper bound for the bot's own stalls;
- Discord rules the stand-in saw broken (late responses, floods), and failed games.

Aim: p95 under 250 ms and no stall over 100 ms with 50 games.

``--hint-channel`` runs the same games twice: as above, then with one more channel where a
player asks ``/hardback hint`` again and again for an adversarial 12-card hand (six uncover cards, three
doublers, the per-wild mystery card: a search that cannot finish), and compares the other channels'
first-response p95 and the worst event-loop stall between the two runs (aim: unchanged, stall < 100 ms).
The bot's search workers are started and warm before the games begin in both runs.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import os
import shutil
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# The repository root goes first even when PYTHONPATH already lists it: ``import bot`` must find the
# product's bot.py, not this script (whose folder Python puts first).
for extra in (ROOT / "tests" / "e2e", ROOT / "tests", ROOT):
    while str(extra) in sys.path:
        sys.path.remove(str(extra))
    sys.path.insert(0, str(extra))

from botkit import running_bot  # noqa: E402 - needs the sys.path lines above
from discord_standin import DiscordStandin, point_discord_at  # noqa: E402
from discord_standin.models import Channel, Guild, User  # noqa: E402
from discord_standin.world import World  # noqa: E402
from scenario_kit import Driver, opened_store, percentile  # noqa: E402

from hardback_bot.ai import STRENGTHS  # noqa: E402
from hardback_bot.store import GameRecord, Store  # noqa: E402

STALL_TICK = 0.010


class Watchdog:
    """Sleeps ``STALL_TICK`` over and over; how late each wake-up comes is how long the loop was blocked.

    With ``trace`` a helper thread looks at the loop's thread whenever the watchdog is more than
    ``trace`` seconds late and notes where it is (file:line of the innermost project frame), so
    ``--trace-stalls`` says *what* blocked the loop.
    """

    def __init__(self, trace: float | None = None) -> None:
        self.overshoots: list[float] = []
        self.busy: list[float] = []
        self.blamed: Counter[str] = Counter()
        self._trace = trace
        self._task: asyncio.Task[None] | None = None
        self._beat = time.perf_counter()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.big: list[tuple[float, float]] = []
        self.samples: list[tuple[float, str]] = []
        self.gc_pauses: list[tuple[float, int]] = []
        self._gc_start = 0.0

    async def _run(self) -> None:
        while True:
            start, cpu = time.perf_counter(), time.thread_time()
            self._beat = start
            await asyncio.sleep(STALL_TICK)
            late = time.perf_counter() - start - STALL_TICK
            self.overshoots.append(late)
            self.busy.append(time.thread_time() - cpu)  # CPU the loop's thread itself used meanwhile
            if self._trace is not None and late > 0.1:
                self.big.append((start, start + STALL_TICK + late))

    def _sample(self, loop_thread: int) -> None:
        assert self._trace is not None
        while not self._stop.wait(0.005):
            if time.perf_counter() - self._beat > STALL_TICK + self._trace:
                frame = sys._current_frames().get(loop_thread)
                where = _where(frame)
                self.blamed[where] += 1
                self.samples.append((time.perf_counter(), where))

    def _gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._gc_start = time.perf_counter()
        else:
            self.gc_pauses.append((time.perf_counter() - self._gc_start, info.get("generation", -1)))

    def big_stalls(self) -> list[str]:
        """Each stall over 100 ms with what the sampler saw during it."""
        lines = []
        for start, end in self.big:
            seen = Counter(w for t, w in self.samples if start <= t <= end)
            lines.append(f"{(end - start) * 1000:.0f} ms: " + "; ".join(f"{n}x {w}" for w, n in seen.most_common(3)))
        return lines

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())
        gc.callbacks.append(self._gc)
        if self._trace is not None:
            self._thread = threading.Thread(target=self._sample, args=(threading.get_ident(),), daemon=True)
            self._thread.start()

    async def stop(self) -> None:
        self._stop.set()
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(self._gc)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task


def _where(frame: Any) -> str:
    """The innermost frames of the project (not the standard library or site-packages), outermost last."""
    spots = []
    while frame is not None and len(spots) < 3:
        name = frame.f_code.co_filename
        if name.startswith(str(ROOT)) and "/bench/" not in name:
            spots.append(f"{os.path.relpath(name, ROOT)}:{frame.f_lineno} {frame.f_code.co_name}")
        frame = frame.f_back
    return " < ".join(spots) or "outside the project"


async def wait_until(predicate: Any, timeout: float, what: str, poll: float = 0.02) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = await predicate() if asyncio.iscoroutinefunction(predicate) else predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out waiting for {what}")
        await asyncio.sleep(poll)


def component_message(standin: DiscordStandin, channel: Channel, prefix: str) -> Any:
    for message in reversed(standin.messages(channel)):
        if any(c.startswith(prefix) for c in message.custom_ids()):
            return message
    return None


async def open_game(world: World, store: Store, computer: bool, strength: int = 2) -> GameRecord:
    """Lobby -> join (or add a computer) -> start, waiting on this channel only (others keep the bot busy)."""
    s = world.standin
    await s.slash(world.alice, "hardback start", {"length": 40}, channel=world.channel)
    lobby = await wait_until(lambda: component_message(s, world.channel, "hb:l:"), 20, "the lobby")
    game_id = int(next(c for c in lobby.custom_ids() if c.startswith("hb:l:")).split(":")[2])

    async def seats() -> int:
        return len((await store.games.get_game(game_id, with_state=False)).seats)

    if computer:
        await s.click(world.alice, lobby, next(c for c in lobby.custom_ids() if c.endswith(f":ai{strength}")))
    else:
        await s.click(world.bob, lobby, next(c for c in lobby.custom_ids() if c.endswith(":join")))
    await wait_until(seats, 20, "the second seat")
    await wait_until(lambda: ":start" in " ".join(s.find_message(lobby.id).custom_ids()), 20, "a fresh lobby")
    start = next(c for c in s.find_message(lobby.id).custom_ids() if c.endswith(":start"))
    await s.click(world.alice, s.find_message(lobby.id), start)
    await wait_until(lambda: component_message(s, world.channel, f"hb:h:{game_id}:"), 30, "the table")
    return await store.games.get_game(game_id, with_state=False)


async def play_game(world: World, store: Store, computer: bool, turns: int | None, think: float,
                    strength: int = 2) -> Driver:
    record = await open_game(world, store, computer, strength)
    users = {seat.seat: (world.alice if seat.user_id == world.alice.id else world.bob)
             for seat in record.seats if seat.user_id is not None}
    driver = Driver(world, store, record.id, users, poll=0.05, think=think)
    if turns is None:
        await driver.play_until(lambda g: g.finished, max_turns=400)
    else:
        await driver.play_until(lambda g: len(driver.turns) >= turns, max_turns=2 * turns + 2)
    return driver


def _timed_collect() -> float:
    start = time.perf_counter()
    gc.collect()
    return time.perf_counter() - start


def _kind(inter: Any) -> str:
    """What an interaction was, for the per-kind figures: the command's name or the custom_id's action."""
    data = inter.data
    if "custom_id" in data:
        parts = str(data["custom_id"]).split(":")
        action = parts[4].split("_")[0].split(".")[0].split("~")[0] if len(parts) > 4 else ""
        return ":".join(parts[:2]) + (f" {action}" if action else "")
    return "/" + " ".join([data.get("name", "?")] + [o.get("name", "") for o in data.get("options", [])])


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


# Six uncover cards, three doublers and the per-wild mystery card (N), three starters; nothing inked.
ADVERSARIAL_HAND = [124, 106, 109, 117, 119, 125, 133, 72, 91, 97, 1141, 1145, 1156]


async def seed_hint_game(store: Store, world: World) -> int:
    """A solo co-op game (hints always on) whose player holds the adversarial hand, stored in the hint channel."""
    from hardback_bot.engine.scenario import build_game
    from hardback_bot.store import Seat
    from hardback_bot.words import get_dictionary

    options = {"coop": True, "adverts": False}
    game = build_game({"players": 1, "seats": [{"hand": ADVERSARIAL_HAND[:12]}], "options": options},
                      checker=get_dictionary("common"))
    seats = [Seat(0, world.alice.name, user_id=world.alice.id)]
    record = await store.games.create_lobby(world.guild.id, world.channel.id, host_id=world.alice.id,
                                            options=game.options.to_dict(), seats=seats)
    await store.games.start_game(record.id, record.version, seed=1, state=game.to_json(), seats=seats)
    return record.id


async def ask_hints(world: World, stop: asyncio.Event, asked: list[float]) -> None:
    """Ask for a hint, wait for the answer, ask again, until ``stop``; note how long each answer took."""
    s = world.standin
    while not stop.is_set():
        began = time.perf_counter()
        inter = await s.slash(world.alice, "hardback hint", channel=world.channel)
        with contextlib.suppress(TimeoutError):
            await wait_until(lambda inter=inter: inter.followups or (inter.original is not None
                                                                     and not inter.original.loading), 30, "a hint")
        asked.append(time.perf_counter() - began)


async def bench(games: int, turns: int | None, computers: int, trace: float | None = None, *,
                warm_ai: bool = False, freeze: bool = False, think: float = 0.0, hints: bool = False,
                strength: int = 2) -> dict[str, Any]:
    standin = await DiscordStandin().start()
    restore = point_discord_at(standin.api_url, standin.gateway_url)
    guild: Guild = standin.add_guild("Bench Guild")
    worlds: list[World] = []
    mod: User = standin.add_user("mod", guild)
    for i in range(games):
        channel = standin.add_text_channel(guild, f"table-{i}")
        worlds.append(World(standin, guild, channel, standin.add_user(f"a{i}", guild),
                            standin.add_user(f"b{i}", guild), mod))
    hint_world = World(standin, guild, standin.add_text_channel(guild, "hints"), standin.add_user("hinter", guild),
                       standin.add_user("nobody", guild), mod)
    hint_times: list[float] = []
    folder = tempfile.mkdtemp(prefix="hb-bench-")
    db = os.path.join(folder, "hardback.db")
    watchdog = Watchdog(trace)
    try:
        async with running_bot(worlds[0], db_path=db, ai_delay=0.0) as bot, opened_store(db) as store:
            if warm_ai:  # what-if: the bot imported its computer players at start-up
                import hardback_bot.ai  # noqa: F401
            if freeze:  # what-if: the bot froze its start-up objects (word lists, card data) out of the GC
                gc.collect()
                gc.freeze()
            searcher = getattr(bot, "searcher", None)
            if searcher is not None:  # warm workers in both runs: the comparison is about the hint channel only
                await searcher.start()
            stop_hints = asyncio.Event()
            asker = None
            if hints:
                await seed_hint_game(store, hint_world)
                asker = asyncio.create_task(ask_hints(hint_world, stop_hints, hint_times))
            objects_before = len(gc.get_objects())
            watchdog.start()
            began, cpu_began = time.perf_counter(), time.process_time()
            plays = [play_game(w, store, i < computers, turns, think, strength) for i, w in enumerate(worlds)]
            results = await asyncio.gather(*plays, return_exceptions=True)
            wall = time.perf_counter() - began
            stop_hints.set()
            if asker is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(asker, 40)
            cpu = time.process_time() - cpu_began
            objects_after = len(gc.get_objects())
            await asyncio.sleep(1.0)  # let table refreshes and log lines drain
            await watchdog.stop()
            # How much of a full collection is the stand-in's records (every message, snapshot, interaction)?
            latencies = [i.latency for i in standin.interactions.values()
                         if i.latency is not None and i.channel is not hint_world.channel]
            kinds = Counter({2: "command", 3: "component", 5: "modal"}.get(i.type, str(i.type))
                            for i in standin.interactions.values())
            by_kind: dict[str, list[float]] = {}
            for i in standin.interactions.values():
                if i.latency is not None and i.channel is not hint_world.channel:
                    by_kind.setdefault(_kind(i), []).append(i.latency)
            count = len(standin.interactions)
            full_with = _timed_collect()
            standin.interactions.clear()
            standin.ephemeral.clear()
            for channel in standin.channels.values():
                channel.messages.clear()
            full_without = _timed_collect()
    finally:
        restore()
        await standin.stop()
        shutil.rmtree(folder, ignore_errors=True)
    drivers = [r for r in results if isinstance(r, Driver)]
    failures = [f"{type(r).__name__}: {r}" for r in results if isinstance(r, BaseException)]
    answers = [a for d in drivers for a in d.answers]
    overs = watchdog.overshoots
    return {
        "games": games, "computers": computers, "turns": sum(len(d.turns) for d in drivers), "wall": wall,
        "cpu": cpu,
        "interactions": count, "kinds": dict(kinds), "full_gc": (full_with, full_without), "answered": len(latencies),
        "p50": percentile(latencies, 50), "p95": percentile(latencies, 95), "p99": percentile(latencies, 99),
        "max": max(latencies, default=0.0), "a50": percentile(answers, 50), "a95": percentile(answers, 95),
        "a99": percentile(answers, 99), "stall_max": max(overs, default=0.0),
        "stall_p99": percentile(overs, 99), "stalls_over_100ms": sum(1 for o in overs if o > 0.1),
        "stalls_over_50ms": sum(1 for o in overs if o > 0.05),
        "busy_max": max(watchdog.busy, default=0.0), "busy_over_100ms": sum(1 for b in watchdog.busy if b > 0.1),
        "busy_over_50ms": sum(1 for b in watchdog.busy if b > 0.05),
        "load": os.getloadavg()[0], "objects": (objects_before, objects_after),
        "violations": dict(Counter(v.kind for v in standin.violations)), "failures": failures,
        "blamed": watchdog.blamed.most_common(12), "big": watchdog.big_stalls(),
        "gc_max": max((d for d, _ in watchdog.gc_pauses), default=0.0),
        "gc_over_50ms": sum(1 for d, _ in watchdog.gc_pauses if d > 0.05),
        "by_kind": {k: (len(v), percentile(v, 50), percentile(v, 95), max(v)) for k, v in by_kind.items()},
        "hints": len(hint_times), "hint_answer": (percentile(hint_times, 50), max(hint_times, default=0.0)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--turns", type=int, default=6, help="human turns per game (default 6)")
    parser.add_argument("--full", action="store_true", help="play every game to its results instead")
    parser.add_argument("--computers", type=int, default=10, help="games against a computer (default 10)")
    parser.add_argument("--strength", type=int, default=2, choices=sorted(STRENGTHS),
                        help="the computer's strength (default 2, normal; 4: expert)")
    parser.add_argument("--trace-stalls", type=float, metavar="SECONDS", default=None,
                        help="note where the loop is whenever it is blocked longer than this (e.g. 0.03)")
    parser.add_argument("--think", type=float, default=0.0, metavar="SECONDS",
                        help="mean pause before each click, like a person (default 0: click as soon as answered)")
    parser.add_argument("--warm-ai", action="store_true", help="what-if: import hardback_bot.ai before the games")
    parser.add_argument("--gc-freeze", action="store_true", help="what-if: gc.freeze() once the bot is up")
    parser.add_argument("--hint-channel", action="store_true",
                        help="run twice, the second time with one more channel asking for hints on an adversarial hand")
    args = parser.parse_args()
    turns = None if args.full else args.turns
    runs = [False, True] if args.hint_channel else [False]
    reports = []
    for hints in runs:
        r = asyncio.run(bench(args.games, turns, min(args.computers, args.games), args.trace_stalls,
                              warm_ai=args.warm_ai, freeze=args.gc_freeze, think=args.think, hints=hints,
                              strength=args.strength))
        if args.hint_channel:
            print(("with" if hints else "without") + " the hint channel:")
        report(r, args, turns)
        reports.append(r)
    if args.hint_channel:
        base, hinted = reports
        print(f"hint channel: {hinted['hints']} hints answered (median {ms(hinted['hint_answer'][0])}, worst "
              f"{ms(hinted['hint_answer'][1])}); other channels' first response p95 {ms(base['p95'])} without, "
              f"{ms(hinted['p95'])} with; worst stall {ms(base['stall_max'])} without, {ms(hinted['stall_max'])} with")
        ok = hinted["stalls_over_100ms"] == 0 and hinted["p95"] <= max(base["p95"] * 1.5, base["p95"] + 0.01)
        print("aim (p95 unchanged, no stall over 100 ms with the hint channel):", "met" if ok else "NOT met")


def report(r: dict[str, Any], args: argparse.Namespace, turns: int | None) -> None:
    what = "to the end" if turns is None else f"{turns} human turns each"
    what += f", {args.think:g} s thinking before each click" if args.think else ", clicking as fast as answered"
    print(f"{r['games']} concurrent games ({r['computers']} against a computer, {STRENGTHS[args.strength]}), {what}: "
          f"{r['turns']} human turns, {r['interactions']} interactions {r['kinds']} in {r['wall']:.1f} s "
          f"({r['interactions'] / r['wall']:.1f}/s); process CPU {r['cpu']:.1f} s = "
          f"{r['cpu'] / max(1, r['interactions']) * 1000:.0f} ms per interaction (bot, stand-in and drivers together)")
    print(f"first response: p50 {ms(r['p50'])}, p95 {ms(r['p95'])}, p99 {ms(r['p99'])}, max {ms(r['max'])} "
          f"({r['answered']} answered)")
    print(f"whole answer (panel or image drawn, seen by a driver polling every 50 ms): p50 {ms(r['a50'])}, "
          f"p95 {ms(r['a95'])}, p99 {ms(r['a99'])}")
    print(f"event loop: worst stall {ms(r['stall_max'])}, p99 {ms(r['stall_p99'])}, "
          f"{r['stalls_over_50ms']} over 50 ms, {r['stalls_over_100ms']} over 100 ms")
    print(f"  of which the loop's own thread computing: worst {ms(r['busy_max'])}, {r['busy_over_50ms']} over 50 ms,"
          f" {r['busy_over_100ms']} over 100 ms (the rest is waiting for the CPU: other threads, other processes;"
          f" load average {r['load']:.1f} on {os.cpu_count()} CPUs)")
    print(f"garbage collection: longest pause {ms(r['gc_max'])}, {r['gc_over_50ms']} over 50 ms; objects the GC "
          f"tracks: {r['objects'][0]} at start, {r['objects'][1]} at the end; a full collection at the end takes "
          f"{ms(r['full_gc'][0])}, {ms(r['full_gc'][1])} once the stand-in's records are dropped")
    print(f"Discord rules broken: {r['violations'] or 'none'}; failed games: {len(r['failures'])}")
    for failure in r["failures"][:5]:
        print("  ", failure[:300])
    if r["blamed"]:
        print("where the loop was while blocked (5 ms samples):")
        for spot, count in r["blamed"]:
            print(f"  {count:4d}  {spot}")
        for line in r["big"]:
            print("  stall", line)
    print("first response by kind (count, p50 / p95 / max):")
    for kind, (n, p50, p95, top) in sorted(r["by_kind"].items(), key=lambda kv: -kv[1][2]):
        print(f"  {kind:<28} {n:5d}  {ms(p50)} / {ms(p95)} / {ms(top)}")
    aims = r["p95"] < 0.25 and r["stalls_over_100ms"] == 0
    print("aim (p95 < 250 ms, no stall over 100 ms):", "met" if aims else "NOT met")


if __name__ == "__main__":
    main()
