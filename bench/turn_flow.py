"""A turn in a few clicks: whole scripted games through the Discord stand-in, counting clicks.

    python bench/turn_flow.py [--games 7] [--where all|server|group-dm|thorough] [--show]

Each game is played by people who use their panels as a person would (tests/e2e/flow_kit.py): the panel a
player last had stays open and the bot keeps it current, so a turn that starts with a panel saying
"Your turn" needs no click to begin; otherwise the player opens the hand from the call to act. Every
click, select and submitted form counts as one interaction, from the moment the turn starts.

Games: two people (hints off), a person against a hard computer (hints on: the one-click best word), and
three people, in a server's channel; then two people, and three people with a computer, in a group DM where
only one of them added the app (the bot is not a member there: every page of the game travels on the
players' own interactions); then two games of thorough players, who answer every optional step (trash, dump,
preview, jail, flush) and use ink and remover when their best word is weak: their figures are printed apart.
The bot runs as its own process (``python bot.py``, forked from an interpreter that has imported it, as the crash
tests run it), so that its CPU is its own: the CPU the bot process spent over each whole game (every thread of
it; its search worker is another process, counted apart) divided by the interactions of that game.
Figures printed: interactions per turn (median, p90, max), bot CPU per interaction, turns that started
with a stale panel, live game components after the end, public messages per turn; what the panels showed at
once: the options of each word preview's arrangement select, buy entries naming a card another entry of the
same panel names, the most selects on one panel; pings of a public post for someone the game was not waiting
for when it was posted (those that crossed the player's move on their way to Discord, arriving within
IN_FLIGHT seconds of it, are counted apart); for the group DMs also the calls made with the bot's token to
the group DM and the follow-ups over Discord's cap of 5 per interaction (the stand-in answers both with an
error and records them).

Aims (the thorough players' too): median <= 4, p90 <= 6, 0 stale turn starts, 0 live components after the
end, no more than 2 public messages per turn; arrangement options per panel at most 8, 0 duplicate buy
entries, 0 pings of a seat not to play; in a group DM no more interactions per turn than in a server, 0 calls
with the bot's token to the group DM, 0 follow-ups over the cap.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# bench/ holds a bot.py of its own: the project's root must come first for "import bot".
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
for extra in (ROOT / "tests" / "e2e", ROOT / "tests", ROOT):
    if str(extra) in sys.path:
        sys.path.remove(str(extra))
    sys.path.insert(0, str(extra))

from discord_standin import BotProcess  # noqa: E402 - needs the sys.path lines above
from discord_standin.world import make_world  # noqa: E402
from dm_kit import bot_token_calls, friends  # noqa: E402
from dm_kit import open_table as open_group_table  # noqa: E402
from flow_kit import IN_FLIGHT, WEAK, FlowPlayer, StalePing, TurnStats, live_game_components, mentions_not_to_play  # noqa: E402
from scenario_kit import load_game, opened_store, start_table  # noqa: E402

GAMES = (  # label, options, who joins, computers, in a group DM, thorough players
    ("2 people", {"length": 40}, ("bob",), (), False, False),
    ("person vs hard computer, hints on", {"length": 40, "hints": True}, (), ("ai3",), False, False),
    ("3 people", {"length": 40}, ("bob", "carol"), (), False, False),
    ("group DM: 2 people", {"length": 40}, ("bob",), (), True, False),
    ("group DM: 3 people and a computer", {"length": 40}, ("bob", "carol"), ("ai2",), True, False),
    ("2 thorough people", {"length": 40}, ("bob",), (), False, True),
    ("thorough person vs hard computer, hints on", {"length": 40, "hints": True}, (), ("ai3",), False, True),
)


class Run:
    """One game's figures."""

    def __init__(self, turns: list[TurnStats], posts: int, turns_all: int, live: int, wrong: list[StalePing],
                 bot_calls: int = 0, over_cap: int = 0, cpu: float = 0.0, interactions: int = 0) -> None:
        self.turns, self.posts, self.turns_all, self.live, self.wrong = turns, posts, turns_all, live, wrong
        self.bot_calls, self.over_cap = bot_calls, over_cap
        self.cpu, self.interactions = cpu, interactions  # the bot process's CPU seconds over the game


def cpu_seconds(pid: int) -> float:
    """User and system CPU of a process so far, all its threads (not its children)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()  # the name in parentheses may hold spaces
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[int], q: float) -> float:
    ordered = sorted(values)
    return float(ordered[min(len(ordered) - 1, int(q * len(ordered)))]) if ordered else 0.0


async def one_game(label: str, options: dict[str, object], joiners: tuple[str, ...], computers: tuple[str, ...],
                   group_dm: bool, thorough: bool = False) -> Run:
    world = await make_world()
    folder = tempfile.mkdtemp(prefix="hb-flow-")
    path = os.path.join(folder, "h.db")
    proc = BotProcess(world.standin, [sys.executable, str(ROOT / "bot.py")], cwd=folder, prestarted=True,
                      env={"HARDBACK_DB": path, "HARDBACK_AI_DELAY": "0", "HARDBACK_SEARCH_WORKERS": "1",
                           "HARDBACK_LOG_LEVEL": "WARNING"})
    try:
        s = world.standin
        channel = world.channel
        await proc.start()
        async with opened_store(path) as store:
            if group_dm:  # alice added the app to her own apps; the others did not
                group = friends(world, 1 + len(joiners))
                channel = group.channel
                people = {u.name: u for u in group.people}
                record = await open_group_table(world, store, channel, group.alice, options,
                                                joiners=tuple(people[j] for j in joiners), computers=computers)
            else:
                people = {"bob": world.bob}
                if "carol" in joiners:
                    people["carol"] = s.add_user("carol", world.guild)
                record = await start_table(world, store, {"adverts": False, **options},
                                           joiners=tuple(people[j] for j in joiners), computers=computers)
            assert proc.pid is not None
            cpu_before, interactions_before = cpu_seconds(proc.pid), len(s.interactions)
            everyone = {u.id: u for u in (world.alice, *people.values())}
            player = FlowPlayer(world, store, record.id,
                                {x.seat: everyone[x.user_id] for x in record.seats if x.user_id is not None},
                                channel=channel, thorough=thorough)
            for _ in range(4000):
                _, game = await load_game(store, record.id)
                if game.finished:
                    break
                if game.active_seat in player.users:
                    await player.play_turn(game.active_seat)
                else:
                    await asyncio.sleep(0.05)
            await s.settle(quiet=1.0, timeout=30)
            cpu = cpu_seconds(proc.pid) - cpu_before
            interactions = len(s.interactions) - interactions_before
            _, game = await load_game(store, record.id)
            turns_all = sum(p.stats.turns for p in game.state.players)  # every seat's turns
            posts = [m for m in s.messages(channel) if m.author.id == s.bot_user.id]
            live = live_game_components(world, record.id, channel)
            wrong = await mentions_not_to_play(world, store, record.id, channel)
            bot_calls = len(bot_token_calls(world, channel)) if group_dm else 0
            over_cap = len(s.take_violations("followup_cap"))
            s.assert_no_violations()
            return Run(player.turns, len(posts), turns_all, len(live), wrong, bot_calls, over_cap, cpu, interactions)
    finally:
        await proc.stop()
        await world.standin.stop()
        shutil.rmtree(folder, ignore_errors=True)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=len(GAMES))
    parser.add_argument("--where", choices=("all", "server", "group-dm", "thorough"), default="all",
                        help="only the games of a server's channel, only those of group DMs, or only the thorough "
                             "players' games")
    parser.add_argument("--show", action="store_true", help="print every turn's interactions")
    args = parser.parse_args()
    clicks: list[int] = []
    stale = live = duplicates = selects = 0
    shown: list[int] = []
    pings: list[StalePing] = []
    per_turn: list[float] = []
    server: list[int] = []
    private: list[int] = []
    bot_calls = over_cap = 0
    began = time.monotonic()
    chosen = [g for g in GAMES if args.where == "all" or (g[5] if args.where == "thorough"
                                                          else g[4] == (args.where == "group-dm"))]
    careful: list[int] = []
    cpu = 0.0
    interactions = 0
    for label, options, joiners, computers, group_dm, thorough in chosen[:args.games]:
        run = await one_game(label, options, joiners, computers, group_dm, thorough)
        turns, wrong = run.turns, run.wrong
        here = [t.clicks for t in turns]
        if args.show:
            for t in turns:
                print(f"  seat {t.seat}: {t.clicks} — {' | '.join(t.actions)}")
            for ping in wrong:
                print(f"  pinged while not to play: {ping}")
        previews = [n for t in turns for n in t.arrangements]
        shown += previews
        duplicates += sum(t.duplicate_buys for t in turns)
        selects = max([selects, *(t.most_selects for t in turns)])
        pings += wrong
        if thorough:
            careful += here
        else:
            clicks += here
            (private if group_dm else server).extend(here)
        stale += sum(t.stale_start for t in turns)
        live += run.live
        bot_calls += run.bot_calls
        over_cap += run.over_cap
        per_turn.append(run.posts / max(1, run.turns_all))
        cpu += run.cpu
        interactions += run.interactions
        extra = (f"; {run.bot_calls} calls with the bot's token to the group DM, {run.over_cap} follow-ups over "
                 "the cap") if group_dm else ""
        print(f"{label}: {len(turns)} people's turns; clicks median {statistics.median(here):g}, "
              f"p90 {percentile(here, 0.9):g}, max {max(here)}; bot CPU "
              f"{1000 * run.cpu / max(1, run.interactions):.1f} ms per interaction ({run.cpu:.2f} s over "
              f"{run.interactions} interactions); opened the hand {sum(t.opened for t in turns)} times; "
              f"{run.posts} public messages for {run.turns_all} turns of all seats ({per_turn[-1]:.2f} a "
              f"turn); {run.live} live game components after the end; {len(previews)} word previews, arrangement "
              f"options median {statistics.median(previews or [0]):g}, max {max(previews or [0])}; "
              f"{sum(t.duplicate_buys for t in turns)} duplicate buy entries; "
              f"{sum(not p.in_flight for p in wrong)} pings of a seat not to play "
              f"(+{sum(p.in_flight for p in wrong)} crossing the player's move in flight){extra}")
    if clicks:  # --where thorough plays none of the usual players' games
        print(f"all: {len(clicks)} turns; interactions per turn median {statistics.median(clicks):g}, "
              f"p90 {percentile(clicks, 0.9):g}, max {max(clicks)}; stale turn starts {stale}; live game components "
              f"after the end {live}; public messages per turn (all seats) max {max(per_turn):.2f}")
    print(f"all: {len(shown)} word previews; arrangement options per panel median {statistics.median(shown or [0]):g}, "
          f"p90 {percentile(shown, 0.9):g}, max {max(shown or [0])} (previews with a choice of arrangement: "
          f"{sum(1 for n in shown if n)}); duplicate buy entries {duplicates}; most selects on one panel {selects}; "
          f"pings of a seat not to play {sum(not p.in_flight for p in pings)} (and "
          f"{sum(p.in_flight for p in pings)} posts decided a moment before the move they crossed, arriving within "
          f"{IN_FLIGHT} s of it); {time.monotonic() - began:.0f} s")
    print(f"bot process CPU per interaction over whole games: {1000 * cpu / max(1, interactions):.1f} ms "
          f"({cpu:.1f} s over {interactions} interactions; its search worker not counted)")
    if careful:
        print(f"thorough players (every optional step answered, ink and remover used when the best word earns under "
              f"{WEAK}): {len(careful)} turns; interactions per turn median {statistics.median(careful):g}, "
              f"p90 {percentile(careful, 0.9):g}, max {max(careful)}")
    if server and private:
        print(f"server vs group DM: interactions per turn median {statistics.median(server):g} vs "
              f"{statistics.median(private):g}, p90 {percentile(server, 0.9):g} vs {percentile(private, 0.9):g}; "
              f"group DMs: {bot_calls} calls with the bot's token, {over_cap} follow-ups over the cap")


if __name__ == "__main__":
    asyncio.run(main())
