"""Ghostwriter (RULES.md R30) through Discord: a thread on the table, suggestions by thread reply (Message
Content intent) and by button + form, adoption by the speller, ink paid publicly, thread archived."""

from __future__ import annotations

from botkit import button, open_table, running_bot, spellable_word, text_of, user_for, with_component
from discord_standin.world import World


async def test_ghostwriter_round_with_thread_reply_and_form(world: World) -> None:
    s = world.standin
    async with running_bot(world, message_content=True) as bot:
        await open_table(world, bot)
        record = await bot.store.running_game_in_channel(world.channel.id)
        loaded = await bot.sessions.load(record.id)
        speller = user_for(world, loaded.record.seats[0].user_id)
        helper = user_for(world, loaded.record.seats[1].user_id)
        table = with_component(world, "hb:h:")
        await s.click(speller, table, button(table, "hb:h:"))
        await s.settle()
        hand = s.last_ephemeral(speller)
        await s.click(speller, hand, button(hand, "ghostwriter"))
        await s.settle(quiet=0.6)
        threads = s.threads(world.channel)
        assert len(threads) == 1 and threads[0].name.startswith("Ghostwriter: ")
        thread = threads[0]
        opening = s.messages(thread)[-1]
        assert opening.attachments and opening.attachments[0].filename == "cards.png"

        # A reply in the thread is checked: a word the cards cannot spell gets a short answer ...
        await s.send_message(helper, thread, "zzyzx")
        await s.settle()
        assert "cannot be spelled" in s.messages(thread)[-1].content or "not in the dictionary" in \
            s.messages(thread)[-1].content
        # ... a good one gets a reaction.
        loaded = await bot.sessions.load(record.id)
        word = spellable_word(loaded.game, 0)
        reply = await s.send_message(helper, thread, word.lower())
        await s.settle()
        assert s.find_message(reply.id).reactions, "a valid suggestion is acknowledged with a reaction"
        # The button + form path works too (no Message Content intent needed).
        opening = s.messages(thread)[0]
        await s.click(helper, opening, button(opening, "hb:g:"))
        await s.settle()
        loaded = await bot.sessions.load(record.id)
        second = spellable_word(loaded.game, 0, {word})
        await s.submit_modal(helper, None, {"word": second})
        await s.settle()
        assert any(f"suggests **{second}**" in m.content for m in s.messages(thread))

        # The speller adopts the first suggestion from their hand panel and spells it.
        await s.click(speller, table, button(table, "hb:h:"))
        await s.settle()
        hand = s.last_ephemeral(speller)
        adopt = next(c for c in hand.custom_ids() if c.startswith("hb:g:") and c.endswith(":adopt"))
        await s.select(speller, hand, adopt, ["1"])
        await s.settle()
        preview = s.last_ephemeral(speller)
        assert f"Spell {word}?" in text_of(preview)
        await s.click(speller, preview, button(preview, "hb:m:"))
        await s.settle(quiet=0.6)
        # Finish the turn if it is still going (choices, purchases).
        for _ in range(20):
            loaded = await bot.sessions.load(record.id)
            if loaded.game.active_seat != 0:
                break
            await s.click(speller, table, button(table, "hb:h:"))
            await s.settle()
            panel = s.last_ephemeral(speller)
            ids = panel.custom_ids()
            choice = next((c for c in ids if c.endswith(("end", "pass", "take_coins", "take_ink"))), None)
            assert choice, ids
            await s.click(speller, panel, choice)
            await s.settle(quiet=0.5)
        lines = "\n".join(m.content for m in s.messages(world.channel))
        assert "ghostwrote" in lines and "earns 1 ink" in lines
        loaded = await bot.sessions.load(record.id)
        assert loaded.game.player(1).ink >= 1
        assert s.channels[thread.id].archived  # the thread closes with the turn
