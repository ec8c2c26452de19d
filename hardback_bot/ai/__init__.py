"""Computer players: four strengths built on the engine's own scoring.

    choose_move(game, seat, strength) -> Move          # one legal move for ``seat`` now
    wants_to_act(game, seat) -> bool                    # does ``seat`` have a decision to make now?

Every decision is made from :func:`hardback_bot.engine.views.player_view` for that seat plus public
facts (see :mod:`hardback_bot.ai.seen`): a computer player never sees hidden information.
Decisions are deterministic: any randomness is seeded from the view itself.
"""

from __future__ import annotations

import json
import random
import zlib
from typing import Any

from hardback_bot.engine import Game, IllegalMove, Move
from hardback_bot.engine.views import player_view
from hardback_bot.words.offensive import is_offensive_at

from .policy import BRAINS, Brain
from .public import public_facts
from .seen import Public, Seen

STRENGTHS: dict[int, str] = {1: "easy", 2: "normal", 3: "hard", 4: "expert"}

__all__ = ["STRENGTHS", "choose_move", "decide", "wants_to_act"]


def decide(view: dict[str, Any], public: Public, strength: int) -> Move:
    """The decision itself: a seat's view and public facts in, one move out (no game object)."""
    if strength not in BRAINS:
        raise ValueError(f"strength must be one of {sorted(STRENGTHS)}, not {strength!r}")
    # Seeded from the view's JSON text, its legal moves in their notation (``str``): the seed it always had.
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)
    seed = zlib.crc32(text.encode()) ^ strength
    brain: Brain = BRAINS[strength](Seen(view, public), random.Random(seed))
    return brain.decide()


def choose_move(game: Game, seat: int, strength: int) -> Move:
    """One legal move for ``seat`` now (1 = easy, 2 = normal, 3 = hard, 4 = expert).

    Raises ValueError when the seat has nothing to decide (see :func:`wants_to_act`).
    """
    if strength not in BRAINS:
        raise ValueError(f"strength must be one of {sorted(STRENGTHS)}, not {strength!r}")
    if not wants_to_act(game, seat):
        raise ValueError(f"seat {seat} has no decision to make now")
    if seat != game.active_seat and game.phase == "spell":
        suggestion = _suggestion(game, seat)  # the only decision of another seat while spelling (R30)
        if suggestion is not None:
            return suggestion
    view = player_view(game, seat)
    move = decide(view, public_facts(game), strength)
    return _checked(game, seat, move, view)


#: What the last guard plays instead of a refused move, the first of them that is legal.
FALLBACKS = (Move("pass"), Move("end"), Move("skip"), Move("take", choice="prestige"), Move("take", choice="ink"))


def _checked(game: Game, seat: int, move: Move, view: dict[str, Any]) -> Move:
    """A last guard: a move the engine would refuse is replaced by the safest legal one."""
    if move.kind == "spell":
        try:
            _, word = game.check_word(seat, move.word)
            if is_offensive_at(word, game.options.dictionary):
                return Move("skip")
            if game.options.dictionary == "none" or game.options.vote != "off" or game.checker.is_word(word):
                return move
        except IllegalMove:
            pass
        return Move("skip")
    if move.kind == "suggest":
        return move  # the solver found it for the speller's (public) cards, the table's checker accepted it
    legal: list[Move] = view["legal_moves"]
    if move in legal:
        return move
    for fallback in FALLBACKS:
        if fallback in legal:
            return fallback
    return legal[0]


def wants_to_act(game: Game, seat: int) -> bool:
    """True when ``seat`` has a decision to make now: the active player's step, an open vote it has
    not voted in, or another player's ghostwriter request it can answer (R30)."""
    if game.finished or not 0 <= seat < game.num_players:
        return False
    t = game.state.turn
    if game.phase == "vote":
        vote = t.extra.vote
        return seat != t.seat and (vote is None or seat not in vote.votes)
    if seat == t.seat:
        return True
    ghost = t.extra.ghost
    if ghost is None or game.phase != "spell" or any(s == seat for s, _ in ghost.suggestions):
        return False
    return _can_suggest(game, seat)


def _suggestion(game: Game, seat: int) -> Move | None:
    """The word ``seat`` suggests for the open ghostwriter request (a bounded search, R30.2)."""
    return BRAINS[2](Seen(player_view(game, seat), public_facts(game)), random.Random(0)).suggestion()


def _can_suggest(game: Game, seat: int) -> bool:
    """Whether ``seat`` has a word to suggest: no search, so the session may ask on its event loop."""
    return BRAINS[2](Seen(player_view(game, seat), public_facts(game)), random.Random(0)).can_suggest()
