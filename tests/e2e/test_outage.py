"""Discord's weather, measured from outside: ``python bot.py`` against a stand-in Discord that goes away (every REST
call a bare 503, the gateway dropping its sessions and refusing new ones) in the middle of a game against a computer
and of a game between two people with a turn timer running.

While Discord is away the games go on in the store (the computer's turn, a reminder and a timeout) and ``/health``
says "Discord unreachable". Each time Discord comes back the bot is connected again, and both tables and every
announcement show the store, within 15 s (the reconnect backoff stops at 5 s and starts over once Discord answers;
the relay retries at once what waited). Three outages in a row, the second one held until the bot had failed six
reconnects in a row (discord.py's own backoff would then wait up to 64 s), the third right after it. At the end
every announcement was posted exactly once and the bot's log holds no traceback.

A second test holds a global rate limit (429, ``"global": true``) on the bot's token while a computer plays, and
checks that the bot waited it out: a handful of 429s, not a storm, and the channel caught up afterwards.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import sys
import time
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from botkit import ROOT, button, open_table, quick_posts_in_process, running_bot, table_of, text_of, user_for
from discord_standin import BotProcess
from discord_standin.models import Channel
from discord_standin.world import World
from scenario_kit import (
    Driver,
    every_row_delivered,
    load_game,
    opened_store,
    seat_users,
    start_table,
    table_caught_up,
)

from hardback_bot.store import GameRecord, Store

BACK_WITHIN = 15.0  # seconds from Discord's return to the bot playing again (the bar)
AI_DELAY = "0.4"  # seconds a computer pauses before each move: its turn outlasts the outage's first seconds


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def bot_process(world: World, tmp_path: Path, port: int) -> BotProcess:
    env = {"HARDBACK_DB": str(tmp_path / "hardback.db"), "HARDBACK_AI_DELAY": AI_DELAY, "HARDBACK_LOG_LEVEL": "INFO",
           "HARDBACK_SEARCH_WORKERS": "1", "HARDBACK_HTTP": f"127.0.0.1:{port}"}
    workdir = tmp_path / "run"
    workdir.mkdir(exist_ok=True)
    return BotProcess(world.standin, [sys.executable, str(ROOT / "bot.py")], env=env, cwd=workdir, prestarted=True,
                      patches=quick_posts_in_process(world))


async def open_duel(world: World, store: Store, channel: Channel) -> GameRecord:
    """bob opens a table with a 2-minute turn timer in ``channel``, mod joins, bob starts."""
    s = world.standin
    await s.slash(world.bob, "hardback start", {"turn_timer": 2, "adverts": False}, channel=channel)
    lobby = await s.wait_for_message(channel, lambda m: any(c.startswith("hb:l:") for c in m.custom_ids()))
    await s.click(world.mod, lobby, button(lobby, ":join"))
    await s.settle()
    await s.click(world.bob, s.find_message(lobby.id), button(lobby, ":start"))
    await s.settle(quiet=0.6)
    record = await store.games.running_game_in_channel(channel.id)
    assert record is not None and record.status == "playing"
    return record


async def health(port: int) -> tuple[int, dict[str, Any]]:
    async with aiohttp.ClientSession() as http, http.get(f"http://127.0.0.1:{port}/health") as answer:
        return answer.status, await answer.json()


async def until(what: str, check: Any, timeout: float) -> float:
    """Poll the async ``check`` until it is true; the seconds it took (an AssertionError naming ``what`` after
    ``timeout``)."""
    began = time.monotonic()
    while not await check():
        if time.monotonic() - began > timeout:
            raise AssertionError(f"not within {timeout:.0f} s: {what}")
        await asyncio.sleep(0.05)
    return time.monotonic() - began


async def shown_as_stored(world: World, store: Store, game_ids: list[int]) -> bool:
    """Both tables show their stored game and every outbox row of both games is on Discord."""
    for game_id in game_ids:
        if any(r.delivered_at is None for r in await store.outbox.game_deliveries(game_id)):
            return False
        try:
            await table_caught_up(world, store, game_id, timeout=0)
        except AssertionError:
            return False
    return True


async def test_three_outages_the_games_go_on_and_the_bot_is_back_within_seconds(world: World,
                                                                                  tmp_path: Path) -> None:
    s = world.standin
    duel = s.add_text_channel(world.guild, "duel")
    port = _free_port()
    proc = bot_process(world, tmp_path, port)
    await proc.start()
    back_times: list[float] = []
    try:
        async with opened_store(str(tmp_path / "hardback.db")) as store:
            solo = await start_table(world, store, {"adverts": False}, computers=("ai2",))
            duel_game = await open_duel(world, store, duel)
            games = [solo.id, duel_game.id]
            driver = Driver(world, store, solo.id, seat_users(world, solo))

            async def back_after_outage(hold: Any, what: str) -> float:
                """Discord goes away until ``hold()`` is true, comes back; the seconds until the bot plays again."""
                await s.weather.outage(503)
                await until(what, hold, timeout=90)
                s.weather.clear()
                came_back = time.monotonic()
                await until("the bot's gateway session is up again", lambda: _true(s.gateway.ready_sessions()),
                            timeout=BACK_WITHIN)
                await until("both tables and every announcement show the store again",
                            lambda: shown_as_stored(world, store, games), timeout=BACK_WITHIN * 2)
                back_times.append(time.monotonic() - came_back)

                async def healthy() -> bool:
                    return (await health(port))[0] == 200

                # A call sent just before Discord came back may still fail after it (a late 503): the next
                # answer ends that spell too.
                await until("/health says Discord answers again", healthy, timeout=BACK_WITHIN)
                return back_times[-1]

            # ---- outage 1: alice's click answered just before; the computer's turn, a reminder and a timeout
            # happen while Discord is away; /health says so.
            _, game = await load_game(store, solo.id)
            await driver.play_turn(game.active_seat)  # alice ends her turn: the computer's begins
            moves_before = len(await store.games.get_moves(solo.id))
            # The duel's timers come due inside the outage (the dispatcher looks at the store every 5 s at least).
            async with store.write() as db:
                await db.execute("UPDATE timers SET deadline = ? WHERE game_id = ? AND kind = 'reminder'",
                                 (time.time() + 0.5, duel_game.id))
                await db.execute("UPDATE timers SET deadline = ? WHERE game_id = ? AND kind = 'turn'",
                                 (time.time() + 1.0, duel_game.id))
            said_unreachable: list[str] = []

            async def everything_happened_meanwhile() -> bool:
                status, body = await health(port)
                if status == 503 and "Discord unreachable" in str(body.get("reason")):
                    said_unreachable.append(str(body["reason"]))
                _, solo_now = await load_game(store, solo.id)
                duel_moves = [m.move for m in await store.games.get_moves(duel_game.id)]
                return bool(said_unreachable) and "timeout" in duel_moves and \
                    len(await store.games.get_moves(solo.id)) > moves_before and solo_now.active_seat in driver.users

            first = await back_after_outage(everything_happened_meanwhile, "the computer's turn, the duel's "
                                            "timeout and /health saying Discord is unreachable, all during the outage")
            assert said_unreachable[0].startswith("gateway: Discord unreachable for"), said_unreachable[0]
            _, game = await load_game(store, solo.id)
            await driver.play_turn(game.active_seat)  # the bot plays again: alice's turn, answered

            # ---- outage 2: held until the bot failed six reconnects in a row; outage 3 right after it.
            refused = s.weather.gateway_refused
            second = await back_after_outage(lambda: _true(s.weather.gateway_refused >= refused + 6),
                                             "six refused reconnects")
            refused = s.weather.gateway_refused
            third = await back_after_outage(lambda: _true(s.weather.gateway_refused >= refused + 1),
                                            "a refused reconnect")
            assert max(back_times) <= BACK_WITHIN, back_times
            _, game = await load_game(store, solo.id)
            await driver.play_turn(game.active_seat)

            # ---- exactly once: every announcement delivered, one channel message per batch nonce.
            for game_id in games:
                await every_row_delivered(store, game_id)
            await s.settle(quiet=0.3, timeout=30)
            posted: dict[str, int] = {}
            for channel in (world.channel, duel):
                for message in s.messages(channel):
                    if message.nonce:
                        posted[message.nonce] = posted.get(message.nonce, 0) + 1
            assert posted and all(n == 1 for n in posted.values()), {k: n for k, n in posted.items() if n > 1}
            for game_id in games:
                rows = await store.outbox.game_deliveries(game_id)
                batches = {r.batch for r in rows if r.kind == "announce" and r.message_id is not None}
                assert all(posted.get(f"hb{b}") == 1 for b in batches), batches
            duel_log = "\n".join(m.content for m in s.messages(duel))
            # The timeout committed during the outage, said once (its reminder, moot by then, is not said at all).
            assert duel_log.count("ran out of time") == 1, duel_log[-600:]
            assert await shown_as_stored(world, store, games)
            print(f"back after outages 1-3 in {first:.2f} / {second:.2f} / {third:.2f} s; "
                  f"{len(s.weather.refused)} REST calls refused, {s.weather.gateway_refused} reconnects refused; "
                  f"/health said: {said_unreachable[0]}")
    except BaseException:
        print(proc.output()[-8000:])
        raise
    finally:
        await proc.stop()
    output = proc.output()
    assert "Traceback" not in output, output[-6000:]
    reconnects = [line for line in output.splitlines() if "Attempting a reconnect" in line]
    assert reconnects and all("Discord unreachable" in line for line in reconnects), reconnects[:3]


async def _true(value: object) -> bool:
    return bool(value)


async def test_a_global_rate_limit_is_waited_out_without_a_storm_of_retries(world: World, tmp_path: Path) -> None:
    s = world.standin
    port = _free_port()
    proc = bot_process(world, tmp_path, port)
    await proc.start()
    try:
        async with opened_store(str(tmp_path / "hardback.db")) as store:
            solo = await start_table(world, store, {"adverts": False}, computers=("ai2",))
            driver = Driver(world, store, solo.id, seat_users(world, solo))
            _, game = await load_game(store, solo.id)
            await driver.play_turn(game.active_seat)  # the computer's turn begins: posts and table edits to make
            moves = len(await store.games.get_moves(solo.id))
            began = time.monotonic()
            s.weather.rate_limit(HOLD)
            await until("a 429 answered to the bot", lambda: _true(s.weather.limited), timeout=HOLD)
            await until("the computer's moves committed meanwhile",
                        lambda: _more_moves(store, solo.id, moves), timeout=30)
            await until("the table and every announcement show the store",
                        lambda: shown_as_stored(world, store, [solo.id]), timeout=HOLD + BACK_WITHIN)
            ended = began + HOLD
            # Every call of the bot's token went out again only once the limit was over, and only the calls
            # already on their way when it began met a 429: no retry hammered Discord meanwhile.
            limited = s.weather.limited
            assert 1 <= len(limited) <= STORM, [(r.method, r.path, round(r.at - began, 2)) for r in limited]
            assert all(r.at < began + 0.5 for r in limited), [round(r.at - began, 2) for r in limited]
            print(f"{len(limited)} calls met the global 429 ({HOLD:g} s); the channel caught up "
                  f"{time.monotonic() - ended:.2f} s after it ended")
    except BaseException:
        print(proc.output()[-8000:])
        raise
    finally:
        await proc.stop()
    assert "Traceback" not in proc.output(), proc.output()[-6000:]


HOLD = 3.0  # seconds the global rate limit holds
STORM = 4  # more 429s than this, all in the limit's first instant, would be calls that did not wait


async def _more_moves(store: Store, game_id: int, than: int) -> bool:
    return len(await store.games.get_moves(game_id)) > than


async def test_a_click_that_expired_meanwhile_is_one_line_and_changes_nothing(
        world: World, caplog: pytest.LogCaptureFixture) -> None:
    """Discord takes no answer to a click any more (10062: it was not answered within 3 s while Discord was away):
    the bot acts on nothing, says so in one line, and raises nothing out of its listener (before, discord.py logged
    "Ignoring exception in on_interaction" with the traceback)."""
    s = world.standin
    s.response_deadline = 0.5  # the unanswered click: no need to wait 3 s to see it
    async with running_bot(world) as bot:
        game_id = await open_table(world, bot)
        loaded = await bot.sessions.load(game_id)
        first = user_for(world, loaded.record.seats[loaded.game.active_seat].user_id)
        table = table_of(world)
        caplog.set_level(logging.INFO)
        before = len(s.ephemerals(first))
        s.inject_fault("POST", r"/interactions/\d+/[^/]+/callback$", 404, 10062, times=2)
        await s.click(first, table, button(table, "hb:h:"), wait=False)
        await s.wait_for(lambda: len(s.faults_served) == 2, what="both answers refused")
        await until("the click's one line", lambda: _true(
            [r for r in caplog.records if "expired meanwhile" in r.getMessage()]), timeout=10)
        await s.wait_for(lambda: s.take_violations("no_response"), what="Discord's 'This interaction failed'")
        lines = [r for r in caplog.records if "expired meanwhile" in r.getMessage()]
        assert len(lines) == 1 and "nothing done" in lines[0].getMessage(), [r.getMessage() for r in lines]
        assert not [r for r in caplog.records if r.exc_info], [r.getMessage() for r in caplog.records if r.exc_info]
        assert len(s.ephemerals(first)) == before and not await bot.store.panels.fresh_panels(game_id, since=0)
        # The same click once Discord answers again: the hand opens.
        await s.click(first, table, button(table, "hb:h:"))
        await s.settle()
        assert "Your turn" in text_of(s.last_ephemeral(first))
