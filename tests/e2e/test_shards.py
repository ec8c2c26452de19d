"""the bot as two sharded processes on one PostgreSQL database, through the Discord stand-in.

``python bot.py --shards 0-1 --shard-count 4`` and ``--shards 2-3``: each process serves the guilds of its
two shards (the stand-in routes every event by ``(guild_id >> 22) % 4``, as Discord does). There is a game
in a guild on every shard, a human against a computer. Process A is SIGKILLed mid-game — while a click of
one of its players is being answered — and started again; then the humans stop playing, so every turn
timer runs out: each fires once, in the process that owns the guild, a computer takes the seat over
(``afk_misses=1``) and plays the game to its end.

Checked: every game finishes with its results written and posted once; each game's log is exactly one
``timeout`` richer, with one reminder and one "ran out of time" post; no move was lost or doubled (each
log only grows, replays to its stored state, and the click interrupted by the kill is in it at most once);
A's restart shifted only its own guilds' deadlines, and B's games never noticed.
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from pathlib import Path

import pytest
from botkit import button, quick_posts_in_process, text_of, with_component
from discord_standin import BotProcess, DiscordStandin
from discord_standin.models import Guild
from discord_standin.world import World
from scenario_kit import Driver, iter_results_messages, load_game, move_arg, previewed_word, seat_users

from hardback_bot.engine.moves import format_move
from hardback_bot.sessions.codec import decode_moves
from hardback_bot.store import GameRecord, GuildSettings, Store, open_store
from hardback_bot.store.export import verify_export

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

from store import pg_server  # noqa: E402 - the store tests' PostgreSQL server

COUNT = 4
TURN = 30  # seconds: the shortest turn timer a server may set


def guild_on_shard(s: DiscordStandin, shard: int) -> Guild:
    """A guild whose id lands on ``shard`` (ids are time-based: wait a millisecond between tries)."""
    while True:
        guild = s.add_guild(f"Shard {shard} guild")
        if (guild.id >> 22) % COUNT == shard:
            return guild
        time.sleep(0.001)


def bot(world: World, dsn: str, shards: str, workdir: Path) -> BotProcess:
    workdir.mkdir()
    env = {"HARDBACK_DB": dsn, "HARDBACK_AI_DELAY": "0", "HARDBACK_LOG_LEVEL": "INFO"}
    argv = [sys.executable, str(ROOT / "bot.py"), "--shards", shards, "--shard-count", str(COUNT)]
    # The timer task looks at the store's deadlines every half second rather than every RECHECK (5 s): the test
    # moves the deadlines in the store, as an operator's restore would, and the processes serve them within that.
    patches = {**quick_posts_in_process(world), "hardback_bot.sessions.timers.RECHECK": 0.5}
    return BotProcess(world.standin, argv, env=env, cwd=workdir, prestarted=True, patches=patches)


async def connected(s: DiscordStandin, shards: set[int], timeout: float = 60.0) -> None:
    await s.wait_for(lambda: shards <= {x.shard[0] for x in s.gateway.ready_sessions()}, timeout=timeout,
                     what=f"shards {sorted(shards)} to connect")


async def gone(s: DiscordStandin, shards: set[int]) -> None:
    await s.wait_for(lambda: not shards & {x.shard[0] for x in s.gateway.ready_sessions()}, timeout=10,
                     what=f"shards {sorted(shards)} to drop")


async def open_table(w: World, store: Store) -> GameRecord:
    """The world's first player opens a table in its channel, adds a normal computer player and starts."""
    s = w.standin
    await s.slash(w.alice, "hardback start", {"length": 40}, channel=w.channel)
    await s.settle()
    lobby = with_component(w, "hb:l:")
    await s.click(w.alice, s.find_message(lobby.id), button(lobby, ":ai2"))
    await s.settle()
    await s.click(w.alice, s.find_message(lobby.id), button(lobby, ":start"))
    await s.settle(quiet=0.6)
    record = await store.games.running_game_in_channel(w.channel.id)
    assert record is not None and record.status == "playing"
    return record


async def logs(store: Store, game_id: int) -> list[tuple[int, int, str]]:
    return [(m.seq, m.seat, m.move) for m in await store.games.get_moves(game_id)]


async def waiting_for_its_human(store: Store, d: Driver, timeout: float = 30.0) -> None:
    """Until the game's turn is a human's and its turn timer is set."""
    ends = time.monotonic() + timeout
    while time.monotonic() < ends:
        _, game = await load_game(store, d.game_id)
        if game.active_seat in d.users and "turn" in {t.kind for t in await store.timers.game_timers(d.game_id)}:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"game {d.game_id} never waited for its human")


async def test_two_processes_of_two_shards_one_killed_mid_game(world: World, tmp_path: Path) -> None:
    pg_server.need_server()
    dsn = await pg_server.new_database("shards")
    s = world.standin
    # A bot Discord lets start two sessions at once: the two shards of a process identify together (bot.py's
    # before_identify_hook; with 1, the second would wait discord.py's 5 s at each of the three starts).
    s.max_concurrency = 2
    worlds = []
    for shard in range(COUNT):
        guild = guild_on_shard(s, shard)
        channel = s.add_text_channel(guild, "hardback")
        worlds.append(World(s, guild, channel, s.add_user(f"ann{shard}", guild), s.add_user(f"ben{shard}", guild),
                            s.add_user(f"mod{shard}", guild)))
    store = await open_store(dsn)
    a = bot(world, dsn, "0-1", tmp_path / "a")
    b = bot(world, dsn, "2-3", tmp_path / "b")
    try:
        for w in worlds:
            await store.settings.set_guild_settings(w.guild.id, GuildSettings(turn_timer=TURN, afk_misses=1))
        # one after the other: each BotProcess knows its sessions as those that appeared while it started
        await a.start(timeout=120)
        await connected(s, {0, 1})
        await b.start(timeout=120)
        await connected(s, {0, 1, 2, 3})

        # A table in every guild, all at once: a human against a computer, each served by its guild's process.
        records = await asyncio.gather(*(open_table(w, store) for w in worlds))
        drivers = [Driver(w, store, r.id, seat_users(w, r)) for w, r in zip(worlds, records, strict=True)]
        await asyncio.gather(*(d.play_until(lambda g, d=d: len(d.turns) >= 1) for d in drivers))
        await s.settle(quiet=0.5)

        # SIGKILL process A while it answers a click in its shard-0 game (a word confirmed, or a skip).
        victim = drivers[0]
        record, game = await load_game(store, victim.game_id)
        while game.active_seat not in victim.users:
            await victim.wait_for_seat_change(game.active_seat)
            record, game = await load_game(store, victim.game_id)
        seat = game.active_seat
        user = victim.users[seat]
        panel = await victim.open_hand(user)
        word = previewed_word(game, seat)
        if word is not None:
            panel = await victim.spell(user, panel, word)
            custom_id = next(b["custom_id"] for b in panel.buttons() if b["label"].startswith("Confirm"))
        else:
            panel = await victim.press(user, panel, button(panel, "hb:x:"))
            custom_id = button(panel, ":skip")
        clicked = format_move(decode_moves(move_arg(custom_id))[0])  # a Confirm may carry answers
        for d in drivers[1:]:  # the other games wait for their humans (no computer is mid-turn)
            _, game = await load_game(store, d.game_id)
            if not game.finished and game.active_seat not in d.users:
                await d.wait_for_seat_change(game.active_seat)
        await s.settle(quiet=0.5)
        before = {d.game_id: await logs(store, d.game_id) for d in drivers}
        deadlines = {d.game_id: {t.id: t.deadline for t in await store.timers.game_timers(d.game_id)} for d in drivers}
        await s.click(user, panel, custom_id, wait=False)
        await asyncio.sleep(0.03)
        await a.kill()
        killed = time.time()
        await gone(s, {0, 1})
        # A was away at least from its kill to its new start (its deadlines move before it connects).
        downtime = time.time() - killed
        await a.start(timeout=120)
        await connected(s, {0, 1})
        s.take_violations("no_response")  # a click that died with its process fails, as on Discord
        s.take_violations("late_response")

        # Nothing lost, nothing doubled; A's restart moved only its own guilds' deadlines.
        for d in drivers:
            now = await logs(store, d.game_id)
            assert now[:len(before[d.game_id])] == before[d.game_id], "a committed move was lost"
        added = [m for _, _, m in (await logs(store, victim.game_id))[len(before[victim.game_id]):]]
        assert added in ([], [clicked]) or (added and added[0] == clicked), added
        for n, d in enumerate(drivers):
            after = {t.id: t.deadline for t in await store.timers.game_timers(d.game_id)}
            kept = set(after) & set(deadlines[d.game_id])
            if n >= 2:  # B's guilds: A's start-up left their timers alone
                assert all(after[i] == deadlines[d.game_id][i] for i in kept), (after, deadlines[d.game_id])
            else:  # A's: moved by at least A's downtime (its shards' heartbeats are older still)
                assert all(after[i] - deadlines[d.game_id][i] >= downtime - 0.1 for i in kept), \
                    (after, deadlines[d.game_id], downtime)
        other = drivers[1]  # A's game not clicked: its timers outlived the restart, shifted
        assert set(deadlines[other.game_id]) & {t.id for t in await store.timers.game_timers(other.game_id)}

        # The humans play one more turn each (A's players on the panels drawn before the kill) ...
        async def one_more_turn(d: Driver) -> None:
            _, game = await load_game(store, d.game_id)
            if not game.finished:
                wanted = len(d.turns) + 1
                await d.play_until(lambda g: len(d.turns) >= wanted)

        await asyncio.gather(*(one_more_turn(d) for d in drivers))
        await s.settle(quiet=0.5)
        marks = {d.game_id: await logs(store, d.game_id) for d in drivers}
        # ... and then stop: every turn timer runs out, once, and a computer finishes each game. Once each
        # game waits for its human (its timers set), the deadlines move as if the time to the first reminder
        # (3/4 of the turn) had passed: the processes serve the reminders at their next look at the timers.
        # Once every reminder is posted, the deadlines move again as if the rest of the turn had passed too (a
        # reminder and its timeout a quarter of a turn apart in real time: tests/e2e/test_timers.py).
        for d in drivers:
            await waiting_for_its_human(store, d)
        reminders = [t.deadline for d in drivers for t in await store.timers.game_timers(
            d.game_id) if t.kind == "reminder"]
        assert len(reminders) == len(drivers)
        assert await store.timers.shift_deadlines(time.time() - min(reminders)) >= 2 * len(drivers)
        for d in drivers:
            await s.wait_for(lambda d=d: any("time is running out" in text_of(m) for m in s.messages(d.world.channel)),
                             timeout=3 * TURN, what="the reminder")
        turns = [t.deadline for d in drivers for t in await store.timers.game_timers(d.game_id) if t.kind == "turn"]
        assert len(turns) == len(drivers)
        await store.timers.shift_deadlines(time.time() - max(turns))
        deadline = time.monotonic() + 3 * TURN + 120
        while time.monotonic() < deadline:
            games = [(await load_game(store, d.game_id))[1] for d in drivers]
            if all(g.finished for g in games):
                break
            await asyncio.sleep(0.2)
        else:
            raise AssertionError("not every game finished")
        await s.settle(quiet=0.3)
        for d in drivers:
            log = await logs(store, d.game_id)
            assert log[:len(marks[d.game_id])] == marks[d.game_id]
            assert [seq for seq, _, _ in log] == list(range(1, len(log) + 1))
            assert [m for _, _, m in log].count("timeout") == 1, "a turn timer fired twice (or never)"
            assert verify_export(await store.games.export_game(d.game_id)), "the stored state is not the log's replay"
            record = await store.games.get_game(d.game_id)
            assert record.status == "finished" and len(await store.results.get_results(d.game_id)) == 2
            assert record.seats[0].is_computer_controlled and record.seats[1].is_computer_controlled
            posts = [text_of(m) for m in s.messages(d.world.channel)]
            assert sum("ran out of time" in p for p in posts) == 1, posts
            assert sum("time is running out" in p for p in posts) == 1, posts
            # Posted by whichever process owns the guild, after replaying the log for the word list.
            await s.wait_for(lambda d=d: list(iter_results_messages(d.world, d.game_id)), timeout=30,
                             what="the results")
            assert len(list(iter_results_messages(d.world, d.game_id))) == 1
    finally:
        await a.stop()
        await b.stop()
        await store.close()
        await pg_server.drop_database(dsn)
    for proc in (a, b):
        assert "Traceback" not in proc.output(), proc.output()


@pytest.mark.parametrize("argv", [["--shards", "0-1"], ["--shards", "3-4", "--shard-count", "4"]])
async def test_bad_shard_options_stop_the_bot_with_one_sentence(argv: list[str], tmp_path: Path) -> None:
    env = {**os.environ, "DISCORD_TOKEN": "x"}
    for name in ("HARDBACK_SHARDS", "HARDBACK_SHARD_COUNT", "HARDBACK_DISCORD_API"):
        env.pop(name, None)
    proc = await asyncio.create_subprocess_exec(
        sys.executable, str(ROOT / "bot.py"), *argv, cwd=tmp_path, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    _, err = await proc.communicate()
    text = err.decode()
    assert proc.returncode == 2 and text.startswith("error: ") and "Traceback" not in text, text
    assert "shard" in text


def test_shard_settings_from_the_environment_and_the_command_line() -> None:
    from bot import parse_args
    from hardback_bot.config import ConfigError, load_settings
    from hardback_bot.store import Shards

    base = {"DISCORD_TOKEN": "t"}
    assert load_settings(base).shards is None
    env = {**base, "HARDBACK_SHARDS": "0-1,4", "HARDBACK_SHARD_COUNT": "8"}
    assert load_settings(env).shards == Shards(8, (0, 1, 4))
    assert load_settings({**base, "HARDBACK_SHARD_COUNT": "2"}).shards == Shards(2, (0, 1))
    assert load_settings({**env, **parse_args(["--shards", "2-3", "--shard-count", "4"])}).shards == Shards(4, (2, 3))
    for bad in ({"HARDBACK_SHARDS": "0-1"}, {"HARDBACK_SHARDS": "3-1", "HARDBACK_SHARD_COUNT": "4"},
                {"HARDBACK_SHARDS": "0-4", "HARDBACK_SHARD_COUNT": "4"}, {"HARDBACK_SHARD_COUNT": "0"},
                {"HARDBACK_SHARDS": "one", "HARDBACK_SHARD_COUNT": "4"}):
        with pytest.raises(ConfigError):
            load_settings({**base, **bad})
