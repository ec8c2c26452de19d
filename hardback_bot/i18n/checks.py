"""What makes a catalogue complete and safe to ship; used by the tests and ``python -m hardback_bot.i18n check``.

Over every domain (``hardback``, ``face``, ``content``):

* every message of a domain's template is translated (not fuzzy) in that domain's catalogue of every
  language;
* a message found in two domains reads the same in both (one lookup table serves them all);
* a translation keeps exactly the ``{placeholders}`` of its message id;
* translated slash-command and option names follow Discord's rules (1-32 characters, lower case,
  letters, digits, ``-``, ``_`` and ``'`` only), descriptions are 1-100 characters and choice names
  1-100 characters.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from .catalogue import DOMAIN, DOMAINS, catalogue_path, placeholders, template_path
from .commands import text_problem  # Discord's rules for slash-command texts, with the names themselves
from .languages import DEFAULT_LANGUAGE, LANGUAGES

TEMPLATE = template_path(DOMAIN)  # the `hardback` domain's; template_path(domain) for the others


@dataclass(frozen=True)
class Problem:
    language: str
    message: str
    what: str
    domain: str = DOMAIN

    def __str__(self) -> str:
        return f"[{self.language} {self.domain}] {self.message!r}: {self.what}"


def read_catalogue(path: Path, language: str | None = None, domain: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=language, domain=domain or path.stem)


def _ids(message: Message) -> tuple[str, ...]:
    return message.id if isinstance(message.id, tuple) else (message.id,)


def _strings(message: Message) -> tuple[str, ...]:
    return tuple(message.string) if isinstance(message.string, tuple | list) else (message.string,)


def check_catalogues(languages: tuple[str, ...] = LANGUAGES,
                     domains: tuple[str, ...] = DOMAINS) -> list[Problem]:
    """Every problem of every domain's catalogues against its template (an empty list: ready to ship)."""
    problems: list[Problem] = []
    # (context, id) -> {language: (domain, translations)}: the same message in two domains must agree.
    seen: dict[tuple[str | None, str], dict[str, tuple[str, tuple[str, ...]]]] = {}
    for domain in domains:
        problems += _check_domain(domain, languages, seen)
    return problems


def _check_domain(domain: str, languages: tuple[str, ...],
                  seen: dict[tuple[str | None, str], dict[str, tuple[str, tuple[str, ...]]]]) -> list[Problem]:
    problems: list[Problem] = []
    template = template_path(domain)
    if not template.is_file():
        return [Problem(DEFAULT_LANGUAGE, "", f"no template at {template}: run `python -m hardback_bot.i18n "
                                               "extract`", domain)]
    pot = read_catalogue(template, domain=domain)
    wanted = [m for m in pot if m.id]
    for m in wanted:  # the English texts are shipped too: they must pass Discord's rules themselves
        why = text_problem(m.context, _ids(m)[0])
        if why:
            problems.append(Problem(DEFAULT_LANGUAGE, _ids(m)[0], why, domain))
    for language in languages:
        if language == DEFAULT_LANGUAGE:
            continue
        path = catalogue_path(language, domain)
        if not path.is_file():
            problems.append(Problem(language, "", f"no catalogue at {path}: run `python -m hardback_bot.i18n "
                                                  "update`", domain))
            continue
        catalog = read_catalogue(path, language, domain)
        for m in wanted:
            found = catalog.get(m.id, context=m.context)
            label = _ids(m)[0]
            if found is None:
                problems.append(Problem(language, label, "missing: run `python -m hardback_bot.i18n update`", domain))
                continue
            strings = _strings(found)
            if found.fuzzy or not all(strings):
                problems.append(Problem(language, label, "not translated yet (empty or fuzzy)", domain))
                continue
            elsewhere = seen.setdefault((m.context, label), {}).setdefault(language, (domain, strings))
            if elsewhere != (domain, strings) and elsewhere[1] != strings:
                problems.append(Problem(language, label, f"translated differently in domain {elsewhere[0]!r} "
                                                         f"({elsewhere[1]!r} here {strings!r}): the bot reads "
                                                         "one table, make them agree or add a msgctxt", domain))
            expected = set().union(*(placeholders(i) for i in _ids(m)))
            for text in strings:
                got = placeholders(text)
                # A plural form may leave out {n} ("one card" for 1), never add an unknown field.
                if got - expected or (expected - {"n"}) - got:
                    problems.append(Problem(language, label, f"placeholders {sorted(got)} differ from "
                                                             f"{sorted(expected)} in {text!r}", domain))
                why = text_problem(m.context, text)
                if why:
                    problems.append(Problem(language, label, f"{why}: {text!r}", domain))
        if catalog.fuzzy:
            problems.append(Problem(language, "", "the catalogue header is marked fuzzy", domain))
    return problems
