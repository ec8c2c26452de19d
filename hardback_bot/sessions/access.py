"""Where a click may act: only on the game of the channel it came from, and a private panel only for its owner.

Every component and form names its game in its custom_id, and a modified client can name any game. So
before anything of the game is read or written, the interaction's server, channel and kind of place (a
server, the bot's DM, a group DM: Discord's interaction context) are held against the game's: its
channel, or one of its ghostwriter threads. Who may do what (a seat, the host, anyone
watching) is then decided by the step itself (the lobby, a move, the results), as before.
"""

from __future__ import annotations

from dataclasses import dataclass

from hardback_bot.store import GameRecord

from .messages import SessionError

GHOST_THREAD = "ghost:"  # the kind of a game message that is a ghostwriter request's thread


@dataclass(frozen=True, slots=True)
class Origin:
    """Where an interaction came from, as Discord said it."""

    guild_id: int  # 0: not in a server
    channel_id: int
    user_id: int
    panel_owner: int | None = None  # whose private message was clicked; None for a public message or a command
    place: str | None = None  # the kind of place Discord says it came from (store.PLACES); None: not said


def game_channels(record: GameRecord) -> frozenset[int]:
    """The channel of the game and the threads it opened (ghostwriter requests)."""
    threads = (message for kind, message in record.messages.items() if kind.startswith(GHOST_THREAD))
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


__all__ = ["Origin", "check_origin", "game_channels"]
