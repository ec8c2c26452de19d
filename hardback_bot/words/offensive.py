"""Offensive words: which words the bot never posts itself and family-friendly tables refuse.

The lists are the English, Spanish and French lists of the *List of Dirty, Naughty, Obscene and
Otherwise Bad Words* (LDNOOBW, CC BY 4.0, npm package ``naughty-words``), cleaned like every other
word list (``scripts/build_offensive_lists.py``): single words only, letters a–z, accents folded.
Files: ``wordlists/offensive-{en,es,fr}.txt.gz``; licence ``wordlists/LDNOOBW-LICENSE.txt``.

A listed word's plain inflections count too, so a hint never offers the plural of a slur the list
names only in the singular: ``-s`` in every language, ``-es`` in English and Spanish, and in English
``-ies`` (for ``-y``), ``-ed``, ``-ing``, ``-er`` and ``-ers`` (with a dropped final e or a doubled last
consonant).  The rule errs on the side of refusing; ``EXCEPTIONS`` keeps the everyday words it (or
accent folding) would otherwise catch (butter, spices, Spanish cono …), found by listing every word of
the ``large``, ``espanol`` and ``francais`` lists the rule catches and reading them.

Which list applies is the language of the table's dictionary (``bundled.LANGUAGES``); custom lists
and ``none`` are taken to be English, the bot's first language.
"""

from __future__ import annotations

import gzip
import threading

from hardback_bot.words.bundled import LANGUAGES, wordlists_dir

#: Languages with a bundled list (the lists of the bundled dictionaries' languages).
OFFENSIVE_LANGUAGES: tuple[str, ...] = ("en", "es", "fr")
DEFAULT_LANGUAGE = "en"

# Everyday English words the inflection rule would derive from a listed word (a listed "butt" makes
# "butter", "scat" makes "scatter"); found by listing every word of the large list the rule catches
# and reading them.  Listed words themselves are never excepted here.
ENGLISH_EXCEPTIONS: frozenset[str] = frozenset({
    "butter", "butters", "buttered", "buttering", "buttes", "butted", "butting",
    "scatter", "scatters", "scattered", "scattering",
    "titter", "titters", "tittered", "tittering", "titer", "titers",
    "cocker", "cockers", "cocked", "cocking",
    "dicker", "dickers", "dickered", "dickering",
    "monger", "mongers",
    "spiced", "spicer", "spicers", "spices", "spicing",
    "skeeter", "skeeters",
})
# Accent folding makes a listed Spanish word collide with an everyday one: coño -> cono, a cone.
SPANISH_EXCEPTIONS: frozenset[str] = frozenset({"cono", "conos"})
EXCEPTIONS: dict[str, frozenset[str]] = {"en": ENGLISH_EXCEPTIONS, "es": SPANISH_EXCEPTIONS}

_lock = threading.Lock()
_lists: dict[str, frozenset[str]] = {}


def offensive_language(dictionary_name: str) -> str:
    """The language whose list applies at a table with this dictionary (custom lists, ``none``: English)."""
    return LANGUAGES.get(dictionary_name.strip().lower(), DEFAULT_LANGUAGE)


def offensive_words(language: str = DEFAULT_LANGUAGE) -> frozenset[str]:
    """The listed words of ``language`` (lower case), loaded once per process; unknown languages: English."""
    language = language if language in OFFENSIVE_LANGUAGES else DEFAULT_LANGUAGE
    found = _lists.get(language)
    if found is not None:
        return found
    with _lock:
        found = _lists.get(language)
        if found is None:
            path = wordlists_dir() / f"offensive-{language}.txt.gz"
            with gzip.open(path, "rt", encoding="utf-8") as f:
                found = frozenset(line.strip() for line in f if line.strip())
            _lists[language] = found
        return found


def _stems(word: str, language: str) -> list[str]:
    """The words ``word`` may be a plain inflection of (the rule in the module docstring)."""
    stems: list[str] = []
    if word.endswith("s"):
        stems.append(word[:-1])
        if word.endswith("es") and language != "fr":  # French plurals add s alone (cônes is not con + es)
            stems.append(word[:-2])
    if language != "en":
        return stems
    if word.endswith("ies"):
        stems.append(word[:-3] + "y")
    for suffix in ("ed", "ing", "er", "ers"):
        if word.endswith(suffix) and len(word) > len(suffix) + 1:
            base = word[: -len(suffix)]
            stems += [base, base + "e"]
            if len(base) > 2 and base[-1] == base[-2]:
                stems.append(base[:-1])  # cumming -> cum, fagged -> fag
    return stems


def is_offensive(word: str, language: str = DEFAULT_LANGUAGE) -> bool:
    """True when ``word`` (any case) is on ``language``'s list or a plain inflection of a listed word."""
    language = language if language in OFFENSIVE_LANGUAGES else DEFAULT_LANGUAGE
    w = word.strip().lower()
    if w in EXCEPTIONS.get(language, ()):
        return False
    listed = offensive_words(language)
    if w in listed:
        return True
    return any(stem in listed for stem in _stems(w, language))


def is_offensive_at(word: str, dictionary_name: str) -> bool:
    """``is_offensive`` with the list of the language of a table's dictionary."""
    return is_offensive(word, offensive_language(dictionary_name))


def clear_cache() -> None:
    """Forget the loaded lists (tests)."""
    with _lock:
        _lists.clear()
