"""Hardback in group DMs and in the bot's DM, the app installed by a player (not by a server).

In a group DM the bot is not a member: the stand-in answers any call with its token there with 403 and
records a violation that fails the test, caps each interaction at 5 follow-ups and lets tokens die after 15
minutes. Whole games through it, people and computers, to the results.
"""

from __future__ import annotations

from botkit import QUICK_POSTS, running_bot, text_of
from discord_standin.world import World
from dm_kit import bot_token_calls, friends, median, open_table, page_of, play_to_the_end
from flow_kit import live_game_components
from scenario_kit import load_game, seeded_games

FOUR_SEATS_SEED = 1  # a 40-prestige game of the four seats that ends sooner than most (9-13 s of play)


def seated(world: World, record: object, people: list) -> dict[int, object]:  # type: ignore[type-arg]
    by_id = {u.id: u for u in people}
    return {s.seat: by_id[s.user_id] for s in record.seats if s.user_id is not None}  # type: ignore[attr-defined]


async def test_commands_go_everywhere(world: World) -> None:
    async with running_bot(world):
        command = world.standin.global_commands["hardback"]
        assert sorted(command["contexts"]) == [0, 1, 2]
        assert sorted(command["integration_types"]) == [0, 1]


async def test_two_friends_play_a_whole_game_in_a_group_dm(world: World) -> None:
    s = world.standin
    group = friends(world, 2)
    async with running_bot(world, post_pace=QUICK_POSTS) as bot:
        record = await open_table(world, bot.store, group.channel, group.alice, {"length": 40},
                                  joiners=(world.bob,))
        assert record.place == "private" and record.guild_id == 0 and record.channel_id == group.channel.id
        lobby = s.find_message(record.messages["lobby"])
        assert lobby is not None
        await s.wait_for(lambda: not lobby.custom_ids(), what="the lobby to say the game started, with no button")
        users = seated(world, record, group.people)
        first = page_of(world, group.channel)
        # The first page calls the first player, and the message mentions them (a new message notifies).
        starter = users.get(record.seats[0].seat)
        assert starter is not None and f"<@{starter.id}>" in first.content, first.content
        player = await play_to_the_end(world, bot.store, record, group.channel, users, bot)
        _, game = await load_game(bot.store, record.id)
        assert game.finished
        assert median(player.turns) <= 4, sorted(t.clicks for t in player.turns)
        assert bot_token_calls(world, group.channel) == []
        page = page_of(world, group.channel)
        assert "(final)" in page.embeds[0]["title"]
        final = await bot.store.games.get_game(record.id, with_state=False)
        results = s.find_message(final.messages["results"])
        assert results is not None and results.channel_id == group.channel.id and results.embeds
        assert live_game_components(world, record.id, group.channel) == []
        # Only the current page keeps the picture: the pages before it keep their lines.
        pictures = [m for m in s.messages(group.channel) if any(a.filename == "table.png" for a in m.attachments)]
        assert pictures == [page], [m.id for m in pictures]
        # The group's leaderboard is its own: alice's server knows nothing of this game.
        await s.slash(group.alice, "hardback leaderboard", {"by": "wins"}, channel=group.channel)
        await s.settle()
        board = s.last_message(group.channel)
        names = {u.name for u in group.people}
        assert any(n in text_of(board) for n in names), text_of(board)
        assert await bot.store.results.leaderboard(world.guild.id, "wins", min_games=1) == []
        assert await bot.store.results.leaderboard(group.channel.id, "wins", min_games=1)


async def test_four_seats_people_and_computers_in_a_group_dm(world: World) -> None:
    group = friends(world, 3)
    async with running_bot(world, post_pace=QUICK_POSTS) as bot:
        with seeded_games(FOUR_SEATS_SEED):
            record = await open_table(world, bot.store, group.channel, group.alice, {"length": 40},
                                      joiners=tuple(group.people[1:]), computers=("ai2",))
        assert record.seed == FOUR_SEATS_SEED
        assert len(record.seats) == 4 and sum(1 for x in record.seats if x.user_id is None) == 1
        users = seated(world, record, group.people)
        player = await play_to_the_end(world, bot.store, record, group.channel, users, bot)
        _, game = await load_game(bot.store, record.id)
        assert game.finished
        assert median(player.turns) <= 4, sorted(t.clicks for t in player.turns)
        assert not any(t.stale_start for t in player.turns)
        assert bot_token_calls(world, group.channel) == []
        assert live_game_components(world, record.id, group.channel) == []
        assert "(final)" in page_of(world, group.channel).embeds[0]["title"]


async def test_solo_against_computers_in_the_bots_dm(world: World) -> None:
    s = world.standin
    dm = s.add_dm(world.alice)
    async with running_bot(world, post_pace=QUICK_POSTS) as bot:
        record = await open_table(world, bot.store, dm, world.alice, {"length": 40}, computers=("ai1",))
        assert record.place == "dm" and record.guild_id == 0
        users = {x.seat: world.alice for x in record.seats if x.user_id == world.alice.id}
        await play_to_the_end(world, bot.store, record, dm, users, bot)
        _, game = await load_game(bot.store, record.id)
        assert game.finished
        # The bot's own DM: it may post and edit there with its token, as in a server.
        assert any(m == "POST" for m, _ in bot_token_calls(world, dm))
        assert live_game_components(world, record.id, dm) == []


async def test_solo_coop_against_penny_in_the_bots_dm(world: World) -> None:
    s = world.standin
    dm = s.add_dm(world.alice)
    async with running_bot(world, post_pace=QUICK_POSTS) as bot:
        record = await open_table(world, bot.store, dm, world.alice, {"length": 40, "coop": True})
        assert [x.user_id for x in record.seats] == [world.alice.id]
        await play_to_the_end(world, bot.store, record, dm, {0: world.alice}, bot)
        _, game = await load_game(bot.store, record.id)
        assert game.finished

