"""Bundled word lists, the dictionary registry and the list builder."""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import json
import re
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from hardback_bot.engine.words import WordChecker
from hardback_bot.words import (
    DEFAULT_DICTIONARY,
    NO_DICTIONARY,
    WORDLISTS_ENV,
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
from hardback_bot.words import dictionary as dictionary_module
from hardback_bot.words.cleaning import clean_text, clean_word, clean_words

REPO = Path(__file__).resolve().parents[2]
WORDLISTS = REPO / "wordlists"
BUNDLED = ("common", "large", "letterpress")

# (smallest, largest) sensible sizes: ~80k everyday words, ~250k Scrabble-sized, ~270k Letterpress.
EXPECTED_SIZES = {
    "common": (75_000, 90_000),
    "large": (230_000, 275_000),
    "letterpress": (260_000, 285_000),
}

ORDINARY = ["cats", "walked", "running", "houses", "went", "children", "quickly", "cafe", "okay"]
# Both spellings, and spelling variants SCOWL rates acceptable, so nobody is refused either form.
SPELLINGS = ["colour", "color", "realise", "realize", "theatre", "theater", "judgement", "donut"]
LETTER_PLURALS = ["cs", "ts", "ms", "ks", "ls", "rs", "gs"]  # all in SCOWL's <= 60 "words" files
ABBREVIATIONS = ["nato", "usa", "dna", "ok", "awol", "etc"]
PROPER_NOUNS = ["london", "england", "germany", "monday", "january", "christmas", "shakespeare"]
# Unit symbols and function names filed as words in SCOWL's english-words.70 (checked by hand).
UNIT_SYMBOLS = ["kb", "mb", "lm", "lx", "ln", "kcal", "csc", "hhd"]
# Lower-case proper nouns in SCOWL's 70–80 files (UKACD, MWords places) that "large" drops.
LARGE_PROPER_NOUNS = ["accra", "bellevue", "ferrara", "taegu"]

_WORD_RE = re.compile(r"[a-z]{2,}")


@pytest.fixture
def registry() -> Iterator[None]:
    """Leave the process-wide registry as it was: custom names and loaded lists."""
    saved_custom = dict(dictionary_module._custom)
    saved_loaded = dict(dictionary_module._loaded)
    yield
    with dictionary_module._lock:
        dictionary_module._custom.clear()
        dictionary_module._custom.update(saved_custom)
        dictionary_module._loaded.clear()
        dictionary_module._loaded.update(saved_loaded)


def write_lines(path: Path, lines: list[str], *, newline: str = "\n") -> Path:
    data = newline.join(lines).encode("utf-8")
    if path.name.endswith(".gz"):
        path.write_bytes(gzip.compress(data))
    else:
        path.write_bytes(data)
    return path


# ---- bundled lists ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", BUNDLED)
def test_bundled_list_loads_with_expected_size(name: str) -> None:
    d = get_dictionary(name)
    low, high = EXPECTED_SIZES[name]
    assert low <= len(d) <= high
    manifest = json.loads((WORDLISTS / "manifest.json").read_text())
    assert len(d) == manifest["lists"][name]["words"]


@pytest.mark.parametrize("name", BUNDLED)
def test_bundled_file_matches_manifest_and_size_limit(name: str) -> None:
    path = WORDLISTS / f"{name}.txt.gz"
    assert path.stat().st_size < 5 * 1024 * 1024
    text = gzip.decompress(path.read_bytes())
    manifest = json.loads((WORDLISTS / "manifest.json").read_text())
    assert hashlib.sha256(text).hexdigest() == manifest["lists"][name]["sha256"]


@pytest.mark.parametrize("name", BUNDLED)
def test_bundled_words_are_clean_sorted_and_unique(name: str) -> None:
    words = get_dictionary(name).words
    assert isinstance(words, tuple)
    assert all(_WORD_RE.fullmatch(w) for w in words)
    assert list(words) == sorted(set(words))


@pytest.mark.parametrize("name", BUNDLED)
def test_ordinary_words_plurals_and_verb_forms_are_accepted(name: str) -> None:
    d = get_dictionary(name)
    missing = [w for w in ORDINARY + SPELLINGS if not d.is_word(w)]
    assert missing == []


@pytest.mark.parametrize("name", BUNDLED)
def test_filtered_entries_are_refused(name: str) -> None:
    d = get_dictionary(name)
    wrongly_in = [w for w in LETTER_PLURALS + ABBREVIATIONS + PROPER_NOUNS + UNIT_SYMBOLS if d.is_word(w)]
    assert wrongly_in == []


def test_common_has_no_paris_and_large_has_no_lower_case_place_names() -> None:
    assert not get_dictionary("common").is_word("paris")
    large = get_dictionary("large")
    assert [w for w in LARGE_PROPER_NOUNS if large.is_word(w)] == []
    # Every letter plural, not only the ones the smaller list happens to hold.
    assert [f"{c}s" for c in "bcdfghjklmnpqrstvwxyz" if large.is_word(f"{c}s")] == []


def test_large_holds_word_game_words_common_leaves_out() -> None:
    common, large = get_dictionary("common"), get_dictionary("large")
    for word in ("qi", "za", "jo", "xu"):  # Scrabble jargon
        assert large.is_word(word)
        assert not common.is_word(word)


def test_is_word_is_case_insensitive_and_refuses_non_words() -> None:
    d = get_dictionary(DEFAULT_DICTIONARY)
    assert d.is_word("CATS") and d.is_word("Walked") and d.is_word("houses")
    for junk in ("", "c", "ca-t", "cat's", "c@t", "cats ", "ｃａｔ"):
        assert not d.is_word(junk)
    assert "cats" in d and 42 not in d


def test_default_dictionary_is_common_and_listed() -> None:
    assert DEFAULT_DICTIONARY == "common"
    names = available_dictionaries()
    assert names[:6] == ["common", "large", "letterpress", "espanol", "francais", "none"]
    for name in names:
        assert describe(name)


def test_same_object_is_shared() -> None:
    assert get_dictionary("common") is get_dictionary("common")
    assert get_dictionary(" Common ") is get_dictionary("common")


def test_unknown_name_gives_readable_error() -> None:
    with pytest.raises(UnknownDictionaryError, match=r"unknown dictionary 'klingon'.*common"):
        get_dictionary("klingon")
    with pytest.raises(KeyError):  # also a KeyError, for callers that treat it as a lookup
        get_dictionary("klingon")


@pytest.mark.usefixtures("registry")
def test_concurrent_first_load_reads_the_file_once(monkeypatch: pytest.MonkeyPatch) -> None:
    clear_cache()
    calls: list[str] = []
    real_load = dictionary_module._load_bundled

    def slow_counting_load(name: str) -> Dictionary:
        calls.append(name)
        time.sleep(0.05)  # widen the window in which a second load could slip in
        return real_load(name)

    monkeypatch.setattr(dictionary_module, "_load_bundled", slow_counting_load)
    barrier = threading.Barrier(8)
    results: list[Dictionary] = []
    results_lock = threading.Lock()

    def worker() -> None:
        barrier.wait()
        d = get_dictionary("common")
        with results_lock:
            results.append(d)

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert calls == ["common"]
    assert len(results) == 8 and all(r is results[0] for r in results)


def test_membership_is_fast() -> None:
    d = get_dictionary("large")
    probes = [*d.words[::1000], *(w + "qx" for w in d.words[::1000])]
    rounds = max(1, 200_000 // len(probes))
    start = time.perf_counter()
    for _ in range(rounds):
        for w in probes:
            d.is_word(w)
    per_check = (time.perf_counter() - start) / (rounds * len(probes))
    assert per_check < 20e-6  # aim is < 5 µs; generous here so a busy CI machine does not flake


# ---- solver arrays ---------------------------------------------------------------------------


def test_letter_counts_and_lengths_match_the_words() -> None:
    d = get_dictionary("common")
    counts, lengths = d.letter_counts, d.lengths
    assert counts.dtype == np.uint8 and counts.shape == (len(d), 26)
    assert lengths.dtype == np.uint8 and lengths.shape == (len(d),)
    assert counts is d.letter_counts and lengths is d.lengths  # built once, cached
    for i in (0, 1, len(d) // 2, len(d) - 1, d.words.index("running")):
        word = d.words[i]
        expected = [Counter(word)[chr(ord("a") + k)] for k in range(26)]
        assert counts[i].tolist() == expected
        assert lengths[i] == len(word)
    assert (counts.sum(axis=1) == lengths).all()
    with pytest.raises(ValueError):
        counts[0, 0] = 9  # shared by every game: read-only


@pytest.mark.usefixtures("registry")
def test_arrays_of_a_tiny_custom_list(tmp_path: Path) -> None:
    register_custom("tiny", write_lines(tmp_path / "tiny.txt", ["zzz", "aa", "Bob"]))
    d = get_dictionary("tiny")
    assert d.words == ("aa", "bob", "zzz")
    assert d.letter_counts[:, [0, 1, 14, 25]].tolist() == [[2, 0, 0, 0], [0, 2, 1, 0], [0, 0, 0, 3]]
    assert d.lengths.tolist() == [2, 3, 3]


# ---- none ------------------------------------------------------------------------------------


def test_none_is_an_empty_list_that_says_so() -> None:
    d = get_dictionary("none")
    assert d is NO_DICTIONARY and isinstance(d, NoDictionary)
    assert d.is_none and not get_dictionary("common").is_none
    assert not d.is_word("cats")  # every word goes to the vote (R27.3)
    assert len(d) == 0 and d.words == ()
    assert d.letter_counts.shape == (0, 26) and d.lengths.shape == (0,)


@pytest.mark.usefixtures("registry")
def test_none_survives_clear_cache() -> None:
    clear_cache()
    assert get_dictionary("NONE") is NO_DICTIONARY


@pytest.mark.parametrize("name", [*BUNDLED, "none"])
def test_dictionaries_satisfy_the_engine_word_checker(name: str) -> None:
    assert isinstance(get_dictionary(name), WordChecker)


# ---- custom files ----------------------------------------------------------------------------


@pytest.mark.usefixtures("registry")
def test_custom_file_is_cleaned_like_the_bundled_lists(tmp_path: Path) -> None:
    lines = ["\ufeffZebra", "apple", "APPLE", "  pear  ", "cat's", "x", "ice cream", "Café", "ts", "kb", "", "#x"]
    register_custom("house", write_lines(tmp_path / "house.txt", lines, newline="\r\n"))
    d = get_dictionary("house")
    assert d.words == ("apple", "cafe", "pear", "zebra")
    assert d.is_word("ZEBRA") and isinstance(d, WordChecker)
    assert "house" in available_dictionaries() and describe("house") == "Custom list from house.txt"
    assert get_dictionary("House") is d


@pytest.mark.usefixtures("registry")
def test_custom_gz_file(tmp_path: Path) -> None:
    register_custom("gzipped", write_lines(tmp_path / "words.txt.gz", ["QI", "ZA", "JO"]))
    assert get_dictionary("gzipped").words == ("jo", "qi", "za")


@pytest.mark.usefixtures("registry")
def test_custom_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    missing = tmp_path / "nope.txt"
    with pytest.raises(DictionaryFileNotFoundError, match=r"word file for dictionary 'house' not found: .*nope\.txt"):
        register_custom("house", missing)
    with pytest.raises(FileNotFoundError):
        register_custom("house", missing)
    with pytest.raises(DictionaryFileNotFoundError, match="not a file"):
        register_custom("house", tmp_path)
    assert "house" not in available_dictionaries()


@pytest.mark.usefixtures("registry")
def test_custom_file_deleted_after_registration(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "gone.txt", ["cat"])
    register_custom("gone", path)
    path.unlink()
    with pytest.raises(DictionaryFileNotFoundError, match=r"gone\.txt"):
        get_dictionary("gone")


@pytest.mark.usefixtures("registry")
def test_custom_empty_file_is_a_clear_error(tmp_path: Path) -> None:
    empty = write_lines(tmp_path / "empty.txt", [])
    with pytest.raises(EmptyDictionaryError, match=r"empty\.txt has no usable words: it is empty"):
        register_custom("empty", empty, preload=True)
    assert "empty" not in available_dictionaries()
    register_custom("empty", empty)  # lazily: the error comes on first use
    with pytest.raises(EmptyDictionaryError):
        get_dictionary("empty")
    junk = write_lines(tmp_path / "junk.txt", ["1", "a", "e-mail", "x"])
    with pytest.raises(EmptyDictionaryError, match="none of its 4 lines"):
        register_custom("junk", junk, preload=True)
    with pytest.raises(ValueError):  # also a ValueError
        register_custom("junk", junk, preload=True)


@pytest.mark.usefixtures("registry")
def test_custom_corrupt_gz_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt.gz"
    bad.write_bytes(b"not gzip at all")
    with pytest.raises(DictionaryError, match=r"cannot read word file .*bad\.txt\.gz"):
        register_custom("bad", bad, preload=True)


@pytest.mark.usefixtures("registry")
def test_custom_names_are_checked_and_replaceable(tmp_path: Path) -> None:
    first = write_lines(tmp_path / "a.txt", ["one"])
    second = write_lines(tmp_path / "b.txt", ["two"])
    for bad_name in ("common", "none", "", "has space", "x" * 40):
        with pytest.raises(DictionaryError):
            register_custom(bad_name, first)
    register_custom("mine", first)
    old = get_dictionary("mine")
    register_custom("mine", second)
    assert get_dictionary("mine").words == ("two",) and old.words == ("one",)
    unregister_custom("mine")
    with pytest.raises(UnknownDictionaryError):
        get_dictionary("mine")
    unregister_custom("mine")  # twice is harmless


# ---- where the bundled lists live ------------------------------------------------------------


@pytest.mark.usefixtures("registry")
def test_env_var_overrides_the_wordlists_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_lines(tmp_path / "common.txt.gz", ["only", "these"])
    monkeypatch.setenv(WORDLISTS_ENV, str(tmp_path))
    clear_cache()
    assert get_dictionary("common").words == ("only", "these")
    with pytest.raises(DictionaryFileNotFoundError, match=WORDLISTS_ENV):
        get_dictionary("large")


def test_notices_ship_with_the_lists() -> None:
    readme = (WORDLISTS / "SCOWL-README.txt").read_text(encoding="utf-8")
    assert "UK Advanced Cryptics Dictionary" in readme and "J Ross Beresford" in readme
    assert "Kevin Atkinson" in (WORDLISTS / "SCOWL-copyright.txt").read_text(encoding="utf-8")
    assert "MIT License" in (WORDLISTS / "word-list-LICENSE.txt").read_text(encoding="utf-8")
    assert "CC0" in (WORDLISTS / "CC0-1.0.txt").read_text(encoding="utf-8")
    assert "UK Advanced Cryptics Dictionary" in (WORDLISTS / "NOTICE.md").read_text(encoding="utf-8")


# ---- cleaning and the builder ----------------------------------------------------------------


def test_clean_word_rules() -> None:
    assert clean_word("  cats ", fold_case=False) == "cats"
    assert clean_word("Paris", fold_case=False) is None  # capitalised: a proper noun in SCOWL
    assert clean_word("Paris", fold_case=True) == "paris"  # an owner's own list may be in capitals
    assert clean_word("NATO", fold_case=False) is None
    assert clean_word("naïve", fold_case=False) == "naive"
    assert clean_word("encyclopædia", fold_case=False) is None
    for junk in ("cat's", "e-mail", "a", "x", "cs", "ts", "kb", "kcal", "abc1", ""):
        assert clean_word(junk, fold_case=True) is None
    for real in ("as", "is", "us", "es", "os"):  # vowel + s are words, not letter plurals
        assert clean_word(real, fold_case=False) == real
    assert clean_words(["b", "bb", "aa", "AA", "aa"], fold_case=True) == ["aa", "bb"]


@pytest.mark.parametrize(
    "text",
    ["", "aa\nbb\n", "aa\nbb", "bb\naa\n", "aa\naa\n", "aa\ncs\n", "aa\r\nbb\r\n", "Aa\nbb\n", "aa\n\nbb\n"],
)
def test_clean_text_fast_path_agrees_with_word_by_word_cleaning(text: str) -> None:
    for fold_case in (False, True):
        assert clean_text(text, fold_case=fold_case) == clean_words(text.splitlines(), fold_case=fold_case)


@given(st.text(alphabet="abcsAB'é \n\r", max_size=60), st.booleans())
def test_clean_text_property(text: str, fold_case: bool) -> None:
    assert clean_text(text, fold_case=fold_case) == clean_words(text.splitlines(), fold_case=fold_case)


def load_builder() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_wordlists", REPO / "scripts" / "build_wordlists.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


def test_builder_reads_only_word_categories_and_drops_name_leaks(tmp_path: Path) -> None:
    """The build logic on a miniature SCOWL tree, so it runs without the scowl package."""
    builder = load_builder()
    scowl = tmp_path / "scowl"
    scowl.mkdir()
    files = {
        "english-words.10": ["cats", "cat's", "cs", "a", "café"],
        "american-words.50": ["color"],
        "british-words.50": ["colour"],
        "variant_2-words.50": ["donut"],
        "variant_3-words.50": ["thru"],  # "seldom used": left out
        "canadian-words.50": ["canuckish"],  # not an American or British spelling
        "english-abbreviations.50": ["nato", "etc"],
        "english-contractions.50": ["dont"],
        "english-proper-names.50": ["London", "Accra", "Ferrara"],
        "english-upper.50": ["Paris"],
        "english-words.70": ["paris", "ferrara", "kcal"],
        "english-words.80": ["accra", "qi"],
        "english-words.95": ["zzxjoanw"],
    }
    for name, words in files.items():
        write_lines(scowl / name, words)
    common = builder.build_common(scowl)
    assert common == ["cafe", "cats", "color", "colour", "donut"]
    large = builder.build_large(scowl, common, letterpress=["paris"])
    # "accra" (a name in SCOWL, not in Letterpress) goes; "paris" stays because Letterpress has it.
    assert large == ["cafe", "cats", "color", "colour", "donut", "paris", "qi"]
