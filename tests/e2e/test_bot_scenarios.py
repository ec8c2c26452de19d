"""whole games through the real bot and the Discord stand-in, by clicks, selects and forms only.

The driver (scenario_kit.py) reads the store to decide what to click, never to make a move: every
move reaches the bot as an interaction, and the ``world`` fixture fails a test on any breach of
Discord's limits (payload sizes, 3-second answers, 5 posts in 5 s).

Races between clicks are in test_bot_scenarios_races.py; outsiders, forged ids, odd words and old panels in
test_bot_scenarios_unexpected.py.
"""

from __future__ import annotations

import time

from botkit import QUICK_POSTS, button, running_bot, text_of, with_component
from discord_standin.world import World
from scenario_kit import (
    Driver,
    calls,
    iter_results_messages,
    latency_summary,
    seat_users,
    seeded_games,
    start_table,
)

from hardback_bot.engine import Game
from hardback_bot.sessions.turn_history import stored_log

# Deals that bring each test's case within its first turns (seeded_games), instead of hoping a random one does.
INK_SEED = 3
VOTES_SEED = 5  # a game of 18 human turns with five votes (36-42 turns for other seeds)


async def test_two_player_game_to_the_results(world: World) -> None:
    s = world.standin
    began = time.monotonic()
    async with running_bot(world) as bot:
        record = await start_table(world, bot.store, {"length": 40, "adverts": True, "awards": True},
                                   joiners=(world.bob,))
        driver = Driver(world, bot.store, record.id, seat_users(world, record), rearrange=True)
        game = await driver.play_until(lambda g: g.finished)
        await s.settle(quiet=0.6)
        played = time.monotonic() - began
        # Few words have another arrangement worth choosing (the preview offers only those no other one beats):
        # test_turn_flow.py picks one from the select on a hand that has two.
        print(f"2-player game: {len(driver.turns)} turns, {driver.actions} actions in {played:.1f}s; "
              f"{latency_summary(driver.latencies)}")
        assert game.finished
        results_messages = list(iter_results_messages(world, record.id))
        assert len(results_messages) == 1, "the results are posted exactly once"
        results = results_messages[0]
        assert "final results" in text_of(results)
        png = results.attachment("results.png")
        assert png.data.startswith(b"\x89PNG") and png.description.startswith("Final ranking:")
        assert results.button("Rematch")
        assert "Rematch" in [b.get("label") for b in results.buttons()]
        # Each turn got its public log line.
        said = "\n".join(m.content for m in s.messages(world.channel))
        for turn in driver.turns:
            name = driver.users[turn.seat].name
            line = f"**{name}** spelled **[{turn.word}](" if turn.word else f"**{name}** skipped the turn"
            assert line in said, line

        # The table says it is over and offers no hand any more; buttons of old panels say so too.
        table = s.find_message(driver.table_id) if driver.table_id else None
        assert table is not None and "The game is over." in text_of(table) and not table.custom_ids()
        for user in (world.alice, world.bob):
            old = s.find_message(driver.panels[user.id].id)
            ids = [c for c in old.custom_ids() if c.startswith(("hb:m:", "hb:h:"))]
            if ids:
                await s.click(user, old, ids[0])
                await s.settle()
                assert "over" in text_of(s.find_message(old.id)) + text_of(s.last_ephemeral(user))
        assert len(await bot.store.games.get_moves(record.id)) == len(game.move_log)

        # Results, stats and ratings were stored exactly once.
        stored = await bot.store.results.get_results(record.id)
        assert sorted(r.seat for r in stored) == [0, 1]
        assert {r.user_id for r in stored} == {world.alice.id, world.bob.id}
        for user in (world.alice, world.bob):
            stats = await bot.store.results.player_stats(world.guild.id, user.id)
            assert stats.competitive.games == 1 and stats.rating is not None and stats.rating.games == 1
        board = await bot.store.results.leaderboard(world.guild.id, "rating")
        assert {e.user_id: e.games for e in board} == {world.alice.id: 1, world.bob.id: 1}
        winner = next(r for r in stored if r.result.rank == 1)
        assert winner.result.prestige >= 40 and winner.result.won

        # The channel is free: a new /hardback start opens a lobby (cancelled again) ...
        await s.slash(world.bob, "hardback start", {"length": 40})
        await s.settle()
        fresh = await bot.store.games.running_game_in_channel(world.channel.id)
        assert fresh is not None and fresh.status == "lobby" and fresh.id != record.id
        lobby = with_component(world, f"hb:l:{fresh.id}:")
        await s.click(world.bob, lobby, button(lobby, ":cancel"))
        await s.settle()
        assert await bot.store.games.running_game_in_channel(world.channel.id) is None
        # ... and Rematch opens a lobby with the same seats and options, in the channel for everyone.
        await s.click(world.bob, results, button(results, ":rematch"))
        await s.settle()
        again = await bot.store.games.running_game_in_channel(world.channel.id)
        assert again is not None and again.status == "lobby"
        assert {seat.user_id for seat in again.seats} == {world.alice.id, world.bob.id}
        assert dict(again.options) == dict(record.options)
        rematch_lobby = with_component(world, f"hb:l:{again.id}:")
        assert not rematch_lobby.ephemeral and "Seats (2/5)" in text_of(rematch_lobby)
        # Stats are untouched by all of this.
        assert len(await bot.store.results.get_results(record.id)) == 2
        assert (await bot.store.results.player_stats(world.guild.id, world.alice.id)).competitive.games == 1


async def test_solo_coop_against_penny_dreadful(world: World) -> None:
    s = world.standin
    began = time.monotonic()
    async with running_bot(world) as bot:
        record = await start_table(world, bot.store, {"coop": True, "penny": "horror"})
        assert [seat.user_id for seat in record.seats] == [world.alice.id]
        driver = Driver(world, bot.store, record.id, {0: world.alice})
        game = await driver.play_until(lambda g: g.finished)
        await s.settle(quiet=0.6)
        print(f"solo co-op: {len(driver.turns)} turns, {driver.actions} actions in {time.monotonic() - began:.1f}s; "
              f"{latency_summary(driver.latencies)}")
        # Every one of Penny's claims was announced in the channel, in order.
        said = "\n".join(m.content for m in s.messages(world.channel))
        claims = [int(v) for v in game.state.penny["claimed"] if v]
        assert said.count("Penny Dreadful claimed") == len(claims) > 0
        assert game.state.penny["genre"] == "horror"
        results = [*iter_results_messages(world, record.id)]
        assert len(results) == 1
        text = text_of(results[0])
        assert ("The team **won**" in text) or ("Penny Dreadful **won**" in text)
        assert "Penny Dreadful" in text and "team " in text  # both scores are written out, not only drawn
        png = results[0].attachment("results.png")
        assert png.data.startswith(b"\x89PNG") and "Penny Dreadful" in png.description  # the alt text has both
        stored = await bot.store.results.get_results(record.id)
        assert [(r.user_id, r.mode) for r in stored] == [(world.alice.id, "coop")]
        stats = await bot.store.results.player_stats(world.guild.id, world.alice.id)
        assert stats.coop.games == 1 and stats.competitive.games == 0
        assert stats.coop_by_genre.get("horror", (0, 0))[1] == 1


async def test_rematch_lobby_is_public(world: World) -> None:
    s = world.standin
    async with running_bot(world) as bot:
        record = await start_table(world, bot.store, {"coop": True, "penny": "none"})
        driver = Driver(world, bot.store, record.id, {0: world.alice}, jail=False, preview=False)
        await driver.play_until(lambda g: g.finished)
        await s.settle(quiet=0.6)
        results = next(iter_results_messages(world, record.id))
        await s.click(world.alice, results, button(results, ":rematch"))
        await s.settle()
        again = await bot.store.games.running_game_in_channel(world.channel.id)
        assert again is not None and again.status == "lobby"
        lobby = with_component(world, f"hb:l:{again.id}:")  # public (it was alice's ephemeral until dbdfd86)
        await s.click(world.alice, lobby, button(lobby, ":start"))
        await s.settle(quiet=0.6)
        with_component(world, f"hb:h:{again.id}:")  # the new game's table


async def test_alice_against_a_normal_computer(world: World) -> None:
    s = world.standin
    began = time.monotonic()
    async with running_bot(world, ai_delay=0.0) as bot:
        with seeded_games(INK_SEED):  # a deal where alice holds ink on a turn of hers
            record = await start_table(world, bot.store, {"length": 40}, computers=("ai2",))
        assert record.seed == INK_SEED
        computer = next(seat for seat in record.seats if seat.user_id is None)
        assert computer.ai_strength == 2 and "normal" in computer.display_name
        driver = Driver(world, bot.store, record.id, seat_users(world, record), use_ink=True)
        game = await driver.play_until(lambda g: g.finished)
        await bot.sessions.wait_for_computers(record.id)
        await s.settle(quiet=0.6)
        print(f"alice vs normal computer: {len(driver.turns)} of alice's turns, {driver.actions} actions in "
              f"{time.monotonic() - began:.1f}s; {latency_summary(driver.latencies)}")
        assert game.finished
        moves = await bot.store.games.get_moves(record.id)
        assert {m.seat for m in moves} == {0, 1}
        # A turn starts with a word or a skip (the engine ends a turn itself once nothing is left to do).
        computer_turns = sum(1 for m in moves if m.seat == computer.seat and m.move.split()[0] in ("spell", "skip"))
        assert computer_turns >= len(driver.turns) - 1 > 0
        # Every turn of the computer is announced, and alice is told each time her turn comes.
        said = "\n".join(m.content for m in s.messages(world.channel))
        assert said.count(f"**{computer.display_name}**") >= computer_turns
        expected, reached = await calls(world, bot.store, record.id, world.alice)
        assert expected >= 1 and reached == expected
        assert any(t.moves and t.moves[0] == "ink" for t in driver.turns), "alice drew with ink at least once"
        results = [*iter_results_messages(world, record.id)]
        assert len(results) == 1 and results[0].attachment("results.png").description.startswith("Final ranking:")
        stored = await bot.store.results.get_results(record.id)
        assert sorted((r.user_id, r.ai_strength) for r in stored if r.user_id is None) == [(None, 2)]
        assert (await bot.store.results.player_stats(world.guild.id, world.alice.id)).competitive.games == 1
        # The computer never played out of turn or twice: replaying the stored log gives the stored game.
        assert len(game.move_log) == len(moves)


async def test_alice_against_the_expert_computer(world: World) -> None:
    """The lobby's fourth computer: the expert plans in the bot's search workers, plays legal turns that are
    announced like anyone's, and answers within the pace of a game (a few of its turns here, R5)."""
    s = world.standin
    async with running_bot(world, ai_delay=0.0) as bot:
        record = await start_table(world, bot.store, {"length": 40}, computers=("ai4",))
        computer = next(seat for seat in record.seats if seat.user_id is None)
        assert computer.ai_strength == 4 and computer.display_name == "Computer 1 (expert)"
        driver = Driver(world, bot.store, record.id, seat_users(world, record))

        def expert_turns(game: Game) -> int:
            return sum(1 for seat, move in game.move_log if seat == computer.seat and move.kind in ("spell", "skip"))

        game = await driver.play_until(lambda g: g.finished or expert_turns(g) >= 3, max_turns=10)
        await bot.sessions.wait_for_computers(record.id)
        await s.settle(quiet=0.6)
        _, game = await driver.game()
        assert expert_turns(game) >= 3
        said = "\n".join(m.content for m in s.messages(world.channel))
        assert said.count(f"**{computer.display_name}**") >= 3
        # Replaying the stored log gives the stored game: every move of the expert was legal, in its turn.
        moves = await bot.store.games.get_moves(record.id)
        replayed = Game.replay(2, record.seed or 0, game.options, stored_log(moves))
        assert replayed.to_json() == game.to_json()


async def test_every_turn_is_logged(world: World) -> None:
    s = world.standin
    async with running_bot(world) as bot:
        record = await start_table(world, bot.store, {"length": 40}, joiners=(world.bob,))
        driver = Driver(world, bot.store, record.id, seat_users(world, record))
        seat, _ = await driver.turn_with_a_word(previewed=False)
        turn = await driver.play_turn(seat)
        assert turn.word is not None
        await s.settle(quiet=2.0)  # the turn log may be held back a little to respect Discord's rate
        said = "\n".join(m.content for m in s.messages(world.channel))
        # Each logged word links to its definition (Wiktionary, in the dictionary's language).
        assert f"**{driver.users[seat].name}** spelled **[{turn.word}](https://en.wiktionary.org/wiki/" in said



async def test_three_seats_with_votes_and_unique_words_to_the_end(world: World) -> None:
    """alice, bob and an easy computer; made-up words are put to a vote (majority), voters answer from
    their hands (accept and reject in turn), unique words per game; played to the results."""
    s = world.standin
    began = time.monotonic()
    async with running_bot(world, ai_delay=0.0, post_pace=QUICK_POSTS) as bot:
        with seeded_games(VOTES_SEED):
            record = await start_table(world, bot.store, {"length": 40, "votes": "majority", "unique_words": "game"},
                                       joiners=(world.bob,), computers=("ai1",))
        assert record.seed == VOTES_SEED
        driver = Driver(world, bot.store, record.id, seat_users(world, record), invent=3)
        game = await driver.play_until(lambda g: g.finished)
        await bot.sessions.wait_for_computers(record.id)
        await s.settle(quiet=0.6)
        print(f"3 seats with votes: {len(driver.turns)} human turns, {len(driver.votes)} human votes on "
              f"{driver.invented} in {time.monotonic() - began:.1f}s")
        assert game.finished and driver.invented and driver.votes
        said = "\n".join(m.content for m in s.messages(world.channel))
        for word in driver.invented:
            assert f"asks the table to accept **[{word}](" in said
            assert f"accepted **{word}**" in said or f"refused **{word}**" in said
        accepted = [w for _, w, v in driver.votes if v == "vote_accept"]
        history = [w for _, w in game.state.word_history]
        assert all(w in history for w in accepted), (accepted, history)  # ties accept: one yes is enough
        assert len(history) == len(set(history)), "unique words per game"
        assert len(list(iter_results_messages(world, record.id))) == 1
        assert len(await bot.store.results.get_results(record.id)) == 3


async def test_alice_and_four_computers_to_the_end(world: World) -> None:
    """A full table: alice and four computers of every strength. The computers' turns come in bursts
    (ai_delay 0); the channel stays within Discord's rate and alice is called for each of her turns."""
    s = world.standin
    began = time.monotonic()
    async with running_bot(world, ai_delay=0.0) as bot:
        record = await start_table(world, bot.store, {"length": 40}, computers=("ai1", "ai2", "ai3", "ai1"))
        assert len(record.seats) == 5
        driver = Driver(world, bot.store, record.id, seat_users(world, record))
        game = await driver.play_until(lambda g: g.finished)
        await bot.sessions.wait_for_computers(record.id)
        # The computers' bursts leave paced turn lines (at most 4 posts in 5 s a channel) and the closing of
        # old panels to catch up after the last move: wait for two quiet seconds however long that takes,
        # not at most 5 s (a full run on this machine once needed longer, twice in a row).
        await s.settle(quiet=2.0, timeout=60.0)
        print(f"alice and four computers: {len(driver.turns)} of alice's turns in {time.monotonic() - began:.1f}s")
        assert game.finished
        said = "\n".join(m.content for m in s.messages(world.channel))
        expected, reached = await calls(world, bot.store, record.id, world.alice)
        assert expected >= 1 and reached == expected
        for seat in record.seats:
            assert f"**{seat.display_name}**" in said
        assert len(list(iter_results_messages(world, record.id))) == 1
        stored = await bot.store.results.get_results(record.id)
        assert sorted(r.ai_strength or 0 for r in stored) == [0, 1, 1, 2, 3]
