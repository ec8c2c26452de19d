"""Babel extraction methods for texts that live in tables rather than in gettext calls (the
``babel-<domain>.cfg`` mapping files name them)."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]


def extract_refusals(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple]:
    """Every sentence of the engine's refusal table (hardback_bot/engine/messages.py), by code."""
    from hardback_bot.engine.messages import placeholders

    from .refusals import entries

    for context, message in entries():
        code = context.split()[1]
        note = f"TRANSLATORS: engine refusal {code}; parameters: {', '.join(sorted(placeholders(code))) or 'none'}"
        if isinstance(message, tuple):
            yield 0, "npgettext", (context, *message), [note]
        else:
            yield 0, "pgettext", (context, message), [note]


def module_name(filename: str) -> str:
    """``./hardback_bot/render/offer.py`` -> ``hardback_bot.render.offer`` (paths are relative to the repository)."""
    path = Path(filename)
    path = path.resolve().relative_to(REPO) if path.is_absolute() else Path(*path.parts)
    return ".".join(path.with_suffix("").parts)


def table_entries(module: Any) -> Iterator[tuple[str, str, str | tuple[str, str]]]:
    """(msgctxt, key, English text or (singular, plural)) of a module's text table: the ``STRINGS``
    mapping of a module that declares ``STRINGS_CONTEXT``."""
    context = getattr(module, "STRINGS_CONTEXT", None)
    table: Mapping[str, Any] = getattr(module, "STRINGS", {})
    if context is None:
        return
    for key, text in table.items():
        yield context, key, text


def extract_tables(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple]:
    """The file's own gettext calls, then every entry of its text table (``STRINGS``, under the msgctxt
    ``STRINGS_CONTEXT``; ``STRINGS_NOTES`` adds a note for the translators by key).  Images and card
    texts keep their words in such tables so English stays readable where the layout uses them."""
    from babel.messages.extract import extract_python

    yield from extract_python(fileobj, keywords, comment_tags, options)
    module = importlib.import_module(module_name(fileobj.name))
    notes: Mapping[str, str] = getattr(module, "STRINGS_NOTES", {})
    for context, key, text in table_entries(module):
        note = f"TRANSLATORS: {context} [{key}]" + (f": {notes[key]}" if key in notes else "")
        if isinstance(text, tuple):
            yield 0, "npgettext", (context, *text), [note]
        else:
            yield 0, "pgettext", (context, text), [note]
