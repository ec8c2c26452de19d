"""Decision time of the computer players, per strength (the targets: hard decides within 1 s; the
expert within 0.5 s at the median and 2 s at the 99th percentile).

    python bench/ai.py [--games 8] [--seed 1] [--strengths hard,expert]
    python bench/ai.py --coop --games 8 --strengths expert   # solo against Penny, her four signatures in turn
    python bench/ai.py --sweep 3      # legality sweep: full games at every table type

Plays games where every seat has the same strength (2, 3 and 4 players, and solo co-op; with ``--coop``
solo co-op only, against each of Penny's signature genres in turn) with the "common" dictionary, times
every ``choose_move`` call and prints p50 / p90 / p99 / max per strength as JSON, with the slowest
decisions' phases.  ``--sweep N`` instead plays N full games of every table type (competitive 2-5, co-op
1-4 with each Penny genre, votes without a dictionary, unique words) with mixed strengths; the engine
raises on any illegal move.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from hardback_bot.ai import STRENGTHS, choose_move, wants_to_act
from hardback_bot.engine import Game, GameOptions
from hardback_bot.words import get_dictionary

TABLES = ((2, GameOptions()), (3, GameOptions()), (4, GameOptions()), (1, GameOptions(coop=True)))
# The expert searches co-op turns with about twice the work of competitive ones (longer samples).
SOLO_TABLES = tuple((1, GameOptions(coop=True, penny_genre=g)) for g in ("adventure", "horror", "mystery", "romance"))


def _actor(game: Game) -> int:
    if game.phase == "vote":
        return next(s for s in range(game.num_players) if s != game.active_seat and wants_to_act(game, s))
    return game.active_seat


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench(games: int, seed: int, strengths: list[int] | None = None,
          tables: tuple[tuple[int, GameOptions], ...] = TABLES) -> dict[str, object]:
    checker = get_dictionary("common")
    # Loading the word list and building its letter counts happens once per process: not a decision.
    warm = Game.new(2, seed, GameOptions(), checker=checker)
    choose_move(warm, 0, 1)
    report: dict[str, object] = {}
    for strength, name in STRENGTHS.items():
        if strengths and strength not in strengths:
            continue
        times: list[tuple[float, str]] = []
        for g in range(games):
            players, options = tables[g % len(tables)]
            game = Game.new(players, seed + g, options, checker=checker)
            while not game.finished:
                seat = _actor(game)
                start = time.perf_counter()
                move = choose_move(game, seat, strength)
                times.append((time.perf_counter() - start, game.phase))
                game.apply(seat, move)
        seconds = [t for t, _ in times]
        slow = sorted(times, reverse=True)[:5]
        report[name] = {
            "decisions": len(seconds),
            "p50_ms": round(1000 * statistics.median(seconds), 2),
            "p90_ms": round(1000 * _quantile(seconds, 0.90), 2),
            "p99_ms": round(1000 * _quantile(seconds, 0.99), 2),
            "max_ms": round(1000 * max(seconds), 2),
            "slowest": [[round(1000 * t, 1), phase] for t, phase in slow],
        }
    return report


def sweep_tables() -> list[tuple[str, int, GameOptions]]:
    tables = [(f"competitive-{n}", n, GameOptions()) for n in range(2, 6)]
    tables += [(f"coop-{n}-{g}", n, GameOptions(coop=True, penny_genre=g))
               for n in range(1, 5) for g in ("adventure", "horror", "mystery", "romance")]
    tables += [("votes-none-3", 3, GameOptions(dictionary="none", vote="majority")),
               ("votes-none-unanimous-2", 2, GameOptions(dictionary="none", vote="unanimous")),
               ("unique-words-4", 4, GameOptions(unique_words="game", open_hands=True))]
    return tables


def sweep(games: int, seed: int) -> dict[str, object]:
    """Full games at every table type; every move goes through ``Game.apply``, which refuses illegal ones."""
    report: dict[str, object] = {}
    total = 0
    for name, players, options in sweep_tables():
        checker = get_dictionary(options.dictionary)
        moves = 0
        for g in range(games):
            game = Game.new(players, seed + g, options, checker=checker)
            strengths = [1 + (seat + g) % len(STRENGTHS) for seat in range(players)]
            while not game.finished:
                seat = _actor(game)
                game.apply(seat, choose_move(game, seat, strengths[seat]))
                moves += 1
        report[name] = {"games": games, "moves": moves}
        total += moves
    report["total_moves"] = total
    report["illegal_moves"] = 0  # Game.apply would have raised
    return report


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=8)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--sweep", type=int, default=0, metavar="N", help="legality sweep: N games per table type")
    p.add_argument("--strengths", default="", help="time only these strengths, comma-separated (default: all)")
    p.add_argument("--coop", action="store_true", help="solo co-op games only, Penny's four signatures in turn")
    args = p.parse_args()
    names = {name: level for level, name in STRENGTHS.items()}
    chosen = [names[x.strip()] for x in args.strengths.split(",") if x.strip()]
    get_dictionary("common")
    if args.sweep:
        print(json.dumps(sweep(args.sweep, args.seed), indent=2))
        return
    print(json.dumps(bench(args.games, args.seed, chosen, SOLO_TABLES if args.coop else TABLES), indent=2))


if __name__ == "__main__":
    main()
