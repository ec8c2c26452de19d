"""The game's terms as the pictures and their texts say them: every catalogue follows docs/glossary.md.

The glossary gives each term in Spanish, French and Japanese (checked for meaning against the rule texts
the project was built from).  The card texts, rules topics and genre names the images print must use
those terms, and a word the glossary's notes reject (a source's mistranslation, such as 開票 — "counting
votes" — for *uncover*) must appear in no catalogue of any domain.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from hardback_bot.i18n import translator

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "glossary.md"
LOCALE = ROOT / "hardback_bot" / "i18n" / "locale"
COLUMNS = {"es": 1, "fr": 2, "ja": 3}

#: Glossary term (its English cell, up to a parenthesis) -> the messages that name it: (msgctxt, msgid).
USES: dict[str, tuple[tuple[str, str], ...]] = {
    "uncover": (("card text", "uncover"), ("rules topic", "Uncover")),
    "jail": (("card text", "jail"), ("rules topic", "Jail")),
    "double": (("card text", "double"), ("rules topic", "Double")),
    "trash": (("card text", "trash: {n}¢"), ("rules topic", "Trash and dump")),
    "dump": (("card text", "dump: {n}¢"), ("rules topic", "Trash and dump")),
    "preview": (("card text", "preview {n}"),),
    "timeless classic": (("card text", "timeless classic"), ("rules topic", "Timeless classics")),
    "ink": (("rules topic", "Ink"),),
    "remover": (("rules topic", "Remover"),),
    "offer row": (("rules topic", "The offer row"),),
    "ghostwriter": (("rules topic", "Ghostwriter"),),
    "literary awards": (("rules topic", "Literary awards"),),
    "adverts": (("rules topic", "Adverts"),),
    "adventure": (("genre", "adventure"),),
    "horror": (("genre", "horror"),),
    "mystery": (("genre", "mystery"),),
    "romance": (("genre", "romance"),),
}


@cache
def _rows() -> dict[str, list[str]]:
    rows: dict[str, list[str]] = {}
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 5 and line.startswith("|") and not set(cells[0]) <= {"-", " "}:
            rows[re.split(r" \(", cells[0])[0].strip().lower()] = cells
    return rows


def _terms(cell: str) -> list[str]:
    """The words a glossary cell allows: "destapar / descubrir" -> both; "表返し（表返す）(*proposed*)" ->
    表返し and 表返す; "clásico atemporal (pl. clásicos atemporales)" -> both; a Japanese verb in する also
    as its noun ("2倍にする" -> 2倍)."""
    cell = cell.replace("(*proposed*)", "")
    terms = [re.sub(r"^pl\. ", "", t.strip(" *")).lower() for t in re.split(r"[/;（）()、]", cell) if t.strip(" *")]
    return terms + [re.sub(r"(に)?する$", "", t) for t in terms if t.endswith("する")]


@pytest.mark.parametrize("language", sorted(COLUMNS))
@pytest.mark.parametrize("term", sorted(USES))
def test_the_pictures_words_use_the_glossarys_term(term: str, language: str) -> None:
    row = _rows()[term]
    allowed = _terms(row[COLUMNS[language]])
    t = translator(language)
    for context, msgid in USES[term]:
        said = t.pgettext(context, msgid, n=2).lower()
        assert any(word in said for word in allowed), (term, language, msgid, said, allowed)


def _rejected() -> dict[str, list[str]]:
    """Words the glossary's notes say a source text has wrong: "JA writes 開票, which means …"."""
    found: dict[str, list[str]] = {"es": [], "fr": [], "ja": []}
    tags = {"JA": "ja", "BGA-es": "es", "RB-es": "es", "BGA-fr": "fr"}
    for cells in _rows().values():
        for source, word in re.findall(r"(JA|BGA-es|RB-es|BGA-fr) writes ([^\s,;]+)", cells[4]):
            found[tags[source]].append(word)
    return found


def test_the_glossary_names_the_mistranslations_it_replaces() -> None:
    assert {"開票", "使捨"} <= set(_rejected()["ja"])


@pytest.mark.parametrize("language", sorted(COLUMNS))
def test_no_catalogue_says_a_rejected_word(language: str) -> None:
    for domain in ("content", "face", "hardback"):
        with (LOCALE / language / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            catalogue = read_po(f)
        for message in catalogue:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for word in _rejected()[language]:
                assert not any(word in s for s in strings if s), (domain, message.id, word)
