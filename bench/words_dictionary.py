#!/usr/bin/env python3
"""Benchmark the bundled dictionaries: cold load time, memory, membership checks, solver arrays.

Each list is measured in fresh subprocesses (cold: nothing loaded, modules imported first so
only the list itself is timed), several times, reporting the median.  Aims:
load < 1 s and < 100 MB RSS per list, membership < 5 µs per check.

    python bench/words_dictionary.py [--runs 3] [--checks 400000] [names ...]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

LISTS = ("common", "large", "letterpress")


def rss_mb() -> float:
    """Current resident set size of this process, in MB (Linux /proc)."""
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


def child(name: str, checks: int) -> dict[str, float]:
    """One cold measurement, run inside a fresh interpreter."""
    import numpy  # noqa: F401  imported up front: the solver arrays need it, the load does not

    from hardback_bot.words import get_dictionary

    before = rss_mb()
    start = time.perf_counter()
    d = get_dictionary(name)
    load_s = time.perf_counter() - start
    after_load = rss_mb()

    start = time.perf_counter()
    d.letter_counts  # noqa: B018  built lazily on first access
    arrays_s = time.perf_counter() - start
    after_arrays = rss_mb()

    rng = random.Random(1)
    hits = rng.choices(d.words, k=checks // 2)
    # Misses that look like words: a real word with its last letter changed, kept only if absent.
    misses = [w for w in (h[:-1] + rng.choice("qxzjv") for h in rng.choices(d.words, k=checks)) if not d.is_word(w)]
    probes = hits + misses[: checks - len(hits)]
    rng.shuffle(probes)
    # Mixed case on half, since players type either.
    probes = [p.upper() if i % 2 else p for i, p in enumerate(probes)]
    is_word = d.is_word
    start = time.perf_counter()
    found = sum(1 for p in probes if is_word(p))
    check_s = time.perf_counter() - start
    assert found == len(hits), (found, len(hits))
    return {
        "words": len(d),
        "load_s": load_s,
        "rss_load_mb": after_load - before,
        "arrays_s": arrays_s,
        "rss_arrays_mb": after_arrays - after_load,
        "check_us": check_s / len(probes) * 1e6,
        "checks": len(probes),
    }


def run_child(name: str, checks: int) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, __file__, "--child", name, "--checks", str(checks)],
        check=True,
        capture_output=True,
        text=True,
        cwd=REPO,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", default=list(LISTS))
    parser.add_argument("--runs", type=int, default=3, help="fresh subprocesses per list (median reported)")
    parser.add_argument("--checks", type=int, default=400_000, help="membership checks per run, half hits")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.child:
        print(json.dumps(child(args.child, args.checks)))
        return 0

    print(f"Python {sys.version.split()[0]}, {args.runs} cold runs per list, {args.checks:,} checks per run")
    header = (
        f"{'list':12} {'words':>8} {'load s':>7} {'RSS MB':>7} {'check µs':>9} {'arrays s':>9} {'arrays MB':>10}  aims"
    )
    print(header)
    print("-" * len(header))
    failed = False
    for name in args.names:
        runs = [run_child(name, args.checks) for _ in range(args.runs)]

        def med(key: str, runs: list[dict[str, float]] = runs) -> float:
            return statistics.median(r[key] for r in runs)

        ok = med("load_s") < 1.0 and med("rss_load_mb") < 100 and med("check_us") < 5.0
        failed |= not ok
        verdict = "met" if ok else "MISSED"
        print(
            f"{name:12} {int(med('words')):>8,} {med('load_s'):>7.3f} {med('rss_load_mb'):>7.1f} "
            f"{med('check_us'):>9.3f} {med('arrays_s'):>9.3f} {med('rss_arrays_mb'):>10.1f}  {verdict}"
        )
    print("\nload s / RSS MB: get_dictionary() cold in a fresh process; check µs: is_word(), hits and misses;")
    print("arrays: the solver's letter_counts + lengths, built on first use (not part of the load).")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
