"""A turn in a few clicks (issue 13), through the stand-in: panels that follow the game, a spelling flow that
shows what matters, an unmistakable game over, and clear texts."""

from __future__ import annotations

import asyncio
import re

from botkit import button, open_table, running_bot, table_of, text_of, user_for
from discord_standin.world import World
from flow_kit import FlowPlayer, live_game_components
from scenario_kit import find_word, load_game, seat_users, start_table

from hardback_bot.engine.cards import card
from hardback_bot.engine.scenario import build_game
from hardback_bot.sessions.screens.word import offered, word_panel
from hardback_bot.sessions.spelling import arrangements
from hardback_bot.sessions.yields import yield_of

GAME_BUTTONS = re.compile(r"^hb:[hmsxag]:")


async def open_hand(world: World, user) -> object:  # type: ignore[no-untyped-def]
    s = world.standin
    table = table_of(world)
    await s.click(user, table, button(table, "hb:h:"))
    await s.settle()
    return s.last_ephemeral(user)


async def test_the_waiting_players_panel_turns_into_their_turn(world: World) -> None:
    s = world.standin
    async with running_bot(world) as bot:
        game_id = await open_table(world, bot)
        loaded = await bot.sessions.load(game_id)
        first = user_for(world, loaded.record.seats[0].user_id)
        second = user_for(world, loaded.record.seats[1].user_id)
        waiting = await open_hand(world, second)
        assert "It is" in text_of(waiting) and "Your turn" not in text_of(waiting)
        clicks_before = sum(1 for i in s.interactions.values() if i.user.id == second.id)
        # The first player skips; the second player's panel, opened earlier, now says it is their turn.
        hand = await open_hand(world, first)
        await s.click(first, hand, button(hand, "hb:x:"))
        await s.settle()
        await s.click(first, s.last_ephemeral(first), button(s.last_ephemeral(first), ":skip"))
        await s.settle(quiet=0.5)
        panel = s.find_message(waiting.id)
        assert "Your turn" in text_of(panel), text_of(panel)
        assert any(c.startswith("hb:s:") for c in panel.custom_ids()), "Spell is one click away"
        assert sum(1 for i in s.interactions.values() if i.user.id == second.id) == clicks_before
        # The turn's call carries "Open my hand" too, for a player with no panel open.
        call = next(m for m in reversed(s.messages(world.channel)) if f"<@{second.id}>, your turn." in m.content)
        assert any(c.startswith(f"hb:h:{game_id}:") for c in call.custom_ids())


async def test_a_whole_game_in_few_clicks_and_nothing_live_after_it(world: World) -> None:
    s = world.standin
    async with running_bot(world) as bot:
        record = await start_table(world, bot.store, {"length": 40, "adverts": False}, joiners=(world.bob,))
        player = FlowPlayer(world, bot.store, record.id, seat_users(world, record))
        for _ in range(300):
            _, game = await load_game(bot.store, record.id)
            if game.finished:
                break
            await player.play_turn(game.active_seat)
        await s.settle(quiet=1.0, timeout=20)
        clicks = sorted(t.clicks for t in player.turns)
        median = clicks[len(clicks) // 2]
        assert median <= 4, clicks
        # The distribution is measured by bench/turn_flow.py (p90 5); here a loaded machine can cost a turn a
        # refresh or two, so only the shape is pinned.
        assert clicks[int(0.9 * len(clicks))] <= 8, clicks
        assert not any(t.stale_start for t in player.turns)
        # Game over is unmistakable: no live game button anywhere, the table shows the final state ...
        assert live_game_components(world, record.id) == []
        table = table_of(world)
        assert "(final)" in table.embeds[0]["title"] and "Turn:" not in text_of(table)
        assert "Final round" not in text_of(table)
        # ... and every panel a player still has says so, with the results.
        for user in player.users.values():
            panel = s.last_ephemeral(user)
            assert "This game is over" in text_of(panel) and "★" in text_of(panel)


async def test_ending_mid_turn_takes_every_game_button_down(world: World) -> None:
    s = world.standin
    async with running_bot(world) as bot:
        game_id = await open_table(world, bot)
        loaded = await bot.sessions.load(game_id)
        first = user_for(world, loaded.record.seats[0].user_id)
        hand = await open_hand(world, first)
        word = find_word([card(c).letter for c in loaded.game.player(0).hand])
        if word is not None:  # leave a word preview open when the game is ended
            await s.click(first, hand, button(hand, "hb:s:"))
            await s.submit_modal(first, None, {"word": word})
            await s.settle()
        await s.slash(world.alice, "hardback end")
        await s.settle()
        confirm = s.last_ephemeral(world.alice)
        posted = len(s.messages(world.channel))
        await s.click(world.alice, confirm, button(confirm, ":end"))
        await s.settle(quiet=0.6)
        assert not s.find_message(confirm.id).custom_ids(), "the used confirmation keeps no live button"
        assert live_game_components(world, game_id) == []
        assert "ended" in text_of(s.last_ephemeral(first)).lower()
        table = table_of(world)
        assert "This game was ended" in text_of(table) and not table.custom_ids()
        after = s.messages(world.channel)[posted:]
        assert [m.content for m in after if "ended by" in m.content], "the end is announced"
        assert not any("your turn" in m.content for m in after)


async def test_ending_while_a_computer_is_mid_turn(world: World) -> None:
    s = world.standin
    async with running_bot(world, ai_delay=0.3) as bot:
        record = await start_table(world, bot.store, {"length": 40}, computers=("ai2",))
        gid = record.id
        computer = next(x.seat for x in record.seats if x.user_id is None)
        player = FlowPlayer(world, bot.store, gid, seat_users(world, record))
        for _ in range(6):  # alice plays until the computer's turn starts
            _, game = await load_game(bot.store, gid)
            if game.active_seat == computer:
                break
            await player.play_turn(game.active_seat)
        start = len(await bot.store.get_moves(gid))
        for _ in range(300):
            if len(await bot.store.get_moves(gid)) > start:
                break
            await asyncio.sleep(0.01)
        await s.slash(world.alice, "hardback end")
        await s.settle()
        posted = len(s.messages(world.channel))
        await s.click(world.alice, s.last_ephemeral(world.alice), button(s.last_ephemeral(world.alice), ":end"))
        # The click may still be on its way when the computer commits its next move: count from the end.
        for _ in range(500):
            if (await bot.store.get_game(gid, with_state=False)).status == "abandoned":
                break
            await asyncio.sleep(0.01)
        ended_at = len(await bot.store.get_moves(gid))
        await asyncio.sleep(1.5)  # longer than a computer move takes
        await s.settle(quiet=0.6)
        assert len(await bot.store.get_moves(gid)) == ended_at, "no computer move after the end"
        after = s.messages(world.channel)[posted:]
        assert not any("your turn" in m.content for m in after), [m.content for m in after]
        assert live_game_components(world, gid) == []
        assert "This game was ended" in text_of(table_of(world))


def test_arrangements_differ_and_name_the_wild_card() -> None:
    # Two starter E's and a romance card: spelling with a wild shows which card goes face down and what it
    # gives up, and only arrangements that give something another does not are offered (R7, R8).
    game = build_game({"seats": [{"hand": [1141, 1145, 1148, 1154, 72, 91, 120]}, {}], "options": {"adverts": False}})
    options = arrangements(game, 0, "TEA")
    shown = offered(options)
    assert len(shown) < len(options)
    assert len({yield_of(o) for o in shown}) == len(shown)
    assert not any(yield_of(a).covers(yield_of(b)) for a in shown for b in shown if a is not b)
    assert all(any(w.wild for w in o.move.word) for o in shown), "T needs a wild"
    panel = word_panel(1, 1, options, shown[0], None)
    assert "Wild cards: T from" in panel.text, panel.text
    selects = [r for r in panel.rows if not isinstance(r, list)]
    if len(shown) > 1:
        labels = [o.label.split(". ", 1)[1] for o in selects[0].options]
        assert len(labels) == len(set(labels)), labels
        described = [o.description for o in selects[0].options]
        assert all(d and re.search(r"from (a starter [A-Z]|[A-Z] \(|[a-z]+ [A-Z])", d) for d in described), described
    else:
        assert not selects, "one arrangement worth choosing: no select"


async def test_leaving_a_running_game_asks_first(world: World) -> None:
    s = world.standin
    async with running_bot(world) as bot:
        game_id = await open_table(world, bot)
        await s.slash(world.bob, "hardback leave")
        await s.settle()
        confirm = s.last_ephemeral(world.bob)
        assert "Leave this game?" in text_of(confirm)
        seat = next(x for x in (await bot.store.get_game(game_id)).seats if x.user_id == world.bob.id)
        assert seat.ai_strength is None, "nothing happens before the confirmation"
        await s.click(world.bob, confirm, button(confirm, ":leave"))
        await s.settle(quiet=0.6)
        seat = next(x for x in (await bot.store.get_game(game_id)).seats if x.user_id == world.bob.id)
        assert seat.ai_strength == 2
        assert not s.find_message(confirm.id).custom_ids()
        assert any("left the game" in m.content for m in s.messages(world.channel))


async def test_a_choice_can_be_undone_before_buying(world: World) -> None:
    """The active player takes back a choice of the turn that revealed nothing (an either-or choice, a
    declined step) and decides again; the move log keeps both and replays to the same game."""
    from hardback_bot.engine import Game

    s = world.standin
    async with running_bot(world) as bot:
        record = await start_table(world, bot.store, {"length": 40, "adverts": False}, joiners=(world.bob,))
        player = FlowPlayer(world, bot.store, record.id, seat_users(world, record), undo_once=True)
        for _ in range(3):  # the seed is random: a game may end before any undoable choice comes up
            for _ in range(60):
                _, game = await load_game(bot.store, record.id)
                if player.undone or game.finished:
                    break
                await player.play_turn(game.active_seat)
            if player.undone:
                break
            await s.settle(quiet=0.5)
            record = await start_table(world, bot.store, {"length": 40, "adverts": False}, joiners=(world.bob,))
            player = FlowPlayer(world, bot.store, record.id, seat_users(world, record), undo_once=True)
        assert player.undone, "no undoable choice came up in three games"
        await s.settle(quiet=0.3)
        _, after = await load_game(bot.store, record.id)
        log = [move for _, move in after.move_log]
        assert "undo" in log
        replayed = Game.replay(after.num_players, after.state.seed, after.options, after.move_log,
                               checker=after.checker)
        assert replayed.to_json() == after.to_json()
