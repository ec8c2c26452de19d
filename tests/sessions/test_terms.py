"""Every game term a panel may ask about has its one-sentence explanation, in every language, citing its rule."""

from __future__ import annotations

import re

from hardback_bot.i18n import LANGUAGES, translator
from hardback_bot.sessions.terms import TERMS, term, terms

ASKED = {"flush", "jail", "trash", "dump", "advert", "ink", "remover", "uncover", "double", "timeless", "wild",
         "ghostwriter", "vote", "penny"}  # the terms the panels name


def test_every_term_is_explained_once_per_language() -> None:
    assert set(TERMS) == ASKED
    for lang in LANGUAGES:
        t = translator(lang)
        said = {key: term(key, t) for key in TERMS}
        assert len(set(said.values())) == len(said), "no two terms share a sentence"
        for key, sentence in said.items():
            assert re.search(r"[(（]R\d+(\.\d+)?[)）]", sentence), (lang, key, sentence)  # the rule it comes from
            assert lang == "en" or sentence != TERMS[key], (lang, key, "not translated")
            assert len(sentence) <= 200, (lang, key)


def test_terms_are_said_once_each_in_order() -> None:
    assert terms(["jail", "flush", "jail"]) == [f"*{term('jail')}*", f"*{term('flush')}*"]
