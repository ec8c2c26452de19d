"""The bot in its players' languages: English, Spanish, French and Japanese.

Gettext catalogues made and read with Babel: ``locale/<lang>/LC_MESSAGES/<domain>.po`` in this
package, one per domain (``hardback``: commands, refusals, help; ``face``: the live game's messages;
``content``: images, card texts, rules topics), loaded straight from the ``.po`` files at first use
(no compile step at install) and merged, so one translator answers from all of them.
English is the source language: a message id *is* its English text, so English needs no
catalogue and an untranslated message falls back to English.  Commands to maintain the
catalogues: ``python -m hardback_bot.i18n extract|update|compile|check`` (docs/i18n.md).

    from hardback_bot.i18n import resolve_locale, translator

    t = translator(resolve_locale(interaction_locale))      # "es-419" -> Spanish
    t.gettext("Open my hand")                               # "Abrir mi mano"
    t.ngettext("{n} card", "{n} cards", 3)                  # "3 cartas" ({n} is filled in)
    t.pgettext("command name", "start")                     # a word whose sense needs a context
    t.number(12345)                                         # "12.345" in Spanish, "12 345" in French
    t.refusal("no_ink")                                     # an engine refusal code, said in Spanish

No Discord import here: the sessions, render and cogs layers all use it.
"""

from __future__ import annotations

from .catalogue import (
    CATALOGUE_DIR,
    DOMAIN,
    DOMAINS,
    Translator,
    catalogue_path,
    preload,
    reload_catalogues,
    resolve_locale,
    server_language,
    template_path,
    translator,
)
from .fonts import FONT_DIR, font_for_language
from .languages import DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, N_

__all__ = [
    "CATALOGUE_DIR",
    "DEFAULT_LANGUAGE",
    "DOMAIN",
    "DOMAINS",
    "FONT_DIR",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "N_",
    "Translator",
    "catalogue_path",
    "font_for_language",
    "preload",
    "reload_catalogues",
    "resolve_locale",
    "server_language",
    "template_path",
    "translator",
]
