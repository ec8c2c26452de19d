"""What holds in a group DM besides whole games: refusals, timers that wait for a click, tokens that die, the
ghostwriter's suggestion form on the table, and a server that never added the bot."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from botkit import ManualClock, button, running_bot, text_of
from discord_standin.world import World
from dm_kit import bot_token_calls, friends, open_hand, open_table, page_of
from scenario_kit import find_word, load_game, seeded_games

from hardback_bot.engine.cards import card

GHOSTWRITER_SEED = 7


async def answer_of(world: World, inter: Any) -> str:
    """The private answer of an interaction, once it came (the bot may think a while on a busy machine)."""
    def found() -> Any:
        private = [m for m in inter.followups if m.ephemeral]
        if private:
            return private[-1]
        message = inter.message  # after a deferred update that is the message clicked, not an answer
        return message if inter.response_type != 6 and message is not None and message.ephemeral \
            and not message.loading else None

    return text_of(await world.standin.wait_for(found, timeout=15, what=f"a private answer to {inter.describe()}"))


async def test_clicks_act_only_on_their_own_game_by_the_player_to_act(world: World) -> None:
    s = world.standin
    group = friends(world, 3)  # alice, bob, carol: carol watches
    other = s.add_group_dm([world.alice, world.bob], "elsewhere")
    async with running_bot(world) as bot:
        record = await open_table(world, bot.store, group.channel, group.alice, {"length": 40},
                                  joiners=(world.bob,))
        gid = record.id
        before = (await bot.store.games.get_game(gid)).version
        _, game = await load_game(bot.store, gid)
        active = next(u for u in group.people[:2] if u.id == record.seats[game.active_seat].user_id)
        waiting = next(u for u in group.people[:2] if u is not active)
        carol = group.people[2]
        page = page_of(world, group.channel)
        hand = f"hb:h:{gid}:0:"
        skip = f"hb:m:{gid}:{before}:skip"
        # The same game's button sent from another group DM.
        said = await answer_of(world, await s.forged(active, None, {"custom_id": hand, "component_type": 2},
                                                     channel=other))
        assert "not" in said.lower() and "Your hand" not in said
        # The right channel, but another kind of place than the game's (a modified client's claim).
        for context in (0, 1):
            said = await answer_of(world, await s.forged(active, page, {"custom_id": hand, "component_type": 2},
                                            context=context))
            assert "Your hand" not in said, said
        # Somebody of the group who is not seated, and a seated player out of turn.
        said = await answer_of(world, await s.forged(carol, page, {"custom_id": skip, "component_type": 2}))
        assert "not playing" in said.lower() or "not in this game" in said.lower(), said
        said = await answer_of(world, await s.forged(waiting, page, {"custom_id": skip, "component_type": 2}))
        assert "turn" in said.lower() or "out of date" in said.lower(), said
        # A custom_id the bot never made.
        said = await answer_of(world, await s.forged(active, page, {"custom_id": "hb:m:99999999999999999999999:1:x",
                                                       "component_type": 2}))
        assert said and "wrong" not in said.lower()
        # Another player's private panel.
        mine = await open_hand(world, active, group.channel)
        said = await answer_of(world, await s.forged(waiting, mine, {"custom_id": skip, "component_type": 2}))
        assert "Your hand" not in said
        await s.settle()
        after = await bot.store.games.get_game(gid)
        assert after.version == before and await bot.store.games.get_moves(gid) == []
        # Anyone in the group may watch.
        await s.click(carol, page_of(world, group.channel), button(page, "hb:h:"))
        await s.settle()
        assert "Your hand" not in text_of(s.last_ephemeral(carol))
        assert bot_token_calls(world, group.channel) == [] and bot_token_calls(world, other) == []


async def test_a_turn_timer_waits_for_the_next_click_when_no_token_lives(world: World) -> None:
    s = world.standin
    group = friends(world, 2)
    clock = ManualClock()
    async with running_bot(world, clock=clock) as bot:
        record = await open_table(world, bot.store, group.channel, group.alice, {"length": 40, "turn_timer": 2},
                                  joiners=(world.bob,))
        gid = record.id
        _, game = await load_game(bot.store, gid)
        late = next(u for u in group.people if u.id == record.seats[game.active_seat].user_id)
        other = next(u for u in group.people if u is not late)
        s.advance_time(16 * 60)  # nobody clicks for 16 minutes: every interaction token died
        clock.advance(16 * 60)  # for the bot too
        timer = next(t for t in await bot.store.timers.game_timers(gid) if t.kind == "turn")
        calls = len(s.requests)
        clock.now = max(clock.now, timer.deadline + 1)
        bot.sessions.timers_changed.set()
        for _ in range(200):
            await asyncio.sleep(0.05)
            if any(t.held is not None for t in await bot.store.timers.game_timers(gid) if t.kind == "turn"):
                break
        await s.settle(quiet=0.5)
        # Nobody could be told: the turn timer waits, nothing moved, nothing was sent.
        assert await bot.store.games.get_moves(gid) == []
        assert len(s.requests) == calls, s.requests[calls:]
        old_page = page_of(world, group.channel)
        # The first click acts for the timer, then for itself; the table is brought up to date with its token.
        await s.click(other, old_page, button(old_page, "hb:h:"))
        await s.settle(quiet=0.6)
        assert [m.move for m in await bot.store.games.get_moves(gid)] == ["timeout"]
        page = page_of(world, group.channel)
        assert f"**{late.name}** ran out of time" in page.content, page.content
        assert f"<@{other.id}>, your turn." in page.content
        assert "Your turn" in text_of(s.last_ephemeral(other))
        assert not s.find_message(old_page.id).custom_ids(), "the page before is cut down to its lines"
        assert bot_token_calls(world, group.channel) == []


async def test_a_ghostwriter_request_is_a_form_on_the_table(world: World) -> None:
    s = world.standin
    group = friends(world, 2)
    async with running_bot(world) as bot:
        with seeded_games(GHOSTWRITER_SEED):  # the speller's first hand spells a word (RENTS)
            record = await open_table(world, bot.store, group.channel, group.alice,
                                      {"length": 40, "ghostwriter": True}, joiners=(world.bob,))
        assert record.seed == GHOSTWRITER_SEED
        gid = record.id
        _, game = await load_game(bot.store, gid)
        speller = next(u for u in group.people if u.id == record.seats[game.active_seat].user_id)
        helper = next(u for u in group.people if u is not speller)
        hand = await open_hand(world, speller, group.channel)
        await s.click(speller, hand, button(hand, "ghostwriter"))
        page = await s.wait_for(lambda: next((m for m in [page_of(world, group.channel)]
                                              if "asks for a ghostwriter" in text_of(m)), None),
                                timeout=15, what="the request on a new page")
        assert [a.filename for a in page.attachments] == ["table.png", "cards.png"]
        suggest = button(page, ":suggest")
        letters = [card(c).letter for c in game.player(game.active_seat).hand]
        word = find_word(letters)
        assert word is not None, letters
        await s.click(helper, page, suggest)
        await s.settle()
        await s.submit_modal(helper, None, {"word": word.lower()})
        await s.settle(quiet=0.6)
        assert f"Your suggestion **{word}** was sent." in text_of(s.last_ephemeral(helper))
        await s.wait_for(lambda: f"suggests **{word}**" in page_of(world, group.channel).content,
                         what="the suggestion on the table")
        panel = s.last_ephemeral(speller)
        assert any(c.startswith("hb:g:") and c.endswith(":adopt") for c in panel.custom_ids()), panel.custom_ids()
        assert s.threads() == [] and bot_token_calls(world, group.channel) == []


async def test_a_server_that_never_added_the_bot_gets_a_plain_answer(world: World) -> None:
    s = world.standin
    s.install_app(world.alice)
    async with running_bot(world) as bot:
        elsewhere = s.add_guild("Their server")
        s.guilds[elsewhere.id].members.pop(s.bot_user.id)  # the app is alice's own here, not the server's
        channel = s.add_text_channel(elsewhere, "chat")
        s.add_member(elsewhere, world.alice)
        inter = await s.slash(world.alice, "hardback start", {}, channel=channel)
        assert inter.message is not None and inter.message.ephemeral
        assert "not in this server" in text_of(inter.message) and "group DM" in text_of(inter.message)
        assert await bot.store.games.running_game_in_channel(channel.id) is None



async def test_a_page_sent_just_before_a_crash_is_cut_down_at_its_first_click(world: World) -> None:
    """A new page is sent, then recorded: a process that dies in between leaves a page the store does not know,
    and the bot cannot read a group DM to find it. The next pass posts the page again; the stray one keeps its
    buttons only until somebody clicks it, and that click cuts it down to its lines."""
    s = world.standin
    group = friends(world, 2)
    async with running_bot(world) as bot:
        record = await open_table(world, bot.store, group.channel, group.alice, {"length": 40}, joiners=(world.bob,))
        gid = record.id
        first = page_of(world, group.channel)
        store = bot.store
        real = store.messages.set_message
        died: list[int] = []

        async def dies_once(game_id: int, kind: str, message_id: int, *args: Any, **kw: Any) -> None:
            if kind == "table" and not died:
                died.append(message_id)  # as if the process were killed right after sending this page
                raise ConnectionResetError("killed before the page was recorded")
            await real(game_id, kind, message_id, *args, **kw)

        _, game = await load_game(store, gid)
        mover = group.alice if record.seats[game.active_seat].user_id == group.alice.id else world.bob
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(store.messages, "set_message", dies_once)
            hand = await open_hand(world, mover, group.channel)
            asked = await s.click(mover, hand, button(hand, "hb:x:"))
            await s.wait_for(lambda: asked.answers, timeout=15, what="the skip's confirmation")
            confirm_panel = s.find_message(hand.id) or hand
            await s.click(mover, confirm_panel, button(confirm_panel, ":skip"))
            await s.wait_for(lambda: died, timeout=15, what="a new page sent")
        stray = s.find_message(died[0])
        assert stray is not None and any(a.filename == "table.png" for a in stray.attachments)
        # The relay tries again: the page is posted once more, and recorded this time.
        other = world.bob if mover is group.alice else group.alice

        async def recorded() -> int | None:
            table = (await store.games.get_game(gid, with_state=False)).messages.get("table")
            return table if table not in (None, first.id, stray.id) else None

        deadline = time.monotonic() + 15
        while (table := await recorded()) is None:
            assert time.monotonic() < deadline, "the page was not posted again"
            await asyncio.sleep(0.05)
        await s.settle(quiet=0.6)
        current = s.find_message(table)
        assert current is not None and page_of(world, group.channel).id == current.id
        assert any(c.startswith(f"hb:h:{gid}:") for c in stray.custom_ids())  # nobody knows it yet
        await s.click(other, stray, button(stray, f"hb:h:{gid}:"))
        await s.settle(quiet=0.6)
        stray = s.find_message(died[0])
        assert stray is not None and not stray.custom_ids() and not stray.attachments, stray.custom_ids()
        assert page_of(world, group.channel).id == current.id  # the current page keeps its picture and buttons
        assert bot_token_calls(world, group.channel) == []
