"""The search workers and stopping: Ctrl-C or SIGTERM to the process group never interrupts a worker, closing
stops idle workers at once and a busy one after its grace period, and every job is measured."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path

import pytest

from hardback_bot.ops.metrics import REGISTRY
from hardback_bot.sessions.searching import Searcher, SearcherStopped


def alive(pid: int) -> bool:
    """Running, that is: neither gone nor a zombie waiting to be collected."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False


def _count(job: str, where: str) -> float:
    return REGISTRY.get_sample_value("hardback_search_job_seconds_count", {"job": job, "where": where}) or 0.0


async def test_workers_ignore_ctrl_c_and_a_busy_one_is_stopped_after_its_grace() -> None:
    searcher = Searcher(workers=1)
    await searcher.start()
    try:
        assert REGISTRY.get_sample_value("hardback_search_workers_ready") == 1
        pid = await searcher.call(os.getpid)
        assert pid != os.getpid()
        os.kill(pid, signal.SIGINT)  # what the terminal sends every process of the group on Ctrl-C
        os.kill(pid, signal.SIGTERM)  # and systemd, stopping a unit
        # Both are pending in the worker once kill() returns: it meets them before it runs the next call.
        before = _count("getpid", "worker")
        assert await searcher.call(os.getpid) == pid  # the same worker, alive and working
        assert _count("getpid", "worker") == before + 1
        busy = asyncio.ensure_future(searcher.call(time.sleep, 20))
        for _ in range(500):  # until the job is sent to the worker (ahead of the stop that close sends)
            if REGISTRY.get_sample_value("hardback_search_jobs_in_flight") == 1:
                break
            await asyncio.sleep(0.01)
        assert REGISTRY.get_sample_value("hardback_search_jobs_in_flight") == 1
    finally:
        started = time.monotonic()
        await searcher.close(grace=0.5)
        took = time.monotonic() - started
    assert took < 5, took  # not the 20 s the job wanted
    assert not alive(pid)
    assert REGISTRY.get_sample_value("hardback_search_workers_ready") == 0
    # The job given up says so by its own name, which its caller (the daily's par) logs as the stop it is,
    # not as a failure with a traceback.
    with pytest.raises(SearcherStopped):
        await asyncio.wait_for(busy, 5)


async def test_until_the_workers_are_ready_jobs_run_in_a_thread_and_are_measured_too() -> None:
    searcher = Searcher(workers=1)
    searcher.install(start=False)  # the first job starts them; it does not wait for them
    try:
        before = _count("getpid", "thread")
        assert await searcher.call(os.getpid) == os.getpid()
        assert searcher.call_blocking(os.getpid) == os.getpid()
        assert _count("getpid", "thread") == before + 2
    finally:
        await searcher.close(grace=0.1)
