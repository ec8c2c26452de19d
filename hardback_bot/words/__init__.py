"""Dictionaries (word lists) and the solver (:mod:`hardback_bot.words.solver`): which words a set of cards can spell.

Only the dictionary API is re-exported here; importing this package never loads a list.
"""

from hardback_bot.words.bundled import WORDLISTS_ENV, wordlists_dir
from hardback_bot.words.dictionary import (
    BUNDLED,
    DEFAULT_DICTIONARY,
    NO_DICTIONARY,
    NONE,
    Dictionary,
    DictionaryError,
    DictionaryFileNotFoundError,
    EmptyDictionaryError,
    NoDictionary,
    UnknownDictionaryError,
    available_dictionaries,
    clear_cache,
    describe,
    get_dictionary,
    register_custom,
    unregister_custom,
)

__all__ = [
    "BUNDLED",
    "DEFAULT_DICTIONARY",
    "NONE",
    "NO_DICTIONARY",
    "WORDLISTS_ENV",
    "Dictionary",
    "DictionaryError",
    "DictionaryFileNotFoundError",
    "EmptyDictionaryError",
    "NoDictionary",
    "UnknownDictionaryError",
    "available_dictionaries",
    "clear_cache",
    "describe",
    "get_dictionary",
    "register_custom",
    "unregister_custom",
    "wordlists_dir",
]
