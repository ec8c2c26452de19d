"""A turn-based game of three players over simulated weeks, through the stand-in (issue 38: speeds as on Board Game
Arena, vacation). The bot's clock is advanced by days; on the way the bot is restarted once and its process
SIGKILLed once. Reminders come at half time and two hours before a day's deadline, a timeout acts after a day
(not before), and a player's vacation holds their deadline for its length plus a normal day, across the kill."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

from botkit import ROOT, ManualClock, beat_after, button, running_bot, table_of, with_component
from discord_standin import BotProcess
from discord_standin.models import Message, User
from discord_standin.world import World
from scenario_kit import opened_store

import bot as botmod
from hardback_bot.store import GuildSettings

DAY = 86_400
HOUR = 3600


async def advance(bot: botmod.HardbackBot, clock: ManualClock, to: float, game_id: int, world: World) -> None:
    """Move the bot's clock to ``to`` and let the dispatcher handle every timer due by then."""
    clock.now = to
    bot.sessions.timers_changed.set()
    for _ in range(300):
        await asyncio.sleep(0.05)
        if not [t for t in await bot.store.timers.game_timers(game_id) if t.deadline <= to]:
            break
    await world.standin.settle(quiet=0.6)


async def timers(store, game_id: int) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {}
    for t in await store.timers.game_timers(game_id):
        out.setdefault(t.kind, []).append(t.deadline)
    return out


def said(world: World, text: str) -> list[Message]:
    return [m for m in world.standin.messages(world.channel) if text in m.content]


async def active_user(world: World, store, game_id: int) -> User:
    record = await store.games.get_game(game_id)
    from hardback_bot.engine import Game

    game = Game.from_json(record.state)
    user_id = record.seats[game.active_seat].user_id
    return next(u for u in (world.alice, world.bob, world.mod) if u.id == user_id)


async def test_a_turn_based_game_over_weeks(world: World, tmp_path: Path) -> None:
    s = world.standin
    db = str(tmp_path / "hardback.db")
    async with running_bot(world, db_path=db) as bot:
        # The game's time (deadlines, reminders, vacations) moves by days on this clock. The store keeps the real
        # time: a real bot process (which reads time.time) shares this database below, and the store's heartbeat
        # and downtime must mean the same to both.
        clock = ManualClock(bot.sessions.clock())
        bot.sessions.clock = clock
        start = clock.now
        await bot.store.settings.set_guild_settings(world.guild.id, GuildSettings(game_threads="never", afk_misses=3))
        await s.slash(world.alice, "hardback start", {"adverts": False, "turn_timer": 1440})  # a day per move
        await s.settle()
        lobby = with_component(world, "hb:l:")
        assert "Turn-based: a day per move" in lobby.content + str(lobby.embeds)
        for user in (world.bob, world.mod):
            await s.click(user, s.find_message(lobby.id), button(lobby, ":join"))
            await s.settle()
        await s.click(world.alice, s.find_message(lobby.id), button(lobby, ":start"))
        await s.settle(quiet=0.6)
        record = await bot.store.games.running_game_in_channel(world.channel.id)
        assert record is not None and len(record.seats) == 3
        game_id = record.id
        assert await timers(bot.store, game_id) == {"turn": [start + DAY],
                                                    "reminder": [start + 12 * HOUR, start + 22 * HOUR]}

        # Half time, then two hours before: each reminder names the deadline, relative and as a date.
        for n, at in enumerate((12 * HOUR, 22 * HOUR), 1):
            await advance(bot, clock, start + at + 1, game_id, world)
            reminders = said(world, "your move is waiting: the deadline is")
            assert len(reminders) == n, [m.content for m in s.messages(world.channel)][-5:]
            assert f"<t:{int(start + DAY)}:R>" in reminders[-1].content
            assert f"<t:{int(start + DAY)}:f>" in reminders[-1].content
        assert await bot.store.games.get_moves(game_id) == []
        before = await timers(bot.store, game_id)
        await bot.store.timers.heartbeat()

    # A restart: deadlines move by the bot's downtime, never against the player. The downtime is real time here
    # (the store's clock, see above): a short one; test_timers.py moves a long one on a clock of the bot's own.
    await asyncio.sleep(0.4)
    async with running_bot(world, db_path=db) as bot:
        bot.sessions.clock = clock
        after = await timers(bot.store, game_id)
        shift = after["turn"][0] - before["turn"][0]
        assert 0.4 <= shift <= 30, shift
        await advance(bot, clock, after["turn"][0] - 60, game_id, world)
        assert await bot.store.games.get_moves(game_id) == [], "a minute before the day is out, nothing happens"
        first = await active_user(world, bot.store, game_id)
        await advance(bot, clock, after["turn"][0] + 1, game_id, world)
        assert [m.move for m in await bot.store.games.get_moves(game_id)] == ["timeout"]
        await s.wait_for_message(world.channel, lambda m: f"**{first.name}** ran out of time" in m.content,
                                 timeout=15)

        # The next player goes away for three days from their hand panel.
        away = await active_user(world, bot.store, game_id)
        table = table_of(world)
        await s.click(away, table, button(table, ":panel"))  # the table's Vacation… (the hand has it too)
        await s.settle()
        panel = s.last_ephemeral(away)
        assert "Vacation left in this game: 14 days" in str(panel.embeds)
        await s.click(away, panel, button(panel, "hb:u:" + str(game_id) + ":3:go"))
        await s.settle(quiet=0.6)
        assert "You are away until" in str(s.last_ephemeral(away).embeds)
        until = clock.now + 3 * DAY
        held = await timers(bot.store, game_id)
        assert held["turn"] == [until + DAY]
        assert held["reminder"] == [until + 12 * HOUR, until + 22 * HOUR]
        await s.wait_for_message(world.channel, lambda m: f"is away until <t:{int(until)}:f>" in m.content,
                                 timeout=15)
        assert f"is away until <t:{int(until)}:f>" in str(table_of(world).embeds)
        # Two days on (past the day they would have had): the game still waits for them.
        await advance(bot, clock, clock.now + 2 * DAY, game_id, world)
        assert [m.move for m in await bot.store.games.get_moves(game_id)] == ["timeout"]
        await bot.store.timers.heartbeat()

    # The real bot process, killed while the vacation holds the deadline and started again.
    workdir = tmp_path / "run"
    workdir.mkdir()
    proc = BotProcess(s, [sys.executable, str(ROOT / "bot.py")], cwd=workdir, prestarted=True,
                      env={"HARDBACK_DB": db, "HARDBACK_AI_DELAY": "0", "HARDBACK_LOG_LEVEL": "INFO"})
    await proc.start()
    try:
        async with opened_store(db) as store:
            await beat_after(store, time.time())  # the process has counted its start-up and beats
            before_kill = await timers(store, game_id)
            await proc.kill()
            killed = time.time()
            await asyncio.sleep(1.0)  # a real process's real downtime (it reads time.time): real time must pass
            await proc.start()
            moved = await timers(store, game_id)
            downtime = moved["turn"][0] - before_kill["turn"][0]
            assert 1.0 <= downtime <= time.time() - killed + 2, downtime
            assert (await store.vacations.vacations(game_id))[record.seats.index(next(
                x for x in record.seats if x.user_id == away.id))].until == until  # the vacation is the player's own
    finally:
        await proc.stop()
    assert "Traceback" not in proc.output(), proc.output()

    async with running_bot(world, db_path=db) as bot:
        bot.sessions.clock = clock
        deadline = (await timers(bot.store, game_id))["turn"][0]
        assert deadline >= until + DAY
        await advance(bot, clock, deadline - 60, game_id, world)
        assert [m.move for m in await bot.store.games.get_moves(game_id)] == ["timeout"]
        await advance(bot, clock, deadline + 1, game_id, world)
        assert [m.move for m in await bot.store.games.get_moves(game_id)] == ["timeout", "timeout"]
        await s.wait_for_message(world.channel, lambda m: f"**{away.name}** ran out of time" in m.content,
                                 timeout=15)
        # The third player's day starts now: a fresh day, its reminders at half time and two hours before.
        fresh = await timers(bot.store, game_id)
        assert fresh["turn"] == [clock.now + DAY]
        assert fresh["reminder"] == [clock.now + 12 * HOUR, clock.now + 22 * HOUR]
