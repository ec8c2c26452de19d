"""What people do that the bot must not trip over, in whole games through the real bot and the Discord
stand-in: outsiders clicking and forged ids, odd words typed into the spell form, panels older than
fifteen minutes. Each gets a clear private answer and changes nothing it should not.
"""

from __future__ import annotations

from botkit import DiscordClock, button, running_bot, table_of, text_of, with_component
from discord_standin.world import World
from scenario_kit import (
    SORRY,
    BotRefused,
    Driver,
    seat_users,
    start_table,
)


async def test_outsiders_and_forged_ids_change_nothing(world: World) -> None:
    """carol (no permissions, not seated) tries the lobby and the table; seated players forge ids that are
    well-formed and current but not theirs to use. Each gets a clear private answer; nothing changes."""
    s = world.standin
    carol = s.add_user("carol", world.guild)
    async with running_bot(world) as bot:
        await s.slash(world.alice, "hardback start", {"length": 40})
        await s.settle()
        lobby = with_component(world, "hb:l:")
        await s.click(world.bob, lobby, button(lobby, ":join"))
        await s.settle()
        for action, needle in ((":start", "Only the host"), (":cancel", "Only the host"), (":ai2", "Only the host"),
                               (":leave", "not at this table")):
            await s.click(carol, s.find_message(lobby.id), button(lobby, action))
            await s.settle()
            assert needle in text_of(s.last_ephemeral(carol)), (action, text_of(s.last_ephemeral(carol)))
        record = await bot.store.games.running_game_in_channel(world.channel.id)
        assert record is not None and record.status == "lobby" and len(record.seats) == 2
        await s.click(world.alice, s.find_message(lobby.id), button(lobby, ":start"))
        await s.settle(quiet=0.6)
        record = await bot.store.games.get_game(record.id)
        gid, version = record.id, record.version
        users = seat_users(world, record)
        active, waiting = users[0], users[1]
        table = table_of(world)
        await s.click(carol, table, button(table, "hb:h:"))
        await s.settle()
        assert "not playing" in text_of(s.last_ephemeral(carol))

        # Forged but well-formed, current-version ids, put on the public table as a modified client would.
        component = table.components[0]["components"][0]
        real = component["custom_id"]
        attempts = [(carol, f"hb:m:{gid}:{version}:end", "not playing"),
                    (waiting, f"hb:m:{gid}:{version}:end", None),  # not their turn
                    (waiting, f"hb:m:{gid}:{version}:buy_1", None),
                    (active, f"hb:m:{gid}:{version}:buy_999", None),  # no such card
                    (active, f"hb:m:{gid}:{version}:S.1v.1w", None),  # cards that are not in the hand
                    (carol, f"hb:x:{gid}:{version}:skip", "not playing"),
                    (carol, f"hb:l:{gid}:0:cancel", "closed")]
        try:
            for user, custom_id, needle in attempts:
                component["custom_id"] = custom_id
                before = len(s.ephemerals(user))
                await s.click(user, table, custom_id)
                await s.settle()
                answers = s.ephemerals(user)[before:]
                assert answers, f"no answer to {custom_id}"
                if needle:
                    assert needle in text_of(answers[-1]), (custom_id, text_of(answers[-1]))
            # A spell form opened from a forged button, submitted by someone who is not playing.
            component["custom_id"] = f"hb:s:{gid}:{version}:"
            opened = await s.click(carol, table, f"hb:s:{gid}:{version}:")
            assert opened.modal is not None
            await s.submit_modal(carol, None, {"word": "tide"})
            await s.settle()
            assert "not playing" in text_of(s.last_ephemeral(carol))
        finally:
            component["custom_id"] = real
        assert await bot.store.games.get_moves(gid) == []
        assert (await bot.store.games.get_game(gid)).version == version



async def test_odd_words_in_the_spell_form(world: World) -> None:
    """Whatever is typed into the word form gets a clear private answer and changes nothing."""
    s = world.standin
    async with running_bot(world) as bot:
        record = await start_table(world, bot.store, {"length": 40}, joiners=(world.bob,))
        driver = Driver(world, bot.store, record.id, seat_users(world, record))
        user = driver.users[0]
        panel = await driver.open_hand(user)
        odd = {"ｃａｔ": "letters A to Z", "café": "letters A to Z", "c a t": "letters A to Z",
               "ca\u200bt": "letters A to Z", "🐱🐱": "letters A to Z", "  ": "Type a word", "a1": "letters A to Z",
               "QQQQQQQQQQQQQQQQQQQQ": "cards", "zz": "dictionary", "<@1>": "letters A to Z", "**": "letters A to Z"}
        for text, needle in odd.items():
            try:
                shown, refusal = text_of(await driver.spell(user, panel, text)), ""
            except BotRefused as error:
                shown, refusal = "", str(error)
            assert SORRY.lower() not in (shown + refusal).lower()
            assert needle in shown or needle in refusal, (text, shown, refusal)
            panel = s.find_message(panel.id)
        assert await bot.store.games.get_moves(record.id) == []


async def test_panels_older_than_fifteen_minutes_still_work(world: World) -> None:
    """Interaction tokens last 15 minutes; a hand panel left open longer must still answer, because every
    click brings a fresh token (the stand-in records token_expired if the bot used an old one)."""
    s = world.standin
    async with running_bot(world, clock=DiscordClock(world)) as bot:
        record = await start_table(world, bot.store, {"length": 40}, joiners=(world.bob,))
        driver = Driver(world, bot.store, record.id, seat_users(world, record))
        seat, word = await driver.turn_with_a_word()
        first, second = driver.users[seat], driver.users[1 - seat]
        preview = await driver.spell(first, await driver.open_hand(first), word)
        waiting = await driver.open_hand(second)
        # Whatever the bot was doing with the tokens it held (a panel redrawn by the relay) lands first: the
        # 16 minutes pass over a quiet bot, as they do for a player who looks away.
        await s.settle()
        s.advance_time(16 * 60)
        confirm = next(x["custom_id"] for x in preview.buttons() if x["label"].startswith("Confirm"))
        panel = await driver.press(first, preview, confirm)
        assert "Your turn" in text_of(panel) and "out of date" not in text_of(panel)
        refreshed = await driver.press(second, waiting, next(c for c in waiting.custom_ids() if c.endswith(":r")))
        assert "Your hand" in text_of(refreshed)
        await driver.play_turn(seat, panel=panel)
        s.advance_time(16 * 60)
        before = len(await bot.store.games.get_moves(record.id))
        await driver.play_turn(1 - seat)  # from the table message, posted over half an hour ago
        assert len(await bot.store.games.get_moves(record.id)) > before
