"""The slash commands' names as a client of each language sees them, for Discord and for sentences alike.

Discord shows ``/hardback consultar`` to a Spanish client (``cogs/translator.py`` registers the names from
the catalogues, msgctxt ``command name`` / ``option name``).  A sentence that tells a player which command to
type must say that same name, so no message writes a command name itself: it names a placeholder,

    t.gettext("Check a word with {command_lookup}.")          # "/hardback lookup" / "/hardback consultar"
    t.gettext("The host turns `{option_hints}` on.")          # "hints" / "pistas"

and the translator fills every ``{command_<name>}`` and ``{option_<name>}`` it is not given with
:func:`slash` and :func:`option`: the very function the registration uses (:func:`discord_text`), so a
sentence and the command list cannot disagree.  tests/i18n/test_i18n_game_words.py holds
:data:`COMMANDS` and :data:`OPTIONS` to the real command tree and every placeholder to them.

No import of the catalogues here (they import this module): a translator is anything with ``language``,
``has`` and ``template``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Protocol

# The msgctxt of each kind of slash-command text.
COMMAND_NAME = "command name"
COMMAND_DESCRIPTION = "command description"
OPTION_NAME = "option name"
OPTION_DESCRIPTION = "option description"
CHOICE_NAME = "choice"
NAME_CONTEXTS = (COMMAND_NAME, OPTION_NAME)

# Discord's rule for command and option names: letters and digits of any script, "-", "_" and "'",
# 1-32 of them, and lower case wherever the script has case.
COMMAND_NAME_RE = re.compile(r"^[-_'\w]{1,32}$")
MAX_DESCRIPTION = 100
MAX_CHOICE_NAME = 100

GROUP = "hardback"
#: Every subcommand of /hardback and every option name of them (checked against the commands themselves).
COMMANDS: frozenset[str] = frozenset({
    "card", "daily", "end", "games", "hint", "history", "leaderboard", "leave", "lookup", "privacy", "replay", "rules",
    "settings", "start", "stats"})
OPTIONS: frozenset[str] = frozenset({
    "adverts", "afk_misses", "afk_policy", "awards", "by", "coop", "dictionary", "family_friendly", "game", "genre",
    "ghostwriter", "guided", "hints", "language", "length", "letter", "open_hands", "penny", "period",
    "provisional_games", "public", "season", "season_announcements", "season_channel", "threads", "topic", "turn_timer",
    "unique_words", "user", "votes", "word"})

COMMAND_PREFIX = "command_"
OPTION_PREFIX = "option_"
_NAMED = re.compile(r"\{(command|option)_(\w+)\}")


class Catalogues(Protocol):
    """What this module needs of a translator (``hardback_bot.i18n.Translator``)."""

    language: str

    def has(self, message: str, context: str | None = None) -> bool: ...

    def template(self, context: str | None, message: str, plural: str | None = None, n: int = 1) -> str: ...


def name_problem(text: str) -> str | None:
    """Why ``text`` cannot be a Discord command or option name (None: it can)."""
    if not COMMAND_NAME_RE.fullmatch(text):
        return "a command or option name must be 1-32 letters, digits, '-', '_' or \"'\", without spaces"
    if text != text.lower():
        return "a command or option name must be lower case"
    return None


def text_problem(context: str | None, text: str) -> str | None:
    """Discord's rule for one slash-command text, by its catalogue context (None: fine)."""
    if context in NAME_CONTEXTS:
        return name_problem(text)
    if context in (COMMAND_DESCRIPTION, OPTION_DESCRIPTION) and not 1 <= len(text) <= MAX_DESCRIPTION:
        return f"a description must be 1-{MAX_DESCRIPTION} characters (this one is {len(text)})"
    if context == CHOICE_NAME and not 1 <= len(text) <= MAX_CHOICE_NAME:
        return f"a choice name must be 1-{MAX_CHOICE_NAME} characters (this one is {len(text)})"
    return None


def discord_text(t: Catalogues, context: str, text: str) -> str | None:
    """A slash-command text (a name, description or choice) as Discord shows it in ``t``'s language; None
    where Discord keeps the English one (English, no finished translation, or one Discord would refuse)."""
    if t.language == "en" or not t.has(text, context):
        return None
    found = t.template(context, text)
    return None if text_problem(context, found) else found


def slash(t: Catalogues, command: str) -> str:
    """``/hardback <command>`` as a client in ``t``'s language sees it: ``/hardback consultar``."""
    group = discord_text(t, COMMAND_NAME, GROUP) or GROUP
    return f"/{group} {discord_text(t, COMMAND_NAME, command) or command}"


def option(t: Catalogues, name: str) -> str:
    """An option's name as a client in ``t``'s language sees it (``hints``: ``pistas``)."""
    return discord_text(t, OPTION_NAME, name) or name


def choice(t: Catalogues, name: str) -> str:
    """A choice's name as a client in ``t``'s language sees it (``this season``: ``esta temporada``)."""
    return discord_text(t, CHOICE_NAME, name) or name


def with_names(t: Catalogues, text: str, params: Mapping[str, Any]) -> Mapping[str, Any]:
    """``params`` plus every ``{command_<name>}`` and ``{option_<name>}`` of ``text`` not given there."""
    found = {f"{kind}_{name}": slash(t, name) if kind == "command" else option(t, name)
             for kind, name in _NAMED.findall(text) if f"{kind}_{name}" not in params}
    return {**params, **found} if found else params


__all__ = ["CHOICE_NAME", "COMMANDS", "COMMAND_DESCRIPTION", "COMMAND_NAME", "GROUP", "NAME_CONTEXTS", "OPTIONS",
           "OPTION_DESCRIPTION", "OPTION_NAME", "choice", "discord_text", "name_problem", "option", "slash",
           "text_problem", "with_names"]
