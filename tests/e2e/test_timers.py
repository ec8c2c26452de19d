"""Turn timers through Discord (RULES.md R33): a reminder with a relative timestamp, a timeout that skips
the turn, a computer player taking over after repeated misses, and a restart during a running timer
(deadlines are extended by the downtime: a restart is never the player's fault)."""

from __future__ import annotations

import asyncio
import os
import sys
import time
from pathlib import Path

from botkit import ROOT, ManualClock, beat_after, open_table, running_bot, skip_turn
from discord_standin import BotProcess, scratch_dir
from discord_standin.world import World
from scenario_kit import opened_store, start_table

import bot as botmod
from hardback_bot.store import GuildSettings

TIMED = {"turn_timer": 2}  # minutes, as typed in /hardback start


async def fire(bot: botmod.HardbackBot, clock: ManualClock, kind: str, world: World) -> None:
    """Move the bot's clock past the next ``kind`` timer and let the dispatcher handle it."""
    record = await bot.store.games.running_game_in_channel(world.channel.id)
    assert record is not None
    timer = next(t for t in await bot.store.timers.game_timers(record.id) if t.kind == kind)
    clock.now = timer.deadline + 1
    bot.sessions.timers_changed.set()
    for _ in range(200):  # until the dispatcher has handled it (a busy machine may take a while)
        await asyncio.sleep(0.05)
        if all(t.id != timer.id for t in await bot.store.timers.game_timers(record.id)):
            break
    # settle() also waits for the relay's paced posts (the turn log is paced so the channel is never flooded)
    await world.standin.settle(quiet=0.5)


async def test_reminder_timeout_and_computer_takeover(world: World) -> None:
    s = world.standin
    clock = ManualClock()
    async with running_bot(world, clock=clock) as bot:
        await bot.store.settings.set_guild_settings(world.guild.id, GuildSettings(afk_misses=2, afk_policy="computer"))
        game_id = await open_table(world, bot, TIMED)
        timers = await bot.store.timers.game_timers(game_id)
        turn = next(t for t in timers if t.kind == "turn")
        assert abs(turn.deadline - clock.now - 120) < 1  # 2 minutes, from the /hardback start option

        await fire(bot, clock, "reminder", world)
        # Channel posts are paced (cogs/play.py): wait for them rather than for a fixed time.
        reminder = (await s.wait_for_message(world.channel, lambda m: "time is running out" in m.content,
                                             timeout=15)).content
        assert "<t:" in reminder and ":R>" in reminder

        loaded = await bot.sessions.load(game_id)
        first = loaded.record.seats[0]
        await fire(bot, clock, "turn", world)
        moves = [m.move for m in await bot.store.games.get_moves(game_id)]
        assert moves == ["timeout"]
        timed_out = await s.wait_for_message(
            world.channel, lambda m: f"**{first.display_name}** ran out of time" in m.content, timeout=15)
        assert timed_out.content.count("ran out of time") == 1, "a timeout is said once"

        # The second player skips; the first misses again: a computer player takes the seat and plays on.
        loaded = await bot.sessions.load(game_id)
        assert loaded.game.active_seat == 1
        await skip_turn(world, bot, game_id, quiet=0.6)
        await fire(bot, clock, "turn", world)
        seats = (await bot.store.games.get_game(game_id)).seats
        assert seats[0].ai_strength == 2 and seats[0].user_id == first.user_id
        await s.wait_for_message(world.channel, lambda m: "computer player takes over" in m.content, timeout=15)
        await bot.sessions.wait_for_computers(game_id)
        loaded = await bot.sessions.load(game_id)
        assert loaded.game.active_seat == 1 or loaded.game.finished  # the computer played its turn


async def test_restart_extends_deadlines_by_the_downtime(world: World) -> None:
    path = os.path.join(str(scratch_dir("hb-timer-")), "h.db")
    clock = ManualClock()  # the bot's time, for its store (heartbeats, downtime) and its sessions (deadlines)
    async with running_bot(world, db_path=path, clock=clock) as bot:
        game_id = await open_table(world, bot, TIMED)
        before = {t.kind: t.deadline for t in await bot.store.timers.game_timers(game_id)}
        await bot.store.timers.heartbeat()
    clock.advance(40 * 60)  # the bot is down for 40 minutes, longer than the whole 2-minute turn
    async with running_bot(world, db_path=path, clock=clock) as bot:
        after = {t.kind: t.deadline for t in await bot.store.timers.game_timers(game_id)}
        assert after.keys() == before.keys()
        shift = after["turn"] - before["turn"]
        assert shift == 40 * 60, shift
        assert after["reminder"] - before["reminder"] == shift
        assert [m.move for m in await bot.store.games.get_moves(game_id)] == [], "no timeout for the downtime"
        # The restarted bot still serves the timer: fire it.
        await fire(bot, clock, "turn", world)
        assert [m.move for m in await bot.store.games.get_moves(game_id)] == ["timeout"]


async def test_a_kill_mid_timer_moves_deadlines_by_the_real_downtime(world: World, tmp_path: Path) -> None:
    """The real bot is SIGKILLed while a turn timer runs. Its heartbeat is at most a second or so old, so after
    the restart every deadline has moved by the time the bot was really away (within 2 s), and the reminder
    that then comes due names the turn's deadline as it now stands (R33.4)."""
    s = world.standin
    db = str(tmp_path / "hardback.db")
    workdir = tmp_path / "run"
    workdir.mkdir()
    proc = BotProcess(s, [sys.executable, str(ROOT / "bot.py")], cwd=workdir, prestarted=True,
                      env={"HARDBACK_DB": db, "HARDBACK_AI_DELAY": "0", "HARDBACK_LOG_LEVEL": "INFO"})
    await proc.start()
    try:
        async with opened_store(db) as store:
            record = await start_table(world, store, {**TIMED, "adverts": False}, joiners=(world.bob,))
            # Killed once the bot has been up a while and beaten since (a beat from its start would be stale by
            # then): what is measured is a real process's real downtime, so this waits for the real beat.
            await beat_after(store, time.time() + 1.5)
            await proc.kill()
            killed = time.time()
            beat = await store.timers.last_heartbeat()
            assert beat is not None and killed - beat <= 1.5, f"the last heartbeat was {killed - beat:.1f} s old"
            before = {t.kind: t.deadline for t in await store.timers.game_timers(record.id)}
            # As if most of the turn had passed when the bot died: the reminder is due right after the restart.
            async with store.write() as conn:
                await conn.execute("UPDATE timers SET deadline = ? WHERE game_id = ? AND kind = 'reminder'",
                                   (killed + 0.5, record.id))
            await asyncio.sleep(1.0)  # the real process is down: real time must pass (the bot reads time.time)
            starting = time.time()
            await proc.start()
            ready = time.time()
            after = {t.kind: t.deadline for t in await store.timers.game_timers(record.id)}
            shift = after["turn"] - before["turn"]
            assert starting - killed - 0.1 <= shift <= ready - killed + 2.0, \
                (shift, starting - killed, ready - killed)
            reminder = await s.wait_for_message(world.channel, lambda m: "time is running out" in m.content,
                                                timeout=15)
            named = int(reminder.content.split("<t:", 1)[1].split(":", 1)[0])
            assert named == int(after["turn"]), (named, after["turn"], before["turn"])
            assert named > reminder.created_at, "the reminder names a deadline still ahead"
    finally:
        await proc.stop()
    assert "Traceback" not in proc.output(), proc.output()
