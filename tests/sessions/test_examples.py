"""Example words are in the table dictionary's language, and each one is a word its bundled list takes."""

from __future__ import annotations

import pytest

from hardback_bot.sessions.examples import EXAMPLE_WORDS, example_word, table_example
from hardback_bot.words import get_dictionary
from hardback_bot.words.bundled import LANGUAGES as DICTIONARY_LANGUAGES


@pytest.mark.parametrize("name", sorted(DICTIONARY_LANGUAGES))
def test_every_bundled_list_takes_its_languages_example(name: str) -> None:
    word = example_word(DICTIONARY_LANGUAGES[name])
    assert word in get_dictionary(name), (name, word)
    assert word.isascii() and word.isalpha() and word.isupper()  # typed with the cards' letters


def test_every_example_language_has_a_list() -> None:
    assert set(EXAMPLE_WORDS) == set(DICTIONARY_LANGUAGES.values())


def test_the_example_follows_the_table_not_the_reader() -> None:
    assert table_example({"dictionary": "espanol"}, "en") == "CUENTO"
    assert table_example({"dictionary": "common"}, "es") == "STORY"
    assert table_example({"dictionary": "francais"}, "ja") == "CONTE"
    assert table_example({}, "fr") == "STORY"  # the default list is English
    # no list of known language: the reader's own, and English for a language without bundled words
    assert table_example({"dictionary": "none"}, "fr") == "CONTE"
    assert table_example({"dictionary": "my-list"}, "es") == "CUENTO"
    assert table_example({"dictionary": "none"}, "ja") == "STORY"
