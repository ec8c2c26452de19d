"""The listener's answers with a stand-in store and gateway: /health is 200 only while the gateway, the database
and the relay are fine and otherwise says why (without secrets); /health/shards; /metrics in Prometheus's format;
first responses timed through the HTTP trace; the interaction kinds."""

from __future__ import annotations

import asyncio
import json
import re
import socket
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

import aiohttp
import pytest
from aiohttp import web
from prometheus_client.parser import text_string_to_metric_families

from hardback_bot.ops import metrics
from hardback_bot.ops.address import Address
from hardback_bot.ops.health import Health, safe_error
from hardback_bot.ops.http import Listener, ListenerError
from hardback_bot.ops.interactions import InteractionTracker, interaction_kind
from hardback_bot.ops.metrics import REGISTRY, GatewayShard
from hardback_bot.ops.status import ShardStatus
from hardback_bot.sessions.codec import Kind, label

NOW = 1_800_000_000.0


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class FakeStore:
    ping_error: BaseException | None = None
    hang: bool = False
    backlog: tuple[int, float | None] = (0, None)
    statuses: list[ShardStatus] = field(default_factory=list)
    pings: int = 0

    def now(self) -> float:
        return NOW

    @property
    def operations(self) -> FakeStore:  # the store's operations room: this fake plays both
        return self

    async def ping(self) -> None:
        self.pings += 1
        if self.hang:
            await asyncio.sleep(60)
        if self.ping_error is not None:
            raise self.ping_error

    async def outbox_backlog(self) -> tuple[int, float | None]:
        return self.backlog

    async def shard_statuses(self) -> list[ShardStatus]:
        return self.statuses


@dataclass
class Served:
    base: str
    store: FakeStore
    gateway: list[GatewayShard]
    health: Health
    http: aiohttp.ClientSession

    async def get(self, path: str) -> tuple[int, dict[str, object] | str]:
        async with self.http.get(self.base + path) as answer:
            if answer.content_type == "application/json":
                return answer.status, await answer.json()
            return answer.status, await answer.text()


@pytest.fixture
async def served() -> AsyncIterator[Served]:
    store = FakeStore()
    gateway = [GatewayShard(2, True, 0.042, 10), GatewayShard(3, True, 0.05, 12)]
    health = Health(lambda: list(gateway), lambda: store, expected_shards=(2, 3), db_timeout=0.3, cache_seconds=0.0,
                    shard_count=4)
    listener = Listener(Address("127.0.0.1", _free_port()), health)
    await listener.start()
    try:
        async with aiohttp.ClientSession() as http:
            yield Served(listener.address.url(""), store, gateway, health, http)
    finally:
        await listener.stop()


async def test_health_is_200_only_while_everything_is_fine_and_says_why_not(served: Served) -> None:
    status, body = await served.get("/health")
    assert status == 200 and isinstance(body, dict)
    assert body["status"] == "ok" and body["reason"] is None
    assert set(body["checks"]) == {"gateway", "database", "relay"}  # type: ignore[arg-type]

    served.gateway[1] = GatewayShard(3, False, None, 12)
    status, body = await served.get("/health")
    assert status == 503 and body["reason"] == "gateway: shard 3 not connected"  # type: ignore[index]
    served.gateway[1] = GatewayShard(3, True, 0.05, 12)

    served.store.ping_error = OSError("connect to postgresql://hardback:s3cret@db:5432/hardback refused")
    status, body = await served.get("/health")
    assert status == 503 and isinstance(body, dict)
    assert str(body["reason"]).startswith("database: OSError") and "s3cret" not in str(body)
    assert body["checks"]["relay"] == {"ok": False, "detail": "unknown: no database"}  # type: ignore[index]
    served.store.ping_error = None

    served.store.hang = True
    started = asyncio.get_running_loop().time()
    status, body = await served.get("/health")
    assert status == 503
    assert body["reason"] == "database: no answer within 0.3 s; relay: unknown: no database"  # type: ignore[index]
    assert asyncio.get_running_loop().time() - started < 5
    served.store.hang = False

    served.store.backlog = (3, NOW - 20)  # delivering: fine
    assert (await served.get("/health"))[0] == 200
    served.store.backlog = (3, NOW - 900)  # stuck for 15 minutes
    status, body = await served.get("/health")
    assert status == 503
    assert body["reason"] == "relay: 3 outbox rows waiting, the oldest for 900 s (more than 300 s)"  # type: ignore[index]


async def test_health_answers_are_cached_and_shared(served: Served) -> None:
    served.health.cache_seconds = 5.0
    await asyncio.gather(*(served.get("/health") for _ in range(10)))
    assert served.store.pings == 1


async def test_before_the_store_opens_health_says_so() -> None:
    health = Health(lambda: [], lambda: None)
    report = await health.report()
    assert not report.ok
    assert report.reason.startswith("gateway: not connected to Discord; database: not open yet")


async def test_shards_shows_every_shard_of_every_process(served: Served) -> None:
    served.store.statuses = [
        ShardStatus(4, 0, "ready", 0.04, 10, "host-a:11", NOW - 600, NOW - 3),
        ShardStatus(4, 1, "ready", 0.05, 11, "host-a:11", NOW - 600, NOW - 300),  # its process went silent
        ShardStatus(4, 3, "stopped", None, 0, "host-b:12", NOW - 900, NOW - 800),
        ShardStatus(2, 0, "ready", 0.1, 5, "old:1", NOW - 9000, NOW - 8000),  # before a re-shard
    ]
    status, body = await served.get("/health/shards")
    assert status == 200 and isinstance(body, dict)
    assert body["shard_count"] == 4 and body["missing"] == [2] and body["ready"] == 1
    states = {s["shard"]: (s["state"], s["process"], s["latency_ms"]) for s in body["shards"]}  # type: ignore[union-attr]
    assert states == {0: ("ready", "host-a:11", 40.0), 1: ("stale", "host-a:11", 50.0),
                      3: ("stopped", "host-b:12", None)}
    served.store.ping_error = None
    served.store.statuses = []
    assert (await served.get("/health/shards"))[1] == {"shard_count": 4, "ready": 0, "missing": [0, 1, 2, 3],
                                                        "shards": []}


async def test_metrics_are_in_prometheus_format(served: Served) -> None:
    metrics.observe_commit("committed", 0.004)
    metrics.set_outbox(2, 1.5)
    metrics.watch_gateway(lambda: list(served.gateway))
    try:
        async with served.http.get(served.base + "/metrics") as answer:
            assert answer.status == 200 and answer.headers["Content-Type"].startswith("text/plain; version=0.0.4")
            text = await answer.text()
    finally:
        metrics.watch_gateway(None)
    families = {f.name: f for f in text_string_to_metric_families(text)}
    for name in ("hardback_interactions", "hardback_interaction_first_response_seconds", "hardback_move_commits",
                 "hardback_move_commit_seconds", "hardback_games_running", "hardback_outbox_pending_rows",
                 "hardback_delivery_retries", "hardback_gateway_latency_seconds", "hardback_search_jobs_in_flight",
                 "hardback_search_job_seconds", "process_resident_memory_bytes"):
        assert name in families, name
    latency = {s.labels["shard"]: s.value for s in families["hardback_gateway_latency_seconds"].samples}
    assert latency == {"2": 0.042, "3": 0.05}
    assert [s.value for s in families["hardback_outbox_pending_rows"].samples] == [2.0]


async def test_a_scrape_alone_says_whether_the_database_answers(served: Served) -> None:
    """Prometheus asks /metrics only: the database's gauges follow it without anybody asking /health."""
    def database_up(text: str) -> float:
        families = {f.name: f for f in text_string_to_metric_families(text)}
        return families["hardback_database_up"].samples[0].value

    metrics.set_database(False, None)  # as a fresh process starts
    assert database_up(str((await served.get("/metrics"))[1])) == 1
    served.store.ping_error = OSError("connection refused")
    assert database_up(str((await served.get("/metrics"))[1])) == 0
    served.store.ping_error = None
    assert database_up(str((await served.get("/metrics"))[1])) == 1


async def test_only_the_documented_paths_and_get(served: Served) -> None:
    assert (await served.get("/"))[0] == 404
    assert (await served.get("/health/live"))[1] == {"status": "alive"}
    async with served.http.post(served.base + "/health") as answer:
        assert answer.status == 405
    async with served.http.get(served.base + "/metrics", headers={"Accept": "application/openmetrics-text"}) as answer:
        assert answer.headers["Content-Type"].startswith("application/openmetrics-text")
        assert (await answer.text()).rstrip().endswith("# EOF")


async def test_a_port_in_use_is_one_sentence() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(ListenerError, match=r"cannot listen on 127\.0\.0\.1:\d+ \(the address is in use"):
            await Listener(Address("127.0.0.1", port), Health(lambda: [], lambda: None)).start()


def test_safe_errors_hide_passwords() -> None:
    error = RuntimeError("could not connect to postgresql://me:hunter2@db/x\nsecond line")
    assert safe_error(error) == "RuntimeError: could not connect to postgresql://***@db/x"


@pytest.mark.parametrize(("payload", "kind"), [
    ({"type": 2, "data": {"name": "hardback", "options": [{"type": 1, "name": "start", "options": []}]}},
     "command:start"),
    ({"type": 2, "data": {"name": "hardback", "options": []}}, "command:hardback"),
    ({"type": 2, "data": {"name": "Bad Name!"}}, "command:other"),
    ({"type": 4, "data": {"name": "hardback"}}, "autocomplete"),
    ({"type": 3, "data": {"custom_id": "hb:m:12:3:buy_5"}}, "click:move"),
    ({"type": 3, "data": {"custom_id": "hb:h:12:3:"}}, "click:hand"),
    ({"type": 3, "data": {"custom_id": "hbi:b:rating:0"}}, "click:info"),
    ({"type": 5, "data": {"custom_id": "hb:w:12:3:"}}, "form:word"),
    ({"type": 3, "data": {"custom_id": "someone-else"}}, "click:other"),
    # Every kind of the codec is named by the codec, older prefixes included: none counted as "other".
    ({"type": 3, "data": {"custom_id": "hb:o:12:0:menu"}}, "click:options"),
    ({"type": 3, "data": {"custom_id": "hb:r:12:0:here"}}, "click:rules"),
    ({"type": 3, "data": {"custom_id": "hb:d:20260105:0:share"}}, "click:daily"),
    ({"type": 3, "data": {"custom_id": "hb:b:0:1:rating"}}, "click:info"),
    ({"type": 3, "data": {"custom_id": "hb:v:12:3:ne"}}, "click:replay"),
    ({"type": 3, "data": {"custom_id": "hbr:n:12:3:e"}}, "click:replay"),
    ({"type": 3, "data": {"custom_id": "hb:z:0:0:export"}}, "click:privacy"),
    ({"type": 3, "data": {"custom_id": "hbp:y:1800000000"}}, "click:privacy"),
    ({"type": 3, "data": {"custom_id": "hb:p:12:3:next"}}, "click:other"),  # a kind the codec has not
    ({"type": 3, "data": {"custom_id": ["hb:m"]}}, "click:other"),
])
def test_interaction_kinds(payload: dict[str, object], kind: str) -> None:
    assert interaction_kind(payload, label) == kind


def test_without_the_codec_every_component_is_other() -> None:
    # ops knows no custom_id grammar of its own: the bot gives it the codec's names (bot.py).
    assert interaction_kind({"type": 3, "data": {"custom_id": "hb:m:12:3:buy_5"}}) == "click:other"


def test_every_kind_of_the_codec_has_a_metric_name() -> None:
    assert all(re.fullmatch(r"[a-z]{1,20}", kind.label) for kind in Kind)


def _sample(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


async def test_first_responses_are_timed_through_the_http_trace() -> None:
    async def callback(request: web.Request) -> web.Response:
        return web.Response(status=int(request.query.get("status", "204")))

    app = web.Application()
    app.router.add_post("/api/v10/interactions/{id}/{token}/callback", callback)
    app.router.add_post("/api/v10/channels/{id}/messages", callback)
    runner = web.AppRunner(app)
    await runner.setup()
    port = _free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    tracker = InteractionTracker(label=label)
    base = f"http://127.0.0.1:{port}/api/v10"
    kind = {"kind": "form:word"}
    before = (_sample("hardback_interactions_total", **kind),
              _sample("hardback_interaction_first_response_seconds_count", **kind),
              _sample("hardback_interaction_response_errors_total", **kind))
    try:
        async with aiohttp.ClientSession(trace_configs=[tracker.trace_config()]) as http:
            for n in (901, 902, 903):
                tracker.received({"id": str(n), "type": 5, "data": {"custom_id": "hb:w:1:1:"}})
            await http.post(f"{base}/channels/5/messages")  # not a first response: ignored
            await asyncio.sleep(0.05)
            for n, status in ((901, 204), (902, 429), (903, 400)):
                async with http.post(f"{base}/interactions/{n}/secret-token/callback?status={status}"):
                    pass
    finally:
        await runner.cleanup()
    assert _sample("hardback_interactions_total", **kind) - before[0] == 3
    assert _sample("hardback_interaction_first_response_seconds_count", **kind) - before[1] == 1
    assert _sample("hardback_interaction_first_response_seconds_sum", **kind) > 0.04
    assert _sample("hardback_interaction_response_errors_total", **kind) - before[2] == 1
    assert tracker.waiting == 1  # the 429: discord.py sends it again, and that answer will count


def test_interactions_never_answered_are_counted() -> None:
    now = [100.0]
    tracker = InteractionTracker(clock=lambda: now[0], expiry=15.0, label=label)
    before = _sample("hardback_interactions_unanswered_total", kind="click:lobby")
    tracker.received({"id": "1", "type": 3, "data": {"custom_id": "hb:l:1:0:join"}})
    now[0] += 10
    tracker.sweep()
    assert tracker.waiting == 1
    now[0] += 10
    tracker.sweep()
    assert tracker.waiting == 0
    assert _sample("hardback_interactions_unanswered_total", kind="click:lobby") - before == 1
    assert tracker.responded(1) is None  # too late to count as an answer


def _families() -> dict[str, str]:
    return {family.name: family.type for family in REGISTRY.collect()}


def _sample_names() -> set[str]:
    suffixes = {"counter": ("_total",), "histogram": ("_bucket", "_count", "_sum"), "gauge": ("",), "info": ("_info",)}
    return {name + suffix for name, kind in _families().items() for suffix in suffixes.get(kind, ("",))}


def test_the_grafana_dashboard_queries_only_metrics_that_exist() -> None:
    from .botrun import ROOT

    dashboard = json.loads((ROOT / "docs" / "grafana" / "hardback-dashboard.json").read_text())
    exprs = [t["expr"] for p in dashboard["panels"] for t in p.get("targets", [])]
    assert len(exprs) >= 20
    used = set(re.findall(r"\b((?:hardback|process)_[a-z_]+)\b", " ".join(exprs)))
    assert used - _sample_names() == set()
    shown = {re.sub(r"_(total|bucket|count|sum)$", "", name) for name in used}
    assert {"hardback_interaction_first_response_seconds", "hardback_move_commit_seconds", "hardback_games_running",
            "hardback_outbox_pending_rows", "hardback_delivery_retries", "hardback_gateway_latency_seconds",
            "hardback_search_jobs_in_flight", "hardback_search_job_seconds"} <= shown


def test_every_metric_is_documented() -> None:
    from .botrun import ROOT

    operations = (ROOT / "docs" / "operations.md").read_text()
    ours = {name for name in _families() if name.startswith("hardback_")}
    assert ours and {name for name in ours if f"`{name}" not in operations} == set()
