"""The offensive-word lists (LDNOOBW via npm naughty-words, CC BY 4.0) and the check on them."""

from __future__ import annotations

import gzip
import hashlib
import json

import pytest

from hardback_bot.words import get_dictionary, wordlists_dir
from hardback_bot.words.offensive import (
    EXCEPTIONS,
    OFFENSIVE_LANGUAGES,
    is_offensive,
    is_offensive_at,
    offensive_language,
    offensive_words,
)


def test_the_bundled_files_match_their_manifest_and_carry_the_licence() -> None:
    folder = wordlists_dir()
    manifest = json.loads((folder / "offensive.json").read_text())
    assert manifest["source"].startswith("npm naughty-words 1.2.0 (CC-BY-4.0)")
    assert set(manifest["lists"]) == set(OFFENSIVE_LANGUAGES)
    for language, info in manifest["lists"].items():
        data = (folder / info["file"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == info["sha256"]
        words = gzip.decompress(data).decode().splitlines()
        assert len(words) == info["words"] == len(offensive_words(language))
        assert words == sorted(set(words))  # cleaned like the other lists: a-z, 2+ letters, sorted
        assert all(w.isascii() and w.isalpha() and w.islower() and len(w) >= 2 for w in words)
    licence = (folder / "LDNOOBW-LICENSE.txt").read_text()
    assert "Attribution 4.0 International" in licence
    assert "naughty-words" in (folder / "NOTICE.md").read_text()


@pytest.mark.parametrize("language", OFFENSIVE_LANGUAGES)
def test_every_listed_word_is_offensive_in_any_case(language: str) -> None:
    for word in offensive_words(language):
        if word in EXCEPTIONS.get(language, ()):
            continue
        assert is_offensive(word, language) and is_offensive(word.upper(), language)


def test_plain_inflections_of_listed_words_count_too() -> None:
    assert {"bastard", "bitches"} <= offensive_words("en")
    assert "bastards" not in offensive_words("en") and is_offensive("BASTARDS")
    assert "bitched" not in offensive_words("en") and is_offensive("bitched")
    assert is_offensive("wankers") and is_offensive("shitting")


def test_everyday_words_stay_clean() -> None:
    for word in ("butter", "scatter", "spices", "cocked", "classic", "assess", "grape", "hello", "cat", "titter"):
        assert not is_offensive(word), word
    # accent folding: Spanish coño becomes cono, which is also a cone
    assert not is_offensive("cono", "es") and not is_offensive("conos", "es")


def test_each_language_has_its_own_list() -> None:
    assert is_offensive("mierda", "es") and not is_offensive("mierda", "en")
    assert is_offensive("merde", "fr") and not is_offensive("merde", "es")
    # French "bite" is vulgar; the English word is not, and English tables use the English list.
    assert is_offensive("bite", "fr") and not is_offensive("bite", "en")
    assert not is_offensive("cones", "fr")  # French plurals add s alone: cones is not con + es


def test_the_list_follows_the_tables_dictionary() -> None:
    assert offensive_language("common") == offensive_language("large") == "en"
    assert offensive_language("espanol") == "es" and offensive_language("francais") == "fr"
    assert offensive_language("none") == offensive_language("house-rules") == "en"  # custom lists: English
    assert is_offensive_at("putas", "espanol") and not is_offensive_at("putas", "common")
    assert get_dictionary("common").is_offensive("bastard")
    assert get_dictionary("francais").is_offensive("merde") and not get_dictionary("common").is_offensive("merde")
    assert get_dictionary("none").is_offensive("bastard")


def test_unknown_languages_use_the_english_list() -> None:
    assert is_offensive("bastard", "ja") and offensive_words("de") == offensive_words("en")
