"""Locale resolution and translators bound to one language, over Babel-read gettext catalogues."""

from __future__ import annotations

import io
import logging
import string
import threading
from collections.abc import Iterable, Mapping
from functools import cached_property
from pathlib import Path
from typing import Any

from babel import Locale
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent
from babel.support import NullTranslations, Translations

from .commands import with_names
from .languages import DEFAULT_LANGUAGE, LANGUAGES

log = logging.getLogger(__name__)

DOMAIN = "hardback"
# One catalogue per part of the bot, so the people translating them never edit the same files
# (docs/i18n.md says which code belongs to which).  ``translator(lang)`` answers from all of them.
DOMAINS: tuple[str, ...] = ("hardback", "face", "content")
CATALOGUE_DIR = Path(__file__).resolve().parent / "locale"

_FORMATTER = string.Formatter()


def resolve_locale(locale: object) -> str:
    """The bot's language for a Discord locale ("es-ES", "es-419", "en-GB", "ja", a ``discord.Locale``).

    Regional variants map to their language; anything the bot does not speak (or nothing) is English.
    """
    if locale is None:
        return DEFAULT_LANGUAGE
    text = str(getattr(locale, "value", locale)).strip().lower().replace("_", "-")
    primary = text.split("-", 1)[0]
    return primary if primary in LANGUAGES else DEFAULT_LANGUAGE


def server_language(setting: str | None, preferred_locale: object) -> str:
    """The language of a server's public messages: its ``/hardback settings`` choice, else the server's
    own Discord locale (``guild.preferred_locale``), else English."""
    return setting if setting in LANGUAGES else resolve_locale(preferred_locale)


def catalogue_path(language: str, domain: str = DOMAIN) -> Path:
    return CATALOGUE_DIR / language / "LC_MESSAGES" / f"{domain}.po"


def template_path(domain: str = DOMAIN) -> Path:
    """A domain's template (``.pot``): every message id extraction found in that domain's code."""
    return CATALOGUE_DIR / f"{domain}.pot"


def _load_domain(language: str, domain: str) -> tuple[Translations, frozenset[tuple[str | None, str]]] | None:
    path = catalogue_path(language, domain)
    try:
        with path.open("rb") as f:
            catalog = read_po(f, locale=language, domain=domain)
    except (OSError, ValueError) as error:
        # A broken install must not break every answer: that domain speaks English, the log says why.
        log.error("cannot read the %s catalogue %s (%s); using English", language, path, error)
        return None
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)  # a fuzzy (unchecked) entry stays English
    buffer.seek(0)
    done = frozenset((m.context, m.id[0] if isinstance(m.id, tuple) else m.id) for m in catalog
                     if m.id and not m.fuzzy and (all(m.string) if isinstance(m.string, tuple) else m.string))
    return Translations(buffer, domain=domain), done


def _load(language: str) -> Translator:
    if language == DEFAULT_LANGUAGE:
        return Translator(language, NullTranslations(), None)  # English is the source text
    merged: Translations | None = None
    done: frozenset[tuple[str | None, str]] = frozenset()
    for domain in DOMAINS:
        loaded = _load_domain(language, domain)
        if loaded is None:
            continue
        translations, finished = loaded
        # One lookup table for every domain: the code asks translator(lang) without naming its domain.
        # A message found in two domains must read the same in both (the completeness check says so).
        merged = translations if merged is None else merged.merge(translations)
        done |= finished
    return Translator(language, merged if merged is not None else NullTranslations(), done)


_lock = threading.Lock()
_translators: dict[str, Translator] = {}


def translator(language: str) -> Translator:
    """The shared translator for one of LANGUAGES (anything else: English), loaded on first use."""
    language = language if language in LANGUAGES else DEFAULT_LANGUAGE
    found = _translators.get(language)
    if found is not None:
        return found
    with _lock:
        found = _translators.get(language)
        if found is None:
            found = _translators[language] = _load(language)
        return found


def preload() -> None:
    """Read every catalogue and Babel's locale data now (~0.3 s), so no player's click pays for it.
    The bot runs this in a worker thread at start-up (cogs/translator.py)."""
    for language in LANGUAGES:
        t = translator(language)
        t.number(1234.5)
        t.join(["a", "b", "c"])
        t.join(["a", "b"], style="or")


def reload_catalogues() -> None:
    """Forget loaded catalogues (tests; after editing a .po file in a running process)."""
    with _lock:
        _translators.clear()


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a message (what a translation must keep)."""
    try:
        return {field for _, field, _, _ in _FORMATTER.parse(text) if field is not None}
    except ValueError:  # an unbalanced brace: reported by the completeness test
        return {"<unbalanced braces>"}


class Translator:
    """gettext-style functions bound to one language; messages use ``{name}`` placeholders."""

    def __init__(self, language: str, translations: NullTranslations,
                 translated: frozenset[tuple[str | None, str]] | None) -> None:
        self.language = language
        self._translations = translations
        self._translated = translated  # (context, message id) of every finished entry; None: English

    def __repr__(self) -> str:
        return f"<Translator {self.language}>"

    @cached_property
    def locale(self) -> Locale:
        return Locale.parse(self.language)

    def _fill(self, text: str, fallback: str, params: Mapping[str, Any]) -> str:
        if "{command_" in text or "{option_" in text:
            # A slash command named in a sentence: the name a client of this language sees (commands.py).
            params = with_names(self, text, params)
        if not params:
            return text
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError, TypeError, AttributeError):
            # A translation that names a placeholder the code does not pass: say it in English
            # rather than fail in front of a player (the completeness test catches it first).
            log.warning("translation %r (%s) does not fit its parameters", text, self.language)
            return fallback.format(**params)

    def gettext(self, message: str, /, **params: Any) -> str:
        return self._fill(self._translations.gettext(message), message, params)

    _ = gettext

    def ngettext(self, singular: str, plural: str, n: int, /, **params: Any) -> str:
        """The plural form for ``n`` under the language's own rules; ``{n}`` is filled in too."""
        params = {"n": self.number(n), **params}
        fallback = singular if n == 1 else plural
        return self._fill(self._translations.ngettext(singular, plural, n), fallback, params)

    def pgettext(self, context: str, message: str, /, **params: Any) -> str:
        return self._fill(self._translations.pgettext(context, message), message, params)

    def npgettext(self, context: str, singular: str, plural: str, n: int, /, **params: Any) -> str:
        params = {"n": self.number(n), **params}
        fallback = singular if n == 1 else plural
        return self._fill(self._translations.npgettext(context, singular, plural, n), fallback, params)

    def entry(self, context: str, text: str | tuple[str, str], /, n: int | None = None, **params: Any) -> str:
        """One entry of a text table (``STRINGS`` under ``STRINGS_CONTEXT``): a plain text, or a
        (singular, plural) pair said for ``n``."""
        if isinstance(text, tuple):
            return self.npgettext(context, text[0], text[1], 1 if n is None else n, **params)
        if n is not None:
            params = {"n": n, **params}
        return self.pgettext(context, text, **params)

    def has(self, message: str, context: str | None = None) -> bool:
        """True when the catalogue holds a finished translation (English: always).

        Unlike comparing gettext's answer with the message, this is right for words that are the
        same in both languages ("romance", "Penny Dreadful").
        """
        return self._translated is None or (context, message) in self._translated

    def template(self, context: str | None, message: str, plural: str | None = None, n: int = 1) -> str:
        """The translated text itself, placeholders unfilled (for callers with their own formatting)."""
        if plural is None:
            return (self._translations.pgettext(context, message) if context is not None
                    else self._translations.gettext(message))
        return (self._translations.npgettext(context, message, plural, n) if context is not None
                else self._translations.ngettext(message, plural, n))

    def refusal(self, code: str, /, **params: Any) -> str:
        """An engine refusal (``IllegalMove`` / ``OptionsError``: its ``code`` and ``params``) in this language."""
        from .refusals import say  # the table imports the engine; the translators alone do not need it

        return say(self, code, params)

    # -------------------------------------------------------------- numbers and lists (Babel)
    def number(self, value: float) -> str:
        """A number with this language's digit grouping and decimal mark."""
        return format_decimal(value, locale=self.locale)

    def percent(self, value: float) -> str:
        return format_percent(value, locale=self.locale)

    def join(self, items: Iterable[str], style: str = "standard") -> str:
        """"a, b and c" in this language ("a, b y c", "a、b、c")."""
        return format_list(list(items), style=style, locale=self.locale)
