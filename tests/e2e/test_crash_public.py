"""The channel never lies: ``python bot.py`` SIGKILLed at random points over a whole game.

Kills land right after a click, between a move's commit and its Discord calls, during a computer's turn and
with a ghostwriter thread open; each is followed by a restart. After every restart the table shows the stored
game; at the end every announcement was posted exactly once (outbox rows all delivered, one message per batch
nonce), every "your turn" reached its player, ghostwriter requests got one thread each, and the move log
replays to the stored state (no move lost or doubled). The bot runs prestarted (BotProcess, docs/testing-bot.md):
each of its 31 starts is ``bot.py`` run in a fork of an interpreter with its modules imported.

The game is a 40-prestige one dealt from a seed (10 rounds with these players): the first 29 kills take every
chance the game gives (two in a person's turn, one in the computer's), so they land in its first rounds, and the
30th comes right after the move that ends the game, while the results go out.
"""

from __future__ import annotations

import asyncio
import random
import re
import sys
from pathlib import Path

from botkit import button, quick_posts_in_process, text_of
from discord_standin import BotProcess
from discord_standin.world import World
from scenario_kit import (
    Driver,
    calls,
    every_row_delivered,
    load_game,
    previewed_word,
    seat_users,
    start_table,
    table_caught_up,
)

from hardback_bot.engine import Game, GameOptions
from hardback_bot.sessions.turn_history import stored_log

ROOT = Path(__file__).resolve().parents[2]
KILLS = 29  # while it is played; with the one once it is over, 30 over one full game (the crash guarantees' issue)
SEED = 20261201  # the kills' moments
GAME_SEED = 4  # the deal: a 10-round 40-prestige game of these players, whatever the kills
AI_DELAY = "0.02"  # seconds a computer waits before each move: a kill after its first one lands mid-turn


def bot_process(world: World, tmp_path: Path) -> BotProcess:
    env = {"HARDBACK_DB": str(tmp_path / "hardback.db"), "HARDBACK_AI_DELAY": AI_DELAY, "HARDBACK_LOG_LEVEL": "INFO",
           "HARDBACK_SEARCH_WORKERS": "1"}  # 33 starts: one search worker each, not one per CPU
    workdir = tmp_path / "run"
    workdir.mkdir(exist_ok=True)
    return BotProcess(world.standin, [sys.executable, str(ROOT / "bot.py")], env=env, cwd=workdir, prestarted=True,
                      patches=quick_posts_in_process(world), seeds=[GAME_SEED])


async def test_sigkills_over_a_whole_game_leave_the_channel_true(world: World, tmp_path: Path) -> None:
    s = world.standin
    rng = random.Random(SEED)
    proc = bot_process(world, tmp_path)
    await proc.start()
    kills: list[str] = []
    waits: list[float] = []
    from scenario_kit import opened_store

    try:
        async with opened_store(str(tmp_path / "hardback.db")) as store:
            record = await start_table(world, store, {"length": 40, "ghostwriter": True}, joiners=(world.bob,),
                                       computers=("ai2",))
            assert record.seed == GAME_SEED
            gid = record.id
            driver = Driver(world, store, gid, seat_users(world, record))

            async def kill_and_restart(why: str, delay: float = 0.0) -> None:
                await asyncio.sleep(delay)
                before = [(m.seq, m.move) for m in await store.games.get_moves(gid)]
                await proc.kill()
                kills.append(why)
                await proc.start()
                after = [(m.seq, m.move) for m in await store.games.get_moves(gid)]
                assert after[:len(before)] == before, "a confirmed move was lost"
                waits.append(await table_caught_up(world, store, gid))

            asked = False
            for _ in range(400):
                _, game = await load_game(store, gid)
                if game.finished:
                    # Right after the move that ends the game (its last click answered, or the computer's last
                    # move seen in the store), while the results go out.
                    delivered = await store.outbox.game_deliveries(gid)
                    results_out = any(r.kind == "results" and r.delivered_at for r in delivered)
                    await kill_and_restart("game over")
                    break
                seat = game.active_seat
                if seat not in driver.users:  # the computer's turn: kill it half-way
                    if len(kills) < KILLS:
                        start = len(await store.games.get_moves(gid))
                        for _ in range(400):
                            if len(await store.games.get_moves(gid)) > start:
                                break
                            await asyncio.sleep(0.01)
                        await kill_and_restart("computer's turn", rng.uniform(0.0, 0.8 * float(AI_DELAY)))
                    await driver.wait_for_seat_change(seat)
                    continue
                user = driver.users[seat]
                mode = rng.choice(["click", "commit", "ghost"]) if len(kills) < KILLS else "none"
                if mode == "ghost" and (asked or game.state.turn.extra.ghost is not None):
                    mode = "click"
                if mode in ("click", "commit") and game.phase == "spell":
                    word = previewed_word(game, seat)
                    if word is None:
                        mode = "none"
                    else:
                        panel = await driver.open_hand(user)
                        preview = await driver.spell(user, panel, word)
                        confirm = next(b["custom_id"] for b in preview.buttons()
                                       if b["label"].startswith("Confirm"))
                        moves = len(await store.games.get_moves(gid))
                        await s.click(user, preview, confirm, wait=False)
                        if mode == "commit":  # right after the commit, before (or while) Discord is told
                            for _ in range(500):
                                if len(await store.games.get_moves(gid)) > moves:
                                    break
                                await asyncio.sleep(0.002)
                            await kill_and_restart("between commit and post")
                        else:
                            await kill_and_restart("after a click", rng.uniform(0.0, 0.15))
                        continue
                if mode == "ghost" and game.phase == "spell":
                    asked = True
                    panel = await driver.open_hand(user)
                    await s.click(user, panel, button(panel, "ghostwriter"), wait=False)
                    await kill_and_restart("ghostwriter request", rng.uniform(0.0, 0.3))
                    # If the request was committed before the kill, its thread exists (once), and takes a
                    # suggestion after the restart; a click lost with the process asked for nothing.
                    _, game = await load_game(store, gid)
                    if game.state.turn.extra.ghost is not None:
                        # The restart's catch-up opens it at its first try (well under a second here); the
                        # margin is for a loaded machine, not for the relay's retries.
                        await s.wait_for(lambda: len(s.threads(world.channel)) >= 1, timeout=15, what="the thread")
                        thread = s.threads(world.channel)[-1]
                        await kill_and_restart("thread open", rng.uniform(0.0, 0.2))
                        helper = next(u for st, u in driver.users.items() if st != seat)
                        word = previewed_word(game, seat) or "AT"
                        await s.send_message(helper, thread, word.lower())
                        await s.settle(quiet=0.3)
                    continue
                if mode != "none":
                    # A kill while the relay is still posting the last turn's line and mention.
                    await driver.play_turn(seat)
                    await kill_and_restart("after a turn", rng.uniform(0.0, 0.05))
                    continue
                await driver.play_turn(seat)
            else:
                raise AssertionError("the game did not finish")
            s.take_violations("no_response")
            assert len(kills) == KILLS + 1 and kills[-1] == "game over", \
                f"only {len(kills) - 1} kills landed before the game finished"
            await every_row_delivered(store, gid)
            await s.settle(quiet=0.3, timeout=30)

            record, game = await load_game(store, gid)
            assert game.finished
            # No move lost or doubled: the log replays to exactly the stored state.
            moves = stored_log(await store.games.get_moves(gid))
            replayed = Game.replay(len(record.seats), record.seed, GameOptions.from_dict(dict(record.options)), moves)
            assert replayed.to_json() == game.to_json()
            # Every announcement was delivered, exactly once: one channel message per batch nonce.
            rows = await store.outbox.game_deliveries(gid)
            assert rows and all(r.delivered_at is not None for r in rows), [r for r in rows if not r.delivered_at]
            posted: dict[str, int] = {}
            for channel in [world.channel, *s.threads(world.channel)]:
                for m in s.messages(channel):
                    if m.nonce:
                        posted[m.nonce] = posted.get(m.nonce, 0) + 1
            assert all(n == 1 for n in posted.values()), {k: n for k, n in posted.items() if n > 1}
            batches = {r.batch for r in rows if r.kind == "announce" and r.message_id is not None}
            assert all(posted.get(f"hb{b}") == 1 for b in batches), [b for b in batches if posted.get(f"hb{b}") != 1]
            assert sum(1 for r in rows if r.kind == "results") == 1 and posted.get(
                f"hbr{next(r.id for r in rows if r.kind == 'results')}") == 1
            # Each ghostwriter request: one request message, one thread.
            opened = [r for r in rows if r.kind == "ghost_open" and r.message_id is not None]
            assert all(posted.get(f"hbg{r.id}") == 1 for r in opened)
            assert len(s.threads(world.channel)) == len(opened)
            # Every "your turn" reached its player.
            for user in driver.users.values():
                expected, reached = await calls(world, store, gid, user)
                assert reached == expected, (user.name, expected, reached)
            # The table shows the final state, and no message keeps a live game button.
            await table_caught_up(world, store, gid)
            live = [m for m in s.messages(world.channel) if any(re.match(r"hb:[hmsgx]:", c) for c in m.custom_ids())]
            assert not live, [text_of(m)[:80] for m in live]
            print(f"{len(kills)} kills ({', '.join(f'{k}: {kills.count(k)}' for k in sorted(set(kills)))}); "
                  f"table caught up after a restart in p50 {sorted(waits)[len(waits) // 2]:.2f} s, "
                  f"max {max(waits):.2f} s; {len(rows)} outbox rows, {len(s.nonce_repeats)} resends answered "
                  f"by Discord's nonce check; {len(moves)} moves, {game.state.round} rounds; the results "
                  f"{'already' if results_out else 'not yet'} posted at the last kill")
    except BaseException:
        print(proc.output()[-8000:])  # what the bot said, for the failure report
        raise
    finally:
        await proc.stop()
    assert "Traceback" not in proc.output(), proc.output()[-5000:]
    assert "1 search workers ready" in proc.output()  # HARDBACK_SEARCH_WORKERS reached the bot
