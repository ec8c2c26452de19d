"""Changes to a running table that every person seated agrees to: hints turned on mid-game (docs/tutorial.md,
"After the guided game").

Anyone seated may ask (the hint command's refusal offers it); each other person seated answers yes or no on
their panel; the last yes turns hints on, one no closes the request. At a table of one person (and computers)
the asker is everyone, so the hints come on at once. Each answer is one commit of the game's version, with the
line the channel is told, so panels redraw with the question and a crash loses or doubles nothing.
"""

from __future__ import annotations

from dataclasses import replace

from hardback_bot.engine import GameOptions

from .loaded import Loaded
from .manager import Sessions
from .messages import Said, SessionError
from .notes import HintsAsked, announce

HINTS = "hints"  # the kind of request (table_requests.kind)


def people(loaded: Loaded) -> list[int]:
    """The people whose yes a request needs: every seat a person plays now (a seat a computer took over waits
    for nobody)."""
    return [s.user_id for s in loaded.record.seats if s.user_id is not None and not s.is_computer_controlled]


async def hints_request(sessions: Sessions, loaded: Loaded) -> list[int]:
    """Who has agreed to the table's open hints request (empty: none is open)."""
    return await sessions.store.players.request_agreements(loaded.record.id, HINTS)


async def answer_hints(sessions: Sessions, game_id: int, user_id: int, agree: bool) -> Said:
    """``user_id`` asks for hints or says yes (``agree``), or says no to the open request."""
    async with sessions.lock(game_id):
        loaded = await sessions.load(game_id)
        record, game = loaded.record, loaded.game
        if record.status != "playing" or game.finished:
            raise SessionError("game_over", stale=True)
        seat = loaded.seat_of(user_id)
        if seat is None or user_id not in people(loaded):
            raise SessionError("not_playing")
        if record.kind == "daily":
            raise SessionError("hints_daily")
        if game.options.hints:
            raise SessionError("hints_already_on", stale=True)
        agreed = await sessions.store.players.request_agreements(game_id, HINTS)
        if not agree:
            if not agreed:
                raise SessionError("hints_no_request", stale=True)
            await sessions.store.games.settle_table_request(
                game_id, record.version, HINTS, None,
                deliveries=[announce(game_id, HintsAsked(seat=seat, declined_by=seat))])
            said = Said("hints_declined")
        else:
            if user_id in agreed:
                raise SessionError("hints_already_agreed")
            agreed = [*agreed, user_id]
            asker = loaded.seat_of(agreed[0])
            asker = seat if asker is None else asker
            if set(people(loaded)) <= set(agreed):
                game.options = with_hints(game.options)
                await sessions.store.games.settle_table_request(
                    game_id, record.version, HINTS, None, options=game.options.to_dict(), state=game.to_json(),
                    deliveries=[announce(game_id, HintsAsked(seat=asker, done=True))])
                said = Said("hints_on")
            else:
                first = len(agreed) == 1
                await sessions.store.games.settle_table_request(
                    game_id, record.version, HINTS, agreed,
                    deliveries=[announce(game_id, HintsAsked(seat=seat))] if first else [])
                said = Said("hints_asked" if first else "hints_agreed")
    await sessions.notify(game_id)
    return said


def with_hints(options: GameOptions) -> GameOptions:
    return replace(options, hints=True)


__all__ = ["HINTS", "answer_hints", "hints_request", "people", "with_hints"]
