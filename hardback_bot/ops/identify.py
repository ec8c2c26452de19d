"""When a shard may IDENTIFY on the gateway.

Discord lets a bot start ``max_concurrency`` sessions at once: each shard belongs to the rate-limit bucket
``shard_id % max_concurrency``, and each bucket may IDENTIFY once every 5 seconds (a bot of
``max_concurrency`` 1 starts one shard every 5 s; large bots get 16 and more). discord.py's own hook waits 5 s
before every IDENTIFY but a process's first, whatever the bucket and however long ago the last one was: a
process of shards 0-15 on a bot of ``max_concurrency`` 16 would take 75 s to come up instead of none.
"""

from __future__ import annotations

import time
from collections.abc import Callable

IDENTIFY_INTERVAL = 5.0  # seconds between two IDENTIFYs of one bucket


class IdentifyPacer:
    """The waits of one process's IDENTIFYs, bucket by bucket."""

    def __init__(self, max_concurrency: int = 1, clock: Callable[[], float] = time.monotonic) -> None:
        self.max_concurrency = max(1, max_concurrency)
        self._clock = clock
        self._next: dict[int, float] = {}  # bucket -> when it may IDENTIFY again

    def wait(self, shard_id: int) -> float:
        """Seconds ``shard_id`` must wait before it IDENTIFYs; the slot is taken from then on."""
        bucket = shard_id % self.max_concurrency
        now = self._clock()
        at = max(now, self._next.get(bucket, now))
        self._next[bucket] = at + IDENTIFY_INTERVAL
        return at - now
