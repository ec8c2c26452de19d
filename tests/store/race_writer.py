"""Writer process for test_concurrency.py: one of two processes racing on one game.

Run: python race_writer.py DB_PATH_OR_POSTGRESQL_URL GAME_ID NAME, then commands on stdin, one per line:
``READ n`` reads the game and prints ``READ n <version>``; ``GO n`` commits a move at the version read
(``FINISH n`` commits the finishing move with results) and prints ``WIN n <new version>`` or ``STALE n``;
``RECORD`` writes the results again and prints ``RECORDED True|False``.
"""

from __future__ import annotations

import asyncio
import sys

from hardback_bot.store import GameOutcome, PlayerResult, StaleVersion, WrongStatus, open_store


async def main(target: str, game_id: int, name: str) -> None:
    store = await open_store(target)
    loop = asyncio.get_running_loop()
    version = -1
    outcome = GameOutcome((PlayerResult(0, 1, 60, True), PlayerResult(1, 2, 40, False)))
    try:
        print("READY", flush=True)
        while line := (await loop.run_in_executor(None, sys.stdin.readline)).split():
            word, arg = line[0], line[1] if len(line) > 1 else ""
            if word == "READ":
                version = (await store.games.get_game(game_id, with_state=False)).version
                print(f"READ {arg} {version}", flush=True)
            elif word in ("GO", "FINISH"):
                finished = word == "FINISH"
                try:
                    new = await store.games.commit_move(
                        game_id, version, 0, f"move {arg} by {name}", f"state {arg} {name}", finished=finished,
                        outcome=outcome if finished else None)
                    print(f"WIN {arg} {new}", flush=True)
                except (StaleVersion, WrongStatus):
                    print(f"STALE {arg}", flush=True)
            elif word == "RECORD":
                print(f"RECORDED {await store.results.record_outcome(game_id, outcome)}", flush=True)
    finally:
        await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), sys.argv[3]))
