"""A player's deck and every word of a game, end to end through the stand-in.

- "My deck" on the hand panel turns it into the deck screen: the draw pile as a set (R28.3: its contents,
  never its order), the discard pile, every player's genre mix, with a picture; "Back to my hand" returns;
  the bot turns it back into the hand panel when the game moves on, as it keeps any panel current.
  Someone not seated gets a private refusal.
- The results message lists every word of the game grouped by player (from the stored log replayed), and
  its select shows them privately sorted another way (a picture and its text); a forged sort or the select
  of a game still being played are refused privately and change nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from botkit import button, running_bot, table_of, text_of
from discord_standin.world import World
from scenario_kit import Driver, iter_results_messages, load_game, seat_users, start_table

from hardback_bot.engine.cards import card
from hardback_bot.engine.moves import LoggedMove
from hardback_bot.engine.views import player_view
from hardback_bot.sessions.screens import game_words as words_table
from hardback_bot.sessions.screens.game_words import sort_words, words_of_game
from hardback_bot.store import GameRecord


async def test_my_deck_shows_my_piles_and_follows_the_game(world: World) -> None:
    s = world.standin
    async with running_bot(world) as bot:
        record = await start_table(world, bot.store, {"length": 40}, joiners=(world.bob,))
        gid = record.id
        users = seat_users(world, record)
        driver = Driver(world, bot.store, gid, users, jail=False, preview=False)
        await driver.play_turn((await load_game(bot.store, gid))[1].active_seat)  # a discard pile to show
        _, game = await load_game(bot.store, gid)
        waiting = 1 - game.active_seat
        user = users[waiting]
        table = table_of(world)
        before = len(s.ephemerals(user))
        await s.click(user, table, button(table, "hb:h:"))
        deck_id = f"hb:h:{gid}:0:d"
        await s.wait_for(lambda: len(s.ephemerals(user)) > before and deck_id in s.ephemerals(user)[-1].custom_ids(),
                         timeout=15, what="the hand panel")  # not only its "thinking…" placeholder
        panel = s.ephemerals(user)[-1]
        assert deck_id in panel.custom_ids(), panel.custom_ids()

        await s.click(user, panel, deck_id)
        await s.wait_for(lambda: "Your deck" in text_of(s.find_message(panel.id)), timeout=15, what="the deck screen")
        shown = s.find_message(panel.id)  # the same private message, now the deck screen
        said = text_of(shown)
        me = player_view(game, waiting)["players"][waiting]
        draw = " ".join(sorted(card(c).letter for c in me["draw_contents"]))
        discard = " ".join(sorted(card(c).letter for c in me["discard"]))
        assert f"Your deck — {user.name}" in said, said
        assert f"Draw pile (in no particular order): {draw}" in said, said
        assert f"Discard pile: {discard}" in said and discard, said
        assert all(f"{s_.display_name}:" in said for s_ in record.seats), said  # every player's genre mix
        assert [a.filename for a in shown.attachments] == ["deck.png"]
        assert shown.attachments[0].description  # alt text

        # Back to the hand, then the deck again: the bot redraws it as the hand once the game moves on.
        await s.click(user, shown, button(shown, f"hb:h:{gid}:0:"))
        await s.wait_for(lambda: "Your hand" in text_of(s.find_message(panel.id)), timeout=15, what="the hand again")
        await s.click(user, s.find_message(panel.id), deck_id)
        await s.wait_for(lambda: "Your deck" in text_of(s.find_message(panel.id)), timeout=15, what="the deck again")
        await s.settle()
        await driver.play_turn(game.active_seat)
        await s.wait_for(lambda: "Your turn" in text_of(s.find_message(panel.id)), timeout=10,
                         what="the deck screen to become the hand panel when the turn came")

        # Someone not seated: a private refusal; nothing posted, nothing changed.
        carol = s.add_user("carol", world.guild)
        await s.settle(quiet=1.0)  # the turn's own line may still be on its way (paced announcements)
        posted = len(s.messages(world.channel))
        version = (await bot.store.games.get_game(gid, with_state=False)).version
        inter = await s.forged(carol, table_of(world), {"custom_id": deck_id, "component_type": 2})
        await s.settle()
        assert inter.answers and "You are not playing in this game." in text_of(s.last_ephemeral(carol))
        after = s.messages(world.channel)[posted:]
        assert not any("not playing" in text_of(m) for m in after), [text_of(m) for m in after]
        assert (await bot.store.games.get_game(gid, with_state=False)).version == version
    s.assert_no_violations()


async def test_results_list_every_word_and_sort_them_privately(world: World,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    s = world.standin
    replays: list[int] = []
    real_replay = words_table.played_words

    def counted(record: GameRecord, moves: Sequence[LoggedMove]) -> list[words_table.PlayedWord]:
        replays.append(record.id)
        return real_replay(record, moves)

    monkeypatch.setattr(words_table, "played_words", counted)
    async with running_bot(world) as bot:
        record = await start_table(world, bot.store, {"coop": True})
        gid = record.id
        select_id = f"hb:e:{gid}:0:sel"

        # Before the end the select does nothing (forged: a running game has no results message).
        inter = await s.forged(world.alice, table_of(world), {"custom_id": select_id, "component_type": 3,
                                                              "values": ["length"]})
        await s.settle()
        assert inter.answers and "does nothing" in text_of(s.last_ephemeral(world.alice)).lower()

        driver = Driver(world, bot.store, gid, {0: world.alice}, jail=False, preview=False)
        await driver.play_until(lambda g: g.finished)
        await s.settle(quiet=0.6)
        results = list(iter_results_messages(world, gid))
        assert len(results) == 1
        message = results[0]
        words = await words_of_game(bot.store, gid)
        assert words, "the game had words"
        titles = [e.get("title") for e in message.embeds]
        assert titles[1] == "Every word of the game", titles
        listed = message.embeds[1]["description"]
        assert all(f"**{w.word}**" in listed for w in words), listed
        assert sum(len(e.get("title", "")) + len(e.get("description", "")) for e in message.embeds) <= 6000
        assert select_id in message.custom_ids()
        assert replays == [gid], "the results replayed the ended game's log once"

        await s.select(world.alice, message, select_id, ["length"])
        await s.settle()
        sorted_view = s.last_ephemeral(world.alice)
        said = text_of(sorted_view)
        assert "Every word, longest first" in said
        order = [w.word for w in sort_words(words, "length")]
        positions = [said.index(f"**{w}**") for w in order]
        assert positions == sorted(positions), (order, said)
        assert [a.filename for a in sorted_view.attachments] == ["words.png"]

        # Sorting again from the private list edits it in place.
        edits = sorted_view.edit_count
        await s.select(world.alice, sorted_view, select_id, ["word"])
        await s.settle()
        again = s.find_message(sorted_view.id)
        assert again.edit_count > edits and "Every word, alphabetically" in text_of(again)
        assert replays == [gid], "sorting reuses the ended game's words instead of replaying its log again"

        # A forged sort: a private refusal, the results unchanged.
        before = text_of(s.find_message(message.id))
        inter = await s.forged(world.alice, message, {"custom_id": select_id, "component_type": 3,
                                                      "values": ["colour"]})
        await s.settle()
        assert inter.answers and "Traceback" not in text_of(s.last_ephemeral(world.alice))
        assert text_of(s.find_message(message.id)) == before
    s.assert_no_violations()
