"""The public text of outbox rows, decided when they are delivered, from the store's current state.

Sentences come from the notes written with the move (what happened then). Each turn start of a person is
called once ("@name, your turn."), unless the game is over by the time it is delivered; reminders and vote
calls name only those the game still waits for.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hardback_bot.i18n import Translator

from ..judging import deciders
from ..loaded import Loaded
from ..notes import Note, Reminder, VoteCalled, YourTurn, as_note
from ..phrases import ENGLISH, mention, note_line
from ..table_options import turn_based


@dataclass
class Announcement:
    lines: list[str] = field(default_factory=list)
    mentions: list[int] = field(default_factory=list)  # users pinged by this message
    hand_button: bool = False  # a player is called to act: offer "Open my hand" on the message

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def announcement(loaded: Loaded, notes: Sequence[Note | Mapping[str, Any]], t: Translator = ENGLISH, *,
                 deadline: float | None = None) -> Announcement:
    """The channel's message for ``notes``, in ``t``'s language (the server's). ``deadline``: when the decision
    the game waits for now times out; a reminder names it, and says nothing once there is none (the decision
    was made, or the time ran out)."""
    out = Announcement()
    record, game = loaded.record, loaded.game
    playing = record.status == "playing" and not game.finished
    waiting = set(deciders(game)) if playing else set()
    called: list[int] = []
    voters: list[int] = []
    reminded: list[int] = []
    language = dictionary_language(game.options.dictionary)
    names = loaded.names_in(t)
    for note in map(as_note, notes):
        line = note_line(note, names, language, t)
        if line:
            out.lines.append(line)
        if isinstance(note, YourTurn) and playing and note.seat in waiting:
            user = loaded.user_of(note.seat)  # a turn already played by the time this is posted: no call
            if user is not None and user not in called:  # one call each, however many turns the post merges
                called.append(user)
        elif isinstance(note, VoteCalled) and game.phase == "vote":
            voters = [u for s in note.voters if s in waiting and (u := loaded.user_of(s)) is not None]
        elif isinstance(note, Reminder) and deadline is not None:
            reminded = [u for s in note.seats if s in waiting and (u := loaded.user_of(s)) is not None]
    if reminded and deadline is not None:
        when = f"<t:{int(deadline)}:R>"  # Discord shows it in each reader's own words ("in 2 minutes")
        mentions = " ".join(mention(u) for u in reminded)
        if turn_based(game.options.turn_timer):  # days ahead: the date too, in each reader's own time zone
            out.lines.append(t.gettext("{mentions} — your move is waiting: the deadline is {when} ({date}).",
                                       mentions=mentions, when=when, date=f"<t:{int(deadline)}:f>"))
        else:
            out.lines.append(t.gettext("{mentions} — time is running out: {when}.", mentions=mentions, when=when))
    elif voters:
        out.lines.append(t.gettext("{mentions} — please vote.", mentions=" ".join(mention(u) for u in voters)))
    for user in called:
        out.lines.append(t.gettext("{mention}, your turn.", mention=mention(user)))
    out.mentions = list(dict.fromkeys([*reminded, *voters, *called]))
    out.hand_button = playing and any(u in waiting_users(loaded, waiting) for u in out.mentions)
    return out


def dictionary_language(name: str) -> str | None:
    from hardback_bot.words.bundled import LANGUAGES

    return LANGUAGES.get(name)


def waiting_users(loaded: Loaded, seats: set[int]) -> set[int]:
    return {u for s in seats if (u := loaded.user_of(s)) is not None}
