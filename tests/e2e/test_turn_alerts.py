"""Turn alerts end to end through the stand-in (issue 38): a player who asked gets a direct message when their
turn begins, whose Open my hand opens their hand right there; nobody else gets one; quiet hours hold it until
their end; DMs closed to the bot (50007) are said once in the game and not tried again."""

from __future__ import annotations

import asyncio
import datetime as dt

from botkit import ManualClock, open_table, running_bot, skip_turn, table_of, text_of
from discord_standin.world import World
from test_attacks import refused

from hardback_bot.sessions.codec import OpenMyHand
from hardback_bot.sessions.codec_alerts import AlertsClick, AlertsPart
from hardback_bot.store import GuildSettings


def dms(world: World, user) -> list:
    return world.standin.messages(world.standin.add_dm(user))


async def until(predicate, timeout: float = 15.0) -> None:
    for _ in range(int(timeout / 0.05)):
        if await predicate():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("timed out waiting")


async def test_an_alert_dm_with_a_working_open_my_hand_and_none_for_who_did_not_ask(world: World) -> None:
    s = world.standin
    async with running_bot(world) as bot:
        await bot.store.players.set_player_settings(world.alice.id, alerts="all")
        game_id = await open_table(world, bot, {"turn_timer": 2})
        loaded = await bot.sessions.load(game_id)
        if loaded.record.seats[loaded.game.active_seat].user_id != world.alice.id:
            await skip_turn(world, bot, game_id, quiet=0.6)  # bob's turn first: alice's begins after it

        async def alerted() -> bool:
            return any(OpenMyHand(game_id).custom_id() in m.custom_ids() for m in dms(world, world.alice))

        await until(alerted)
        alert = next(m for m in dms(world, world.alice) if OpenMyHand(game_id).custom_id() in m.custom_ids())
        assert "It is your turn in Hardback" in text_of(alert) and f"/{world.channel.id}" in text_of(alert)
        # Open my hand from the DM: alice's own hand, privately, right there.
        await s.click(world.alice, alert, OpenMyHand(game_id).custom_id())
        await s.settle()
        hand = s.last_ephemeral(world.alice)
        assert any(c.startswith("hb:x:") for c in hand.custom_ids()), hand.custom_ids()
        # Bob never asked: nothing was sent to him, whatever happened.
        await skip_turn(world, bot, game_id, quiet=0.6)
        assert dms(world, world.bob) == []
        assert s.violations == []


async def test_quiet_hours_hold_the_alert_until_their_end(world: World) -> None:
    clock = ManualClock()
    async with running_bot(world, clock=clock) as bot:
        hour = dt.datetime.fromtimestamp(clock.now, dt.UTC).hour
        # A table in this channel (not a thread of its own, the default for a day a move): the kit reads it here.
        await bot.store.settings.set_guild_settings(world.guild.id, GuildSettings(game_threads="never"))
        await bot.store.players.set_player_settings(world.alice.id, alerts="all", quiet_start=hour,
                                                    quiet_end=(hour + 2) % 24, zone="UTC")
        game_id = await open_table(world, bot, {"turn_timer": 60 * 24})  # turn-based: a day a move
        loaded = await bot.sessions.load(game_id)
        if loaded.record.seats[loaded.game.active_seat].user_id != world.alice.id:
            await skip_turn(world, bot, game_id, quiet=0.6)
        alert = next(t for t in await bot.store.timers.game_timers(game_id) if t.kind == "alert")
        ends = dt.datetime.fromtimestamp(alert.deadline, dt.UTC)
        assert (ends.hour, ends.minute) == ((hour + 2) % 24, 0) and alert.deadline > clock.now
        await world.standin.settle(quiet=0.5)  # the bot has done what it would do now
        assert dms(world, world.alice) == [], "nothing during quiet hours"
        clock.now = alert.deadline + 1
        bot.sessions.timers_changed.set()

        async def alerted() -> bool:
            return any(OpenMyHand(game_id).custom_id() in m.custom_ids() for m in dms(world, world.alice))

        await until(alerted)


async def test_closed_dms_are_said_once_in_the_game_and_not_tried_again(world: World) -> None:
    s = world.standin
    s.close_dms(world.alice)
    async with running_bot(world) as bot:
        await bot.store.players.set_player_settings(world.alice.id, alerts="all")
        game_id = await open_table(world, bot, {"turn_timer": 2})

        def told() -> list:
            return [m for m in s.messages(world.channel) if "could not reach you" in m.content]

        for _ in range(4):  # two turns of alice's at least
            await skip_turn(world, bot, game_id, quiet=0.6)
        await until(lambda: asyncio.sleep(0, result=bool(told())))
        await s.settle(quiet=0.5)  # anything more it would say is said by now
        assert len(told()) == 1 and f"<@{world.alice.id}>" in told()[0].content
        assert (await bot.store.players.player_settings([world.alice.id]))[world.alice.id].alerts_closed
        assert dms(world, world.alice) == []
        # Choosing again (the panel from /hardback games) tries again.
        await s.slash(world.alice, "hardback games")
        await s.settle()
        games = s.last_ephemeral(world.alice)
        await s.click(world.alice, games, AlertsClick(world.alice.id, AlertsPart.PANEL).custom_id())
        await s.settle()
        panel = s.last_ephemeral(world.alice)
        assert "refused an alert" in text_of(panel)
        await s.select(world.alice, panel, AlertsClick(world.alice.id, AlertsPart.WHEN).custom_id(), ["all"])
        await s.settle()
        assert not (await bot.store.players.player_settings([world.alice.id]))[world.alice.id].alerts_closed
        # Someone else's settings cannot be changed with a forged id.
        await refused(world, world.bob, table_of(world), AlertsClick(world.alice.id, AlertsPart.WHEN).custom_id(),
                      values=["off"], needle="belongs to another player")
        assert (await bot.store.players.player_settings([world.alice.id]))[world.alice.id].alerts == "all"
