"""``/hardback privacy`` through the Discord stand-in (cogs/privacy.py, docs/privacy.md): what is kept, the copy as a
file, and the deletion after a private confirmation with Cancel — in a server's channel, in a group DM reached
through a player's own install, and in the bot's DM; a deletion in the middle of a running game, whose other
player plays on with a computer in the deleted player's seat (and, now its host, may end it; a whole game to its
results after a deletion is tests/store/test_privacy_sessions.py); and a restore of a backup made before the
deletion, which the bot's next start makes forget the player again."""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import time

from botkit import QUICK_POSTS, button, running_bot, text_of
from discord_standin.models import Message, User
from discord_standin.world import World
from dm_kit import bot_token_calls, friends, open_table
from flow_kit import FlowPlayer
from scenario_kit import load_game
from test_info_commands import seed_game

from hardback_bot.help.privacy import CONFIRM_FOR
from hardback_bot.store.backup import backup, restore
from hardback_bot.store.models import ERASED_NAME

DELETE, DOWNLOAD, CANCEL = "hb:z:0:0:ask", "hb:z:0:0:export", "hb:z:0:0:cancel"


async def privacy_panel(world: World, user: User, channel=None) -> Message:  # type: ignore[no-untyped-def]
    s = world.standin
    await s.slash(user, "hardback privacy", channel=channel)
    await s.settle()
    panel = s.last_ephemeral(user)
    assert panel.ephemeral and panel.embeds, text_of(panel)
    return panel


def now(world: World, message: Message) -> Message:
    """The message as it is now (the bot edits the private panel in place)."""
    found = world.standin.find_message(message.id)
    assert found is not None, message.id
    return found


def confirm_id(message: Message) -> str:
    return next(c for c in message.custom_ids() if c.startswith("hb:z:0:") and c.endswith(":yes"))


def no_trace(db: str, user_id: int, name: str) -> list[str]:
    """Cells of the SQLite store (but the deletion's own record) holding the user's id or name."""
    found = []
    with sqlite3.connect(db) as conn:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        for table in tables:
            if table in ("erasures", "schema_migrations", "sqlite_sequence"):
                continue
            cursor = conn.execute(f"SELECT * FROM {table}")
            columns = [c[0] for c in cursor.description]
            for row in cursor:
                for column, value in zip(columns, row, strict=True):
                    if value == user_id or (isinstance(value, str) and (str(user_id) in value or name in value)):
                        found.append(f"{table}.{column}")
    return sorted(set(found))


async def test_see_download_cancel_then_delete_in_the_middle_of_a_game(world: World, tmp_path) -> None:  # type: ignore[no-untyped-def]
    s = world.standin
    db = str(tmp_path / "hardback.db")
    name = world.alice.display_name if hasattr(world.alice, "display_name") else world.alice.name
    async with running_bot(world, db_path=db, post_pace=QUICK_POSTS) as bot:
        finished = await seed_game(bot.store, world.guild.id, world.channel.id,
                                   [(world.alice.id, name), (world.bob.id, "bob")], seed=4, length=40)
        record = await open_table(world, bot.store, world.channel, world.alice, {"length": 40},
                                  joiners=(world.bob,))
        panel = await privacy_panel(world, world.alice)
        said = text_of(panel)
        assert "2 games (1 still open)" in said and "1 result of a finished game" in said, said
        assert "365 days" in said and panel.custom_ids() == [DOWNLOAD, DELETE]

        # The copy: a JSON file of her games and moves, results and ratings, nobody else's id in it.
        await s.click(world.alice, panel, DOWNLOAD)
        await s.settle()
        copy = s.last_ephemeral(world.alice).attachment("hardback-my-data.json")
        data = json.loads(copy.data)
        assert {g["id"] for g in data["games"]} == {finished, record.id} and data["user_id"] == world.alice.id
        assert data["results"] and str(world.bob.id) not in copy.data.decode()

        # Delete, then Cancel: the same private message asks, then says nothing was deleted.
        await s.click(world.alice, panel, DELETE)
        await s.settle()
        asked = now(world, panel)
        assert "Delete your data?" in text_of(asked) and "a computer player takes your seat" in text_of(asked)
        assert CANCEL in asked.custom_ids()
        await s.click(world.alice, asked, CANCEL)
        await s.settle()
        assert "nothing was deleted" in text_of(now(world, panel)) and now(world, panel).custom_ids() == []
        assert (await bot.store.privacy.player_data(world.alice.id)).games == 2

        # Delete for real, mid-game.
        panel = await privacy_panel(world, world.alice)
        await s.click(world.alice, panel, DELETE)
        await s.settle()
        await s.click(world.alice, now(world, panel), confirm_id(now(world, panel)))
        await s.settle()
        done = text_of(now(world, panel))
        assert "Done: what this bot kept about you is deleted" in done and "took your seat in 1 game" in done
        assert now(world, panel).custom_ids() == []  # no button left on the answer
        await s.wait_for(lambda: any(f"{ERASED_NAME} left the game; a computer player takes the seat." in text_of(m)
                                     for m in s.messages(world.channel)), timeout=15, what="the table told")
        # Bob plays on; a computer plays her seat. Bob hosts the table now, so he may end it.
        running = await bot.store.games.get_game(record.id, with_state=False)
        bob_seat = next(seat.seat for seat in running.seats if seat.user_id == world.bob.id)
        hers = 1 - bob_seat
        assert running.seats[hers].erased and running.seats[hers].ai_strength and running.host_id == world.bob.id
        erased_at = running.move_count
        player = FlowPlayer(world, bot.store, record.id, {bob_seat: world.bob}, channel=world.channel)
        for _ in range(200):
            _, game = await load_game(bot.store, record.id)
            computer_moved = any(seat == hers for seat, _ in game.move_log[erased_at:])
            if computer_moved and player.turns:
                break
            if game.active_seat == bob_seat and not game.finished:
                await player.play_turn(bob_seat)
            else:
                await asyncio.sleep(0.05)
        assert computer_moved and player.turns, "the game did not go on after the deletion"
        await s.slash(world.bob, "hardback end")
        await s.settle()
        confirm = s.last_ephemeral(world.bob)
        await s.click(world.bob, confirm, button(confirm, ":end"))
        await s.settle()
        assert (await bot.store.games.get_game(record.id, with_state=False)).status == "abandoned"
        # What she sees now: nothing but the record of her deletion.
        panel = await privacy_panel(world, world.alice)
        assert "keeps nothing about you" in text_of(panel) and "had your data deleted on" in text_of(panel)
        assert panel.custom_ids() == [DOWNLOAD]
    assert no_trace(db, world.alice.id, name) == []
    with open(tmp_path / "erasures.jsonl", encoding="utf-8") as ledger:
        assert [json.loads(line)["user_id"] for line in ledger] == [world.alice.id]


async def test_a_confirmation_goes_stale_and_forged_ids_do_nothing(world: World) -> None:
    s = world.standin
    async with running_bot(world) as bot:
        await seed_game(bot.store, world.guild.id, world.channel.id, [(world.alice.id, "alice"), (world.bob.id, "bob")],
                        seed=5)
        panel = await privacy_panel(world, world.alice)
        stale = f"hb:z:0:{(int(bot.store.now()) - CONFIRM_FOR) // 60 - 1}:yes"
        await s.forged(world.alice, panel, {"custom_id": stale, "component_type": 2})
        await s.settle()
        assert "more than 10 minutes old" in text_of(now(world, panel)) and now(world, panel).custom_ids() == []
        for forged in ("hb:z:0:0:yes", "hb:z:7:0:export", "hb:z:0:0:q", "hbp:y", "hbp:y:x", "hbp:" + "9" * 90):
            inter = await s.forged(world.alice, panel, {"custom_id": forged, "component_type": 2})
            await s.settle()
            said = text_of(inter.followups[-1] if inter.followups else inter.message)
            assert "not one I made" in said, (forged, said)
        assert (await bot.store.privacy.player_data(world.alice.id)).results == 1  # nothing deleted by any of them


async def test_in_a_group_dm_and_the_bots_dm_and_in_spanish(world: World) -> None:
    s = world.standin
    group = friends(world, 2)
    async with running_bot(world, post_pace=QUICK_POSTS) as bot:
        await open_table(world, bot.store, group.channel, group.alice, {"length": 40}, joiners=(world.bob,))
        # Bob did not install the app: he reaches it through the table's buttons only, but its commands are
        # alice's. Her panel, copy and deletion all travel on her interactions.
        panel = await privacy_panel(world, group.alice, channel=group.channel)
        assert "1 game (1 still open)" in text_of(panel)
        await s.click(group.alice, panel, DOWNLOAD)
        await s.settle()
        assert s.last_ephemeral(group.alice).attachment("hardback-my-data.json")
        assert bot_token_calls(world, group.channel) == []
        # In the bot's DM, in Spanish.
        carol = s.add_person("carol", installed=True, locale="es-ES")
        dm = s.add_dm(carol)
        panel = await privacy_panel(world, carol, channel=dm)
        assert panel.embeds[0]["title"] == "Tus datos en Hardback"
        assert "no guarda nada sobre ti" in text_of(panel)


async def test_a_restored_older_backup_forgets_the_player_again_at_the_next_start(world: World, tmp_path) -> None:  # type: ignore[no-untyped-def]
    s = world.standin
    db = str(tmp_path / "live" / "hardback.db")
    ledger = str(tmp_path / "live" / "erasures.jsonl")
    saved = str(tmp_path / "nightly.backup")
    os.makedirs(os.path.dirname(db))
    async with running_bot(world, db_path=db, erasure_ledger=ledger) as bot:
        await seed_game(bot.store, world.guild.id, world.channel.id, [(world.alice.id, "alice"), (world.bob.id, "bob")],
                        seed=6)
        await backup(db, saved)  # the night's backup, with alice's game in it
        panel = await privacy_panel(world, world.alice)
        await s.click(world.alice, panel, DELETE)
        await s.settle()
        await s.click(world.alice, now(world, panel), confirm_id(now(world, panel)))
        await s.settle()
        assert "Done" in text_of(now(world, panel))
    # The database is lost; the operator restores the night's backup (without naming the ledger) ...
    restored = str(tmp_path / "restored.db")
    await restore(saved, restored)
    assert no_trace(restored, world.alice.id, "alice") != []
    # ... and starts the bot on it with its ledger: before anything else, alice's deletion is applied again.
    async with running_bot(world, db_path=restored, erasure_ledger=ledger) as bot:
        assert (await bot.store.privacy.player_data(world.alice.id)).games == 0
        assert (await bot.store.privacy.player_data(world.bob.id)).results == 1  # bob's record is whole
    assert no_trace(restored, world.alice.id, "alice") == []


async def test_old_move_logs_go_and_their_replays_say_so(world: World) -> None:
    s = world.standin
    async with running_bot(world, move_log_days=7) as bot:
        old = await seed_game(bot.store, world.guild.id, world.channel.id,
                              [(world.alice.id, "alice"), (world.bob.id, "bob")], seed=7, length=40)
        bot.store.set_clock(lambda: time.time() + 8 * 86400)  # eight days later: past the week's retention
        assert await bot.get_cog("Privacy").look() == 1  # type: ignore[union-attr]
        assert (await bot.store.games.get_game(
            old)).pruned_at is not None and await bot.store.games.get_moves(old) == []
        await s.slash(world.bob, "hardback replay", {"game": old})
        await s.settle()
        said = text_of(s.last_ephemeral(world.bob))
        assert f"Game #{old} can no longer be replayed" in said and "results are still in the history" in said
        await s.slash(world.bob, "hardback history", {"game": old})
        await s.settle()
        assert f"Game #{old}'s moves were deleted on" in text_of(s.last_ephemeral(world.bob))
        assert (await bot.store.results.player_stats(world.guild.id, world.bob.id)).competitive.games == 1
        await s.slash(world.alice, "hardback privacy")
        await s.settle()
        assert "deleted 7 days after it ended" in text_of(s.last_ephemeral(world.alice))
