"""The Spanish and French table dictionaries (RULES.md R7.2, R8.5, R27.2).

Both are Hunspell dictionaries expanded to every form by ``scripts/build_wordlists.py``, accents
folded to the 26 card letters (ñ -> n, œ -> oe).  The samples below were chosen by hand: ordinary
words and their inflections must be accepted; names, abbreviations and what the cleaning drops
must not.
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

from hardback_bot.words import available_dictionaries, describe, get_dictionary
from hardback_bot.words.bundled import LANGUAGES
from hardback_bot.words.solver import PlayerCards, best_play, playable_words

REPO = Path(__file__).resolve().parents[2]
WORDLISTS = REPO / "wordlists"
MAX_FILE_BYTES = 5 * 1024 * 1024

EXPECTED_SIZES = {"espanol": (500_000, 650_000), "francais": (380_000, 450_000)}

MUST_ACCEPT = {
    "espanol": [
        "casa", "casas", "arbol", "arboles", "nino", "ninos", "ano", "espanol",  # ñ and accents folded
        "cantar", "cantamos", "cantariamos", "comi", "leyendo", "hable", "fueron", "hizo", "voy",
        "rapidamente", "irse", "comerse", "dame",  # pronominal infinitives and listed imperatives stay
        "tinta", "prestigio", "clasicos", "atemporales", "novela", "palabra", "carta", "cartas",
    ],
    "francais": [
        "maison", "maisons", "chanter", "chantons", "chanterions", "mangees", "ete", "naif", "ile",
        "oeuvre", "coeurs",  # œ spelled out, as Board Game Arena does
        "deux", "sept", "cent",  # numbers written as words
        "encre", "effaceur", "prestige", "classiques", "intemporels", "rangee", "offres", "roman",
    ],
}
MUST_REJECT = {
    "espanol": [
        "madrid", "espana", "carlos",  # proper nouns (capitalised in the source)
        "etc", "sr", "pag", "km", "avda", "tfno", "aprox",  # abbreviations
        "cometelo", "dadmelo", "comiendolo", "digamoselo",  # optional pronouns attached to a verb
        "a", "y", "o",  # one-letter words
        "ad", "et", "in", "qu",  # pieces of Latin locutions (ad hoc, et al., in situ)
    ],
    "francais": [
        "lyon", "toulouse", "einstein",  # proper nouns
        "etc", "cf", "km", "kg", "janv", "suppl", "pt",  # abbreviations, units
        "lhomme", "aujourdhui", "quil",  # elisions and hyphenated/apostrophe forms
        "xve", "xxe",  # roman ordinals written with a superscript
        "ae", "oe",  # the names of the letters æ and œ
        "qu", "jusqu", "lorsqu",  # elided forms Dicollecte lists only as errors
    ],
}

_WORD_RE = re.compile(r"[a-z]{2,}")


@pytest.fixture(scope="module", params=["espanol", "francais"])
def name(request: pytest.FixtureRequest) -> str:
    return request.param


def test_lists_are_registered_with_their_language(name: str) -> None:
    assert name in available_dictionaries()
    assert describe(name)
    assert LANGUAGES[name] == {"espanol": "es", "francais": "fr"}[name]
    assert {LANGUAGES[n] for n in ("common", "large", "letterpress")} == {"en"}


def test_file_matches_manifest_size_limit_and_cleaning(name: str) -> None:
    path = WORDLISTS / f"{name}.txt.gz"
    assert path.stat().st_size < MAX_FILE_BYTES
    text = gzip.decompress(path.read_bytes())
    manifest = json.loads((WORDLISTS / "manifest.json").read_text())
    entry = manifest["lists"][name]
    assert hashlib.sha256(text).hexdigest() == entry["sha256"]
    words = text.decode("ascii").splitlines()
    assert len(words) == entry["words"]
    low, high = EXPECTED_SIZES[name]
    assert low <= len(words) <= high
    assert all(_WORD_RE.fullmatch(w) for w in words)
    assert words == sorted(set(words))


def test_must_accept_sample(name: str) -> None:
    d = get_dictionary(name)
    missing = [w for w in MUST_ACCEPT[name] if not d.is_word(w)]
    assert missing == []
    assert d.is_word(MUST_ACCEPT[name][0].upper())  # case-insensitive like the English lists


def test_must_reject_sample(name: str) -> None:
    d = get_dictionary(name)
    wrongly = [w for w in MUST_REJECT[name] if d.is_word(w)]
    assert wrongly == []


def test_licences_ship_with_the_lists() -> None:
    assert "Santiago Bosio" in (WORDLISTS / "hunspell-es-copyright.txt").read_text(encoding="utf-8")
    assert "MPL-1.1" in (WORDLISTS / "hunspell-es-copyright.txt").read_text(encoding="utf-8")
    assert "Mozilla Public License" in (WORDLISTS / "MPL-1.1.txt").read_text(encoding="utf-8")
    assert "Dicollecte" in (WORDLISTS / "hunspell-fr-copyright.txt").read_text(encoding="utf-8")
    assert "Mozilla Public License" in (WORDLISTS / "MPL-2.0.txt").read_text(encoding="utf-8")
    assert "espanol.txt.gz" in (WORDLISTS / "NOTICE.md").read_text(encoding="utf-8")


# Seat 0's coin starters: A E I L N R S T (card ids 1141 ...); prestige starters O and P.
HAND = {"A": 1141, "E": 1145, "I": 1148, "L": 1149, "N": 1151, "R": 1154, "S": 1155, "T": 1156}


def test_solver_finds_spanish_and_french_words() -> None:
    cards = PlayerCards(hand=(HAND["A"], HAND["L"], HAND["S"], HAND["T"], HAND["E"]))
    spanish = playable_words(cards, get_dictionary("espanol"), max_wilds=0)
    french = playable_words(cards, get_dictionary("francais"), max_wilds=0)
    # Every found word is in the list and uses only these letters, each at most once.
    for found, name in ((spanish, "espanol"), (french, "francais")):
        d = get_dictionary(name)
        assert found and all(d.is_word(w) for w in found)
        assert all(_fits(w, "alste") for w in found)
    assert {"sal", "tela", "sale", "esta", "salte"} <= set(spanish)
    assert {"les", "sel", "sale", "tales"} <= set(french)
    assert "alsteo" not in spanish  # nothing longer than the hand


def _fits(word: str, letters: str) -> bool:
    pool = list(letters.lower())
    for ch in word:
        if ch not in pool:
            return False
        pool.remove(ch)
    return True


def test_best_play_with_spanish_and_french_lists() -> None:
    cards = PlayerCards(hand=(HAND["A"], HAND["L"], HAND["S"], HAND["T"], HAND["E"]))
    for name in ("espanol", "francais"):
        d = get_dictionary(name)
        play = best_play(cards, d)
        assert play is not None and play.exact
        assert d.is_word(play.word)
        # Each coin starter face up pays 1 coin and a wild pays nothing, so the best play earns as
        # many coins as the longest word the hand spells without wilds has letters.
        longest = max(len(w) for w in playable_words(cards, d, max_wilds=0))
        assert play.coins == longest == 5


def load_builder():
    path = REPO / "scripts" / "build_wordlists.py"
    spec = importlib.util.spec_from_file_location("build_wordlists_es_fr", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_hunspell_expansion_on_a_miniature_dictionary(tmp_path: Path) -> None:
    """Suffixes, a second-level suffix, NEEDAFFIX, prefixes with cross products and long flags."""
    builder = load_builder()
    aff = tmp_path / "mini.aff"
    aff.write_text(
        "SET UTF-8\nFLAG long\nNEEDAFFIX ()\n"
        "SFX S. Y 2\nSFX S. 0 0 .\nSFX S. 0 s/X. [^s]\n"
        "SFX X. N 1\nSFX X. 0 x .\n"
        "PFX Re Y 1\nPFX Re 0 re .\n",
        encoding="utf-8",
    )
    parsed = builder.parse_affixes(aff)
    forms = builder.hunspell_forms("chat", {"S.", "()", "Re"}, parsed, lambda rule: True)
    # "chat" itself only through the empty suffix (NEEDAFFIX); "chatsx" through the second level.
    assert forms == {"chat", "chats", "chatsx", "rechat", "rechats", "rechatsx"}
    assert builder.hunspell_forms("bus", {"S."}, parsed, lambda rule: True) == {"bus"}
    assert builder.fold_letters("cœur") == "coeur" and builder.fold_letters("niño") == "nino"


@pytest.mark.parametrize("name", ["espanol", "francais"])
def test_computer_players_spell_from_the_tables_list(name: str) -> None:
    """Normal and hard computer players play a stretch of a game at a Spanish or French table: every
    move is legal (the engine would refuse it) and every word they spell is in that list."""
    from hardback_bot.ai import choose_move, wants_to_act
    from hardback_bot.engine import Game, GameOptions

    d = get_dictionary(name)
    game = Game.new(num_players=2, seed=11, options=GameOptions(length=40, dictionary=name), checker=d)
    strengths = {0: 2, 1: 3}
    for _ in range(120):
        if game.finished:
            break
        seat = next(s for s in range(game.num_players) if wants_to_act(game, s))
        game.apply(seat, choose_move(game, seat, strengths[seat]))
    spelled = [word for _, word in game.state.word_history]
    assert len(spelled) >= 5
    assert all(d.is_word(w) for w in spelled), spelled
