"""Who the coach follows (docs/tutorial.md, "After the guided game"), and its lines on a player's panel.

The guided game is always coached. After it, a person keeps the coach for their first games (the config's
``coach_games``, three by default; the guided one does not count), unless they drop it; anyone can turn it on
again, or off, with one click on their panel. The daily deal is never coached: everyone plays it alone, the
same way. The lines are worked out in a search worker from the game's log (sessions/coach_advice.py).
"""

from __future__ import annotations

import logging

from hardback_bot.engine import IllegalMove
from hardback_bot.i18n import Translator
from hardback_bot.store import PlayerSettings

from .coach_advice import Coaching, coach_job
from .learners import coached_people
from .loaded import Loaded
from .manager import Sessions
from .phrases import ENGLISH
from .searching import off_loop_async
from .spelling import hints_allowed

log = logging.getLogger(__name__)


async def is_coached(sessions: Sessions, loaded: Loaded, seat: int,
                     settings: PlayerSettings | None = None) -> bool:
    """Whether ``seat``'s panel carries the coach's lines in this game (``settings``: the seat's person's, if
    already read)."""
    if loaded.game.options.tutorial:
        return True
    user = loaded.user_of(seat)
    if user is None or loaded.record.kind == "daily":
        return False
    known = {user: settings} if settings is not None else None
    return user in await coached_people(sessions.store, [user], sessions.coach_games, known)


async def coach(sessions: Sessions, loaded: Loaded, seat: int, t: Translator = ENGLISH) -> Coaching:
    """The coach's lines for ``seat`` (why its last click paid what it did, what to try next) and the word they
    advise; nothing when the log cannot be walked now (the panel shows the game anyway)."""
    record = loaded.record
    game = loaded.game
    moves = await sessions.store.games.get_moves(record.id)
    try:
        return await off_loop_async(coach_job, game.num_players, record.seed or 0, game.options.to_dict(), moves,
                                    seat, t.language, hints_allowed(game, record.kind))
    except (IllegalMove, ValueError, TimeoutError) as error:  # a log that no longer replays, a busy machine
        log.warning("coach lines of game %s: %s", record.id, error)
        return Coaching()


__all__ = ["coach", "is_coached"]
