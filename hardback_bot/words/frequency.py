"""How common a word is: the tie-break among plays that earn the same (hints, the one-click best word,
ghostwriter suggestions), so a player is offered STAR before ARUMS when both pay as much.

The ranks come from ``wordlists/frequency-{en,es,fr}.txt.gz``: the words of the bundled dictionaries of each
language, most common first, by the frequencies of the PyPI package ``wordfreq`` (data CC BY-SA 4.0,
``scripts/build_frequency_lists.py``; notices in ``wordlists/NOTICE.md``). A lookup is one dictionary read;
each language's list is read once per process, when first asked (about 0.1 s and 10 MB).

Which language applies is the language of the table's dictionary (``bundled.LANGUAGES``); custom lists and
``none`` are taken to be English, as for the offensive-word lists.
"""

from __future__ import annotations

import gzip
import threading

from hardback_bot.words.bundled import LANGUAGES, wordlists_dir

FREQUENCY_LANGUAGES: tuple[str, ...] = ("en", "es", "fr")
DEFAULT_LANGUAGE = "en"

_lock = threading.Lock()
_ranks: dict[str, dict[str, int]] = {}


def frequency_language(dictionary_name: str) -> str:
    """The language whose frequencies rank the words of a table with this dictionary."""
    language = LANGUAGES.get(dictionary_name.strip().lower(), DEFAULT_LANGUAGE)
    return language if language in FREQUENCY_LANGUAGES else DEFAULT_LANGUAGE


def ranks(language: str = DEFAULT_LANGUAGE) -> dict[str, int]:
    """Word (lower case) -> its rank in ``language``, 0 the most common; read once per process."""
    language = language if language in FREQUENCY_LANGUAGES else DEFAULT_LANGUAGE
    found = _ranks.get(language)
    if found is not None:
        return found
    with _lock:
        found = _ranks.get(language)
        if found is None:
            words = gzip.decompress((wordlists_dir() / f"frequency-{language}.txt.gz").read_bytes()).decode().split()
            found = dict(zip(words, range(len(words)), strict=True))
            _ranks[language] = found
        return found


def rank(word: str, language: str = DEFAULT_LANGUAGE) -> int:
    """How common ``word`` is in ``language``: 0 for the most common word; a word the list does not hold ranks
    after every word it holds (all such words alike)."""
    table = ranks(language)
    return table.get(word.lower(), len(table))


def rank_at(word: str, dictionary_name: str) -> int:
    """:func:`rank` in the language of a table with this dictionary."""
    return rank(word, frequency_language(dictionary_name))


__all__ = ["FREQUENCY_LANGUAGES", "frequency_language", "rank", "rank_at", "ranks"]
