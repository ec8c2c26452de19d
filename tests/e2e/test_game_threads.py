"""Many games per channel (/hardback settings threads): each new table in a thread of its own opened from its
lobby message, twenty at once in one channel; a server at Discord's cap on active threads (error 160006)
plays in the channel with one line saying why; with threads off, one table per channel as before."""

from __future__ import annotations

import asyncio

from botkit import button, running_bot, text_of
from discord_standin.models import MANAGE_GUILD, Message
from discord_standin.world import World

from hardback_bot.sessions.places import THREAD_OF

TABLES = 20


def ephemeral_text(world: World, user: object) -> str:
    return text_of(world.standin.last_ephemeral(user))  # type: ignore[arg-type]


async def test_twenty_tables_at_once_in_one_channel(world: World) -> None:
    s = world.standin
    admin = s.add_user("admin", world.guild, permissions=MANAGE_GUILD)
    async with running_bot(world) as bot:
        await s.slash(admin, "hardback settings", {"threads": "always"})
        await s.settle()
        assert "Each game in its own thread: auto (turn-based games: turn timers over an hour) → **always**" \
            in ephemeral_text(world, admin)
        assert (await bot.store.settings.get_guild_settings(world.guild.id)).game_threads == "always"

        # Twenty /hardback start in #general at once: each opens a table in a thread of its own.
        hosts = [world.alice, world.bob] * (TABLES // 2)
        commands = await asyncio.gather(*(s.slash(host, "hardback start", {"adverts": False}) for host in hosts))
        await s.settle(quiet=0.5, timeout=60)
        threads = s.threads(world.channel)
        assert len(threads) == TABLES, [t.name for t in threads]
        lobbies: list[Message] = []
        game_ids = []
        for inter in commands:
            lobby = inter.original
            assert lobby is not None and lobby.channel_id == world.channel.id and lobby.thread_id is not None
            found = await bot.store.messages.find_message(lobby.id)
            assert found is not None
            record = await bot.store.games.get_game(found[0], with_state=False)
            # The game's channel is the thread opened from its lobby message (the same id).
            assert record.channel_id == lobby.thread_id == lobby.id and record.messages[THREAD_OF] == world.channel.id
            lobbies.append(lobby)
            game_ids.append(record.id)
        assert len(set(game_ids)) == TABLES
        assert not [m for m in s.messages(world.channel) if m.id not in {x.id for x in lobbies}], \
            "only the lobby messages are in the channel"

        # Everyone joins and starts every table from the lobby messages in the channel.
        for lobby, host in zip(lobbies, hosts, strict=True):
            other = world.bob if host is world.alice else world.alice
            await s.click(other, s.find_message(lobby.id), button(lobby, ":join"))
            await s.click(host, s.find_message(lobby.id), button(lobby, ":start"))
        await s.settle(quiet=0.6, timeout=90)
        for game_id, lobby in zip(game_ids, lobbies, strict=True):
            record = await bot.store.games.get_game(game_id, with_state=False)
            assert record.status == "playing", (game_id, record.status)
            table = s.find_message(record.messages["table"])
            assert table is not None and table.channel_id == lobby.id, "each table is in its own thread"
            assert not s.find_message(lobby.id).custom_ids(), "the lobby message keeps no button once started"
        # The lobby messages were redrawn where they are (the channel), never posted again.
        assert len(s.messages(world.channel)) == TABLES

        # /hardback games: twenty games, ten a page, the second page a click away.
        await s.slash(world.alice, "hardback games", {})
        await s.settle()
        first = s.last_ephemeral(world.alice)
        page_one = {int(c.split(":")[2]) for c in first.custom_ids() if c.endswith(":hand")}
        assert len(page_one) == 10 and "Page 1 of 2" in text_of(first)
        await s.click(world.alice, first, f"hb:y:{world.alice.id}:1:page")
        await s.settle()
        second = s.find_message(first.id)
        assert second is not None and "Page 2 of 2" in text_of(second)
        page_two = {int(c.split(":")[2]) for c in second.custom_ids() if c.endswith(":hand")}
        assert page_one | page_two == set(game_ids) and not page_one & page_two

        # /hardback end typed in one thread ends that game only.
        thread = s.channels[lobbies[0].id]
        await s.slash(world.alice, "hardback end", {}, channel=thread)
        await s.settle()
        confirm = s.last_ephemeral(world.alice)
        await s.click(world.alice, confirm, button(confirm, ":end"))
        await s.settle()
        states = [(await bot.store.games.get_game(g, with_state=False)).status for g in game_ids]
        assert states[0] == "abandoned" and states[1:] == ["playing"] * (TABLES - 1)


async def test_no_thread_to_be_had_plays_in_the_channel_and_says_why(world: World) -> None:
    s = world.standin
    s.max_active_threads = 0  # the server is at Discord's cap on active threads (error 160006)
    admin = s.add_user("admin", world.guild, permissions=MANAGE_GUILD)
    try:
        async with running_bot(world) as bot:
            await s.slash(admin, "hardback settings", {"threads": "always"})
            await s.settle()
            await s.slash(world.alice, "hardback start", {"adverts": False})
            await s.settle()
            record = await bot.store.games.running_game_in_channel(world.channel.id)
            assert record is not None and THREAD_OF not in record.messages, "the game runs in the channel"
            assert s.threads(world.channel) == []
            said = [m.content for m in s.messages(world.channel) if m.content.startswith("*No thread")]
            assert said == ["*No thread: this server has as many active threads as Discord allows. This game is "
                            "played in the channel.*"], said
            # Another table: no thread again, and the channel is taken: a private answer, nothing public.
            before = len(s.messages(world.channel))
            await s.slash(world.bob, "hardback start", {"adverts": False})
            await s.settle()
            assert "already running" in ephemeral_text(world, world.bob)
            # Its public answer is that one line, and no lobby.
            assert [m.content for m in s.messages(world.channel)[before:]] == said
            assert (await bot.store.games.running_game_in_channel(
                world.channel.id)).id == record.id  # type: ignore[union-attr]

            # Threads come back (the cap lifted): the next table gets one beside the channel's own game.
            s.max_active_threads = None
            await s.slash(world.bob, "hardback start", {"adverts": False})
            await s.settle()
            assert len(s.threads(world.channel)) == 1

            # With threads off, one table per channel, as before: the running game is pointed at.
            await s.slash(admin, "hardback settings", {"threads": "never"})
            await s.settle()
            await s.slash(world.mod, "hardback start", {"adverts": False})
            await s.settle()
            assert "already running" in ephemeral_text(world, world.mod)
            assert len(s.threads(world.channel)) == 1
    finally:
        s.max_active_threads = None
