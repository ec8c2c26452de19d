"""Seeded random games as fingerprints of the engine's whole behaviour.

Each game is played with the random legal player plus, now and then, a move from a list of likely-wrong
ones (which may be refused or may be legal).  After every move the trace records three streams:

- ``state``: the game's JSON, the active seat's view, the public view, every seat's legal moves, the
  pending decision, and for a refused move its sentence;
- ``events``: the events every applied move returned;
- ``codes``: for a refused move its code and parameters.

A refactoring must leave all three identical.  ``python tests/engine/fingerprints.py --write`` records
new digests (only after checking with ``--dump`` that a change is meant); ``--dump DIR`` writes every
game's full trace (views after every move), one file per game and stream, so that two versions can be
compared with ``diff -r``.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from hardback_bot.engine import Game, GameOptions, IllegalMove, Move, WordSet, parse_move
from hardback_bot.engine.randomplay import random_move
from hardback_bot.engine.views import player_view, public_view

GAMES = 500
STREAMS = ("state", "events", "codes")
DIGESTS = Path(__file__).with_name("fingerprints.json")
WRONG = ["buy 999", "spell 1 2", "spell 1141", "take coins", "take ink", "pass", "end", "flush", "dump 5",
         "trash 1141", "remover 7", "unremover 7", "reserve 3", "remove 3", "convert 1", "convert 9", "advert",
         "uncover 4", "double 9", "return 8", "discard 8", "ink", "skip", "vote accept", "vote reject",
         "ghostwriter", "suggest CAT", "adopt 1", "adopt 7", "timeout", "preview", "fly away", "buy x"]


def table(seed: int) -> tuple[int, GameOptions, bool]:
    """The table of game ``seed``: (players, options, whether a small real dictionary is used)."""
    r = random.Random(seed * 7919)
    options = GameOptions(length=r.choice([40, 60]), awards=r.random() < 0.7, adverts=r.random() < 0.7,
                          unique_words=r.choice(["off", "off", "game", "player"]), cycling=r.random() < 0.8,
                          open_hands=r.random() < 0.3, ghostwriter=r.random() < 0.6)
    kind = seed % 5
    if kind == 0:
        genre = r.choice(["none", "random", "adventure", "horror", "mystery", "romance"])
        return r.randint(1, 4), replace(options, coop=True, penny_genre=genre), False
    if kind == 1:
        return r.randint(2, 5), replace(options, vote=r.choice(["majority", "unanimous"]), dictionary="none"), False
    if kind == 2:
        return r.randint(2, 5), replace(options, vote=r.choice(["majority", "unanimous"])), True
    return r.randint(2, 5), options, False


def _json(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


def trace(seed: int, views_every: int = 4) -> Iterator[tuple[str, str]]:
    """(stream, line) pairs of one seeded game, in order (views after every ``views_every``-th move)."""
    players, options, small = table(seed)
    checker = WordSet(["at", "tea", "eat", "ten", "net", "sit", "its", "rat", "tar", "art", "lit", "nil",
                       "tin", "ant", "tan", "sat", "set", "rest", "star", "rats"]) if small else None
    game = Game.new(players, seed, options, checker)
    rng = random.Random(seed)
    yield "state", game.to_json()
    for step in range(3000):
        if game.finished:
            break
        move: Move | str  # a likely-wrong one is text, parsed (and perhaps refused) as the game gets it
        if rng.random() < 0.06:
            seat, move = rng.randrange(players), rng.choice(WRONG)
        else:
            seat, move = random_move(game, rng)
        try:
            events = game.apply(seat, parse_move(move) if isinstance(move, str) else move)
        except IllegalMove as error:
            yield "state", f"refused {seat}: {move}: {error}"
            yield "codes", f"{seat}: {move}: {error.code} {_json(getattr(error, 'params', {}))}"
            continue
        yield "events", f"{seat}: {move}: {_json([e.to_dict() for e in events])}"
        yield "state", _json(game.state.to_dict())  # the whole state (the full JSON adds options and log)
        yield "state", _json([game.pending(), [[str(m) for m in game.legal_moves(s)] for s in range(players)],
                              game.trash_options(), game.dump_value()])
        if step % views_every == 0:  # views derive from the state above; not every one keeps the test quick
            yield "state", _json([player_view(game, game.active_seat), public_view(game)])
    yield "state", game.to_json()
    yield "state", _json([game.results(), game.stats().to_dict(), game.scores()])


def digests(seed: int) -> dict[str, str]:
    hashes = {s: hashlib.sha256() for s in STREAMS}
    for stream, line in trace(seed):
        hashes[stream].update(line.encode())
        hashes[stream].update(b"\n")
    return {s: h.hexdigest()[:16] for s, h in hashes.items()}


def all_digests(games: int = GAMES) -> dict[str, dict[str, str]]:
    return {str(seed): digests(seed) for seed in range(games)}


def dump(directory: Path, games: int = GAMES) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    for seed in range(games):
        files = {s: (directory / f"{seed:04d}.{s}").open("w", encoding="utf-8") for s in STREAMS}
        for stream, line in trace(seed, views_every=1):
            files[stream].write(line + "\n")
        for f in files.values():
            f.close()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--write"]:
        rows = [f"{json.dumps(str(seed))}: {json.dumps(d, sort_keys=True)}" for seed, d in all_digests().items()]
        DIGESTS.write_text("{\n" + ",\n".join(rows) + "\n}\n", encoding="utf-8")
    elif sys.argv[1:2] == ["--dump"] and len(sys.argv) == 3:
        dump(Path(sys.argv[2]))
    else:
        print("usage: python tests/engine/fingerprints.py --write | --dump DIR", file=sys.stderr)
        raise SystemExit(2)
