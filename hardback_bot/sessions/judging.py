"""What the sessions judge about a game before committing a click: who the game waits for, which moves of a
click still apply, whether a move hands Penny Dreadful the game, and the kind of a logged move."""

from __future__ import annotations

from collections.abc import Sequence

from hardback_bot.engine import Game, IllegalMove, Move
from hardback_bot.engine.moves import MoveKind, parse_move

from .messages import SessionError

# Moves another player may make at any time that change nothing but their own hand (R6).
OTHERS_TOKEN_MOVES: frozenset[MoveKind] = frozenset({"ink", "remover", "unremover"})


def penny_would_win(game: Game, seat: int, move: Move | Sequence[Move]) -> bool:
    """Whether ``move`` ends a co-op game by giving Penny Dreadful her goal (tried on a copy)."""
    if not game.options.coop or game.finished:
        return False
    trial = game.clone()
    try:
        for m in [move] if isinstance(move, Move) else move:
            trial.apply(seat, m)
    except IllegalMove:
        return False  # the real attempt will explain the refusal
    return trial.finished and trial.state.penny.get("score", 0) >= trial.goal


def still_legal(game: Game, seat: int, moves: Sequence[Move]) -> list[Move]:
    """The moves of one click that still apply, in order: all of the first (a refusal is the player's to
    hear), then each next one while it is legal (a step the game already took by itself is dropped)."""
    if not moves:
        raise SessionError("does_nothing")
    trial = game.clone()
    kept = [moves[0]]
    try:
        trial.apply(seat, moves[0])
    except IllegalMove:
        return kept  # the real attempt explains the refusal
    for move in moves[1:]:
        if trial.finished:
            break
        try:
            trial.apply(seat, move)
        except IllegalMove:
            break
        kept.append(move)
    return kept


def deciders(game: Game) -> list[int]:
    """The seats the game waits for now: the voters yet to vote during a vote, else the active player."""
    if game.finished:
        return []
    if game.phase == "vote":
        return [s for s in range(game.num_players) if any(m.kind == "vote" for m in game.legal_moves(s))]
    return [game.active_seat]


def logged_kind(move: str) -> MoveKind | None:
    """The kind of a move of the stored log (the engine's own notation), None if it does not read."""
    try:
        return parse_move(move).kind
    except IllegalMove:
        return None


__all__ = ["OTHERS_TOKEN_MOVES", "deciders", "logged_kind", "penny_would_win", "still_legal"]
