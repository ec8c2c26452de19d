"""Where a click may act: only on the game of the channel it came from, and a private panel only for its owner.

Every component and form names its game in its custom_id, and a modified client can name any game. So
before anything of the game is read or written, the interaction's server, channel and kind of place (a
server, the bot's DM, a group DM: Discord's interaction context) are held against the game's: its
channel, or one of its ghostwriter threads. Who may do what (a seat, the host, anyone
watching) is then decided by the step itself (the lobby, a move, the results), as before.

One way in from elsewhere: ``/hardback games`` lists a player's games wherever they are, and its *Open my hand*
opens that player's own hand privately where the list is. A click on such a panel comes from another
channel, so :func:`check_away` admits it only on the clicker's own private message, only for a seat they
hold, and only for what a seat does on its own hand (:data:`AWAY_ACTIONS`, taking it back included): never a
lobby, the host's end of a game, a table option or anything that reads the channel's permissions.
"""

from __future__ import annotations

from dataclasses import dataclass

from hardback_bot.store import GameRecord

from .codec import (
    AdoptSuggestion,
    AnswerHints,
    CancelConfirmation,
    ConfirmSkip,
    OpenHand,
    OpenMyHand,
    OpenSpellForm,
    OpenSuggestForm,
    PickArrangement,
    PickMove,
    PlayMoves,
    ReclaimSeat,
    SetCoach,
    ShowRules,
    SpellWord,
    SuggestWord,
    VacationClick,
)
from .messages import SessionError
from .places import THREAD_OF

GHOST_THREAD = "ghost:"  # the kind of a game message that is a ghostwriter request's thread
# What a seat does on its own hand panel: admitted from the clicker's own private panel anywhere (check_away).
AWAY_ACTIONS = (OpenMyHand, OpenHand, PlayMoves, PickMove, OpenSpellForm, SpellWord, PickArrangement,
                AdoptSuggestion, ConfirmSkip, CancelConfirmation, ShowRules, SetCoach, AnswerHints, OpenSuggestForm,
                SuggestWord, VacationClick, ReclaimSeat)


@dataclass(frozen=True, slots=True)
class Origin:
    """Where an interaction came from, as Discord said it."""

    guild_id: int  # 0: not in a server
    channel_id: int
    user_id: int
    panel_owner: int | None = None  # whose private message was clicked; None for a public message or a command
    place: str | None = None  # the kind of place Discord says it came from (store.PLACES); None: not said


def game_channels(record: GameRecord) -> frozenset[int]:
    """The channel of the game, the threads it opened (ghostwriter requests) and, for a game in a thread of its
    own, the channel its lobby message is in."""
    threads = (message for kind, message in record.messages.items()
               if kind.startswith(GHOST_THREAD) or kind == THREAD_OF)
    return frozenset({record.channel_id, *threads})


def check_origin(record: GameRecord, origin: Origin) -> None:
    """Refuse (SessionError) a click on ``record``'s game from anywhere but its own channel, or on someone
    else's private panel."""
    if record.guild_id != origin.guild_id or origin.channel_id not in game_channels(record):
        raise SessionError("elsewhere")
    if origin.place is not None and origin.place != record.place:
        raise SessionError("elsewhere")
    if origin.panel_owner is not None and origin.panel_owner != origin.user_id:
        raise SessionError("not_your_panel")


def is_away(record: GameRecord, origin: Origin) -> bool:
    """Whether a click comes from outside the game's place (a hand opened from /hardback games)."""
    return (record.guild_id != origin.guild_id or origin.channel_id not in game_channels(record)
            or (origin.place is not None and origin.place != record.place))


def check_away(record: GameRecord, origin: Origin) -> None:
    """Refuse a click from outside the game's place unless it is on the clicker's own private message (or a message
    of the bot's DM with them: a turn alert) and the clicker holds a seat of the game (the caller admits only
    :data:`AWAY_ACTIONS` this way)."""
    # From the game's own channel a click is never "away": there the kind of place must be the game's
    # (check_origin), and a click claiming another kind is a modified client's.
    if record.guild_id == origin.guild_id and origin.channel_id in game_channels(record):
        raise SessionError("elsewhere")
    # A turn alert's message is a public one of the bot's DM with the clicker: only they can see or click it.
    own_dm = origin.panel_owner is None and origin.place == "dm"
    if not own_dm and (origin.panel_owner is None or origin.panel_owner != origin.user_id):
        raise SessionError("elsewhere")
    if not any(s.user_id == origin.user_id for s in record.seats):
        raise SessionError("elsewhere")


__all__ = ["AWAY_ACTIONS", "Origin", "check_away", "check_origin", "game_channels", "is_away"]
