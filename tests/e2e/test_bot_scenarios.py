"""Issue 7: whole games through the real bot and the Discord stand-in, by clicks, selects and forms only.

The driver (scenario_kit.py) reads the store to decide what to click, never to make a move: every
move reaches the bot as an interaction, and the ``world`` fixture fails a test on any breach of
Discord's limits (payload sizes, 3-second answers, 5 posts in 5 s).
"""

from __future__ import annotations

import time

import pytest
from botkit import button, running_bot, text_of, with_component
from discord_standin.world import World
from scenario_kit import Driver, iter_results_messages, latency_summary, seat_users, start_table


async def test_two_player_game_to_the_results(world: World) -> None:
    s = world.standin
    began = time.monotonic()
    async with running_bot(world) as bot:
        record = await start_table(world, bot.store, {"length": 40, "adverts": True, "awards": True},
                                   joiners=(world.bob,))
        driver = Driver(world, bot.store, record.id, seat_users(world, record))
        game = await driver.play_until(lambda g: g.finished)
        await s.settle(quiet=0.6)
        played = time.monotonic() - began
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

        # Results, stats and ratings were stored exactly once.
        stored = await bot.store.get_results(record.id)
        assert sorted(r.seat for r in stored) == [0, 1]
        assert {r.user_id for r in stored} == {world.alice.id, world.bob.id}
        for user in (world.alice, world.bob):
            stats = await bot.store.player_stats(world.guild.id, user.id)
            assert stats.competitive.games == 1 and stats.rating is not None and stats.rating.games == 1
        board = await bot.store.leaderboard(world.guild.id, "rating")
        assert {e.user_id: e.games for e in board} == {world.alice.id: 1, world.bob.id: 1}
        winner = next(r for r in stored if r.result.rank == 1)
        assert winner.result.prestige >= 40 and winner.result.won

        # The channel is free: a new /hardback start opens a lobby (cancelled again) ...
        await s.slash(world.bob, "hardback start", {"length": 40})
        await s.settle()
        fresh = await bot.store.running_game_in_channel(world.channel.id)
        assert fresh is not None and fresh.status == "lobby" and fresh.id != record.id
        lobby = with_component(world, f"hb:l:{fresh.id}:")
        await s.click(world.bob, lobby, button(lobby, ":cancel"))
        await s.settle()
        assert await bot.store.running_game_in_channel(world.channel.id) is None
        # ... and Rematch opens a lobby with the same seats and options.
        await s.click(world.bob, results, button(results, ":rematch"))
        await s.settle()
        again = await bot.store.running_game_in_channel(world.channel.id)
        assert again is not None and again.status == "lobby"
        assert {seat.user_id for seat in again.seats} == {world.alice.id, world.bob.id}
        assert dict(again.options) == dict(record.options)
        # (Where the rematch lobby is shown: see test_rematch_lobby_is_public, a known bug.)
        # Stats are untouched by all of this.
        assert len(await bot.store.get_results(record.id)) == 2
        assert (await bot.store.player_stats(world.guild.id, world.alice.id)).competitive.games == 1


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
        assert ("The team **won**!" in text) or ("Penny Dreadful **won**." in text)
        png = results[0].attachment("results.png")
        assert png.data.startswith(b"\x89PNG") and png.description.startswith("Final ranking:")
        stored = await bot.store.get_results(record.id)
        assert [(r.user_id, r.mode) for r in stored] == [(world.alice.id, "coop")]
        stats = await bot.store.player_stats(world.guild.id, world.alice.id)
        assert stats.coop.games == 1 and stats.competitive.games == 0
        assert stats.coop_by_genre.get("horror", (0, 0))[1] == 1


@pytest.mark.xfail(reason="bug: the Rematch lobby is posted as an ephemeral message (the follow-up replaces the "
                          "ephemeral 'thinking' answer), so only the clicker sees it and its later edits fail")
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
        again = await bot.store.running_game_in_channel(world.channel.id)
        assert again is not None and again.status == "lobby"
        lobby = with_component(world, f"hb:l:{again.id}:")  # LookupError today: the lobby is alice's ephemeral
        await s.click(world.alice, lobby, button(lobby, ":start"))
        await s.settle(quiet=0.6)
        with_component(world, f"hb:h:{again.id}:")  # the new game's table


async def test_alice_against_a_normal_computer(world: World) -> None:
    s = world.standin
    began = time.monotonic()
    async with running_bot(world, ai_delay=0.0) as bot:
        record = await start_table(world, bot.store, {"length": 40}, computers=("ai2",))
        computer = next(seat for seat in record.seats if seat.user_id is None)
        assert computer.ai_strength == 2 and "normal" in computer.display_name
        driver = Driver(world, bot.store, record.id, seat_users(world, record), use_ink=True)
        game = await driver.play_until(lambda g: g.finished)
        await bot.sessions.wait_for_computers(record.id)
        await s.settle(quiet=0.6)
        print(f"alice vs normal computer: {len(driver.turns)} of alice's turns, {driver.actions} actions in "
              f"{time.monotonic() - began:.1f}s; {latency_summary(driver.latencies)}")
        assert game.finished
        moves = await bot.store.get_moves(record.id)
        assert {m.seat for m in moves} == {0, 1}
        # A turn starts with a word or a skip (the engine ends a turn itself once nothing is left to do).
        computer_turns = sum(1 for m in moves if m.seat == computer.seat and m.move.split()[0] in ("spell", "skip"))
        assert computer_turns >= len(driver.turns) - 1 > 0
        # alice is told each time her turn comes (the computer's own log lines: see test_every_turn_is_logged).
        said = "\n".join(m.content for m in s.messages(world.channel))
        assert said.count(f"<@{world.alice.id}>, your turn.") >= len(driver.turns)
        assert any(t.moves and t.moves[0] == "ink" for t in driver.turns), "alice drew with ink at least once"
        results = [*iter_results_messages(world, record.id)]
        assert len(results) == 1 and results[0].attachment("results.png").description.startswith("Final ranking:")
        stored = await bot.store.get_results(record.id)
        assert sorted((r.user_id, r.ai_strength) for r in stored if r.user_id is None) == [(None, 2)]
        assert (await bot.store.player_stats(world.guild.id, world.alice.id)).competitive.games == 1
        # The computer never played out of turn or twice: replaying the stored log gives the stored game.
        assert len(game.move_log) == len(moves)


@pytest.mark.xfail(reason="bug: the turn's log line is built from the events of the move that ends the turn only, "
                          "so a word spelled earlier in the turn (nearly always) is never announced")
async def test_every_turn_is_logged(world: World) -> None:
    s = world.standin
    async with running_bot(world) as bot:
        record = await start_table(world, bot.store, {"length": 40}, joiners=(world.bob,))
        driver = Driver(world, bot.store, record.id, seat_users(world, record))
        turn = await driver.play_turn(0)
        assert turn.word is not None, "a starting hand always spells something"
        await s.settle(quiet=2.0)  # the turn log may be held back a little to respect Discord's rate
        said = "\n".join(m.content for m in s.messages(world.channel))
        assert f"**{driver.users[0].name}** spelled **{turn.word}**" in said
