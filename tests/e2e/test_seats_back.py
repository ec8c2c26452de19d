"""Seats that come back, end to end through the stand-in (issue 38): a player whose seat a computer took for
their timeouts takes it back from the table's Open my hand; the host offers an absent seat and a watcher takes
it; forged and wrong-user clicks change nothing."""

from __future__ import annotations

import asyncio

from botkit import ManualClock, button, open_table, running_bot, table_of, text_of, user_for
from discord_standin.world import World
from test_attacks import refused

import bot as botmod
from hardback_bot.engine import Move
from hardback_bot.sessions.codec import ReclaimSeat, TakeSeat
from hardback_bot.store import GuildSettings


async def time_out_first(bot: botmod.HardbackBot, world: World, game_id: int) -> int:
    """The bot's clock passes the first player's turn deadline: with one miss allowed, a computer takes their
    seat. Returns that seat's user id."""
    clock = bot.clock
    assert isinstance(clock, ManualClock), "start the bot with running_bot(world, clock=ManualClock())"
    await bot.store.settings.set_guild_settings(world.guild.id, GuildSettings(afk_misses=1, afk_policy="computer"))
    # The computer waits (the test is about who holds the seat, not about its play).
    bot.sessions.set_ai(lambda game, seat, strength: Move("skip"), lambda game, seat: False)
    record = await bot.store.games.get_game(game_id)
    loaded = await bot.sessions.load(game_id)
    first = record.seats[loaded.game.active_seat].user_id
    assert first is not None
    timer = next(t for t in await bot.store.timers.game_timers(game_id) if t.kind == "turn")
    clock.now = timer.deadline + 1
    bot.sessions.timers_changed.set()
    for _ in range(200):
        await asyncio.sleep(0.05)
        seat = next(s for s in (await bot.store.games.get_game(game_id)).seats if s.user_id == first)
        if seat.ai_strength is not None:
            break
    await world.standin.settle(quiet=0.5)  # with the relay's paced posts
    return first


async def test_a_player_takes_their_seat_back_from_the_table(world: World) -> None:
    s = world.standin
    async with running_bot(world, clock=ManualClock()) as bot:
        game_id = await open_table(world, bot, {"turn_timer": 2})
        first = user_for(world, await time_out_first(bot, world, game_id))
        other = world.bob if first is world.alice else world.alice
        await s.wait_for_message(world.channel, lambda m: "computer player takes over" in m.content, timeout=15)
        back = ReclaimSeat(game_id).custom_id()
        # The other player and a watcher cannot take it (forged clicks: the button is not on their panels).
        table = table_of(world)
        for user in (other, world.mod):
            await refused(world, user, table, back, needle="no seat of yours to take back")
        # The table's Open my hand gives the player "Take my seat back", first.
        await s.click(first, table, button(table, "hb:h:"))
        await s.settle()
        hand = s.last_ephemeral(first)
        assert hand.custom_ids()[0] == back and "ran out of time" in text_of(hand)
        await s.click(first, hand, back)
        await s.settle(quiet=0.6)
        assert "Your seat is yours again" in text_of(s.last_ephemeral(first))
        seat = next(x for x in (await bot.store.games.get_game(game_id)).seats if x.user_id == first.id)
        assert seat.ai_strength is None and not seat.display_name.endswith("(computer)")
        await s.wait_for_message(world.channel, lambda m: "is back and takes their seat again" in m.content,
                                 timeout=15)
        # A second click (an old panel) changes nothing.
        await refused(world, first, table, back, needle="no seat of yours to take back")
        assert [c.reason for c in (await bot.store.games.get_game(game_id)).holders] == ["timeouts", "reclaimed"]


async def test_the_host_lets_a_watcher_take_an_absent_seat(world: World) -> None:
    s = world.standin
    async with running_bot(world, clock=ManualClock()) as bot:
        game_id = await open_table(world, bot, {"turn_timer": 2})
        away = await time_out_first(bot, world, game_id)
        seat = next(x.seat for x in (await bot.store.games.get_game(game_id)).seats if x.user_id == away)
        take = TakeSeat(game_id, seat).custom_id()
        table = table_of(world)
        # Not offered yet: the watcher's forged click is refused.
        await refused(world, world.mod, table, take, needle="not open to watchers")
        # The host (alice opened the table) offers it from her panel; a player who is not the host cannot.
        offer = f"hb:k:{game_id}:{seat}:offer"
        await s.click(world.alice, table, button(table, "hb:h:"))
        await s.settle()
        panel = s.last_ephemeral(world.alice)
        assert offer in panel.custom_ids()
        await refused(world, world.bob, table, offer, needle="Only the host")
        await s.click(world.alice, panel, offer)
        await s.settle(quiet=0.6)
        assert "Watchers can now take that seat" in text_of(s.last_ephemeral(world.alice))
        await s.wait_for_message(world.channel, lambda m: "lets a watcher take" in m.content, timeout=15)
        # A seated player cannot take a second seat.
        seated = world.bob if away == world.alice.id else world.alice
        await refused(world, seated, table, take, needle="already have a seat")
        # The watcher's Open my hand shows the seat; one click takes it.
        await s.click(world.mod, table, button(table, "hb:h:"))
        await s.settle()
        watching = s.last_ephemeral(world.mod)
        assert take in watching.custom_ids()
        await s.click(world.mod, watching, take)
        await s.settle(quiet=0.6)
        assert "The seat is yours" in text_of(s.last_ephemeral(world.mod))
        record = await bot.store.games.get_game(game_id)
        assert (record.seats[seat].user_id, record.seats[seat].ai_strength) == (world.mod.id, None)
        assert record.offers == ()
        await s.wait_for_message(world.channel, lambda m: "takes over" in m.content, timeout=15)
        # The player who was away cannot take back a seat that is no longer theirs.
        await refused(world, user_for(world, away), table, ReclaimSeat(game_id).custom_id(),
                      needle="no seat of yours to take back")
