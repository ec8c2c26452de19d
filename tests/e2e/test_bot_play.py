"""The real bot, driven through the Discord stand-in: lobby, table, private hand, spelling, refusals.

Every payload the bot sends is checked against Discord's limits by the stand-in (the ``world``
fixture fails the test on any violation, including a first response later than 3 s).
"""

from __future__ import annotations

import asyncio

from botkit import button, open_table, running_bot, table_of, text_of, user_for, with_component
from discord_standin.world import World
from scenario_kit import previewed_word


async def test_lobby_table_hand_and_a_word(world: World) -> None:
    s = world.standin
    async with running_bot(world) as bot:
        await s.slash(world.alice, "hardback start", {"adverts": False})
        await s.settle()
        lobby = with_component(world, "hb:l:")
        assert "Seats (1/5)" in text_of(lobby)
        # Only the host (or Manage Channels) may start.
        await s.click(world.bob, lobby, button(lobby, ":join"))
        await s.settle()
        await s.click(world.bob, s.find_message(lobby.id), button(lobby, ":start"))
        await s.settle()
        assert "Only the host" in text_of(s.last_ephemeral(world.bob))
        assert "bob" in text_of(s.find_message(lobby.id))
        # A second /hardback start points at the running table.
        await s.slash(world.bob, "hardback start")
        await s.settle()
        assert "already running" in text_of(s.last_ephemeral(world.bob))
        await s.click(world.alice, s.find_message(lobby.id), button(lobby, ":start"))
        await s.settle(quiet=0.6)
        table = table_of(world)
        assert table.attachments and table.attachments[0].filename == "table.png"
        assert table.attachments[0].description.startswith("Hardback table, round 1:")
        record = await bot.store.games.running_game_in_channel(world.channel.id)
        loaded = await bot.sessions.load(record.id)
        first = user_for(world, loaded.record.seats[0].user_id)
        assert f"<@{first.id}>, your turn." in s.last_message(world.channel).content

        await s.click(first, table, button(table, "hb:h:"))
        await s.settle()
        hand = s.last_ephemeral(first)
        assert "Your turn" in text_of(hand) and hand.attachments[0].filename == "hand.png"
        word = previewed_word(loaded.game, 0)  # one the bot previews (a wild card if need be)
        assert word is not None
        await s.click(first, hand, button(hand, "hb:s:"))
        await s.settle()
        assert s.last_modal(first) is not None
        await s.submit_modal(first, None, {"word": word.lower()})
        # The form's answer edits the hand in place after a deferred update, which leaves nothing "thinking"
        # for settle() to wait on while the arrangements are searched: wait for the preview itself.
        await s.wait_for(lambda: f"Spell {word}?" in text_of(s.last_ephemeral(first)), timeout=15,
                         what="the word preview")
        await s.settle()
        preview = s.last_ephemeral(first)
        assert f"Spell {word}?" in text_of(preview)
        assert preview.attachments[0].filename == "word.png"
        await s.click(first, preview, button(preview, "hb:m:"))
        await s.settle(quiet=0.6)
        log_line = s.last_message(world.channel).content
        assert f"spelled **[{word}](https://en.wiktionary.org/wiki/{word.lower()})**" in log_line \
            or "your turn" in log_line
        moves = await bot.store.games.get_moves(record.id)
        assert moves[0].move.startswith("spell")


async def test_refusals_change_nothing(world: World) -> None:
    s = world.standin
    async with running_bot(world) as bot:
        game_id = await open_table(world, bot)
        loaded = await bot.sessions.load(game_id)
        first = user_for(world, loaded.record.seats[0].user_id)
        second = user_for(world, loaded.record.seats[1].user_id)
        table = table_of(world)
        # Someone who is not playing.
        await s.click(world.mod, table, button(table, "hb:h:"))
        await s.settle()
        assert "not playing" in text_of(s.last_ephemeral(world.mod))
        # Out of turn: the second player's panel has no spell button; a forged spell move is refused.
        await s.click(second, table, button(table, "hb:h:"))
        await s.settle()
        assert not any(c.startswith("hb:s:") for c in s.last_ephemeral(second).custom_ids())
        # An impossible word.
        await s.click(first, table, button(table, "hb:h:"))
        await s.settle()
        hand = s.last_ephemeral(first)
        await s.click(first, hand, button(hand, "hb:s:"))
        await s.settle()
        await s.submit_modal(first, None, {"word": "zzzzzzzzzzzzzzzz"})
        await s.settle()
        assert "cards" in text_of(s.last_ephemeral(first)).lower()
        await s.click(first, hand, button(hand, "hb:s:"))
        await s.settle()
        await s.submit_modal(first, None, {"word": "c@t"})
        await s.settle()
        assert "letters A to Z" in text_of(s.last_ephemeral(first))
        assert await bot.store.games.get_moves(game_id) == []


async def test_double_click_applies_once_and_stale_view_refreshes(world: World) -> None:
    s = world.standin
    async with running_bot(world) as bot:
        game_id = await open_table(world, bot)
        loaded = await bot.sessions.load(game_id)
        first = user_for(world, loaded.record.seats[0].user_id)
        table = table_of(world)
        await s.click(first, table, button(table, "hb:h:"))
        await s.settle()
        old_panel = s.last_ephemeral(first)  # opened on another device, say
        await s.click(first, table, button(table, "hb:h:"))
        await s.settle()
        hand = s.last_ephemeral(first)
        assert hand.id != old_panel.id
        await s.click(first, hand, button(hand, "hb:x:"))
        await s.settle()
        confirm = s.last_ephemeral(first)
        yes = button(confirm, ":skip")
        # Two clicks at once on "Yes, skip my turn": exactly one skip is stored.
        await asyncio.gather(s.click(first, confirm, yes), s.click(first, confirm, yes))
        await s.settle(quiet=0.6)
        assert [m.move for m in await bot.store.games.get_moves(game_id)] == ["skip"]
        # The losing click was answered too, with the current view and a note that it was out of date.
        panel = s.find_message(confirm.id)
        looks = [snap.embeds for snap in panel.history] + [panel.embeds]
        assert any("out of date" in (e.get("description") or "") for embeds in looks for e in embeds)
        # A click on the old panel: the current view comes back, nothing changes.
        await s.click(first, old_panel, button(old_panel, "hb:m:") if any(
            c.startswith("hb:m:") for c in old_panel.custom_ids()) else button(old_panel, "hb:x:"))
        await s.settle()
        assert [m.move for m in await bot.store.games.get_moves(game_id)] == ["skip"]


async def test_forged_custom_id_is_refused(world: World) -> None:
    s = world.standin
    async with running_bot(world) as bot:
        game_id = await open_table(world, bot)
        table = table_of(world)
        forged = table.components[0]["components"][0]
        for custom_id in ("hb:m:99999:1:buy_1", f"hb:m:{game_id}:0:end", "hb:zz:1:1:x", "hb:m:1:1:" + "x" * 80):
            forged["custom_id"] = custom_id
            inter = await s.click(world.alice, table, custom_id)
            assert inter.responded_at is not None
        await s.settle()
        texts = [text_of(m) for m in s.ephemerals(world.alice)]
        assert any("does not exist" in t for t in texts)
        assert any("not one I made" in t for t in texts)
        assert await bot.store.games.get_moves(game_id) == []


async def test_clicks_are_acknowledged_while_the_relay_redraws_that_panel(world: World) -> None:
    """PRODUCT.md: every interaction is answered within 3 s.  The relay holds a player's panel lock while it
    redraws their panel after a move (an image and an edit over HTTP: a second or more under load); a click
    of that player meanwhile must be acknowledged at once and answered in full once the lock is free."""
    from discord_standin.models import CB_DEFERRED_CHANNEL_MESSAGE, CB_DEFERRED_UPDATE_MESSAGE, CB_MODAL

    s = world.standin
    async with running_bot(world) as bot:
        game_id = await open_table(world, bot)
        loaded = await bot.sessions.load(game_id)
        first = user_for(world, loaded.record.seats[0].user_id)
        table = table_of(world)
        await s.click(first, table, button(table, "hb:h:"))
        await s.settle()
        hand = s.last_ephemeral(first)
        lock = bot.get_cog("Play").relay.panel_lock(game_id, first.id)  # type: ignore[union-attr]
        async with lock:  # the relay redrawing this player's panel, for as long as the test likes
            opened = await s.click(first, table, button(table, "hb:h:"))  # raises past Discord's 3 s
            assert opened.response_type == CB_DEFERRED_CHANNEL_MESSAGE
            refreshed = await s.click(first, hand, button(hand, "hb:h:"))
            assert refreshed.response_type == CB_DEFERRED_UPDATE_MESSAGE
            form = await s.click(first, hand, button(hand, "hb:s:"))  # a form needs no panel at all
            assert form.response_type == CB_MODAL
            # A check that something does not happen has no event to wait for: the answer had this long to come.
            await asyncio.sleep(0.3)
            assert opened.original is None or opened.original.loading  # the answer waits for the lock
        await s.settle()
        assert "Your turn" in text_of(opened.original)
        assert "Your turn" in text_of(s.find_message(hand.id))
        assert await bot.store.games.get_moves(game_id) == []
