"""Random legal play: for property tests, benchmarks, crash tests and simulations.

Spelling moves are sampled rather than enumerated (there are too many): a random subset of the
usable cards that includes every inked card face up, in random order, some hand cards wild.
With a real dictionary most samples are refused, so random games use ``AcceptAll``.
"""

from __future__ import annotations

import random

from .errors import IllegalMove
from .game import Game
from .moves import Move, WordCard

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def random_spell(game: Game, seat: int, rng: random.Random, tries: int = 5) -> Move | None:
    """A random word the rules and the table's checker accept, or None after ``tries`` misses."""
    for _ in range(tries):
        move = _sample_spell(game, seat, rng)
        if move is None:
            return None
        try:
            _, letters = game.check_word(seat, move.word)
        except IllegalMove:
            continue
        if game.options.dictionary == "none" or game.options.vote != "off" or game.checker.is_word(letters):
            return move
    return None


def _sample_spell(game: Game, seat: int, rng: random.Random) -> Move | None:
    options = game.spell_options(seat)
    if options is None:
        return None
    inked = list(options.inked)
    others = [c for c in options.hand if c not in inked]
    classics = [c for c, _ in options.classics_in_play]
    pool = others + classics
    usable = len(inked) + len(pool)
    if usable < 2:
        return None
    size = rng.randint(max(2, len(inked)), min(usable, max(2, len(inked)) + 5))
    chosen = inked + rng.sample(pool, size - len(inked))
    rng.shuffle(chosen)
    word = []
    for cid in chosen:
        wild = cid in others and rng.random() < 0.15
        word.append(WordCard(cid, rng.choice(LETTERS) if wild else None))
    return Move("spell", word=tuple(word))


def random_move(game: Game, rng: random.Random, off_turn_ink: float = 0.03) -> tuple[int, Move]:
    """A legal (seat, move) for the current position; the game must not be finished."""
    if game.finished:
        raise ValueError("the game is over")
    active = game.active_seat
    if game.phase == "vote":
        voters = [s for s in range(game.num_players) if any(m.kind == "vote" for m in game.legal_moves(s))]
        seat = rng.choice(voters)
        return seat, Move("vote", choice="accept" if rng.random() < 0.7 else "reject")
    ghost = game.state.turn.extra.ghost
    if ghost is not None and game.num_players > 1 and rng.random() < 0.2:
        idea = random_spell(game, active, rng)
        if idea is not None:
            _, letters = game.check_word(active, idea.word)
            helper = rng.choice([s for s in range(game.num_players) if s != active])
            if (helper, letters) not in ghost.suggestions:
                return helper, Move("suggest", choice=letters)
    # Now and then somebody else draws with ink or uses remover, as R6.2 allows.
    if rng.random() < off_turn_ink:
        seat = rng.randrange(game.num_players)
        token = [m for m in game.legal_moves(seat) if m.kind in ("ink", "remover", "unremover")]
        if token:
            return seat, rng.choice(token)
    moves = [m for m in game.legal_moves(active) if m.kind != "timeout"]
    if game.phase == "spell" and game.options.ghostwriter and ghost is None and rng.random() < 0.05:
        return active, Move("ghostwriter")
    if (game.phase == "spell" and ghost is not None and ghost.suggestions and ghost.adopted is None
            and rng.random() < 0.3):
        return active, Move("adopt", number=rng.randrange(len(ghost.suggestions)) + 1)
    if rng.random() < 0.01 and game.phase != "spell":
        return active, Move("timeout")
    spell = random_spell(game, active, rng)
    if spell is not None and rng.random() < 0.93:
        return active, spell
    if spell is None and game.spell_options(active) is not None:
        return active, Move("skip")
    # Prefer progress: buying beats ending, taking beats passing, mostly.
    buys = [m for m in moves if m.kind in ("buy", "advert", "convert")]
    if buys and rng.random() < 0.8:
        return active, rng.choice(buys)
    non_ink = [m for m in moves if m.kind not in ("ink", "remover", "unremover")]
    return active, rng.choice(non_ink or moves)


def play_random_game(num_players: int, seed: int, max_moves: int = 20000, **kwargs: object) -> Game:
    from .options import GameOptions

    game = Game.new(num_players, seed, kwargs.get("options") or GameOptions())  # type: ignore[arg-type]
    rng = random.Random(seed)
    for _ in range(max_moves):
        if game.finished:
            break
        seat, move = random_move(game, rng)
        game.apply(seat, move)
    return game
