"""Engine refusals said in every language, keyed by code (RULES.md citations live with the engine's checks).

The engine raises :class:`~hardback_bot.engine.errors.IllegalMove` (a move) or
:class:`~hardback_bot.engine.options.OptionsError` (a table) with a stable ``code`` and its ``params``;
``hardback_bot.engine.messages.TEMPLATES`` holds one English template per code, which is the message id
here.  Each code has its own msgctxt (``refusal <code>``), so two codes with the same English sentence
can be translated differently; a code whose sentence depends on a parameter (a *select*) gives each
case its own entry (``refusal <code> <param>=<case>``), and a *plural* code is one ``npgettext`` entry,
so each language uses its own plural forms.  List parameters are joined in the reader's language
(``{cards:list}``, ``{cards:or}``, ``{cards:letters}``).  The engine never sees a translation.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Protocol

from hardback_bot.engine.cards import card
from hardback_bot.engine.messages import TEMPLATES, Select, render

from .languages import DEFAULT_LANGUAGE, N_


class Translator(Protocol):
    """What saying a refusal needs of a translator (``catalogue.Translator`` is one; it calls :func:`say`)."""

    language: str

    def gettext(self, message: str, /, **params: Any) -> str: ...

    def pgettext(self, context: str, message: str, /, **params: Any) -> str: ...

    def template(self, context: str | None, message: str, plural: str | None = None, n: int = 1) -> str: ...

    def join(self, items: Iterable[str], style: str = "standard") -> str: ...

# What an unknown code (one newer than this table) says: never a raw code, never English-only.
GENERIC = N_("That move is not possible now.")


def context(code: str, select: Select | None = None, case: str | None = None) -> str:
    """The msgctxt of a refusal's sentence (a select case adds ``param=case``)."""
    if select is None or select.plural or case is None:
        return f"refusal {code}"
    return f"refusal {code} {select.param}={case}"


def entries() -> Iterator[tuple[str, str | tuple[str, str]]]:
    """(msgctxt, message id) of every refusal sentence; a plural's id is (singular, plural)."""
    for code, template in TEMPLATES.items():
        if not isinstance(template, Select):
            yield context(code), template
        elif template.plural:
            yield context(code), (template.cases["one"], template.cases["other"])
        else:
            for case, text in template.cases.items():
                yield context(code, template, case), text


class _Formatter(string.Formatter):
    """str.format with the engine's list specs in the translator's language: ``list`` and ``letters``
    an enumeration ("40, 60, 90"; Japanese "40、60、90"), ``or`` the language's "or" list (Babel)."""

    def __init__(self, t: Translator) -> None:
        self.t = t
        self.separator = t.pgettext("list separator", ", ")

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "list":
            return self.separator.join(str(v) for v in value)
        if format_spec == "or":
            return self.t.join([str(v) for v in value], style="or")
        if format_spec == "letters":
            return self.separator.join(f"{card(v).letter} ({v})" for v in value)
        return super().format_field(value, format_spec)


def say(t: Translator, code: str, params: Mapping[str, Any]) -> str:
    """The refusal ``code`` with ``params`` as one sentence in ``t``'s language."""
    template = TEMPLATES.get(code)
    if template is None:
        return t.gettext(GENERIC)
    if t.language == DEFAULT_LANGUAGE:
        return render(code, params)  # exactly the engine's own sentence (str(error))
    if not isinstance(template, Select):
        english, text = template, t.template(context(code), template)
    elif template.plural:
        count = params.get(template.param)
        n = count if isinstance(count, int) else 0
        english = template.choose(params)
        text = t.template(context(code), template.cases["one"], template.cases["other"], n)
    else:
        value = str(params.get(template.param))
        case = value if value in template.cases else "other"
        english, text = template.cases[case], t.template(context(code, template, case), template.cases[case])
    try:
        return _Formatter(t).vformat(text, (), params)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        # A translation naming a parameter the engine does not pass (the completeness test catches it
        # first): the English sentence rather than a failure in front of a player.
        return _Formatter(t).vformat(english, (), params)
