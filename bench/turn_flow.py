"""A turn in a few clicks: whole scripted games through the Discord stand-in, counting clicks.

    python bench/turn_flow.py [--games 3] [--seed 1]

Each game is played by people who use their panels as a person would (tests/e2e/flow_kit.py): the panel a
player last had stays open and the bot keeps it current, so a turn that starts with a panel saying
"Your turn" needs no click to begin; otherwise the player opens the hand from the call to act. Every
click, select and submitted form counts as one interaction, from the moment the turn starts.

Games: two people (hints off), a person against a hard computer (hints on: the one-click best word), and
three people. Figures printed: interactions per turn (median, p90, max), turns that started with a stale
panel, live game components after the end, public messages per turn; what the panels showed at once: the
options of each word preview's arrangement select, buy entries naming a card another entry of the same
panel names, the most selects on one panel; and pings of a public post for someone the game was not
waiting for when it was posted (those that crossed the player's move on their way to Discord, arriving
within IN_FLIGHT seconds of it, are counted apart).

Aims: median <= 4, p90 <= 6, 0 stale turn starts, 0 live components after the end, no more than 2 public
messages per turn; arrangement options per panel at most 8, 0 duplicate buy entries, 0 pings of a seat not
to play.
"""

from __future__ import annotations

import argparse
import asyncio
import os
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

from botkit import running_bot  # noqa: E402 - needs the sys.path lines above
from discord_standin import point_discord_at  # noqa: E402
from discord_standin.world import make_world  # noqa: E402
from flow_kit import IN_FLIGHT, FlowPlayer, StalePing, TurnStats, live_game_components, mentions_not_to_play  # noqa: E402
from scenario_kit import load_game, start_table  # noqa: E402

GAMES = (
    ("2 people", {"length": 40}, ("bob",), ()),
    ("person vs hard computer, hints on", {"length": 40, "hints": True}, (), ("ai3",)),
    ("3 people", {"length": 40}, ("bob", "carol"), ()),
)


def percentile(values: list[int], q: float) -> float:
    ordered = sorted(values)
    return float(ordered[min(len(ordered) - 1, int(q * len(ordered)))]) if ordered else 0.0


async def one_game(label: str, options: dict[str, object], joiners: tuple[str, ...], computers: tuple[str, ...]
                   ) -> tuple[list[TurnStats], int, int, int, list[StalePing]]:
    world = await make_world()
    restore = point_discord_at(world.standin.api_url, world.standin.gateway_url)
    try:
        s = world.standin
        people = {"bob": world.bob}
        if "carol" in joiners:
            people["carol"] = s.add_user("carol", world.guild)
        path = os.path.join(tempfile.mkdtemp(prefix="hb-flow-"), "h.db")
        async with running_bot(world, db_path=path, ai_delay=0.0) as bot:
            record = await start_table(world, bot.store, {"adverts": False, **options},
                                       joiners=tuple(people[j] for j in joiners), computers=computers)
            everyone = {u.id: u for u in (world.alice, *people.values())}
            player = FlowPlayer(world, bot.store, record.id,
                                {x.seat: everyone[x.user_id] for x in record.seats if x.user_id is not None})
            for _ in range(400):
                _, game = await load_game(bot.store, record.id)
                if game.finished:
                    break
                if game.active_seat in player.users:
                    await player.play_turn(game.active_seat)
                else:
                    await asyncio.sleep(0.05)
            await bot.sessions.wait_for_computers(record.id)
            await s.settle(quiet=1.0, timeout=30)
            _, game = await load_game(bot.store, record.id)
            turns_all = sum(int(p.stats["turns"]) for p in game.state.players)  # every seat's turns
            posts = [m for m in s.messages(world.channel) if m.author.id == s.bot_user.id]
            live = live_game_components(world, record.id)
            wrong = await mentions_not_to_play(world, bot.store, record.id)
            s.assert_no_violations()
            return player.turns, len(posts), turns_all, len(live), wrong
    finally:
        restore()
        await world.standin.stop()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=len(GAMES))
    parser.add_argument("--show", action="store_true", help="print every turn's interactions")
    args = parser.parse_args()
    clicks: list[int] = []
    stale = live = duplicates = selects = 0
    shown: list[int] = []
    pings: list[StalePing] = []
    per_turn: list[float] = []
    began = time.monotonic()
    for label, options, joiners, computers in GAMES[:args.games]:
        turns, posts, turns_all, live_here, wrong = await one_game(label, options, joiners, computers)
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
        clicks += here
        stale += sum(t.stale_start for t in turns)
        live += live_here
        per_turn.append(posts / max(1, turns_all))
        print(f"{label}: {len(turns)} people's turns; clicks median {statistics.median(here):g}, "
              f"p90 {percentile(here, 0.9):g}, max {max(here)}; opened the hand {sum(t.opened for t in turns)} "
              f"times; {posts} public messages for {turns_all} turns of all seats ({per_turn[-1]:.2f} a turn); "
              f"{live_here} live game components after the end; {len(previews)} word previews, arrangement options "
              f"median {statistics.median(previews or [0]):g}, max {max(previews or [0])}; "
              f"{sum(t.duplicate_buys for t in turns)} duplicate buy entries; "
              f"{sum(not p.in_flight for p in wrong)} pings of a seat not to play "
              f"(+{sum(p.in_flight for p in wrong)} crossing the player's move in flight)")
    print(f"all: {len(clicks)} turns; interactions per turn median {statistics.median(clicks):g}, "
          f"p90 {percentile(clicks, 0.9):g}, max {max(clicks)}; stale turn starts {stale}; live game components "
          f"after the end {live}; public messages per turn (all seats) max {max(per_turn):.2f}")
    print(f"all: {len(shown)} word previews; arrangement options per panel median {statistics.median(shown or [0]):g}, "
          f"p90 {percentile(shown, 0.9):g}, max {max(shown or [0])} (previews with a choice of arrangement: "
          f"{sum(1 for n in shown if n)}); duplicate buy entries {duplicates}; most selects on one panel {selects}; "
          f"pings of a seat not to play {sum(not p.in_flight for p in pings)} (and "
          f"{sum(p.in_flight for p in pings)} posts decided a moment before the move they crossed, arriving within "
          f"{IN_FLIGHT} s of it); {time.monotonic() - began:.0f} s")


if __name__ == "__main__":
    asyncio.run(main())
