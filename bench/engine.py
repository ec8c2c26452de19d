"""Engine speed: random legal full games per second (2 and 4 players) and moves per game.

    python bench/engine.py [GAMES]
"""

from __future__ import annotations

import statistics
import sys
import time

from hardback_bot.engine.randomplay import play_random_game


def run(players: int, games: int) -> None:
    times, moves, rounds = [], [], []
    for seed in range(games):
        start = time.perf_counter()
        game = play_random_game(players, seed)
        times.append(time.perf_counter() - start)
        assert game.finished
        moves.append(len(game.move_log))
        rounds.append(game.state.round)
    total = sum(times)
    print(f"{players} players: {games / total:7.1f} games/s | per game: median "
          f"{statistics.median(times) * 1000:6.1f} ms, p95 {sorted(times)[int(0.95 * games) - 1] * 1000:6.1f} ms"
          f" | moves per game: mean {statistics.mean(moves):6.1f} | rounds: mean {statistics.mean(rounds):5.1f}")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    print(f"random legal full games, {games} per player count, one core")
    for players in (2, 4):
        run(players, games)


if __name__ == "__main__":
    main()
