"""Babel extraction methods for texts that live in tables rather than in gettext calls (babel.cfg)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


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
