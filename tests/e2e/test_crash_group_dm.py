"""A group DM game survives ``python bot.py`` SIGKILLed mid-game: nothing is lost, and the next click shows the
true table (the tokens that carry the game are in the store, so the restarted bot can use them too).

Kills land right after a move's commit (before or while the group DM is told), while the relay posts the page
that calls the next player, and during a computer's turn; each is followed by a restart and a click. At the
end the move log replays to the stored state, every outbox row was shown on a page, the results were posted
once, no call used the bot's token on the group DM, and no interaction went past its 5 follow-ups.
"""

from __future__ import annotations

import asyncio
import random
import sys
import time
from pathlib import Path

from botkit import button, quick_posts_in_process, text_of
from discord_standin import BotProcess
from discord_standin.models import Channel, Message, User
from discord_standin.world import World
from dm_kit import bot_token_calls, friends, open_hand, open_table, page_of
from flow_kit import FlowPlayer, live_game_components
from scenario_kit import every_row_delivered, load_game, opened_store

from hardback_bot.engine import Game, GameOptions
from hardback_bot.sessions.turn_history import stored_log
from hardback_bot.store import Store

ROOT = Path(__file__).resolve().parents[2]
KILLS = 8
SEED = 20261225  # the kills' moments
GAME_SEED = 4  # the deal: a 40-prestige game of these players in 11 rounds
AI_DELAY = "0.02"  # seconds a computer waits before each move: a kill after its first one lands mid-turn


def bot_process(world: World, tmp_path: Path) -> BotProcess:
    env = {"HARDBACK_DB": str(tmp_path / "hardback.db"), "HARDBACK_AI_DELAY": AI_DELAY, "HARDBACK_LOG_LEVEL": "INFO",
           "HARDBACK_SEARCH_WORKERS": "1"}  # many starts: one search worker each
    workdir = tmp_path / "run"
    workdir.mkdir(exist_ok=True)
    return BotProcess(world.standin, [sys.executable, str(ROOT / "bot.py")], env=env, cwd=workdir, prestarted=True,
                      patches=quick_posts_in_process(world), seeds=[GAME_SEED])


def shown(world: World, channel: Channel) -> tuple[str, str]:
    page = page_of(world, channel)
    embed = page.embeds[0]
    turn = next((line for line in (embed.get("description") or "").split("\n") if line.startswith("Turn:")), "")
    return embed.get("title") or "", turn


async def true_table_after_a_click(world: World, store: Store, game_id: int, channel: Channel, user: User,
                                   player: FlowPlayer) -> float:
    """``user`` opens the hand from the table; wait until the newest page shows the stored game (round, whose
    turn). The panel that click opens is the user's newest from then on: the one that must follow the game."""
    began = time.monotonic()
    page = page_of(world, channel)
    if any(c.startswith("hb:h:") for c in page.custom_ids()):
        await player.look_at_hand(user)
    while True:
        record, game = await load_game(store, game_id)
        names = [x.display_name for x in record.seats]
        want = (f"Hardback — round {game.state.round}" + (" (final)" if game.finished else ""),
                "" if game.finished else f"Turn: **{names[game.active_seat]}**")
        title, turn = shown(world, channel)
        if title == want[0] and turn.startswith(want[1]):
            return time.monotonic() - began
        if time.monotonic() - began > 20:
            raise AssertionError(f"after the restart the page shows {(title, turn)}, the store has {want}")
        await asyncio.sleep(0.01)


async def panel_recorded(world: World, store: Store, game_id: int, user: User) -> None:
    """Wait until the bot has stored, as ``user``'s newest panel of the game, the one their last interaction
    answered with (if that interaction answered with a panel: a form does not, and then this gives up after 5 s)."""
    last = max((i for i in world.standin.interactions.values() if i.user.id == user.id), key=lambda i: i.received_at)
    for _ in range(500):
        if any(p.user_id == user.id and p.token == last.token
               for p in await store.panels.fresh_panels(game_id, since=0)):
            return
        await asyncio.sleep(0.01)


async def answered(world: World, inter: object, panel: Message) -> Message:
    """The private panel ``panel`` once the click ``inter`` on it has been answered."""
    await world.standin.wait_for(lambda: inter.answers, timeout=15, what="the answer")  # type: ignore[attr-defined]
    return world.standin.find_message(panel.id) or panel



async def test_sigkills_in_a_group_dm_lose_nothing(world: World, tmp_path: Path) -> None:
    s = world.standin
    rng = random.Random(SEED)
    group = friends(world, 2)
    proc = bot_process(world, tmp_path)
    await proc.start()
    kills: list[str] = []
    waits: list[float] = []
    try:
        async with opened_store(str(tmp_path / "hardback.db")) as store:
            record = await open_table(world, store, group.channel, group.alice, {"length": 40},
                                      joiners=(world.bob,), computers=("ai2",))
            assert record.seed == GAME_SEED
            gid = record.id
            by_id = {u.id: u for u in group.people}
            users = {x.seat: by_id[x.user_id] for x in record.seats if x.user_id is not None}
            # Every panel follows the game across the kills: the restart brings the newest panel of each person
            # up to date, as it does the page (checked below: no turn began on a stale panel).
            player = FlowPlayer(world, store, gid, users, channel=group.channel, follow_wait=12.0)

            async def kill_and_restart(why: str, delay: float = 0.0) -> None:
                await asyncio.sleep(delay)
                before = [(m.seq, m.move) for m in await store.games.get_moves(gid)]
                await proc.kill()
                kills.append(why)
                await proc.start()
                after = [(m.seq, m.move) for m in await store.games.get_moves(gid)]
                assert after[:len(before)] == before, "a confirmed move was lost"
                _, game = await load_game(store, gid)
                clicker = users.get(game.active_seat) or group.alice
                waits.append(await true_table_after_a_click(world, store, gid, group.channel, clicker, player))

            for _ in range(300):
                _, game = await load_game(store, gid)
                if game.finished:
                    break
                seat = game.active_seat
                if seat not in users:  # the computer's turn: now and then killed half-way
                    start = len(await store.games.get_moves(gid))
                    if len(kills) < KILLS and rng.random() < 0.5:
                        for _ in range(400):
                            if len(await store.games.get_moves(gid)) > start:
                                break
                            await asyncio.sleep(0.01)
                        await kill_and_restart("computer's turn", rng.uniform(0.0, 0.8 * float(AI_DELAY)))
                    for _ in range(600):
                        _, game = await load_game(store, gid)
                        if game.finished or game.active_seat != seat:
                            break
                        await asyncio.sleep(0.05)
                    continue
                mode = rng.choice(["commit", "turn", "none"]) if len(kills) < KILLS else "none"
                user = users[seat]
                if mode == "commit" and game.phase == "spell":
                    # Writer's block (R9.3) ends the turn in one commit: killed right after it, before or while
                    # the group DM is told.
                    panel = player.panels.get(user.id)
                    if panel is None or "Your turn" not in text_of(s.find_message(panel.id) or panel):
                        panel = await open_hand(world, user, group.channel)
                    confirm = await answered(world, await s.click(user, panel, button(panel, "hb:x:")), panel)
                    moves = len(await store.games.get_moves(gid))
                    await s.click(user, confirm, button(confirm, ":skip"), wait=False)
                    for _ in range(500):
                        if len(await store.games.get_moves(gid)) > moves:
                            break
                        await asyncio.sleep(0.002)
                    await kill_and_restart("between commit and page")
                    continue
                await player.play_turn(seat)
                if mode == "turn":
                    # The turn's last click is done once the bot has recorded the panel it answered with (the
                    # token the relay follows it by): the kill lands after that, while the page calling the
                    # next player is posted. A kill between an answer and its record is the crash test's
                    # (tests/store/test_crash.py) and the click tests' (test_bot_restart.py) to judge.
                    await panel_recorded(world, store, gid, user)
                    await kill_and_restart("while the next page is posted", rng.uniform(0.0, 0.1))
            else:
                raise AssertionError("the game did not finish")
            s.take_violations("no_response")  # clicks the killed process never answered
            await every_row_delivered(store, gid, with_message=True)
            await s.settle(quiet=0.3, timeout=30)
            record, game = await load_game(store, gid)
            assert game.finished
            assert len(kills) >= 4, kills
            assert not [t for t in player.turns if t.stale_start], [(t.seat, t.actions) for t in player.turns]
            moves = stored_log(await store.games.get_moves(gid))
            replayed = Game.replay(len(record.seats), record.seed, GameOptions.from_dict(dict(record.options)), moves)
            assert replayed.to_json() == game.to_json(), "a move was lost or doubled"
            rows = await store.outbox.game_deliveries(gid)
            assert rows and all(r.delivered_at is not None and r.message_id is not None for r in rows), \
                [r for r in rows if r.delivered_at is None or r.message_id is None]
            # The results were posted once (the message with Rematch).
            rematch = f"hb:l:{gid}:0:rematch"
            results = [m for m in s.messages(group.channel) if rematch in m.custom_ids()]
            assert [m.id for m in results] == [record.messages["results"]]
            await true_table_after_a_click(world, store, gid, group.channel, group.alice, player)
            # A page sent in the instant before a kill was never recorded, and the bot cannot read a group DM
            # to find it: it keeps its buttons until somebody clicks it, and that click cuts it down.
            strays = [m for m in s.messages(group.channel) if m.id != record.messages.get("results")
                      and any(c.startswith(f"hb:h:{gid}:") for c in m.custom_ids())]
            for stray in strays:
                await s.click(group.alice, stray, button(stray, f"hb:h:{gid}:"))
            await s.settle(quiet=0.3, timeout=30)
            assert live_game_components(world, gid, group.channel) == []
            assert bot_token_calls(world, group.channel) == []
            print(f"{len(kills)} kills ({', '.join(f'{k}: {kills.count(k)}' for k in sorted(set(kills)))}); "
                  f"{len(strays)} stray pages; the "
                  f"next click showed the true table in p50 {sorted(waits)[len(waits) // 2]:.2f} s, max "
                  f"{max(waits):.2f} s; {len(rows)} outbox rows; {len(moves)} moves, {game.state.round} rounds")
    except BaseException:
        print(proc.output()[-8000:])
        raise
    finally:
        await proc.stop()
    assert "Traceback" not in proc.output(), proc.output()[-5000:]
