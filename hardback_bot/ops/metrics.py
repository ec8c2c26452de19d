"""The bot's Prometheus metrics (served at ``/metrics``; every name is in docs/operations.md).

One registry per process, with the process collector (CPU, memory, open files). The layers report through
the small functions here, so none of them needs to know Prometheus: ``observe_first_response(kind, s)``,
``observe_commit(result, s)``, ``note_delivery_retry()``, ``search_job(job)`` and the gauges the bot's
sampler sets. Gateway figures are read from the bot when scraped (:func:`watch_gateway`).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    disable_created_metrics,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.exposition import choose_encoder
from prometheus_client.registry import Collector

# The ``*_created`` series say when each counter was first touched: noise for every dashboard here.
disable_created_metrics()
REGISTRY = CollectorRegistry(auto_describe=True)
ProcessCollector(registry=REGISTRY)
PlatformCollector(registry=REGISTRY)

# Discord fails an interaction not answered within 3 s: the buckets are dense below that.
RESPONSE_BUCKETS = (0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0, 1.5, 2.0, 2.5, 3.0, 5.0, 10.0)
COMMIT_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
SEARCH_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0)

INTERACTIONS = Counter("hardback_interactions", "Interactions received from Discord, by kind", ["kind"],
                       registry=REGISTRY)
FIRST_RESPONSE = Histogram("hardback_interaction_first_response_seconds",
                           "From an interaction's arrival to Discord accepting its first response (defer, reply "
                           "or form), by kind", ["kind"], buckets=RESPONSE_BUCKETS, registry=REGISTRY)
UNANSWERED = Counter("hardback_interactions_unanswered",
                     "Interactions that got no first response at all, by kind", ["kind"], registry=REGISTRY)
RESPONSE_ERRORS = Counter("hardback_interaction_response_errors",
                          "First responses Discord refused or that failed on the way, by kind", ["kind"],
                          registry=REGISTRY)
MOVE_COMMITS = Counter("hardback_move_commits",
                       "Move commits by result: committed, stale (another click got there first), failed",
                       ["result"], registry=REGISTRY)
MOVE_COMMIT_SECONDS = Histogram("hardback_move_commit_seconds",
                                "Time of one move commit transaction (state, log, timers, outbox rows)",
                                buckets=COMMIT_BUCKETS, registry=REGISTRY)
GAMES = Gauge("hardback_games_running", "Games of this process's shards in the lobby or being played",
              ["status"], registry=REGISTRY)
OUTBOX_PENDING = Gauge("hardback_outbox_pending_rows",
                       "Outbox rows of this process's shards not yet delivered to Discord", registry=REGISTRY)
OUTBOX_OLDEST = Gauge("hardback_outbox_oldest_pending_seconds",
                      "Age of the oldest undelivered outbox row (0 when none)", registry=REGISTRY)
DELIVERY_RETRIES = Counter("hardback_delivery_retries",
                           "Times the relay failed to bring a game's public side up to date and scheduled a retry",
                           registry=REGISTRY)
SEARCH_IN_FLIGHT = Gauge("hardback_search_jobs_in_flight",
                         "Search jobs (computer moves, word previews, hints) submitted and not finished",
                         registry=REGISTRY)
SEARCH_SECONDS = Histogram("hardback_search_job_seconds",
                           "Search jobs from submission to answer (queue included), by job and where it ran "
                           "(worker process, or thread while the workers are not ready)", ["job", "where"],
                           buckets=SEARCH_BUCKETS, registry=REGISTRY)
SEARCH_WORKERS = Gauge("hardback_search_workers_ready", "Search worker processes ready for jobs", registry=REGISTRY)
DATABASE_UP = Gauge("hardback_database_up", "1 when the database answered the last health check", registry=REGISTRY)
DATABASE_PING = Gauge("hardback_database_ping_seconds", "Round trip of the last health check's database ping",
                      registry=REGISTRY)

_KNOWN_KINDS: set[str] = set()
MAX_KINDS = 64  # a label per kind of interaction; never one per custom id


def label(kind: str) -> str:
    """A bounded label value: the first kinds seen keep their names, the rest are "other"."""
    if kind in _KNOWN_KINDS:
        return kind
    if len(_KNOWN_KINDS) < MAX_KINDS:
        _KNOWN_KINDS.add(kind)
        return kind
    return "other"


def count_interaction(kind: str) -> None:
    INTERACTIONS.labels(label(kind)).inc()


def observe_first_response(kind: str, seconds: float) -> None:
    FIRST_RESPONSE.labels(label(kind)).observe(max(0.0, seconds))


def note_unanswered(kind: str) -> None:
    UNANSWERED.labels(label(kind)).inc()


def note_response_error(kind: str) -> None:
    RESPONSE_ERRORS.labels(label(kind)).inc()


def observe_commit(result: str, seconds: float) -> None:
    MOVE_COMMITS.labels(result).inc()
    if result == "committed":
        MOVE_COMMIT_SECONDS.observe(max(0.0, seconds))


def note_delivery_retry() -> None:
    DELIVERY_RETRIES.inc()


def set_games(counts: Mapping[str, int]) -> None:
    for status in ("lobby", "playing"):
        GAMES.labels(status).set(counts.get(status, 0))


def set_outbox(pending: int, oldest_age: float | None) -> None:
    OUTBOX_PENDING.set(pending)
    OUTBOX_OLDEST.set(max(0.0, oldest_age or 0.0))


def set_database(up: bool, seconds: float | None) -> None:
    DATABASE_UP.set(1 if up else 0)
    if seconds is not None:
        DATABASE_PING.set(seconds)


@contextlib.contextmanager
def search_job(job: str, where: str) -> Iterator[None]:
    """Around one search job: counted in flight while it runs, timed when it ends (even if it fails)."""
    SEARCH_IN_FLIGHT.inc()
    start = time.perf_counter()
    try:
        yield
    finally:
        SEARCH_IN_FLIGHT.dec()
        SEARCH_SECONDS.labels(job, where).observe(time.perf_counter() - start)


@dataclass(frozen=True)
class GatewayShard:
    """One shard's gateway connection as the bot sees it."""

    shard: int
    connected: bool
    latency: float | None  # seconds, the last heartbeat's round trip; None before the first
    guilds: int = 0


class _GatewayCollector(Collector):
    def __init__(self) -> None:
        self.source: Callable[[], list[GatewayShard]] | None = None

    def collect(self):  # type: ignore[no-untyped-def]
        connected = GaugeMetricFamily("hardback_gateway_connected", "1 while the shard's gateway connection is up",
                                      labels=["shard"])
        latency = GaugeMetricFamily("hardback_gateway_latency_seconds",
                                    "The shard's last gateway heartbeat round trip", labels=["shard"])
        guilds = GaugeMetricFamily("hardback_gateway_guilds", "Guilds the shard serves", labels=["shard"])
        for shard in self.source() if self.source is not None else []:
            connected.add_metric([str(shard.shard)], 1 if shard.connected else 0)
            if shard.latency is not None and shard.latency == shard.latency and shard.latency != float("inf"):
                latency.add_metric([str(shard.shard)], shard.latency)
            guilds.add_metric([str(shard.shard)], shard.guilds)
        yield connected
        yield latency
        yield guilds


_gateway = _GatewayCollector()
REGISTRY.register(_gateway)


def watch_gateway(source: Callable[[], list[GatewayShard]] | None) -> None:
    """Read the gateway figures from ``source`` at every scrape (None: stop)."""
    _gateway.source = source


def exposition(accept: str = "") -> tuple[bytes, str]:
    """The registry in the format the scraper's Accept header asks for (Prometheus's text format 0.0.4 unless
    it asks for OpenMetrics), and its content type."""
    encoder, content_type = choose_encoder(accept)
    return encoder(REGISTRY), content_type


__all__ = [
    "REGISTRY",
    "GatewayShard",
    "count_interaction",
    "exposition",
    "label",
    "note_delivery_retry",
    "note_response_error",
    "note_unanswered",
    "observe_commit",
    "observe_first_response",
    "search_job",
    "set_database",
    "set_games",
    "set_outbox",
    "watch_gateway",
]
