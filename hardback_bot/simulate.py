"""Seeded games between computer players, with statistics as JSON.

    python -m hardback_bot.simulate --games 200 --seats hard,normal
    python -m hardback_bot.simulate --games 200 --seats hard --coop --penny-genre romance

Seats take turns sitting first: game ``i`` rotates the seat list by ``i``, so every strength plays
every seat equally often.  Games run on every core (``--workers``); a progress bar goes to
stderr for long runs; the JSON report goes to stdout.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from typing import Any

from hardback_bot.ai import STRENGTHS, choose_move, wants_to_act
from hardback_bot.engine import Game, GameOptions, OptionsError
from hardback_bot.engine.options import GAME_LENGTHS, PENNY_GENRES
from hardback_bot.words import DictionaryError, available_dictionaries, get_dictionary

NAMES = {name: level for level, name in STRENGTHS.items()}
MAX_MOVES = 5000  # a safety net: a game of Hardback takes a few hundred moves


@dataclass(frozen=True)
class Setup:
    seats: tuple[int, ...]  # strength of each seat, before rotation
    options: dict[str, Any]
    seed: int


@dataclass
class Record:
    index: int
    strengths: list[int]  # per seat, after rotation
    results: list[dict[str, Any]]
    rounds: int
    words: int
    longest: str
    turns: list[int]
    prestige: list[int]
    moves: int
    seconds: float
    stats: dict[str, Any] = field(default_factory=dict)


def play_game(setup: Setup, index: int) -> Record:
    """Play one game to the end; seat ``s`` gets ``setup.seats[(s + index) % n]``."""
    n = len(setup.seats)
    strengths = [setup.seats[(s + index) % n] for s in range(n)]
    options = GameOptions.from_dict(setup.options)
    name = options.dictionary
    checker = get_dictionary(name)
    game = Game.new(n, setup.seed + index, options, checker=checker)
    start = time.perf_counter()
    moves = 0
    while not game.finished:
        if moves >= MAX_MOVES:
            raise RuntimeError(f"game {index} did not finish in {MAX_MOVES} moves")
        seat = _next_actor(game)
        game.apply(seat, choose_move(game, seat, strengths[seat]))
        moves += 1
    stats = game.stats()
    longest = max((p.longest_word for p in stats.players), key=len, default="")
    return Record(
        index=index, strengths=strengths, results=game.results(), rounds=stats.table.turns,
        words=stats.table.words, longest=longest, turns=[p.stats.turns for p in stats.players],
        prestige=game.scores(), moves=moves, seconds=time.perf_counter() - start,
        stats=stats.to_dict()["table"],  # written out as JSON: the stored names
    )


def _next_actor(game: Game) -> int:
    # Voters first (the speller waits for them), then the active player.
    for seat in range(game.num_players):
        if seat != game.active_seat and wants_to_act(game, seat) and game.phase == "vote":
            return seat
    return game.active_seat


def _run_one(args: tuple[Setup, int]) -> Record:
    return play_game(*args)


def run(setup: Setup, games: int, workers: int = 1, progress: bool = False) -> list[Record]:
    jobs = [(setup, i) for i in range(games)]
    records: list[Record] = []
    bar = _Progress(games) if progress else None
    if workers <= 1 or games <= 1:
        for job in jobs:
            records.append(_run_one(job))
            if bar:
                bar.step()
    else:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            for record in pool.imap_unordered(_run_one, jobs):
                records.append(record)
                if bar:
                    bar.step()
    if bar:
        bar.done()
    return sorted(records, key=lambda r: r.index)


class _Progress:
    def __init__(self, total: int) -> None:
        self.total, self.count, self.start = total, 0, time.perf_counter()

    def step(self) -> None:
        self.count += 1
        width = 30
        filled = width * self.count // self.total
        elapsed = time.perf_counter() - self.start
        eta = elapsed / self.count * (self.total - self.count)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {self.count}/{self.total} "
                         f"{elapsed:5.0f}s elapsed, ~{eta:4.0f}s left")
        sys.stderr.flush()

    def done(self) -> None:
        sys.stderr.write("\n")
        sys.stderr.flush()


def _spread(values: list[float]) -> dict[str, float]:
    if not values:
        return {"mean": 0.0, "stdev": 0.0, "min": 0.0, "max": 0.0}
    return {"mean": round(statistics.fmean(values), 2),
            "stdev": round(statistics.pstdev(values), 2) if len(values) > 1 else 0.0,
            "min": min(values), "max": max(values)}


def summarise(setup: Setup, records: list[Record]) -> dict[str, Any]:
    """Win rates by strength and by seat, score spreads, game length, words, longest word."""
    coop = bool(setup.options.get("coop"))
    n = len(setup.seats)
    wins: dict[str, float] = defaultdict(float)
    seats_of: dict[str, int] = defaultdict(int)
    seat_wins = [0.0] * n
    coop_games: dict[str, int] = defaultdict(int)
    scores: dict[str, list[float]] = defaultdict(list)
    per_turn: dict[str, list[float]] = defaultdict(list)
    longest = ""
    for r in records:
        by_seat = {row["seat"]: row for row in r.results}
        winners = [s for s, row in by_seat.items() if row["rank"] == 1 and (not coop or row.get("won"))]
        for s in range(n):
            name = STRENGTHS[r.strengths[s]]
            seats_of[name] += 1
            scores[name].append(by_seat[s]["prestige"])
            if r.turns[s]:
                per_turn[name].append(r.prestige[s] / r.turns[s] if not coop else r.prestige[s] / r.turns[s] / n)
            if s in winners and not coop:
                wins[name] += 1.0 / len(winners)
                seat_wins[s] += 1.0 / len(winners)
        if coop:  # the team wins or loses together: each strength at the table shares the result
            won = any(row.get("won") for row in r.results)
            for name in {STRENGTHS[x] for x in r.strengths}:
                coop_games[name] += 1
                wins[name] += won
            seat_wins = [w + won for w in seat_wins]
        if len(r.longest) > len(longest):
            longest = r.longest
    games = len(records)
    report: dict[str, Any] = {
        "games": games,
        "seats": [STRENGTHS[s] for s in setup.seats],
        "options": setup.options,
        "seed": setup.seed,
        # The share of games a seat of that strength won (ties share the win; co-op: the team's wins).
        "win_rate_by_strength": {k: round(wins[k] / (coop_games[k] if coop else games), 4) for k in seats_of},
        "win_rate_by_seat": [round(w / games, 4) for w in seat_wins] if games else [],
        "final_score": {k: _spread(v) for k, v in scores.items()},
        "rounds": _spread([r.rounds for r in records]),
        "prestige_per_turn": {k: round(statistics.fmean(v), 3) for k, v in per_turn.items() if v},
        "words_per_game": round(statistics.fmean([r.words for r in records]), 2) if records else 0.0,
        "longest_word": {"word": longest, "letters": len(longest)},
        "seconds_per_game": round(statistics.fmean([r.seconds for r in records]), 3) if records else 0.0,
    }
    if coop:
        won = [any(row.get("won") for row in r.results) for r in records]
        report["team_win_rate"] = round(sum(won) / games, 4) if games else 0.0
        report["penny_score"] = _spread([r.results[0]["penny"] for r in records])
        report["margin"] = _spread([r.results[0]["margin"] for r in records])
    return report


def _strength(text: str) -> int:
    key = text.strip().lower()
    if key.isdigit() and int(key) in STRENGTHS:
        return int(key)
    if key not in NAMES:
        raise argparse.ArgumentTypeError(f"unknown strength {text!r}: use easy, normal, hard or expert")
    return NAMES[key]


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m hardback_bot.simulate",
                                description="Play seeded games between computer players and print statistics "
                                            "as JSON.")
    p.add_argument("--games", type=int, default=20, help="number of games (default 20)")
    p.add_argument("--seats", default="hard,normal",
                   help="strength of each seat, comma-separated: easy, normal, hard, expert (default hard,normal); "
                        "seats rotate between games")
    p.add_argument("--coop", action="store_true", help="co-op against Penny Dreadful (1-4 seats)")
    p.add_argument("--penny-genre", default="random", choices=PENNY_GENRES, help="Penny's signature genre")
    p.add_argument("--length", type=int, default=60, choices=GAME_LENGTHS, help="game length (competitive)")
    p.add_argument("--dictionary", default="common", help="word list (default common)")
    p.add_argument("--vote", default="off", choices=("off", "majority", "unanimous"), help="votes on invalid words")
    p.add_argument("--unique-words", default="off", choices=("off", "game", "player"))
    p.add_argument("--no-awards", action="store_true")
    p.add_argument("--no-adverts", action="store_true")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses seed + i")
    p.add_argument("--workers", type=int, default=0, help="processes (default: every core for 8+ games)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    p.add_argument("--games-out", metavar="FILE", help="also write one JSON line per game to FILE")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        seats = tuple(_strength(s) for s in args.seats.split(",") if s.strip())
    except argparse.ArgumentTypeError as error:
        parser().error(str(error))
    if args.games < 1:
        parser().error("--games must be at least 1")
    options = GameOptions(length=args.length, awards=not args.no_awards, adverts=not args.no_adverts,
                          unique_words=args.unique_words, dictionary=args.dictionary, vote=args.vote,
                          coop=args.coop, penny_genre=args.penny_genre)
    known = available_dictionaries()
    if args.dictionary.strip().lower() not in known:
        parser().error(f"unknown dictionary {args.dictionary!r}; available: {', '.join(known)}")
    try:
        options.validate(len(seats))
        get_dictionary(args.dictionary)
    except (OptionsError, DictionaryError) as error:  # bad table or unloadable word list: one clear line
        parser().error(str(error))
    setup = Setup(seats=seats, options=options.to_dict(), seed=args.seed)
    workers = args.workers or (multiprocessing.cpu_count() if args.games >= 8 else 1)
    records = run(setup, args.games, workers, progress=not args.no_progress and args.games >= 4)
    if args.games_out:
        with open(args.games_out, "w", encoding="utf-8") as f:
            for r in records:
                f.write(json.dumps(asdict(r)) + "\n")
    print(json.dumps(summarise(setup, records), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
