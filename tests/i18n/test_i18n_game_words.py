"""Every language says the game's words: no English command, option or rules-topic key inside a Spanish, French
or Japanese sentence, and every command a sentence names is the one a client of that language sees.

A sentence never writes a command name: it names a ``{command_<name>}`` or ``{option_<name>}`` placeholder,
which the translator fills with the name Discord shows in the reader's language (hardback_bot/i18n/commands.py,
the function the command registration uses too).  These tests scan the catalogues themselves, so a translation
that writes ``/hardback lookup`` (or ``/hardback consultar`` by hand), or keeps `turn` where the reader should see
the topic's title, fails here.  The recurring terms of docs/glossary.md are held the same way: one word for
each thing in each language.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from babel.messages.catalog import Message

from cogs.translator import command_strings
from hardback_bot.help import TOPICS
from hardback_bot.i18n import DOMAINS, catalogue_path, template_path, translator
from hardback_bot.i18n.checks import read_catalogue
from hardback_bot.i18n.commands import (
    COMMAND_DESCRIPTION,
    COMMAND_NAME,
    COMMANDS,
    GROUP,
    OPTION_DESCRIPTION,
    OPTION_NAME,
    OPTIONS,
    option,
    slash,
)

TRANSLATED = ("es", "fr", "ja")
SLASH_METADATA = (COMMAND_NAME, COMMAND_DESCRIPTION, OPTION_NAME, OPTION_DESCRIPTION, "choice")
# Discord's own texts are not formatted: a description may only name a command as this language's clients see it.
DESCRIPTIONS = (COMMAND_DESCRIPTION, OPTION_DESCRIPTION)
TOPIC_KEYS = frozenset(t.key for t in TOPICS)
# The English words a command's syntax stands for ("/hardback lookup WORD"): a translation says its own.
METASYNTAX = frozenset({"WORD", "NAME", "GENRE", "LETTER", "TOPIC", "USER"})
NAMED = re.compile(r"\{(command|option)_(\w+)\}")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")  # a parameter, said in the reader's language when it is filled
CODE = re.compile(r"`([^`]+)`")
WORD = re.compile(r"[^\W\d_][\w']*")
LITERAL_COMMAND = re.compile(rf"/{GROUP}\s+([^\s`.,;:)）」。、]+)")


def _strings(m: Message) -> tuple[str, ...]:
    return tuple(m.string) if isinstance(m.string, tuple | list) else (m.string,)


def _ids(m: Message) -> tuple[str, ...]:
    return m.id if isinstance(m.id, tuple) else (m.id,)


def entries(language: str, *, descriptions: bool = False) -> Iterator[tuple[str, Message]]:
    """(domain, message) of every sentence of a language's catalogues (the slash commands' own texts apart, but
    for their descriptions when asked)."""
    for domain in DOMAINS:
        for m in read_catalogue(catalogue_path(language, domain), language, domain):
            if m.id and (m.context not in SLASH_METADATA or (descriptions and m.context in DESCRIPTIONS)):
                yield domain, m


def templates() -> Iterator[tuple[str, Message]]:
    for domain in DOMAINS:
        for m in read_catalogue(template_path(domain), domain=domain):
            if m.id and m.context not in SLASH_METADATA:
                yield domain, m


def test_the_command_names_are_the_command_tree() -> None:
    # COMMANDS and OPTIONS are what placeholders may name: exactly the registered subcommands and options.
    assert set(COMMANDS) == {text for context, text in command_strings() if context == COMMAND_NAME} - {GROUP}
    assert set(OPTIONS) == {text for context, text in command_strings() if context == OPTION_NAME}


def test_every_named_command_exists() -> None:
    unknown = [(domain, kind, name, _ids(m)[0][:80]) for domain, m in templates() for text in _ids(m)
               for kind, name in NAMED.findall(text)
               if name not in (COMMANDS if kind == "command" else OPTIONS)]
    assert unknown == []


def test_no_message_writes_a_command_name() -> None:
    # English too: a renamed command changes every sentence that names it, in every language, or none.
    written = [(domain, _ids(m)[0][:100]) for domain, m in templates() for text in _ids(m)
               if LITERAL_COMMAND.search(text)]
    assert written == []


def _localized_commands(language: str) -> dict[str, str]:
    """{name a client of ``language`` sees: English name} of every subcommand."""
    t = translator(language)
    return {slash(t, c).split()[-1]: c for c in COMMANDS}


def _english_keys(text: str, language: str) -> list[str]:
    """The English command, option and topic keys (and command metasyntax) of ``text``'s code spans and
    ``/hardback`` commands, unless the reader's language names it the same way."""
    t = translator(language)
    found = []
    for span in CODE.findall(PLACEHOLDER.sub("", text)):
        for word in WORD.findall(span):
            english = (word in METASYNTAX
                       or (word in COMMANDS and slash(t, word).split()[-1] != word)
                       or (word in OPTIONS and option(t, word) != word)
                       or word in TOPIC_KEYS)  # a topic is named by its title, in the reader's language
            if english:
                found.append(word)
    found += [f"/{GROUP} {name}" for name in LITERAL_COMMAND.findall(text) if name not in _localized_commands(language)]
    return found


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_english_keys_inside_a_translated_sentence(language: str) -> None:
    t = translator(language)
    problems = []
    for domain, m in entries(language, descriptions=True):
        for text in _strings(m):
            keys = _english_keys(text, language)
            if keys:
                problems.append(f"[{domain}] {keys}: {text[:120]!r}")
            for name in LITERAL_COMMAND.findall(text) if m.context not in DESCRIPTIONS else ():
                # a command written by hand, even the right one, would not follow a rename: a placeholder does
                english = _localized_commands(language).get(name, name)
                seen = slash(t, english) if english in COMMANDS else "no such command"
                problems.append(f"[{domain}] '/{GROUP} {name}' written by hand ({{command_{english}}} says "
                                f"{seen!r}): {text[:120]!r}")
    assert not problems, "\n".join(problems)


def test_the_scan_finds_what_the_issue_found() -> None:
    # The cases that were reported, said the old way, are caught; said the new way, they pass.
    assert _english_keys("Lee `turn` y después `spelling`.", "es") == ["turn", "spelling"]
    assert _english_keys("`/hardback lookup WORD` で確認", "ja") == ["lookup", "WORD", "/hardback lookup"]
    assert _english_keys("el anfitrión elige `hints` en /hardback empezar", "es") == ["hints"]
    assert _english_keys("`/hardback start dictionary:`", "fr") == ["start", "dictionary", "/hardback start"]
    assert _english_keys("usa `{command_lookup} {option_word}:PALABRA`", "es") == []
    assert _english_keys("les `votes` et le mode `public`", "fr") == []  # the French names are the same words


@pytest.mark.parametrize("language", TRANSLATED)
def test_sentences_name_commands_as_the_client_sees_them(language: str) -> None:
    t = translator(language)
    message = "A game is already running in this channel: finish it or end it with `{command_end}` first."
    assert t.has(message)
    said = t.gettext(message)
    assert slash(t, "end") in said and said.count("/") == 1
    assert slash(t, "end") == "/hardback " + t.pgettext("command name", "end")
    assert option(t, "hints") == t.pgettext("option name", "hints")
    assert translator("en").gettext("x {command_lookup} `{option_word}`") == "x /hardback lookup `word`"


# --------------------------------------------------------------------------- one word for each thing
# docs/glossary.md, from the game's own rule texts: where the English says the term, each translation says
# the glossary's word for it (any inflection), and never a variant the glossary rules out.
GLOSSARY: dict[str, tuple[str, dict[str, str]]] = {
    "ink": (r"\bink\b", {"es": r"tinta", "fr": r"encrier", "ja": r"インク"}),
    "remover": (r"\bremovers?\b", {"es": r"removedor", "fr": r"effaceur", "ja": r"修正液"}),
    "offer row": (r"\boffer[- ]row\b", {"es": r"fila de ofertas", "fr": r"rangée d'offres", "ja": r"提供列"}),
    "timeless classic": (r"\btimeless classics?\b", {"es": r"clásicos? atemporal(es)?",
                                                      "fr": r"classiques? intemporels?", "ja": r"不朽の古典"}),
    "prestige": (r"\bprestige\b", {"es": r"prestigio", "fr": r"points?", "ja": r"名声"}),
    "Penny Dreadful": (r"\bPenny\b", {"es": r"Penny", "fr": r"Penny", "ja": r"ペニー"}),
    "computer player": (r"\bcomputers?\b", {"es": r"máquina|jugador automático", "fr": r"ordinateur",
                                            "ja": r"コンピューター"}),
    "table": (r"\btables?\b", {"es": r"mesa", "fr": r"table", "ja": r"卓"}),
    "coins": (r"\bcoins?\b", {"es": r"moneda", "fr": r"pièce", "ja": r"コイン"}),
    "jail": (r"\bjail(ed|ing|s)?\b", {"es": r"cárcel|encarcel", "fr": r"prison", "ja": r"投獄|牢"}),
    "advert": (r"\badverts?\b", {"es": r"anuncio", "fr": r"annonce", "ja": r"広告"}),
    "award": (r"\bawards?\b", {"es": r"premio", "fr": r"prix", "ja": r"賞"}),
    "ghostwriter": (r"\bghostwr", {"es": r"escritor fantasma", "fr": r"prête-plume", "ja": r"代筆"}),
    "dictionary": (r"\bdictionar(y|ies)\b", {"es": r"diccionario", "fr": r"dictionnaire", "ja": r"辞書"}),
    "discard pile": (r"\bdiscard pile\b", {"es": r"descarte", "fr": r"défausse", "ja": r"捨て札"}),
}
RULED_OUT: dict[str, tuple[str, ...]] = {
    "es": ("computadora", "ordenador", "tapa dura", "tarjeta"),
    "fr": ("’", "récompense", "publicité", "ordinateur joueur"),
    "ja": ("テーブル", "Penny Dreadful", "不滅の古典", "開票", "使捨", "プレステージ"),
}
# English the translations rightly leave out of the comparison: parameters, code, quoted terminal input, flags
NOT_PROSE = re.compile(r"\{[^}]*\}|`[^`]*`|\"[^\"]*\"|--\w+")


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_term_has_one_word_per_language(language: str) -> None:
    problems = []
    for domain, m in entries(language):
        english = NOT_PROSE.sub("", _ids(m)[0])
        for term, (pattern, words) in GLOSSARY.items():
            if re.search(pattern, english, re.IGNORECASE):
                problems += [f"[{domain}] {term!r}: {text[:140]!r}" for text in _strings(m)
                             if not re.search(words[language], text, re.IGNORECASE)]
        problems += [f"[{domain}] {bad!r}: {text[:140]!r}" for text in _strings(m) for bad in RULED_OUT[language]
                     if bad in text]
    assert not problems, "\n".join(problems)
