"""What the sessions layer tells a player, as stable codes with parameters (like the engine's refusals).

A :class:`SessionError` (a refusal: nothing changed) and a :class:`Said` (a reply: something did) carry a
``code`` and its ``params``, never a finished sentence: the layer that knows the reader says it in their
language with ``error.say(t)`` (docs/i18n.md). ``MESSAGES`` holds one English template per code, which is
the message id in the catalogue; ``str()`` of either is that English sentence (logs and tests). A refusal
of the engine passed on (``SessionError.refusal``) keeps the engine's code and is said by the engine's
own table (``t.refusal``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from hardback_bot.i18n import N_, translator

if TYPE_CHECKING:
    from hardback_bot.i18n import Translator

MESSAGES: dict[str, str] = {
    # games and lobbies
    "no_game": N_("That game does not exist any more."),
    "not_started": N_("That game has not started yet."),
    "channel_busy": N_("A game is already running in this channel: finish it or end it with `{command_end}` first."),
    "channel_taken": N_("A game is already running in this channel."),
    "no_dictionary": N_("I have no dictionary called {name}. Choose one of: {names}."),
    "options_clash": N_("Those options do not work together: {reason}"),
    "lobby_closed": N_("This lobby is closed."),
    "already_seated": N_("You are already at this table."),
    "table_full": N_("The table is full ({seats} seats)."),
    "not_at_table": N_("You are not at this table."),
    "host_cannot_leave": N_("The host cannot leave; cancel the lobby instead."),
    "host_adds_computers": N_("Only the host can add computer players."),
    "bad_strength": N_("Choose easy, normal or hard."),
    "host_cancels": N_("Only the host or someone with Manage Channels can cancel."),
    "host_starts": N_("Only the host or someone with Manage Channels can start the game."),
    "host_sets_options": N_("Only the host or someone with Manage Channels can change the table's options."),
    "unknown_lobby_action": N_("Unknown lobby action."),
    "guided_full": N_("A guided game takes at most {n} players and its computer."),
    "lobby_changed": N_("The lobby changed meanwhile; try again."),
    "rematch_not_over": N_("A rematch is possible once the game is over."),
    "rematch_not_player": N_("Only the players of that game can ask for a rematch."),
    "rematch_busy": N_("A new game is already open in this channel."),
    # moves
    "game_over": N_("This game is over."),
    "not_playing": N_("You are not playing in this game."),
    "not_playing_watch": N_("You are not playing in this game; the table message shows everything public."),
    "computer_seat": N_("A computer player has taken over your seat."),
    "out_of_date": N_("This view is out of date: here is the current one."),
    "moved_on": N_("The game moved on meanwhile: here is the current view."),
    "ghost_request_over": N_("That ghostwriter request is over; suggestions go to an open request only."),
    "does_nothing": N_("That button does nothing."),
    "does_nothing_now": N_("That button does nothing any more."),
    "not_offered": N_("That choice is not one I offered; it does nothing."),
    "forged": N_("That button is not one I made; it does nothing."),
    "elsewhere": N_("That button belongs to a game in another channel; it does nothing here."),
    "not_your_panel": N_("That panel belongs to another player; open your own with Open my hand."),
    "not_in_dictionary": N_("{word} is not in the {dictionary} dictionary."),
    # ending and leaving
    "already_over": N_("That game is already over."),
    "host_ends": N_("Only the host or someone with Manage Channels can end the game."),
    "not_in_running_game": N_("You are not playing in a running game here."),
    "already_computer": N_("A computer player already plays your seat."),
    # seats that come back (sessions/seats.py)
    "not_your_seat_back": N_("There is no seat of yours to take back in this game: only a seat a computer took "
                             "for your timeouts comes back to you."),
    "seat_not_offered": N_("That seat is not open to watchers (any more): only the host can offer a seat."),
    "seat_already_yours": N_("You already have a seat in this game."),
    "host_offers": N_("Only the host can let a watcher take a seat."),
    "seat_played": N_("A person plays that seat: only a seat a computer plays (or that passes) can be offered."),
    "seats_daily": N_("The daily is played alone: its seat is nobody else's to take."),
    # hints asked for in a running game
    "hints_daily": N_("The daily is played without hints, the same for everyone."),
    "hints_already_on": N_("Hints are already on at this table."),
    "hints_no_request": N_("Nobody is asking for hints any more."),
    "hints_already_agreed": N_("You already said yes; the others answer on their panels."),
    # vacations (turn-based games)
    "vacation_real_time": N_("Vacations are for turn-based games (a turn timer over an hour): this one is played "
                             "in one sitting."),
    "vacation_used_up": N_("That would take you past {most} days of vacation in this game (days left: {left})."),
    "vacation_bad_length": N_("Choose 1, 3 or 7 days."),
    "vacation_not_away": N_("You are not on vacation in this game."),
    # replies
    "joined": N_("You joined the table."),
    "left_table": N_("You left the table."),
    "added_easy": N_("Added an easy computer player."),
    "added_normal": N_("Added a normal computer player."),
    "added_hard": N_("Added a hard computer player."),
    "added_expert": N_("Added an expert computer player."),
    "lobby_cancelled": N_("The lobby was cancelled."),
    "game_started": N_("The game has started."),
    "option_set": N_("{option}: now {value}."),
    "guided_started": N_("Your guided first game has started: open your hand, and follow the lines marked Try."),
    "left_game": N_("You left the game. A computer player plays your seat from now on."),
    "seat_back": N_("Your seat is yours again: you play from the next decision."),
    "seat_taken": N_("The seat is yours: you play from the next decision."),
    "seat_offered": N_("Watchers can now take that seat from their watching panel."),
    "seat_closed": N_("That seat is no longer offered to watchers."),
    "hints_on": N_("Hints are on: your panel offers your best word in one click."),
    "hints_asked": N_("You asked the table for hints: they come on once everyone seated says yes on their panel."),
    "hints_agreed": N_("You said yes to hints: they come on once everyone seated has."),
    "hints_declined": N_("You said no: hints stay off."),
    "vacation_set": N_("You are away until {when}: your deadlines in this game start again then. End it early "
                       "from your panel."),
    "vacation_over": N_("Welcome back: your clock runs again."),
    # the daily deal
    "daily_no_rematch": N_("The daily has no rematch: tomorrow brings a new deal."),
    "daily_no_leave": N_("This is your daily: nobody can take it over. Give it up with `{command_end}`, or play on."),
    "daily_not_dealt": N_("Your daily is still being dealt; try again in a moment."),
    "daily_board_failed": N_("The daily's board could not be read just now; try again in a moment."),
    "daily_not_finished": N_("Your daily of that day is not finished yet."),
    "daily_no_attempt": N_("You have not played the daily of that day."),
    "daily_spoiler": N_("That is today's daily: it can be seen once you have played yours, or from tomorrow."),
    # a typed word (SpellingError)
    "type_a_word": N_("Type a word."),
    "letters_only": N_("A word is letters A to Z only, no spaces or symbols."),
    "too_short": N_("A word needs at least 2 letters."),
    "too_long": N_("A word has at most {n} letters here."),
    "not_your_turn_to_spell": N_("It is not your turn to spell."),
    "cannot_spell": N_("Your cards cannot spell {word} (inked cards must be in it, face up)."),
}


def _plural(t: Translator, code: str, params: Mapping[str, Any]) -> str | None:
    """The codes whose sentence depends on a number, each in the language's own plural forms."""
    n = int(params.get("n", 0))
    if code == "too_few_cards":
        return t.ngettext("You have only {n} card to spell with.", "You have only {n} cards to spell with.", n)
    if code == "inked_missing":
        return t.ngettext("Your inked card {letters} must be in your word.",
                          "Your inked cards {letters} must be in your word.", n, letters=params.get("letters", ""))
    return None

ENGLISH = translator("en")


def say(t: Translator, code: str, params: Mapping[str, Any]) -> str:
    """The sentence of ``code`` in ``t``'s language (an unknown code: the engine's generic refusal). A list
    parameter is a list of names, said as code (`name`) in the language's own list ("a, b y c"); a refusal parameter
    (an engine error's code and parameters) is said by the engine's refusal table."""
    template = MESSAGES.get(code)
    if template is None:
        plural = _plural(t, code, params)
        return plural if plural is not None else t.refusal(code, **params)
    return t.gettext(template, **{k: _said(t, v) for k, v in params.items()})


def _said(t: Translator, value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return t.join(f"`{v}`" for v in value)
    if isinstance(value, Refusal):
        return t.refusal(value.code, **value.params)
    if isinstance(value, Term):
        return value.say(t)
    return value


class Term:
    """A word of the game's (a catalogue message id) carried as a parameter, said in the reader's language."""

    def __init__(self, msgid: str) -> None:
        self.msgid = msgid

    def say(self, t: Translator) -> str:
        return t.gettext(self.msgid)

    def __str__(self) -> str:
        return self.say(ENGLISH)


class Refusal:
    """An engine refusal carried as a parameter of a session message: its code and parameters."""

    def __init__(self, code: str, params: Mapping[str, Any]) -> None:
        self.code = code
        self.params = dict(params)

    def __str__(self) -> str:
        return ENGLISH.refusal(self.code, **self.params)


class Said:
    """A reply of the sessions layer: a code and its parameters, said in the reader's language."""

    def __init__(self, code: str, /, **params: Any) -> None:
        self.code = code
        self.params = params

    def say(self, t: Translator) -> str:
        return say(t, self.code, self.params)

    def __str__(self) -> str:
        return self.say(ENGLISH)

    def __repr__(self) -> str:
        return f"Said({self.code!r}, {self.params!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Said) and (self.code, self.params) == (other.code, other.params)

    __hash__ = None  # type: ignore[assignment]


class SpellingError(ValueError):
    """A typed word that cannot be spelled with these cards: a code of MESSAGES and its parameters."""

    def __init__(self, code: str, /, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(self.say(ENGLISH))

    def __reduce__(self) -> tuple[Any, ...]:
        # Raised in a search worker process (sessions/searching.py): it must cross back with its code.
        return _rebuild_spelling, (self.code, self.params)

    def say(self, t: Translator) -> str:
        return say(t, self.code, self.params)


def _rebuild_spelling(code: str, params: dict[str, Any]) -> SpellingError:
    return SpellingError(code, **params)


class SessionError(Exception):
    """A refusal for the player (a code of MESSAGES, or an engine refusal's); nothing changed.

    ``stale``: the player's view was out of date; the answer is the current view, with this said on it."""

    def __init__(self, code: str, /, *, stale: bool = False, engine: bool = False, english: str | None = None,
                 **params: Any) -> None:
        self.code = code
        self.params = params
        self.stale = stale
        self.engine = engine  # said by the engine's refusal table (t.refusal)
        super().__init__(english if english is not None else self.say(ENGLISH))

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuild_session, (self.code, self.params, self.stale, self.engine, str(self))

    @classmethod
    def of(cls, error: SpellingError | Said) -> SessionError:
        """A spelling refusal (or any coded message) refused as a session error."""
        return cls(error.code, **error.params)

    @classmethod
    def refusal(cls, error: Exception, *, stale: bool = False) -> SessionError:
        """An engine refusal (IllegalMove, OptionsError: a ``code`` and ``params``) passed on to the player."""
        code = getattr(error, "code", "illegal")
        params = dict(getattr(error, "params", {}) or {})
        english = str(error.args[0]) if isinstance(error, KeyError) and error.args else str(error)
        return cls(code, stale=stale, engine=True, english=english, **params)

    def say(self, t: Translator) -> str:
        if self.engine:
            if t.language == "en" and self.args:
                return str(self.args[0])  # exactly the engine's own sentence
            return t.refusal(self.code, **self.params)
        return say(t, self.code, self.params)


def _rebuild_session(code: str, params: dict[str, Any], stale: bool, engine: bool, english: str) -> SessionError:
    return SessionError(code, stale=stale, engine=engine, english=english, **params)


__all__ = ["MESSAGES", "Refusal", "Said", "SessionError", "SpellingError", "Term", "say"]
