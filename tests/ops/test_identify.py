"""Shards IDENTIFY as fast as Discord allows (hardback_bot/ops/identify.py): one per rate-limit bucket
(``shard_id % max_concurrency``) every 5 seconds, the buckets side by side."""

from __future__ import annotations

from hardback_bot.ops.identify import IDENTIFY_INTERVAL, IdentifyPacer


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_one_bucket_starts_a_shard_every_five_seconds() -> None:
    clock = Clock()
    pacer = IdentifyPacer(1, clock)
    assert [pacer.wait(shard) for shard in (0, 1, 2)] == [0.0, IDENTIFY_INTERVAL, 2 * IDENTIFY_INTERVAL]
    clock.now += 60  # a reconnect long after: at once, not after discord.py's 5 s
    assert pacer.wait(1) == 0.0


def test_shards_of_other_buckets_identify_together() -> None:
    clock = Clock()
    pacer = IdentifyPacer(4, clock)
    assert [pacer.wait(shard) for shard in range(8)] == [0.0] * 4 + [IDENTIFY_INTERVAL] * 4
    clock.now += 2.0
    assert pacer.wait(0) == 2 * IDENTIFY_INTERVAL - 2.0  # bucket 0: after shard 4's slot


def test_a_bad_limit_counts_as_one() -> None:
    assert IdentifyPacer(0).max_concurrency == 1
