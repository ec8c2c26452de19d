"""/hardback games end to end: a player's games in a server and in a group DM, listed from a third channel, and
Open my hand working from there (the hand's own buttons too); nobody else's hand, and never a group DM post."""

from __future__ import annotations

import re

import botkit
from botkit import running_bot, text_of
from discord_standin.models import Message, User
from discord_standin.world import World
from dm_kit import bot_token_calls, friends
from dm_kit import open_table as open_group_table

from hardback_bot.sessions.screens.games import PER_PAGE


def list_of(world: World, user: User) -> Message:
    """The newest private message of ``user`` that is a /hardback games list."""
    for message in reversed(world.standin.ephemerals(user)):
        if message.embeds and message.embeds[0].get("title") == "Your games":
            return message
    raise LookupError("no games list")


async def test_games_everywhere_and_a_hand_opened_from_the_list(world: World) -> None:
    s = world.standin
    group = friends(world, 2)  # alice (the app in her apps) and bob
    lounge = s.add_text_channel(world.guild, "lounge")
    async with running_bot(world) as bot:
        server_game = await botkit.open_table(world, bot, {"turn_timer": 45})  # minutes a turn
        group_game = (await open_group_table(world, bot.store, group.channel, group.alice, {},
                                             joiners=(world.bob,))).id
        await s.settle(quiet=0.3)
        group_pages = len(s.messages(group.channel))

        await s.slash(world.alice, "hardback games", {}, channel=lounge)
        await s.settle()
        listed = list_of(world, world.alice)
        text = text_of(listed)
        hands = [c for c in listed.custom_ids() if c.startswith("hb:y:")]
        assert sorted(hands) == sorted([f"hb:y:{server_game}:0:hand", f"hb:y:{group_game}:0:hand"]), hands
        # Whose turn, the place, the deadline (the server game's timer) and a link to each table.
        server = await bot.sessions.load(server_game)
        group_loaded = await bot.sessions.load(group_game)
        assert f"https://discord.com/channels/{world.guild.id}/{world.channel.id}/{server.record.messages['table']}" \
            in text
        assert f"https://discord.com/channels/@me/{group.channel.id}/{group_loaded.record.messages['table']}" in text
        assert "a group DM" in text and f"<#{world.channel.id}>" in text
        assert re.search(r"time runs out <t:\d+:R>", text), text
        assert text.count("place 1 of 2 with 0★ (goal 60★)") == 2, text
        alice_turns = [g for g in (server, group_loaded) if g.user_of(g.game.active_seat) == world.alice.id]
        others = [g for g in (server, group_loaded) if g not in alice_turns]
        # Her turns first: the numbered lines follow that order, and the buttons with them.
        order = [g.record.id for g in alice_turns + others]
        assert hands == [f"hb:y:{g}:0:hand" for g in order], (hands, order)
        assert text.count("**Your turn**") == len(alice_turns) and text.count("Waiting for **bob**") == len(others)

        # Open my hand of the group DM game, from the server's lounge: alice's own hand, privately.
        inter = await s.click(world.alice, listed, f"hb:y:{group_game}:0:hand")
        await s.settle()
        hand = inter.original
        assert hand is not None and hand.ephemeral and hand.id != listed.id
        assert any(c.startswith(f"hb:h:{group_game}:") for c in hand.custom_ids()), hand.custom_ids()
        assert "another channel" not in text_of(hand) and "Spectating" not in text_of(hand)
        # Its own buttons work from here: My deck, then back to the hand.
        deck_id = next(c for c in hand.custom_ids() if c == f"hb:h:{group_game}:0:d")
        await s.click(world.alice, hand, deck_id)
        await s.settle()
        shown = s.find_message(hand.id)
        assert shown is not None and "another channel" not in text_of(shown), text_of(shown)
        assert any(c == f"hb:h:{group_game}:0:r" or c.startswith(f"hb:h:{group_game}:0:") for c in shown.custom_ids())
        # Nothing was said in the group DM for those clicks, and the bot's token never touched it.
        assert len(s.messages(group.channel)) == group_pages
        assert bot_token_calls(world, group.channel) == []

        # A forged Open my hand on no private message of one's own is refused, even for a seated player.
        forged = await s.forged(world.bob, None, {"custom_id": f"hb:y:{group_game}:0:hand", "component_type": 2},
                                channel=lounge)
        await s.settle()
        answer = forged.followups[-1] if forged.followups else forged.original
        assert answer is not None and answer.ephemeral and "another channel" in text_of(answer), text_of(answer)
        # From his own list, bob gets his own hand of that game, never alice's.
        await s.slash(world.bob, "hardback games", {}, channel=lounge)
        await s.settle()
        bobs = await s.click(world.bob, list_of(world, world.bob), f"hb:y:{group_game}:0:hand")
        await s.settle()
        assert bobs.original is not None and bobs.original.ephemeral
        assert bobs.original in s.ephemerals(world.bob) and bobs.original not in s.ephemerals(world.alice)
        tokens = {p.user_id for p in await bot.store.panels.fresh_panels(group_game, since=0)}
        assert tokens == {world.alice.id, world.bob.id}, tokens
        # Mod sits in neither game: refused, privately.
        await s.slash(world.mod, "hardback games", {}, channel=lounge)
        await s.settle()
        assert "no game running" in text_of(list_of(world, world.mod))
        nosy = await s.forged(world.mod, None, {"custom_id": f"hb:y:{server_game}:0:hand", "component_type": 2},
                              channel=lounge)
        await s.settle()
        refusal = nosy.followups[-1] if nosy.followups else nosy.original
        assert refusal is not None and refusal.ephemeral and "another channel" in text_of(refusal), text_of(refusal)
        # Another person's list does not turn for them.
        turned = await s.forged(world.mod, None, {"custom_id": f"hb:y:{world.alice.id}:1:page", "component_type": 2},
                                channel=lounge)
        await s.settle()
        other = turned.followups[-1] if turned.followups else turned.original
        assert other is not None and "another player" in text_of(other)
    assert PER_PAGE == 10
