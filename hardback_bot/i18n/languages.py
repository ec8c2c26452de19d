"""The bot's languages and the extraction mark: what every part of the i18n package needs first."""

from __future__ import annotations

from collections.abc import Mapping

LANGUAGES: tuple[str, ...] = ("en", "es", "fr", "ja")
DEFAULT_LANGUAGE = "en"
# Each language named in itself: what a settings menu shows.
LANGUAGE_NAMES: Mapping[str, str] = {"en": "English", "es": "Español", "fr": "Français", "ja": "日本語"}


def N_(message: str) -> str:
    """Mark a string for extraction without translating it now (tables translated later by key)."""
    return message
