"""Solver timings: listing playable words against a C scan, best play, anytime answers.

    python bench/words.py [--sections listing,best,anytime] [--lists common,large,letterpress]
                          [--dictionary letterpress] [--situations 300] [--hands 30] [--cap 5] [--seed 7]

Sections (all warm: index built, one untimed call first, start-up objects frozen out of the GC as
``bot.py`` does; the 2-core machine is shared, so each per-question figure is a median of runs):

* ``listing``: ``playable_words`` against ``bench/listing_scan.c`` (a branch-free C scan of the same
  length-sorted letter counts, compiled here with gcc -O3 -march=native) on the same hands, per bundled
  list: realistic hands (5-7 cards, 0-3 inked, 0-3 timeless classics in play, any card wild), 7-letter
  racks with at most 2 wilds, and 12-card hands with nothing inked.  Every answer is checked against
  the C scan's (count and a hash of the word indexes).  Peak memory (the process's maximum resident
  set) is measured in a fresh process per list that loads only that list and lists every hand.
  Aims: realistic hands within 2x C at the median and 4x at p95; 12-card hands within 10x; peak < 100 MB.
* ``best``: exact best play (no limit) over realistic mid-game situations: 5-10 cards (those beyond 5
  inked), 0-3 classics (aims: median under 3 ms, p95 under 15 ms, worst under 50 ms).
* ``anytime``: best play with a limit of ``--cap`` seconds on hands of 7, 10 and 12 cards (0-3 inked,
  0-3 classics) and on adversarial hands of 7, 8, 10 and 12 cards (3-6 uncover cards, 2-3 doublers,
  the per-wild mystery card, nothing inked): time to the first play, time to the proven best, and the
  share answered optimally within 0.5 s (the best found by then equals the proven best).
  Aims: first play <= 20 ms in every case; optimal within 0.5 s in >= 95% of 7-8-card adversarial hands.
"""

from __future__ import annotations

import argparse
import gc
import inspect
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from hardback_bot.engine.cards import card, coin_starter_ids, genre_card_ids, prestige_starter_ids
from hardback_bot.words import get_dictionary
from hardback_bot.words import solver as solver_module
from hardback_bot.words.solver import PlayerCards, Weights, best_play, index_for, playable_indices, playable_words

HERE = Path(__file__).resolve().parent
LISTS = ("common", "large", "letterpress")
AIMS = "aims: listing <= 2x C median, <= 4x C p95 (12 cards: <= 10x); best play median < 3 ms, p95 < 15 ms, " \
       "worst < 50 ms; first play <= 20 ms always; >= 95% of 7-8-card adversarial hands optimal within 0.5 s"

GENRE = [c for c in genre_card_ids() if not card(c).timeless]
CLASSICS = [c for c in genre_card_ids() if card(c).timeless]
STARTERS = [c + 1000 for c in coin_starter_ids()] + [c + 1000 for c in prestige_starter_ids()]
UNCOVER = [c for c in GENRE if card(c).has("uncover_adjacent")]
DOUBLERS = [c for c in GENRE if card(c).has("double_adjacent")]
PER_WILD = [c for c in GENRE if card(c).has("prestige_per_wild")]
RACK_POOL = [c + 1000 for c in coin_starter_ids()] + genre_card_ids()


# ---------------------------------------------------------------------- hands
def situation(rng: random.Random) -> PlayerCards:
    """A plausible mid-game spelling situation for seat 0 (the ``best`` section)."""
    bought = rng.sample(GENRE, rng.randint(4, 14))
    if rng.random() < 0.3:
        bought.append(rng.choice(CLASSICS))
    deck = [c + 1000 for c in coin_starter_ids()] + rng.sample(prestige_starter_ids(), 2) + bought
    size = rng.randint(5, 10)
    hand = rng.sample(deck, min(size, len(deck)))
    inked = tuple(hand[5:])  # cards beyond the first five were drawn with ink
    free = [c for c in CLASSICS if c not in hand]
    in_play = tuple((c, rng.choice([0, 0, 1, 2])) for c in rng.sample(free, rng.randint(0, 3)))
    return PlayerCards(tuple(hand), inked, in_play, 0, rng.randint(0, 6))


def hand_of(rng: random.Random, size: int, inked: int, classics: int) -> PlayerCards:
    """``size`` cards from a deck of starters and bought cards, ``inked`` of them inked, classics in play."""
    deck = STARTERS + rng.sample(GENRE, 14)
    hand = rng.sample(deck, size)
    free = [c for c in CLASSICS if c not in hand]
    in_play = tuple((c, rng.choice([0, 0, 1, 2])) for c in rng.sample(free, classics))
    return PlayerCards(tuple(hand), tuple(rng.sample(hand, inked)), in_play, 0, rng.randint(0, 6))


def adversarial(rng: random.Random, size: int) -> PlayerCards:
    """3-6 uncover cards, 2-3 doublers and the per-wild mystery card, the rest starters; nothing inked."""
    uncover = min(rng.randint(3, 6), size - 3)
    doublers = min(rng.randint(2, 3), size - 1 - uncover)
    hand = rng.sample(PER_WILD, 1) + rng.sample([c for c in UNCOVER if c not in PER_WILD], uncover)
    hand += rng.sample(DOUBLERS, doublers)
    hand += rng.sample(STARTERS, size - len(hand))
    rng.shuffle(hand)
    return PlayerCards(tuple(hand), (), (), 0, rng.randint(0, 6))


# ---------------------------------------------------------------------- helpers
def timed(fn: Callable[[], object], runs: int) -> list[float]:
    fn()
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def freeze() -> None:
    # As the bot does after start-up (bot.py): the word list's strings live for the whole process, so
    # they are frozen out of the garbage collector, whose full passes would add 20-80 ms to a question.
    gc.collect()
    gc.freeze()


def fnv(indexes: Any) -> int:
    h = 1469598103934665603
    for i in indexes:
        h = ((h ^ int(i)) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return h


# ---------------------------------------------------------------------- the C reference
def compile_scan(workdir: Path) -> Path:
    gcc = shutil.which("gcc")
    if gcc is None:
        raise SystemExit("gcc is needed for the C reference scan (apt-get install gcc)")
    exe = workdir / "listing_scan"
    subprocess.run([gcc, "-O3", "-march=native", "-o", str(exe), str(HERE / "listing_scan.c")], check=True)
    return exe


def hand_line(cards: PlayerCards, max_length: int, max_wilds: int | None, min_length: int = 2) -> str:
    """The C scan's view of a hand: the rule of R6.4/R7, written out independently of the solver."""
    face = [0] * 26
    fixed = [0] * 26
    need = [0] * 26
    hand = set(cards.hand)
    inked = set(cards.inked) & hand
    for cid in cards.hand:
        x = ord(card(cid).letter) - 65
        face[x] += 1
        if cid in inked:
            fixed[x] += 1
            need[x] += 1
    for cid, _ in cards.classics:
        if cid not in hand:
            x = ord(card(cid).letter) - 65
            face[x] += 1
            fixed[x] += 1
    wildable = len(hand) - len(inked)
    budget = wildable if max_wilds is None else max(0, min(wildable, max_wilds))
    top = min(wildable + sum(fixed), max_length)
    return " ".join(map(str, [max(2, min_length), top, wildable, budget, *face, *fixed, *need]))


def c_scan(exe: Path, workdir: Path, dictionary: Any, lines: list[str], runs: int) -> list[tuple[int, int, float]]:
    order = np.argsort(dictionary.lengths, kind="stable")  # the solver's order: by length, then the list's
    data = workdir / f"{dictionary.name}.bin"
    if not data.exists():
        with open(data, "wb") as f:
            f.write(np.int32(len(order)).tobytes())
            f.write(np.ascontiguousarray(dictionary.lengths[order]).tobytes())
            f.write(np.ascontiguousarray(dictionary.letter_counts[order]).tobytes())
    hands = workdir / "hands.txt"
    hands.write_text("\n".join(lines) + "\n")
    out = subprocess.run([str(exe), str(data), str(hands), str(runs)], check=True, capture_output=True, text=True)
    rows = [line.split() for line in out.stdout.splitlines()]
    return [(int(n), int(h), float(ns) / 1e6) for n, h, ns in rows]


def listing_sets(rng: random.Random) -> list[tuple[str, list[PlayerCards], int | None, float, float]]:
    """(label, hands, max_wilds, aim at the median, aim at p95) in C multiples."""
    realistic = [hand_of(rng, rng.randint(5, 7), rng.randint(0, 3), rng.randint(0, 3)) for _ in range(100)]
    racks = [PlayerCards(tuple(rng.sample(RACK_POOL, 7))) for _ in range(50)]
    twelve = [hand_of(rng, 12, 0, rng.randint(0, 3)) for _ in range(50)]
    return [("realistic: 5-7 cards, 0-3 inked, 0-3 classics, any card wild", realistic, None, 2.0, 4.0),
            ("7-letter racks, at most 2 wilds", racks, 2, 2.0, 4.0),
            ("12 cards, nothing inked, 0-3 classics, any card wild", twelve, None, 10.0, 10.0)]


def listing(lists: tuple[str, ...], seed: int, runs: int = 5) -> dict[str, Any]:
    report: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="hb-words-") as tmp:
        workdir = Path(tmp)
        exe = compile_scan(workdir)
        for name in lists:
            dictionary = get_dictionary(name)
            index = index_for(dictionary)
            freeze()
            rng = random.Random(seed)
            for label, hands, wilds, aim_median, aim_p95 in listing_sets(rng):
                lines = [hand_line(h, index.max_length, wilds) for h in hands]
                reference = c_scan(exe, workdir, dictionary, lines, runs)
                py: list[float] = []
                as_list: list[float] = []
                words: list[int] = []
                for h, (count, digest, _) in zip(hands, reference, strict=True):
                    found = playable_indices(h, index, max_wilds=wilds)
                    listed = playable_words(h, dictionary, max_wilds=wilds)
                    if len(found) != count or fnv(found) != digest or len(listed) != count:
                        raise SystemExit(f"{name}: the solver and the C scan disagree on {h} ({len(found)} vs {count})")
                    words.append(count)
                    py.append(statistics.median(timed(
                        lambda h=h, d=dictionary, w=wilds: playable_words(h, d, max_wilds=w), runs)))
                    # The same with every word made a Python string in a list (what iterating costs).
                    as_list.append(statistics.median(timed(
                        lambda h=h, d=dictionary, w=wilds: list(playable_words(h, d, max_wilds=w)), runs)))
                c = [t for _, _, t in reference]
                ratios = [p / max(x, 1e-6) for p, x in zip(py, c, strict=True)]
                row = {
                    "hands": len(hands), "words_median": statistics.median(words), "words_max": max(words),
                    "python_ms": [round(statistics.median(py), 3), round(pct(py, 0.95), 3), round(max(py), 3)],
                    "as_list_ms": [round(statistics.median(as_list), 3), round(pct(as_list, 0.95), 3)],
                    "c_ms": [round(statistics.median(c), 3), round(pct(c, 0.95), 3), round(max(c), 3)],
                    "x_c_median": round(statistics.median(py) / statistics.median(c), 2),
                    "x_c_p95": round(pct(py, 0.95) / pct(c, 0.95), 2),
                    "per_hand_ratio_median_p95": [round(statistics.median(ratios), 2), round(pct(ratios, 0.95), 2)],
                    "aim": f"<= {aim_median:g}x median, <= {aim_p95:g}x p95",
                }
                report[f"{name}: {label}"] = row
                print(f"{name:11s} {label}: python median {row['python_ms'][0]:.3f} ms p95 {row['python_ms'][1]:.3f} "
                      f"max {row['python_ms'][2]:.3f}; C median {row['c_ms'][0]:.3f} p95 {row['c_ms'][1]:.3f}; "
                      f"x C {row['x_c_median']} median, {row['x_c_p95']} p95 ({row['words_median']:.0f} words median,"
                      f" {row['words_max']} max); as a list of str: median {row['as_list_ms'][0]:.3f} ms, "
                      f"p95 {row['as_list_ms'][1]:.3f}", flush=True)
            report[f"{name}: peak memory MB"] = memory(name, seed)
            print(f"{name:11s} peak resident memory listing every hand above (fresh process, only this list "
                  f"loaded): {report[f'{name}: peak memory MB']} MB", flush=True)
    return report


def memory(name: str, seed: int) -> float:
    out = subprocess.run([sys.executable, __file__, "--memory-of", name, "--seed", str(seed)], check=True,
                         capture_output=True, text=True)
    return float(out.stdout.strip().splitlines()[-1])


def memory_child(name: str, seed: int) -> None:
    dictionary = get_dictionary(name)
    index_for(dictionary)
    rng = random.Random(seed)
    for _, hands, wilds, _, _ in listing_sets(rng):
        for h in hands:
            playable_words(h, dictionary, max_wilds=wilds)
    # VmHWM: this process's peak resident set (ru_maxrss may report the parent's after fork and exec).
    status = Path("/proc/self/status").read_text()
    peak = next((line.split()[1] for line in status.splitlines() if line.startswith("VmHWM:")), None)
    kb = float(peak) if peak is not None else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(round(kb / 1024, 1))


# ---------------------------------------------------------------------- best play
def best(dictionary_name: str, situations: int, seed: int) -> dict[str, Any]:
    dictionary = get_dictionary(dictionary_name)
    index_for(dictionary)
    freeze()
    rng = random.Random(seed)
    for _ in range(50):  # the listing racks of earlier versions of this script: the same situations as before
        rng.sample(RACK_POOL, 7)
    cases = [situation(rng) for _ in range(situations)]
    weights = Weights()
    times: list[float] = []
    slowest: tuple[float, PlayerCards | None] = (0.0, None)
    for s in cases:
        t = statistics.median(timed(lambda s=s: best_play(s, dictionary, weights), 3))
        times.append(t)
        if t > slowest[0]:
            slowest = (t, s)
    row = {"situations": situations, "median_ms": round(statistics.median(times), 3),
           "p95_ms": round(pct(times, 0.95), 3), "worst_ms": round(max(times), 3), "slowest": str(slowest[1])}
    print(f"best play ({dictionary_name}), {situations} situations: median {row['median_ms']:.2f} ms, "
          f"p95 {row['p95_ms']:.2f} ms, worst {row['worst_ms']:.2f} ms", flush=True)
    return row


# ---------------------------------------------------------------------- anytime answers
def timeline(cards: PlayerCards, dictionary: Any, weights: Weights, cap: float) -> tuple[list[tuple[float, float]],
                                                                                          bool, float]:
    """Every improvement of a search limited to ``cap`` seconds as (seconds, value), whether it was proven best,
    and the total time."""
    seen: list[tuple[float, float]] = []
    start = time.perf_counter()
    if "on_improve" in inspect.signature(best_play).parameters:
        play = best_play(cards, dictionary, weights, time_limit=cap,
                         on_improve=lambda p: seen.append((time.perf_counter() - start, p.value)))
    else:  # the solver before anytime answers: note each time its group search improves
        search_class = solver_module._GroupSearch
        original = search_class._search

        def spy(self: Any, item: Any) -> None:
            before = self.best
            try:
                original(self, item)
            finally:
                if self.best is not before and self.best is not None:
                    seen.append((time.perf_counter() - start, self.best[0].value))

        search_class._search = spy  # type: ignore[method-assign]
        try:
            play = best_play(cards, dictionary, weights, time_limit=cap)
        finally:
            search_class._search = original  # type: ignore[method-assign]
    total = time.perf_counter() - start
    if play is not None and (not seen or seen[-1][1] < play.value - 1e-9):
        seen.append((total, play.value))
    return seen, bool(play is not None and play.exact), total


def anytime(dictionary_name: str, hands: int, cap: float, seed: int) -> dict[str, Any]:
    dictionary = get_dictionary(dictionary_name)
    index_for(dictionary)
    freeze()
    rng = random.Random(seed)
    weights = Weights()
    sets: list[tuple[str, list[PlayerCards]]] = []
    for size in (7, 10, 12):
        sets.append((f"{size} cards, 0-3 inked, 0-3 classics",
                     [hand_of(rng, size, rng.randint(0, 3), rng.randint(0, 3)) for _ in range(hands)]))
    for size in (7, 8, 10, 12):
        sets.append((f"adversarial, {size} cards", [adversarial(rng, size) for _ in range(hands)]))
    best_play(sets[0][1][0], dictionary, weights)  # warm
    report: dict[str, Any] = {}
    for label, cases in sets:
        first: list[float] = []
        proven: list[float] = []
        optimal = 0
        as_good = 0  # the best found by 0.5 s equals the best found within the cap, proven or not
        none = 0
        for cards in cases:
            seen, exact, total = timeline(cards, dictionary, weights, cap)
            if not seen:
                none += 1
                first.append(float("inf"))
                continue
            first.append(seen[0][0] * 1000)
            if max((v for t, v in seen if t <= 0.5), default=-1.0) >= seen[-1][1] - 1e-9:
                as_good += 1
            if exact:
                proven.append(total * 1000)
                by_half = max((v for t, v in seen if t <= 0.5), default=None)
                if total <= 0.5 or (by_half is not None and by_half >= seen[-1][1] - 1e-9):
                    optimal += 1
        finite = [f for f in first if f != float("inf")]
        row = {
            "hands": len(cases),
            "first_play_ms": [round(statistics.median(finite), 2) if finite else None,
                              round(pct(first, 0.95), 2), round(max(first), 2)],
            "no_play_within_cap": none,
            "proven_within_cap": len(proven),
            "proven_ms": ([round(statistics.median(proven), 1), round(pct(proven, 0.95), 1), round(max(proven), 1)]
                          if proven else None),
            "optimal_within_0.5s": round(optimal / len(cases), 3),
            "best_of_cap_within_0.5s": round(as_good / len(cases), 3),
        }
        report[label] = row
        print(f"{label}: first play median {row['first_play_ms'][0]} ms, p95 {row['first_play_ms'][1]}, "
              f"worst {row['first_play_ms'][2]} ms ({none} without any play in {cap:g} s); proven best in "
              f"{len(proven)}/{len(cases)} within {cap:g} s (median/p95/worst ms {row['proven_ms']}); optimal within"
              f" 0.5 s: {100 * row['optimal_within_0.5s']:.0f}% (the best found in {cap:g} s, proven or not, by 0.5 s: "
              f"{100 * row['best_of_cap_within_0.5s']:.0f}%)", flush=True)
    return report


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sections", default="listing,best,anytime")
    parser.add_argument("--lists", default=",".join(LISTS))
    parser.add_argument("--dictionary", default="letterpress", help="for the best-play and anytime sections")
    parser.add_argument("--situations", type=int, default=300)
    parser.add_argument("--hands", type=int, default=30, help="hands per anytime set")
    parser.add_argument("--cap", type=float, default=5.0, help="seconds each anytime search may take")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", metavar="FILE", help="also write the figures there")
    parser.add_argument("--memory-of", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.memory_of:
        memory_child(args.memory_of, args.seed)
        return
    sections = args.sections.split(",")
    report: dict[str, Any] = {"load_average": os.getloadavg()[0]}
    print(f"load average {report['load_average']:.2f} on {os.cpu_count()} CPUs", flush=True)
    if "listing" in sections:
        report["listing"] = listing(tuple(args.lists.split(",")), args.seed)
    if "best" in sections:
        report["best"] = best(args.dictionary, args.situations, args.seed)
    if "anytime" in sections:
        report["anytime"] = anytime(args.dictionary, args.hands, args.cap, args.seed)
    print(AIMS)
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
