"""Races in whole games through the real bot and the Discord stand-in (extends test_bot_play.py): both players
clicking at once, and stale selects from a second device. Every move is a click; the ``world`` fixture fails a
test on any breach of Discord's limits.
"""

from __future__ import annotations

import asyncio

import pytest
from botkit import button, running_bot, text_of
from discord_standin.world import World
from scenario_kit import (
    OUT_OF_DATE,
    Driver,
    keeps_the_turn,
    previewed_word,
    seat_users,
    seeded_games,
    start_table,
)

# Deals that bring each test's case within its first turns (seeded_games), instead of hoping a random one does.
SECOND_DEVICE_SEED = 3


async def moves_of(bot, game_id: int) -> list[tuple[int, str]]:
    return [(m.seat, m.move) for m in await bot.store.games.get_moves(game_id)]


@pytest.mark.parametrize("first", ["together", "ink"])
async def test_both_players_click_at_once(world: World, first: str) -> None:
    """The active player confirms a word (twice, double-click) while the other player draws with ink, a
    non-player and the other player open hands: every click is answered, the word is spelled exactly
    once, and the state always matches the move log. The ink draw changes only the drawer's hand
    (R6.1), so a word preview drawn before it still works; an ink click made on a view from before
    the word is out of date, and its player simply draws again."""
    s = world.standin
    async with running_bot(world) as bot:
        record = await start_table(world, bot.store, {"length": 40}, joiners=(world.bob,))
        driver = Driver(world, bot.store, record.id, seat_users(world, record))
        # Play on until the waiting player has ink and the active one a word. The seed is random, so give it
        # most of a game: 16 turns were not always enough.
        for _ in range(40):
            _, game = await driver.game()
            if game.finished:
                raise AssertionError("the game ended before a turn with a word while the other player had ink")
            active, waiting = game.active_seat, 1 - game.active_seat
            word = previewed_word(game, active)
            if word is not None and game.player(waiting).ink > 0:
                break
            await driver.play_turn(active)
        else:
            raise AssertionError("no turn with a word while the other player had ink, in 40 turns")
        a, b = driver.users[active], driver.users[waiting]
        preview = await driver.spell(a, await driver.open_hand(a), word)
        confirm = next(x["custom_id"] for x in preview.buttons() if x["label"].startswith("Confirm"))
        b_panel = await driver.open_hand(b)
        ink = button(b_panel, ":ink")
        table = driver.table()
        hand = button(table, "hb:h:")
        before = await moves_of(bot, record.id)
        if first == "ink":  # b's ink lands just before a confirms the preview drawn earlier
            b_panel = await driver.press(b, b_panel, ink)
            others = [s.click(world.mod, table, hand), s.click(b, table, hand)]
        else:
            others = [s.click(b, b_panel, ink), s.click(world.mod, table, hand), s.click(b, table, hand)]
        clicks = await asyncio.gather(s.click(a, preview, confirm), s.click(a, preview, confirm), *others)
        await s.settle(quiet=0.5)
        assert all(c.latency is not None and c.latency < 3 for c in clicks)
        # (A Confirm may carry the word's own answers, uncover/double/either-or: they belong to the word.)
        answers = ("take", "uncover", "double")
        new = [(seat, m.split()[0]) for seat, m in (await moves_of(bot, record.id))[len(before):]
               if m.split()[0] not in answers]
        # The double click spells the word once; b's ink lands before it (both stand) or is refused
        # as out of date once the word is in (it was clicked on a view from before the word).
        assert new in ([(active, "spell")], [(waiting, "ink"), (active, "spell")]), new
        _, game = await driver.game()
        assert len([m for m in game.move_log[len(before):] if m.move.kind not in answers]) == len(new)
        assert "not playing" in text_of(s.last_ephemeral(world.mod))
        assert "Your hand" in text_of(s.last_ephemeral(b))
        if first == "ink":
            assert new == [(waiting, "ink"), (active, "spell")], "a preview drawn before another's ink still works"
        if new == [(active, "spell")]:  # b was told, with the current view, and simply draws again
            b_now = s.find_message(b_panel.id)
            assert OUT_OF_DATE in text_of(b_now)
            await driver.press(b, b_now, button(b_now, ":ink"))
        final = [(seat, m.split()[0]) for seat, m in (await moves_of(bot, record.id))[len(before):]
                 if m.split()[0] not in answers]
        assert sorted(final) == sorted([(active, "spell"), (waiting, "ink")]), final


async def test_stale_selects_from_a_second_device(world: World) -> None:
    """The same player with two open panels (phone and desktop): a select on the panel left behind — another
    arrangement of a word already confirmed, a second purchase — answers "out of date" and changes nothing."""
    async with running_bot(world) as bot:
        with seeded_games(SECOND_DEVICE_SEED):  # a word with two arrangements worth choosing comes early
            record = await start_table(world, bot.store, {"length": 40}, joiners=(world.bob,))
        assert record.seed == SECOND_DEVICE_SEED
        driver = Driver(world, bot.store, record.id, seat_users(world, record))
        checked_arrangement = checked_buy = False
        for _ in range(20):
            if checked_arrangement and checked_buy:
                break
            _, game = await driver.game()
            seat = game.active_seat
            user = driver.users[seat]
            word = previewed_word(game, seat)
            if word is None or not keeps_the_turn(game, seat, word):  # R19.8: the turn may end by itself
                await driver.play_turn(seat)
                continue
            phone, desktop = await driver.open_hand(user), await driver.open_hand(user)
            on_phone = await driver.spell(user, phone, word)
            on_desktop = await driver.spell(user, desktop, word)
            confirm = next(x["custom_id"] for x in on_phone.buttons() if x["label"].startswith("Confirm"))
            await driver.press(user, on_phone, confirm)
            arrangement = next((c for c in on_desktop.all_components() if c.get("type") == 3), None)
            if arrangement is not None:
                before = await moves_of(bot, record.id)
                value = arrangement["options"][-1]["value"]
                answered = await driver.pick(user, on_desktop, arrangement["custom_id"], value)
                assert OUT_OF_DATE in text_of(answered) and await moves_of(bot, record.id) == before
                checked_arrangement = True
            turn = await driver.play_turn(seat, until=lambda g: g.phase == "buy")
            _, game = await driver.game()
            if game.phase == "buy" and game.active_seat == seat and not checked_buy:
                phone = turn.panel
                desktop = await driver.open_hand(user)
                buys = [(c["custom_id"], o["value"]) for c in phone.all_components() if c.get("type") == 3
                        for o in c.get("options", []) if o["value"].startswith("buy_")]
                if buys:
                    await driver.pick(user, phone, *buys[0])
                    before = await moves_of(bot, record.id)
                    answered = await driver.pick(user, desktop, *buys[0])
                    assert OUT_OF_DATE in text_of(answered) and await moves_of(bot, record.id) == before
                    checked_buy = True
            _, game = await driver.game()
            if not game.finished and game.active_seat == seat:
                await driver.play_turn(seat)
        assert checked_arrangement and checked_buy
