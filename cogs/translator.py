"""Slash commands in the players' languages: discord.py's ``app_commands.Translator`` over the catalogues.

At sync discord.py asks, for every command, option and choice text and every Discord locale, what
it is called there; the answer comes from ``hardback_bot.i18n`` with a msgctxt per kind of text, so
Discord shows ``/hardback empezar`` in a Spanish client.  ``None`` (no translation, or English)
keeps the English text.  The answer is ``hardback_bot.i18n.commands.discord_text``, which also names the
commands inside sentences, so a message and the command list always agree.

Also here: :func:`command_strings` lists those texts from the command objects themselves, and
:func:`extract_slash_commands` hands them to Babel's extraction (``hardback_bot/i18n/babel-hardback.cfg``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Iterator
from typing import Any

from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where
from discord.ext import commands

from hardback_bot.i18n import preload, resolve_locale, translator
from hardback_bot.i18n.commands import (
    CHOICE_NAME,
    COMMAND_DESCRIPTION,
    COMMAND_NAME,
    OPTION_DESCRIPTION,
    OPTION_NAME,
    discord_text,
)

CONTEXTS: dict[Where, str] = {
    Where.command_name: COMMAND_NAME,
    Where.group_name: COMMAND_NAME,
    Where.command_description: COMMAND_DESCRIPTION,
    Where.group_description: COMMAND_DESCRIPTION,
    Where.parameter_name: OPTION_NAME,
    Where.parameter_description: OPTION_DESCRIPTION,
    Where.choice_name: CHOICE_NAME,
}


class CatalogueTranslator(app_commands.Translator):
    """Command texts from the gettext catalogues; English and unknown locales keep the source text."""

    async def load(self) -> None:
        # discord.py calls this from set_translator (setup_hook): catalogues and Babel's locale data
        # are read here, off the event loop, instead of inside somebody's first click.
        await asyncio.to_thread(preload)

    async def translate(self, string: app_commands.locale_str, locale: Any,
                        context: app_commands.TranslationContext) -> str | None:
        where = CONTEXTS.get(context.location)
        if where is None:
            return None
        # The same answer as the names said in sentences (``{command_lookup}``): one function for both.
        # A translation Discord would refuse must not fail the whole sync: it keeps the English one.
        return discord_text(translator(resolve_locale(locale)), where, string.message)


def command_strings(cogs: Iterable[type] | None = None) -> list[tuple[str, str]]:
    """(msgctxt, English text) of every slash-command text, in declaration order, without repeats."""
    if cogs is None:
        from cogs.hardback import Hardback

        cogs = (Hardback,)
    seen: dict[tuple[str, str], None] = {}

    def add(context: str, text: str | None) -> None:
        if text and not text.isdigit():  # numeric choices (40, 60 …) read the same everywhere
            seen.setdefault((context, text), None)

    for cog in cogs:
        group = getattr(cog, "__cog_group_name__", None)
        if getattr(cog, "__cog_is_app_commands_group__", False) and group:
            add(COMMAND_NAME, str(group))
            add(COMMAND_DESCRIPTION, str(getattr(cog, "__cog_group_description__", "")))
        for command in getattr(cog, "__cog_app_commands__", ()):
            for context, text in _command_texts(command):
                add(context, text)
    return list(seen)


def _command_texts(command: Any) -> Iterator[tuple[str, str]]:
    yield COMMAND_NAME, command.name
    yield COMMAND_DESCRIPTION, command.description
    for sub in getattr(command, "commands", ()):  # a nested group
        yield from _command_texts(sub)
    for parameter in getattr(command, "parameters", ()):
        yield OPTION_NAME, parameter.name
        yield OPTION_DESCRIPTION, parameter.description
        for choice in parameter.choices:
            yield CHOICE_NAME, choice.name


def extract_slash_commands(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple]:
    """A Babel extraction method: every slash-command text (domain ``hardback``).  The file's own
    gettext calls are the live game's and belong to domain ``face`` (``babel-face.cfg``)."""
    for context, text in command_strings():
        note = {COMMAND_NAME: "TRANSLATORS: Discord: 1-32 characters, lower case, no spaces.",
                OPTION_NAME: "TRANSLATORS: Discord: 1-32 characters, lower case, no spaces.",
                COMMAND_DESCRIPTION: "TRANSLATORS: Discord: at most 100 characters.",
                OPTION_DESCRIPTION: "TRANSLATORS: Discord: at most 100 characters."}.get(context, "")
        yield 0, "pgettext", (context, text), [note] if note else []


async def setup(bot: commands.Bot) -> None:
    """The extension: command names, descriptions, options and choices in every client's language (at the
    bot's command sync, after every extension is loaded)."""
    await bot.tree.set_translator(CatalogueTranslator())
