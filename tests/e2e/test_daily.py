"""The daily deal end to end through the Discord stand-in: /hardback daily opens the player's private thread
with the day's deal, the game plays there like any game, its result card follows it (once the par is known),
Share posts the line and picture in the channel once, the boards and the stats say it; starts at once deal
one game; and a daily survives the bot stopping mid-game."""

from __future__ import annotations

import asyncio
import dataclasses
import re
import time
from pathlib import Path

from botkit import running_bot, text_of
from discord_standin.models import CREATE_PRIVATE_THREADS, Channel, Message, User
from discord_standin.world import World
from scenario_kit import Driver, load_game

from hardback_bot.ai import choose_move
from hardback_bot.sessions.daily.deal import day_of, deal_of
from hardback_bot.store import Store

# The hard player's par (seconds of CPU) instead of the expert's (a minute): the par's strength is a setting,
# and what these tests check does not depend on who set it.
PAR = 3
SHARE_LINE = re.compile(r"Hardback Daily \d{4}-\d{2}-\d{2} — \d+★ \(par \d+★, (?:[+-]\d+|±0)\) · \d+ words? · "
                        r"[⬜🟨🟩🟦]+")


def thread_of(world: World, user: User) -> Channel:
    threads = [c for c in world.standin.threads(world.channel) if user.id in c.thread_members]
    assert len(threads) == 1, threads
    return threads[0]


def in_thread(world: World, thread: Channel) -> World:
    """The world as the daily's Driver sees it: the game's channel is the thread."""
    return dataclasses.replace(world, channel=thread)


async def finish(store: Store, sessions: object, game_id: int, user_id: int) -> None:
    """The rest of the daily, played by the easy computer's quick choices through the sessions (each committed)."""
    while True:
        _, game = await load_game(store, game_id)
        if game.finished:
            return
        await sessions.play(game_id, user_id, choose_move(game, 0, 1), None)  # type: ignore[attr-defined]


def table_in(world: World, thread: Channel) -> Message | None:
    return next((m for m in world.standin.messages(thread) if any(a.filename == "table.png" for a in m.attachments)),
                None)


def card_of(world: World, thread: Channel) -> Message | None:
    return next((m for m in world.standin.messages(thread) if any(c.startswith("hb:d:") for c in m.custom_ids())),
                None)


async def test_a_daily_from_start_to_share(world: World) -> None:
    s = world.standin
    async with running_bot(world, daily_par_strength=PAR) as bot:
        await s.slash(world.alice, "hardback daily", {})
        await s.settle()
        reply = text_of(s.last_ephemeral(world.alice))
        thread = thread_of(world, world.alice)
        assert thread.type == 12 and world.bob.id not in thread.thread_members  # private: alice's alone
        assert f"<#{thread.id}>" in reply and "one attempt, no hints" in reply
        record = await bot.store.games.running_game_in_channel(thread.id)
        assert record is not None and record.kind == "daily" and record.guild_id == world.guild.id
        today = day_of(bot.store.now())
        assert record.seed == deal_of(today).seed
        # The game plays in the thread like any game: alice's first turn through the panels.
        driver = Driver(in_thread(world, thread), bot.store, record.id, {0: world.alice})
        await driver.play_turn(0)
        assert [m.move for m in await bot.store.games.get_moves(record.id)], "the turn was committed"
        await s.slash(world.alice, "hardback hint", {}, channel=thread)
        await s.settle()
        assert "Hints are off in the daily" in text_of(s.last_ephemeral(world.alice))
        # Nothing of the deal shows in the channel the command came from.
        assert not any(a.filename == "table.png" for m in s.messages(world.channel) for a in m.attachments)

        await finish(bot.store, bot.sessions, record.id, world.alice.id)
        await s.wait_for(lambda: card_of(world, thread) is not None, timeout=60)
        await s.settle()
        card = card_of(world, thread)
        assert card is not None and any(a.filename == "daily.png" for a in card.attachments)
        line = SHARE_LINE.search(text_of(card))
        assert line, text_of(card)
        results = await bot.store.results.get_results(record.id)
        assert f"— {results[0].result.prestige}★ (par" in line.group(0)
        assert "#1 of 1 in this server" in text_of(card)

        share = next(c for c in card.custom_ids() if c.endswith(":share"))
        await s.click(world.alice, card, share)
        await s.settle()
        posted = [m for m in s.messages(world.channel) if SHARE_LINE.search(m.content or "")]
        assert len(posted) == 1 and posted[0].attachment("daily.png") is not None
        allowed = posted[0].allowed_mentions or {}
        assert f"<@{world.alice.id}>" in posted[0].content and "users" not in allowed.get("parse", ["users"])
        assert not allowed.get("users")  # named, never pinged
        # The public post is who and the line: the template and numbers, no card of the deal.
        assert posted[0].content == f"<@{world.alice.id}>'s daily: {line.group(0)}"
        await s.click(world.alice, s.find_message(card.id), share)
        await s.settle()
        assert "already shared" in text_of(s.last_ephemeral(world.alice))
        assert len([m for m in s.messages(world.channel) if SHARE_LINE.search(m.content or "")]) == 1

        # Again: the result, never a second attempt; the board; the stats.
        await s.slash(world.alice, "hardback daily", {})
        await s.settle()
        again = s.last_ephemeral(world.alice)
        assert SHARE_LINE.search(text_of(again)) and again.attachment("daily.png") is not None
        assert len(thread_of(world, world.alice).thread_members) == 2  # the bot and alice: no new thread
        here = next(c for c in again.custom_ids() if c.endswith(":here"))
        await s.click(world.alice, again, here)
        await s.settle()
        board = text_of(s.find_message(again.id) or again)
        assert "alice" in board and "1 player" in board and "— this server" in board
        world_id = next(c for c in s.find_message(again.id).custom_ids() if c.endswith(":world"))
        await s.click(world.alice, s.find_message(again.id), world_id)
        await s.settle()
        assert "— every server" in text_of(s.find_message(again.id))
        await s.slash(world.alice, "hardback stats", {})
        await s.settle()
        stats = s.last_message(world.channel)
        assert any(f.get("name") == "Hardback Daily" for e in stats.embeds for f in e.get("fields", []))

        # bob gets the same deal in his own thread; alice's game stays closed to him until he has played his.
        await s.slash(world.bob, "hardback daily", {})
        await s.settle()
        bobs = await bot.store.games.running_game_in_channel(thread_of(world, world.bob).id)
        assert bobs is not None and bobs.id != record.id and bobs.seed == record.seed
        await s.slash(world.bob, "hardback replay", {"game": record.id})
        await s.settle()
        assert "today's daily" in text_of(s.last_ephemeral(world.bob))


async def test_starts_at_once_deal_one_game(world: World) -> None:
    s = world.standin
    async with running_bot(world, daily_par_strength=PAR) as bot:
        starts = await asyncio.gather(*(s.slash(world.alice, "hardback daily", {}, wait=False) for _ in range(6)))
        assert len(starts) == 6
        await s.settle()
        thread = thread_of(world, world.alice)
        replies = [text_of(m) for m in s.ephemerals(world.alice)]
        assert len(replies) == 6 and all(f"<#{thread.id}>" in r for r in replies), replies
        assert len(s.threads(world.channel)) == 1
        async with bot.store.read_one() as db:  # type: ignore[attr-defined]
            rows = await db.fetch("SELECT COUNT(*) FROM games WHERE kind = 'daily'")
        assert int(rows[0][0]) == 1
        # The next day, typed in yesterday's thread: a new deal, in a new thread of the channel.
        bot.store.set_clock(lambda: time.time() + 86_400)
        await s.slash(world.alice, "hardback daily", {}, channel=thread)
        await s.settle()
        threads = s.threads(world.channel)
        assert len(threads) == 2 and all(t.parent_id == world.channel.id for t in threads)
        tomorrow = next(t for t in threads if t.id != thread.id)
        assert f"<#{tomorrow.id}>" in text_of(s.last_ephemeral(world.alice))
        record = await bot.store.games.running_game_in_channel(tomorrow.id)
        assert record is not None and record.seed == deal_of(day_of(time.time() + 86_400)).seed


async def test_a_daily_survives_the_bot_and_resumes(world: World, tmp_path: Path) -> None:
    """The bot stops mid-daily and another one starts on the same database (a new process would do the same):
    /hardback daily answers with the same thread, nothing is lost, and the game plays on from there."""
    s = world.standin
    db = str(tmp_path / "hardback.db")
    async with running_bot(world, db_path=db, daily_par_strength=PAR) as bot:
        await s.slash(world.alice, "hardback daily", {})
        await s.settle()
        thread = thread_of(world, world.alice)
        await s.wait_for(lambda: table_in(world, thread) is not None, timeout=20)
        record = await bot.store.games.running_game_in_channel(thread.id)
        assert record is not None and record.kind == "daily"
        await Driver(in_thread(world, thread), bot.store, record.id, {0: world.alice}).play_turn(0)
        before = [m.move for m in await bot.store.games.get_moves(record.id)]
        assert before
    async with running_bot(world, db_path=db, daily_par_strength=PAR) as bot:
        await s.slash(world.alice, "hardback daily", {})
        await s.settle()
        assert f"waiting for you in <#{thread.id}>" in text_of(s.last_ephemeral(world.alice))
        assert len(s.threads(world.channel)) == 1
        assert [m.move for m in await bot.store.games.get_moves(record.id)] == before
        _, game = await load_game(bot.store, record.id)
        assert not game.finished
        await Driver(in_thread(world, thread), bot.store, record.id, {0: world.alice}).play_turn(0)
        assert len(await bot.store.games.get_moves(record.id)) > len(before)
        # Discord hid the quiet thread (archived): the next /hardback daily opens it again.
        thread.archived = True
        await s.slash(world.alice, "hardback daily", {})
        await s.settle()
        assert not thread.archived and f"<#{thread.id}>" in text_of(s.last_ephemeral(world.alice))
        # Somebody deleted it: the game moves to a new thread, its table is posted there, and it plays on.
        thread.deleted = True
        await s.slash(world.alice, "hardback daily", {})
        await s.settle()
        moved = next(c for c in s.threads(world.channel) if world.alice.id in c.thread_members)
        assert moved.id != thread.id and f"<#{moved.id}>" in text_of(s.last_ephemeral(world.alice))
        await s.wait_for(lambda: table_in(world, moved) is not None, timeout=20)
        assert (await bot.store.games.get_game(record.id)).channel_id == moved.id
        played = len(await bot.store.games.get_moves(record.id))
        await Driver(in_thread(world, moved), bot.store, record.id, {0: world.alice}).play_turn(0)
        assert len(await bot.store.games.get_moves(record.id)) > played


async def test_no_thread_to_be_had_the_daily_is_played_in_the_bots_dm(world: World) -> None:
    """The server is at its cap on active threads (160006): the daily is dealt in the bot's DM with the player,
    whose first line says why; the player is told where, plays a turn there, and the next /hardback daily points
    there again. Without Create Private Threads (403) the same."""
    s = world.standin
    s.max_active_threads = 0
    async with running_bot(world, daily_par_strength=PAR) as bot:
        await s.slash(world.alice, "hardback daily", {})
        await s.settle()
        reply = text_of(s.last_ephemeral(world.alice))
        assert "in your DMs with me (no private thread could be opened here)" in reply, reply
        assert not s.threads(world.channel)
        dm = s.add_dm(world.alice)  # the channel the bot opened: the same one
        why = s.messages(dm)[0].content
        assert why.startswith("No private thread for your Hardback Daily of ") and \
            f"<#{world.channel.id}> (this server has as many active threads as Discord allows)" in why
        record = await bot.store.games.running_game_in_channel(dm.id)
        assert record is not None and record.kind == "daily" and record.place == "dm" and record.guild_id == 0
        await s.wait_for(lambda: table_in(world, dm) is not None, what="the table in the DM")
        driver = Driver(in_thread(world, dm), bot.store, record.id, {0: world.alice})
        await driver.play_turn(0)
        assert [m.move for m in await bot.store.games.get_moves(record.id)], "the turn was committed in the DM"
        await s.slash(world.alice, "hardback daily", {})
        await s.settle()
        assert "in your DMs with me" in text_of(s.last_ephemeral(world.alice))
        # The daily's board is still the server's: the attempt keeps where it was asked for.
        attempt = await bot.get_cog("Daily").service.room.attempt(record_day(bot), world.alice.id)  # type: ignore[union-attr]
        assert attempt is not None and attempt.guild_id == world.guild.id

        s.max_active_threads = None
        s.set_overwrite(world.channel, s.bot_user, deny=CREATE_PRIVATE_THREADS)
        await s.slash(world.bob, "hardback daily", {})
        await s.settle()
        assert "in your DMs with me" in text_of(s.last_ephemeral(world.bob))
        assert "(I may not open private threads there)" in s.messages(s.add_dm(world.bob))[0].content
        assert s.take_violations("permission")


def record_day(bot: object) -> str:
    return day_of(bot.store.now()).isoformat()  # type: ignore[attr-defined]
