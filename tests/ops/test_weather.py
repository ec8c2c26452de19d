"""Discord's weather as the bot sees it (hardback_bot/ops/weather.py): bounded reconnect delays that start over once
the gateway answers, the spell of bad weather fed by every HTTP answer, and discord.py's reconnect lines without
their tracebacks. The whole outage through the bot: tests/e2e/test_outage.py."""

from __future__ import annotations

import io
import logging
import random
import socket

import aiohttp
import discord.backoff
import discord.client
import discord.shard
import pytest
import yarl
from aiohttp import web
from multidict import CIMultiDict, CIMultiDictProxy

import bot as botmod
from hardback_bot.ops.health import Health
from hardback_bot.ops.metrics import GatewayShard
from hardback_bot.ops.weather import RECONNECT_CAP, ReconnectBackoff, ReconnectLines, Weather


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def no_ready_yet() -> None:
    """The last READY is the process's: a bot another test ran in this process must not end these outages."""
    ReconnectBackoff.forget()


def test_reconnect_delays_grow_to_the_cap_and_never_past_it() -> None:
    clock = Clock()
    backoff = ReconnectBackoff(clock=clock, rng=random.Random(7))
    delays = []
    for _ in range(200):  # a long outage: 200 failed attempts in a row
        delays.append(backoff.delay())
        clock.now += delays[-1]
    assert 0.5 <= delays[0] <= 1.0 and 1.0 <= delays[1] <= 2.0 and 2.0 <= delays[2] <= 4.0
    assert max(delays) <= RECONNECT_CAP and min(delays[3:]) >= RECONNECT_CAP / 2
    # discord.py's own backoff on the same run: up to 2**10 s, which is how the bot stayed away for minutes
    theirs = discord.backoff.ExponentialBackoff()
    assert theirs._max == 10 and theirs._reset_time == 2048  # discord.py's: up to 2**10 s, reset after 34 minutes


def test_reconnect_delays_start_over_once_the_gateway_answered() -> None:
    clock = Clock()
    backoff = ReconnectBackoff(clock=clock, rng=random.Random(3))
    for _ in range(6):
        backoff.delay()
        clock.now += 5
    assert backoff.delay() >= RECONNECT_CAP / 2
    clock.now += 3
    ReconnectBackoff.ready(at=clock.now)  # READY: connected again
    clock.now += 600  # ten quiet minutes, then the next outage
    assert backoff.delay() <= 1.0


def test_discord_py_still_makes_its_reconnect_backoff_by_the_name_the_bot_replaces() -> None:
    """bound_reconnects swaps the class both reconnect loops look up by name; a discord.py that stopped
    looking it up there would keep its 17-minute ceiling without anybody noticing, so this says so."""
    assert "ExponentialBackoff" in discord.client.Client.connect.__code__.co_names
    assert "ExponentialBackoff" in discord.shard.Shard.__init__.__code__.co_names
    botmod.bound_reconnects()
    assert discord.client.ExponentialBackoff is ReconnectBackoff  # type: ignore[attr-defined]
    assert discord.shard.ExponentialBackoff is ReconnectBackoff  # type: ignore[attr-defined]
    assert sum(isinstance(f, ReconnectLines) for f in logging.getLogger("discord.client").filters) == 1
    botmod.bound_reconnects()  # twice (several bots in one process): one filter still
    assert sum(isinstance(f, ReconnectLines) for f in logging.getLogger("discord.client").filters) == 1


def test_a_spell_begins_at_a_failure_ends_at_an_answer_and_wakes_the_listeners_once() -> None:
    clock = Clock()
    weather = Weather(clock=clock, min_spell=1.0)
    heard: list[float] = []
    weather.on_back(heard.append)
    assert weather.describe() is None
    weather.failed("503 Service Unavailable")
    clock.now += 30
    weather.failed("ClientConnectorError")
    assert weather.describe() == "Discord unreachable for 30 s (ClientConnectorError, 2 failed calls)"
    weather.answered()
    weather.answered()
    assert heard == [30.0] and weather.describe() is None
    weather.failed("503 Service Unavailable")  # a blip among answers: nobody is woken
    clock.now += 0.2
    weather.answered()
    assert heard == [30.0]


async def test_health_says_discord_is_unreachable_while_the_gateway_is_down() -> None:
    clock = Clock()
    weather = Weather(clock=clock)
    shards = [GatewayShard(0, False, None, 1)]
    health = Health(lambda: shards, lambda: None, cache_seconds=0.0, discord=weather.describe)
    assert (await health.report()).reason.startswith("gateway: not connected to Discord")
    weather.failed("503 Service Unavailable")
    clock.now += 12
    report = await health.report()
    assert report.reason.startswith("gateway: Discord unreachable for 12 s (503 Service Unavailable, 1 failed call)")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def test_the_trace_hears_every_answer_and_every_refused_connection() -> None:
    weather = Weather(min_spell=0.0)
    heard: list[float] = []
    weather.on_back(heard.append)
    statuses = [503, 503, 200]

    async def answer(request: web.Request) -> web.Response:
        return web.Response(status=statuses.pop(0), text="upstream connect error")

    app = web.Application()
    app.router.add_get("/api", answer)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    try:
        async with aiohttp.ClientSession(trace_configs=[weather.trace_config()]) as http:
            async with http.get(f"http://127.0.0.1:{port}/api"):
                pass
            assert weather.unreachable and weather.cause == "503 Service Unavailable"
            try:
                async with http.get(f"http://127.0.0.1:{_free_port()}/api"):
                    pass
            except aiohttp.ClientConnectionError:
                pass
            assert weather.failures == 2 and weather.cause == "ClientConnectorError"
            async with http.get(f"http://127.0.0.1:{port}/api"):
                pass
            assert weather.unreachable  # a second 503
            async with http.get(f"http://127.0.0.1:{port}/api"):
                pass
            assert not weather.unreachable and len(heard) == 1
    finally:
        await runner.cleanup()


def test_discord_py_reconnect_lines_lose_their_traceback() -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    logger = logging.getLogger("test.weather.reconnects")
    logger.addFilter(ReconnectLines())
    logger.addHandler(handler)
    logger.propagate = False
    try:
        try:
            where = yarl.URL("ws://127.0.0.1:1/gateway")
            raise aiohttp.WSServerHandshakeError(aiohttp.RequestInfo(where, "GET", CIMultiDictProxy(CIMultiDict()),
                                                                     where), (), status=503,
                                                 message="Invalid response status")
        except aiohttp.WSServerHandshakeError:
            logger.exception("Attempting a reconnect in %.2fs", 3.21)
        try:
            raise ValueError("a bug")
        except ValueError:
            logger.exception("something else")
    finally:
        logger.removeHandler(handler)
    lines = stream.getvalue().splitlines()
    assert lines[0] == ("Attempting a reconnect in 3.21s (Discord unreachable: WSServerHandshakeError: 503, "
                        "message='Invalid response status', url='ws://127.0.0.1:1/gateway')")
    assert lines[1] == "something else" and "Traceback" in lines[2]  # anything else keeps its traceback
