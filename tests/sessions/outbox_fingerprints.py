"""Seeded random games as fingerprints of the outbox: every commit's delivery rows (announcement notes,
ghostwriter threads, results) as the JSON the store keeps.

What sessions/notes.py writes is read back by the relay and the catch-up screen long after it was written,
from rows older versions stored, so a refactoring must leave it byte for byte the same:
``python tests/sessions/outbox_fingerprints.py --write`` records new digests (only when a change of the
stored notes is meant, with a migration of the rows already stored).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

if __name__ == "__main__":  # run as a script: this checkout's code, not an installed copy
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from hardback_bot.engine import Game, GameOptions, Move
from hardback_bot.engine.randomplay import random_move
from hardback_bot.sessions.notes import deliveries_for, ghost_request_id
from hardback_bot.words.solver import PlayerCards, best_arrangement

GAMES = 120
DIGESTS = Path(__file__).with_name("outbox_fingerprints.json")


def table(seed: int) -> tuple[int, GameOptions]:
    """Game ``seed``'s table: co-op with each signature, votes, awards, adverts, the ghostwriter, cycling."""
    r = random.Random(seed * 104729)
    options = GameOptions(length=r.choice([40, 60]), awards=r.random() < 0.7, adverts=r.random() < 0.7,
                          cycling=r.random() < 0.8, ghostwriter=r.random() < 0.7)
    kind = seed % 4
    if kind == 0:
        genre = r.choice(["none", "random", "adventure", "horror", "mystery", "romance"])
        return r.randint(1, 4), replace(options, coop=True, penny_genre=genre)
    if kind == 1:
        return r.randint(2, 5), replace(options, vote=r.choice(["majority", "unanimous"]), dictionary="none")
    return r.randint(2, 5), options


def trace(seed: int) -> Iterator[str]:
    """One line per commit of game ``seed``: the move and the outbox rows it writes, as stored JSON."""
    players, options = table(seed)
    game = Game.new(players, seed, options)
    rng = random.Random(seed)
    while not game.finished:
        seat, move = _ghostwritten(game, rng) or random_move(game, rng)
        seat_before, request_before = game.active_seat, ghost_request_id(game)
        events = game.apply(seat, move)
        rows = deliveries_for(7, game, events, seat_before, request_before=request_before)
        yield f"{seat}: {move}: " + json.dumps([[d.kind, d.payload.to_json()] for d in rows], sort_keys=True,
                                               separators=(",", ":"), ensure_ascii=False)


def _ghostwritten(game: Game, rng: random.Random) -> tuple[int, Move] | None:
    # Now and then the speller plays a suggested word, so that a ghostwriter is paid (R30.3).
    suggestions = game.ghost_suggestions()
    if game.phase != "spell" or not suggestions or rng.random() < 0.5:
        return None
    play = best_arrangement(PlayerCards.from_game(game, game.active_seat), rng.choice(suggestions)[1])
    return None if play is None else (game.active_seat, play.move)


def digest(seed: int) -> str:
    h = hashlib.sha256()
    for line in trace(seed):
        h.update(line.encode())
        h.update(b"\n")
    return h.hexdigest()[:16]


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        DIGESTS.write_text(json.dumps({str(s): digest(s) for s in range(GAMES)}, indent=0) + "\n", encoding="utf-8")
    else:
        print("usage: python tests/sessions/outbox_fingerprints.py --write", file=sys.stderr)
        raise SystemExit(2)
