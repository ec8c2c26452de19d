"""Writer process for the crash-safety test (test_crash.py): plays scripted random moves into a store and
prints ``ACK <game> <seq> <seat> <move>`` after each commit returned. The test SIGKILLs it at random.

Run: python crash_writer.py DB_PATH_OR_POSTGRESQL_URL {fake,engine} RNG_SEED [ack-early]

``fake`` needs no engine: the state is a hash chain over the moves, so "state equals the replay of the log"
can be checked without it. ``engine`` plays real Hardback through hardback_bot.engine.
``ack-early`` is a deliberately broken writer (acks before committing), the negative control proving that
the test notices a lost acknowledged move.
"""

from __future__ import annotations

import asyncio
import hashlib
import random
import sys
from typing import Any

from hardback_bot.store import GameRecord, Seat, Store, Timer, TurnDeadline, open_store

FAKE_MOVES_PER_GAME = 40
CHANNELS = 3
ACK_EARLY = "ack-early" in sys.argv[4:]  # a few channels, so several games may be running at once


def fake_initial(seed: int) -> str:
    return hashlib.sha256(f"seed:{seed}".encode()).hexdigest()


def fake_next(state: str, seat: int, move: str) -> str:
    return hashlib.sha256(f"{state}|{seat}|{move}".encode()).hexdigest()


def fake_replay(seed: int, moves: list[tuple[int, str]]) -> str:
    state = fake_initial(seed)
    for seat, move in moves:
        state = fake_next(state, seat, move)
    return state


class FakeGame:
    """Just enough of the engine's shape for the writer loop."""

    def __init__(self, seed: int, state: str, moves: int, players: int) -> None:
        self.seed, self.state, self.moves, self.num_players = seed, state, moves, players

    @property
    def finished(self) -> bool:
        return self.moves >= FAKE_MOVES_PER_GAME

    def random_move(self, rng: random.Random) -> tuple[int, str]:
        seat = rng.randrange(self.num_players)
        move = rng.choice(["spell", "buy", "ink", "end", "pass", "ëñ"]) + f" {rng.randrange(1000)}"
        self.state = fake_next(self.state, seat, move)
        self.moves += 1
        return seat, move

    def to_json(self) -> str:
        return self.state


async def start_new(store: Store, rng: random.Random, mode: str, lobby: GameRecord | None) -> GameRecord:
    if lobby is None:
        channel = rng.randrange(CHANNELS)
        players = rng.randint(2, 4)
        seats = [Seat(i, f"p{i}", user_id=1000 + i) for i in range(players - 1)]
        seats.append(Seat(players - 1, "bot", ai_strength=2))
        lobby = await store.games.create_lobby(1, channel, host_id=1000, options={}, seats=seats)
    seed = rng.randrange(1 << 31)
    if mode == "engine":
        from hardback_bot.engine import Game, GameOptions
        from hardback_bot.engine.words import AcceptAll

        options = GameOptions().to_dict()
        state = Game.new(lobby.num_players, seed, GameOptions.from_dict(options), AcceptAll()).to_json()
    else:
        options, state = {}, fake_initial(seed)
    await store.games.start_game(lobby.id, lobby.version, seed=seed, state=state, options=options)
    return await store.games.get_game(lobby.id)


def load(rec: GameRecord, mode: str) -> Any:
    if mode == "engine":
        from hardback_bot.engine import Game
        from hardback_bot.engine.words import AcceptAll

        assert rec.state is not None
        return Game.from_json(rec.state, AcceptAll())
    assert rec.state is not None and rec.seed is not None
    return FakeGame(rec.seed, rec.state, rec.move_count, rec.num_players)


async def play(store: Store, rec: GameRecord, mode: str, rng: random.Random) -> None:
    game = load(rec, mode)
    version, seq = rec.version, rec.move_count
    if mode == "engine":
        from hardback_bot.engine.randomplay import random_move
        from hardback_bot.store.results import outcome_from_game
    while not game.finished:
        if mode == "engine":
            seat, move = random_move(game, rng)
            game.apply(seat, move)
        else:
            seat, move = game.random_move(rng)
        outcome = None
        if game.finished and mode == "engine":
            outcome = outcome_from_game(game)
        timers = [Timer(rec.id, TurnDeadline(seq + 1, 1e9 + seq), 1e9 + seq, seat=seat)]
        if ACK_EARLY:
            sys.stdout.write(f"ACK {rec.id} {seq + 1} {seat} {move}\n")
            sys.stdout.flush()
            await asyncio.sleep(0.002)
        version = await store.games.commit_move(
            rec.id,
            version,
            seat,
            str(move),
            game.to_json(),
            finished=game.finished,
            outcome=outcome,
            timers=timers,
        )
        seq += 1
        # The ack: printed only after the commit returned, flushed before the next move starts.
        if not ACK_EARLY:
            sys.stdout.write(f"ACK {rec.id} {seq} {seat} {move}\n")
            sys.stdout.flush()
        if rng.random() < 0.05:
            await store.messages.set_message(rec.id, "table", rng.randrange(1 << 40))


async def main(path: str, mode: str, seed: int) -> None:
    rng = random.Random(seed)
    store = await open_store(path)  # the production defaults: SQLite's WAL + FULL, PostgreSQL's synchronous_commit
    print("READY", flush=True)
    while True:
        unfinished = await store.recovery.list_unfinished(with_state=True)
        playing = [r.game for r in unfinished if r.game.status == "playing"]
        lobbies = [r.game for r in unfinished if r.game.status == "lobby"]
        if playing:
            rec = rng.choice(playing)
        else:  # a lobby left by a kill between create_lobby and start_game is started now
            rec = await start_new(store, rng, mode, lobbies[0] if lobbies else None)
        await play(store, rec, mode, rng)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
