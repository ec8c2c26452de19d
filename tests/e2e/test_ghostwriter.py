"""Ghostwriter (RULES.md R30) through Discord: every request gets its own message and thread; suggestions by
thread reply (Message Content intent) and by button + form reach that request only; the speller adopts one;
the ghostwriter's ink is announced; the thread closes with the turn, and its old buttons answer clearly."""

from __future__ import annotations

import os

from botkit import QUICK_POSTS, button, open_table, running_bot, spellable_word, table_of, text_of, user_for
from discord_standin import CREATE_PUBLIC_THREADS, scratch_dir
from discord_standin.models import Message, User
from discord_standin.world import World

import bot as botmod


def request_message(world: World, number: int) -> Message:
    """The ``number``-th ghostwriter request message of the channel (1-based)."""
    found = [m for m in world.standin.messages(world.channel)
             if any(c.startswith("hb:g:") and c.endswith(":suggest") for c in m.custom_ids())
             or any("asks for a ghostwriter" in (e.get("title") or "") for e in m.embeds)]
    return found[number - 1]


async def ask(world: World, bot: botmod.HardbackBot, game_id: int) -> tuple[User, User]:
    """The active player asks for a ghostwriter from their hand panel; returns (speller, helper)."""
    s = world.standin
    loaded = await bot.sessions.load(game_id)
    speller = user_for(world, loaded.record.seats[loaded.game.active_seat].user_id)
    helper = user_for(world, loaded.record.seats[1 - loaded.game.active_seat].user_id)
    table = table_of(world)
    await s.click(speller, table, button(table, "hb:h:"))
    await s.settle()
    hand = s.last_ephemeral(speller)
    await s.click(speller, hand, button(hand, "ghostwriter"))
    await s.settle(quiet=0.6)
    return speller, helper


async def adopt_and_finish(world: World, bot: botmod.HardbackBot, game_id: int, speller: User, word: str,
                           seat: int) -> None:
    """The speller adopts the first suggestion (their panel already shows it) and plays the turn out."""
    s = world.standin
    hand = s.last_ephemeral(speller)
    adopt = next((c for c in hand.custom_ids() if c.startswith("hb:g:") and c.endswith(":adopt")), None)
    assert adopt, f"the speller's panel shows the suggestion without a refresh: {hand.custom_ids()}"
    await s.select(speller, hand, adopt, ["1"])
    await s.settle()
    preview = s.last_ephemeral(speller)
    if f"You spelled **{word}**" not in text_of(preview):  # a word with nothing to choose is played at once
        assert f"Spell {word}?" in text_of(preview)
        await s.click(speller, preview, next(b["custom_id"] for b in preview.buttons()
                                             if b["label"].startswith("Confirm")))
        await s.settle(quiet=0.6)
    for _ in range(20):
        loaded = await bot.sessions.load(game_id)
        if loaded.game.active_seat != seat or loaded.game.finished:
            return
        panel = s.last_ephemeral(speller)
        choice = next((c for c in panel.custom_ids() if c.endswith(("end", "pass", "take_coins", "take_ink"))),
                      None)
        assert choice, panel.custom_ids()
        await s.click(speller, panel, choice)
        await s.settle(quiet=0.5)
    raise AssertionError("the turn did not end")


async def test_two_requests_in_one_game_each_get_a_thread_of_their_own(world: World) -> None:
    s = world.standin
    path = os.path.join(str(scratch_dir("hb-ghost-")), "h.db")
    async with running_bot(world, db_path=path, message_content=True, post_pace=QUICK_POSTS) as bot:
        game_id = await open_table(world, bot)
        speller, helper = await ask(world, bot, game_id)
        first = request_message(world, 1)
        assert first.attachments and first.attachments[0].filename == "cards.png"
        assert first.thread_id is not None, "the request message carries its thread"
        thread = s.channels[first.thread_id]
        assert thread.name.startswith("Ghostwriter: ")

        # A reply in the thread is checked: a word the cards cannot spell gets a short answer ...
        await s.send_message(helper, thread, "zzyzx")
        await s.settle()
        answer = s.messages(thread)[-1].content
        assert "cannot spell" in answer or "not in the dictionary" in answer or "cannot be spelled" in answer
        # ... a good one gets a reaction, and the thread says who suggested what.
        loaded = await bot.sessions.load(game_id)
        seat = loaded.game.active_seat
        word = spellable_word(loaded.game, seat)
        reply = await s.send_message(helper, thread, word.lower())
        await s.settle(quiet=0.6)
        assert s.find_message(reply.id).reactions, "a valid suggestion is acknowledged with a reaction"
        assert any(f"suggests **{word}**" in m.content for m in s.messages(thread))
        # The button + form path works too (no Message Content intent needed), answered once, privately.
        second = spellable_word((await bot.sessions.load(game_id)).game, seat, {word})
        await s.click(helper, first, button(first, ":suggest"))
        await s.submit_modal(helper, None, {"word": second})
        await s.settle(quiet=0.6)
        assert f"Your suggestion **{second}** was sent." in text_of(s.last_ephemeral(helper))
        assert sum(f"suggests **{second}**" in m.content for m in s.messages(thread)) == 1

        # The helper opens the form once more and leaves it open while the speller finishes the turn.
        await s.click(helper, first, button(first, ":suggest"))
        await adopt_and_finish(world, bot, game_id, speller, word, seat)
        said = "\n".join(m.content for m in s.messages(world.channel))
        assert "ghostwrote" in said and "earns 1 ink" in said
        assert s.channels[thread.id].archived and s.channels[thread.id].locked  # it closes with the turn
        assert not s.find_message(first.id).custom_ids(), "the request's button goes with the request"

        # That form, submitted now that its request is over, answers clearly and feeds nothing.
        before = [m.move for m in await bot.store.games.get_moves(game_id)]
        await s.submit_modal(helper, None, {"word": word})
        await s.settle()
        assert "request is over" in text_of(s.last_ephemeral(helper))
        assert [m.move for m in await bot.store.games.get_moves(game_id)] == before

        # The next turns: the other player asks too, and gets a new thread on a new message.
        speller2, helper2 = await ask(world, bot, game_id)
        second_request = request_message(world, 2)
        assert second_request.id != first.id and second_request.thread_id not in (None, thread.id)
        thread2 = s.channels[second_request.thread_id]
        seat2 = (await bot.sessions.load(game_id)).game.active_seat
        # Not a word suggested in the first thread: the check below is that this one goes to the second only.
        word2 = spellable_word((await bot.sessions.load(game_id)).game, seat2, {word, second})
        await s.send_message(helper2, thread2, word2)
        await s.settle(quiet=0.6)
        assert any(f"suggests **{word2}**" in m.content for m in s.messages(thread2))
        assert not any(f"suggests **{word2}**" in m.content for m in s.messages(thread))
        # The first thread is locked: Discord itself keeps replies out of it.
        assert s.channels[thread.id].locked

    # A restart with the second request open: its thread still takes suggestions, adoption works.
    async with running_bot(world, db_path=path, message_content=True, post_pace=QUICK_POSTS) as bot:
        await s.settle(quiet=0.6)
        third = spellable_word((await bot.sessions.load(game_id)).game, seat2, {word2})
        await s.click(helper2, second_request, button(second_request, ":suggest"))
        await s.submit_modal(helper2, None, {"word": third})
        await s.settle(quiet=0.6)
        assert any(f"suggests **{third}**" in m.content for m in s.messages(thread2))
        table = table_of(world)
        await s.click(speller2, table, button(table, "hb:h:"))
        await s.settle()
        await adopt_and_finish(world, bot, game_id, speller2, word2, seat2)
        assert s.channels[thread2.id].archived


async def test_a_request_without_a_thread_takes_suggestions_through_its_button(world: World) -> None:
    """A server at Discord's cap on active threads (error 160006): the request message says why it has no thread,
    its Suggest a word button and form take the suggestions, which are said in the channel. Nothing is retried in
    a loop, and the game goes on. Then the same without the permission to open threads (403)."""
    s = world.standin
    s.max_active_threads = 0
    path = os.path.join(str(scratch_dir("hb-ghost-")), "h.db")
    async with running_bot(world, db_path=path, post_pace=QUICK_POSTS) as bot:
        game_id = await open_table(world, bot)
        speller, helper = await ask(world, bot, game_id)
        request = request_message(world, 1)
        assert request.thread_id is None and not s.threads(world.channel)
        said = text_of(s.find_message(request.id))
        assert "No thread: this server has as many active threads as Discord allows." in said
        assert "with the button" in said and "reply in the thread" not in said
        rows = await bot.store.outbox.game_deliveries(game_id)
        assert all(r.delivered_at is not None for r in rows if r.kind == "ghost_open")  # not retried
        loaded = await bot.sessions.load(game_id)
        seat = loaded.game.active_seat
        word = spellable_word(loaded.game, seat)
        await s.click(helper, request, button(request, ":suggest"))
        form = s.last_modal(helper)
        assert form is not None and form.components[0]["type"] == 10  # the asking player's letters, then the field
        assert "Their hand:" in form.components[0]["content"]
        await s.submit_modal(helper, None, {"word": word})
        await s.settle(quiet=0.6)
        assert any(f"suggests **{word}**" in m.content for m in s.messages(world.channel))
        await adopt_and_finish(world, bot, game_id, speller, word, seat)

        s.max_active_threads = None
        s.set_overwrite(world.channel, s.bot_user, deny=CREATE_PUBLIC_THREADS)
        await ask(world, bot, game_id)
        second = request_message(world, 2)
        assert second.thread_id is None
        assert "No thread: I may not open threads in this channel." in text_of(s.find_message(second.id))
        assert any("Create Public Threads" in m.content for m in s.messages(world.channel))  # said once, how to fix
        assert s.take_violations("permission")
