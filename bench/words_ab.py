"""Exact best play against an earlier checkout, in one run (the aim: best play at least as fast as before).

    python bench/words_ab.py /path/to/earlier/checkout [--rounds 2] [--situations 300]

Times ``best_play`` with no limit on the ``best`` section's mid-game situations of ``bench/words.py``
(letterpress, 5-10 cards, the same seed), median of three runs per situation, for this checkout and the
earlier one in turn (``--rounds`` times each, alternating, so both see the same load), and prints each
run's median, p95 and worst with the ratios.  Both must find plays of the same values: the script says
so.  Each run is a fresh process with the other tree first on its path; the situations are built here
from card ids only, so any checkout with ``hardback_bot.words.solver.best_play`` will do.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

CHILD = r"""
import gc, json, random, statistics, sys, time
from hardback_bot.engine.cards import card, coin_starter_ids, genre_card_ids, prestige_starter_ids
from hardback_bot.words import get_dictionary
from hardback_bot.words.solver import PlayerCards, Weights, best_play, index_for

GENRE = [c for c in genre_card_ids() if not card(c).timeless]
CLASSICS = [c for c in genre_card_ids() if card(c).timeless]
RACK_POOL = [c + 1000 for c in coin_starter_ids()] + genre_card_ids()


def situation(rng):  # as bench/words.py's
    bought = rng.sample(GENRE, rng.randint(4, 14))
    if rng.random() < 0.3:
        bought.append(rng.choice(CLASSICS))
    deck = [c + 1000 for c in coin_starter_ids()] + rng.sample(prestige_starter_ids(), 2) + bought
    hand = rng.sample(deck, min(rng.randint(5, 10), len(deck)))
    free = [c for c in CLASSICS if c not in hand]
    in_play = tuple((c, rng.choice([0, 0, 1, 2])) for c in rng.sample(free, rng.randint(0, 3)))
    return PlayerCards(tuple(hand), tuple(hand[5:]), in_play, 0, rng.randint(0, 6))


dictionary = get_dictionary("letterpress")
index_for(dictionary)
gc.collect()
gc.freeze()
rng = random.Random(int(sys.argv[2]))
for _ in range(50):  # the listing racks drawn first by bench/words.py
    rng.sample(RACK_POOL, 7)
cases = [situation(rng) for _ in range(int(sys.argv[1]))]
weights = Weights()
times, values = [], []
for s in cases:
    play = best_play(s, dictionary, weights)
    runs = []
    for _ in range(3):
        start = time.perf_counter()
        best_play(s, dictionary, weights)
        runs.append((time.perf_counter() - start) * 1000)
    times.append(statistics.median(runs))
    values.append(None if play is None else play.value)
print(json.dumps({"times": times, "values": values}))
"""


def run(tree: Path, situations: int, seed: int) -> dict[str, list]:  # type: ignore[type-arg]
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run([sys.executable, "-c", CHILD, str(situations), str(seed)], env=env, check=True,
                         capture_output=True, text=True, cwd=tree)
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def figures(times: list[float]) -> tuple[float, float, float]:
    ordered = sorted(times)
    return statistics.median(times), ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], ordered[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reference", type=Path, help="an earlier checkout of this project")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--situations", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    here = HERE.parent
    report: dict[str, list[list[float]]] = {"this": [], "reference": []}
    values: dict[str, list] = {}  # type: ignore[type-arg]
    for _ in range(args.rounds):
        for name, tree in (("reference", args.reference.resolve()), ("this", here)):
            found = run(tree, args.situations, args.seed)
            report[name].append(list(figures(found["times"])))
            values[name] = found["values"]
            median, p95, worst = report[name][-1]
            print(f"{name}: median {median:.2f} ms, p95 {p95:.2f} ms, worst {worst:.1f} ms", flush=True)
    same = values["this"] == values["reference"]
    ratio = [statistics.median(t[k] for t in report["this"]) / statistics.median(t[k] for t in report["reference"])
             for k in range(3)]
    print(json.dumps({"rounds": report, "same_values": same,
                      "ratio_this_over_reference": {"median": round(ratio[0], 2), "p95": round(ratio[1], 2),
                                                    "worst": round(ratio[2], 2)}}, indent=1))


if __name__ == "__main__":
    main()
