"""How common a word is (wordfreq's frequencies, bundled), and the tie-break it makes: among plays that earn the
same, the hints, the one-click best word and a computer's ghostwriter suggestion offer the more common word."""

from __future__ import annotations

import gzip
import hashlib
import itertools
import json
from typing import Any

import pytest

from hardback_bot.ai import choose_move
from hardback_bot.engine import Game, Move
from hardback_bot.engine.scenario import build_game
from hardback_bot.help.words import hint_plays
from hardback_bot.sessions.spelling import best_word
from hardback_bot.words import get_dictionary, wordlists_dir
from hardback_bot.words.frequency import FREQUENCY_LANGUAGES, frequency_language, rank, rank_at, ranks

ARSUT = [141, 154, 155, 157, 156]  # the starter cards A R S U T


def test_the_bundled_files_match_their_manifest_and_carry_their_licences() -> None:
    folder = wordlists_dir()
    manifest = json.loads((folder / "frequency.json").read_text())
    assert manifest["source"].startswith("PyPI wordfreq 3.1.1")
    assert set(manifest["lists"]) == set(FREQUENCY_LANGUAGES)
    for language, info in manifest["lists"].items():
        data = (folder / info["file"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == info["sha256"]
        words = gzip.decompress(data).decode().splitlines()
        assert len(words) == info["words"] == len(set(words)) == len(ranks(language)) > 100_000
        assert all(w.isascii() and w.isalpha() and w.islower() and len(w) >= 2 for w in words)
    assert "Apache License" in (folder / "wordfreq-LICENSE.txt").read_text()
    notice = (folder / "NOTICE.md").read_text()
    assert "wordfreq" in notice and "CC BY-SA 4.0" in notice


def test_common_words_rank_before_rare_ones_in_each_language() -> None:
    assert rank("STAR") < rank("rust") < rank("lien") < rank("arums") == rank("umiaks") == len(ranks("en"))
    assert rank("the") == 0 and rank("house") < rank("hovel")
    assert rank("casa", "es") < rank("choza", "es") and rank("esta", "es") < 100  # está and esta folded together
    assert rank("maison", "fr") < rank("masure", "fr") and rank("coeur", "fr") < 5000  # cœur spelled out
    assert frequency_language("espanol") == "es" and frequency_language("francais") == "fr"
    assert frequency_language("letterpress") == frequency_language("my-own-list") == "en"
    assert rank_at("casa", "espanol") == rank("casa", "es")


def arsut(dictionary: str) -> tuple[Game, Any]:
    words = get_dictionary(dictionary)
    game = build_game({"players": 2, "options": {"dictionary": dictionary, "hints": True, "ghostwriter": True},
                       "seats": [{"hand": ARSUT}, {}]}, words)
    return game, words


def test_hints_offer_the_more_common_of_words_that_earn_the_same() -> None:
    """A R S U T: STAR (4¢) earns as much as ARUMS (3¢ 1★, the T a wild M); the hints used to list the longer,
    rarer words first."""
    game, words = arsut("common")
    plays = hint_plays(game, 0, words, limit=5)
    assert plays[0].word == "STAR", [p.word for p in plays]
    values = [p.value for p in plays]
    assert values == sorted(values, reverse=True)
    for a, b in itertools.pairwise(plays):  # equal earnings: the more common word first
        if a.value == b.value:
            assert rank(a.word) <= rank(b.word), (a.word, b.word)
    assert "ARUMS" not in [p.word for p in plays]


def test_the_one_click_best_word_is_the_most_common_of_the_best() -> None:
    game, _ = arsut("common")
    best = best_word(game, 0)
    assert best is not None and best.word == "STAR" and best.value == 4


@pytest.mark.parametrize("dictionary", ["common", "letterpress"])
def test_a_computer_suggests_the_most_common_of_the_words_worth_most(dictionary: str) -> None:
    game, _ = arsut(dictionary)
    game.apply(0, Move("ghostwriter"))
    move = choose_move(game, 1, 3)
    assert move.kind == "suggest" and move.choice is not None
    word = move.choice
    assert rank(word) < len(ranks("en")), word  # a word the frequency list knows, not UMIAKS or RATUS
    assert move == choose_move(game, 1, 3)  # deterministic
