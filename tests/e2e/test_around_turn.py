"""Around the turn, the parts that live in the game's own panels: catch-up when a player opens
their hand, and a spectator view that follows the game like a player's panel does."""

from __future__ import annotations

from botkit import button, open_table, running_bot, table_of, text_of, user_for
from discord_standin.world import World
from scenario_kit import Driver, seat_users


async def test_opening_the_hand_says_what_happened_since_your_last_turn(world: World) -> None:
    async with running_bot(world) as bot:
        game_id = await open_table(world, bot)
        record = await bot.store.games.get_game(game_id)
        driver = Driver(world, bot.store, game_id, seat_users(world, record))
        first, second = driver.users[0], driver.users[1]
        turn = await driver.play_turn(0)
        panel = await driver.open_hand(second)
        said = text_of(panel)
        assert "**So far:**" in said, said  # the second player has had no turn yet
        if turn.word:
            assert f"**[{turn.word}](" in said
        else:
            assert "skipped the turn" in said
        await driver.play_turn(1)
        panel = await driver.open_hand(first)
        said = text_of(panel)
        assert "**Since your last turn:**" in said and f"**{second.name}**" in said, said
        assert f"**{first.name}** spelled" not in said.split("Since your last turn:")[1], "only others' turns"


async def test_a_spectator_follows_the_game(world: World) -> None:
    s = world.standin
    carol = s.add_user("carol", world.guild)
    async with running_bot(world) as bot:
        game_id = await open_table(world, bot, {"open_hands": True})
        table = table_of(world)
        await s.click(carol, table, button(table, ":w"))
        await s.settle()
        watching = s.last_ephemeral(carol)
        said = text_of(watching)
        assert "Watching Hardback" in said and "Turn:" in said
        assert said.count("'s hand:") == 2, "open hands: the spectator sees every hand (R28.2)"
        assert watching.attachments and watching.attachments[0].filename == "table.png"
        assert not [c for c in watching.custom_ids() if c.startswith(("hb:m:", "hb:s:", "hb:x:"))]
        # The active player skips; the spectator's view follows without a click.
        loaded = await bot.sessions.load(game_id)
        active = user_for(world, loaded.record.seats[loaded.game.active_seat].user_id)
        await s.click(active, table, button(table, "hb:h:"))
        await s.settle()
        hand = s.last_ephemeral(active)
        await s.click(active, hand, button(hand, "hb:x:"))
        await s.settle()
        await s.click(active, s.last_ephemeral(active), button(s.last_ephemeral(active), ":skip"))
        await s.settle(quiet=0.5)
        now = await bot.sessions.load(game_id)
        followed = text_of(s.find_message(watching.id))
        assert f"Turn: **{now.names[now.game.active_seat]}**" in followed, followed
        # Someone not seated who presses "Open my hand" gets the same view, told why.
        await s.click(carol, table, button(table, "hb:h:"))
        await s.settle()
        assert "not playing in this game" in text_of(s.last_ephemeral(carol))
