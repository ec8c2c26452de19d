"""The table options as players see them: each one's name, what it does in one sentence, its choices and how
each value is said. The one description of the options: the lobby's options menu, its summary in plain words,
the slash command's argument descriptions and the server settings all read it.

Values travel as short text (a select's value, a button's custom_id): :func:`parse_value` turns one back into
the option's value, or raises ValueError for anything not offered.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from hardback_bot.engine import GameOptions
from hardback_bot.engine.options import GAME_LENGTHS, PENNY_GENRES, UNIQUE_WORDS, VOTE_MODES
from hardback_bot.i18n import N_, Translator

from .game_threads import TURN_BASED_OVER
from .messages import SessionError
from .phrases import ENGLISH, genre_word
from .terms import terms

# The speeds offered, as on Board Game Arena: real time (a game in one sitting) and turn-based (a move when you
# like, over days). /hardback start takes any number of minutes up to a week.
REAL_TIME_MINUTES = (0, 1, 2, 3, 5, 10, 30, 60)
TURN_BASED_HOURS = (12, 24, 3 * 24, 7 * 24)
TIMER_MINUTES = (*REAL_TIME_MINUTES, *(h * 60 for h in TURN_BASED_HOURS))


@dataclass(frozen=True, slots=True)
class TableOption:
    key: str  # the GameOptions field
    name: str  # N_: what the menu calls it
    explains: str  # N_: one sentence, what it does (a select option's description: at most 100 characters)
    short: str  # N_: a few words, as /hardback start describes its argument (the command's total is limited)
    coop: bool | None = None  # True: only in co-op; False: only competitive; None: both


OPTIONS: tuple[TableOption, ...] = (
    TableOption("length", N_("Game length"), N_("How much prestige (★) a player needs to end the game."),
                N_("Prestige needed to end the game (competitive)"), False),
    TableOption("dictionary", N_("Dictionary"), N_("The word list that decides which words are real."),
                N_("Word list for this table")),
    TableOption("hints", N_("Hints"), N_("A button that spells your best word for you: good for a first game."),
                N_("Offer the solver's word hints")),
    TableOption("coop", N_("Co-op"), N_("Play together as one team against Penny Dreadful, a rival who buys cards."),
                N_("Play together against Penny Dreadful")),
    TableOption("penny_genre", N_("Penny's genre"), N_("Penny Dreadful's signature genre: cards of it help her more."),
                N_("Penny Dreadful's signature genre (co-op)"), True),
    TableOption("turn_timer", N_("Turn timer"), N_("How long a player may take; then their turn is skipped."),
                N_("Minutes per turn (0 = no timer)")),
    TableOption("awards", N_("Literary awards"), N_("Extra prestige at the end for the longest words."),
                N_("Literary awards for long words")),
    TableOption("adverts", N_("Adverts"), N_("Spend spare coins on adverts, which give prestige."),
                N_("Adverts to buy with coins")),
    TableOption("unique_words", N_("Unique words"), N_("Refuse a word that was already spelled."),
                N_("Refuse words already spelled")),
    TableOption("vote", N_("Votes"), N_("A word missing from the dictionary goes to a vote of the others."),
                N_("Put words missing from the dictionary to a vote")),
    TableOption("open_hands", N_("Open hands"), N_("Everyone sees everyone's hand."),
                N_("Everyone sees everyone's hand"), False),
    TableOption("ghostwriter", N_("Ghostwriter"), N_("A player may ask the others to suggest a word for them."),
                N_("Players may ask the table for help")),
    TableOption("family_friendly", N_("Family-friendly"), N_("Offensive words are refused for everyone."),
                N_("Refuse offensive words at this table")),
)
BY_KEY: dict[str, TableOption] = {o.key: o for o in OPTIONS}

DICTIONARY_WORDS = {
    "common": N_("everyday English (81,605 words)"),
    "large": N_("every English word a big dictionary knows (254,222 words)"),
    "letterpress": N_("the Letterpress game's English list (274,136 words)"),
    "espanol": N_("Spanish (571,800 words, accents left out)"),
    "francais": N_("French (412,436 words, accents left out)"),
    "none": N_("no list: every word goes to a vote"),
}


def offered(option: TableOption, options: GameOptions) -> bool:
    """Whether the option means anything at this table (Penny's genre only in co-op, and so on)."""
    return option.coop is None or option.coop == options.coop


def option_for(key: str, options: GameOptions) -> str:
    """The option ``key`` of a lobby, checked to be one the lobby offers now (SessionError otherwise)."""
    option = BY_KEY.get(key)
    if option is None or not offered(option, options):
        raise SessionError("not_offered")
    return key


def choices(key: str, dictionaries: Sequence[str] = ()) -> list[Any]:
    """Every value the lobby offers for ``key`` (``dictionaries``: the names the bot knows)."""
    match key:
        case "length":
            return list(GAME_LENGTHS)
        case "dictionary":
            return list(dictionaries)
        case "penny_genre":
            return list(PENNY_GENRES)
        case "turn_timer":
            return [m * 60 for m in TIMER_MINUTES]
        case "unique_words":
            return list(UNIQUE_WORDS)
        case "vote":
            return list(VOTE_MODES)
        case _:
            return [True, False]


def encode_value(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def parse_value(key: str, text: str, dictionaries: Sequence[str] = ()) -> Any:
    """The value ``text`` stands for, if it is one the lobby offers for ``key``; ValueError otherwise."""
    if key not in BY_KEY:
        raise ValueError(key)
    for value in choices(key, dictionaries):
        if encode_value(value) == text:
            return value
    raise ValueError(text)


def with_value(options: GameOptions, key: str, value: Any) -> GameOptions:
    return replace(options, **{key: value})


def value_words(key: str, value: Any, t: Translator = ENGLISH) -> str:
    """A value as a player reads it ("first to 60★", "2 minutes a turn", "per player")."""
    match key:
        case "length":
            return t.gettext("first to {n}★", n=value)
        case "dictionary":
            words = DICTIONARY_WORDS.get(str(value))
            return f"{value} — {t.gettext(words)}" if words else str(value)
        case "penny_genre":
            if value == "none":
                return t.gettext("no signature genre")
            if value == "random":
                return t.gettext("a genre drawn at random")
            return genre_word(str(value), t)
        case "turn_timer":
            return speed_words(int(value), t)
        case "unique_words":
            return {"off": t.gettext("any word, as often as you like"), "game": t.gettext("each word once per game"),
                    "player": t.gettext("each word once per player")}.get(str(value), str(value))
        case "vote":
            return {"off": t.gettext("no votes: the dictionary decides"),
                    "majority": t.gettext("a majority of the others decides"),
                    "unanimous": t.gettext("all the others must agree")}.get(str(value), str(value))
        case _:
            return t.pgettext("setting value", "on") if value else t.pgettext("setting value", "off")


def turn_based(turn_timer: int) -> bool:
    """A turn timer over an hour makes a turn-based game: a move when you like, over days."""
    return turn_timer > TURN_BASED_OVER


def speed_words(seconds: int, t: Translator = ENGLISH) -> str:
    """A turn timer as a speed ("Real time: 2 minutes a turn", "Turn-based: a day per move")."""
    minutes = seconds // 60
    if not minutes:
        return t.gettext("no time limit")
    if not turn_based(seconds):
        if minutes % 60 == 0:
            return t.ngettext("Real time: {n} hour a turn", "Real time: {n} hours a turn", minutes // 60)
        return t.ngettext("Real time: {n} minute a turn", "Real time: {n} minutes a turn", minutes)
    if minutes % (24 * 60) == 0:
        days = minutes // (24 * 60)
        if days == 7:
            return t.gettext("Turn-based: a week per move")
        return t.ngettext("Turn-based: a day per move", "Turn-based: {n} days per move", days)
    if minutes % 60 == 0:
        return t.ngettext("Turn-based: {n} hour per move", "Turn-based: {n} hours per move", minutes // 60)
    return t.ngettext("Turn-based: {n} minute per move", "Turn-based: {n} minutes per move", minutes)


def speed_explains(seconds: int, t: Translator = ENGLISH) -> str:
    """What a speed means for the players, in a few words (the timer menu's descriptions)."""
    if not seconds:
        return t.gettext("Nobody is hurried.")
    if turn_based(seconds):
        return t.gettext("Play when you like, reminders before the deadline; then the move is skipped.")
    return t.gettext("Play in one sitting; a reminder near the end, then the turn is skipped.")


def option_line(option: TableOption, options: GameOptions, t: Translator = ENGLISH) -> str:
    """"Game length: first to 60★"."""
    return t.gettext("{option}: {value}", option=t.gettext(option.name),
                     value=value_words(option.key, getattr(options, option.key), t))


def summary(options: GameOptions, t: Translator = ENGLISH) -> list[str]:
    """The table's options in plain words, a few short lines for the lobby: the game first, then what differs
    from a plain game."""
    if options.coop:
        genre = value_words("penny_genre", options.penny_genre, t)
        lines = [t.gettext("**Co-op:** everyone together against Penny Dreadful ({genre}).", genre=genre),
                 *terms(["penny"], t)]
    else:
        lines = [t.gettext("**Goal:** the first to {n}★ (prestige) ends the game; the most prestige wins.",
                           n=options.length)]
    lines.append(t.gettext("**Words:** {dictionary}.", dictionary=value_words("dictionary", options.dictionary, t)))
    extras = [option_line(BY_KEY[key], options, t) for key in ("hints", "turn_timer", "vote", "unique_words")
              if getattr(options, key) != getattr(PLAIN, key)]
    extras += [option_line(o, options, t) for o in OPTIONS
               if o.key in ("awards", "adverts", "open_hands", "ghostwriter", "family_friendly")
               and offered(o, options) and getattr(options, o.key) != getattr(PLAIN, o.key)]
    if extras:
        lines.append(t.pgettext("list separator", ", ").join(extras))
    return lines


PLAIN = GameOptions()


def differs(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options that differ from a plain table's."""
    plain = PLAIN.to_dict()
    return {k: v for k, v in options.items() if plain.get(k) != v}


__all__ = ["BY_KEY", "OPTIONS", "TableOption", "choices", "encode_value", "offered", "option_for", "option_line",
           "parse_value", "speed_explains", "speed_words", "summary", "turn_based", "value_words", "with_value"]
