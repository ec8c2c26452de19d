"""Catalogues, locale resolution and Babel-made formats.

The completeness test at the bottom grows with the catalogues: every message of the template must
be translated in Spanish, French and Japanese, keep its placeholders, and every slash-command text
must be in the template (so Discord never shows English in a Spanish client by accident).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from cogs.translator import command_strings
from hardback_bot.i18n import (
    DEFAULT_LANGUAGE,
    DOMAINS,
    LANGUAGE_NAMES,
    LANGUAGES,
    Translator,
    catalogue_path,
    resolve_locale,
    server_language,
    template_path,
    translator,
)
from hardback_bot.i18n.checks import TEMPLATE, check_catalogues, read_catalogue
from hardback_bot.i18n.commands import name_problem, text_problem


@pytest.mark.parametrize(("locale", "language"), [
    ("es-ES", "es"), ("es-419", "es"), ("en-US", "en"), ("en-GB", "en"), ("fr", "fr"), ("ja", "ja"),
    ("FR", "fr"), ("es_ES", "es"), ("de", "en"), ("zh-CN", "en"), ("pt-BR", "en"), ("", "en"), (None, "en"),
    ("klingon", "en"),
])
def test_discord_locales_resolve_to_the_four_languages(locale: str | None, language: str) -> None:
    assert resolve_locale(locale) == language


def test_resolve_locale_reads_a_discord_locale_object() -> None:
    import discord

    assert resolve_locale(discord.Locale.spain_spanish) == "es"
    assert resolve_locale(discord.Locale.latin_american_spanish) == "es"
    assert resolve_locale(discord.Locale.japanese) == "ja"
    assert resolve_locale(discord.Locale.british_english) == "en"
    assert resolve_locale(discord.Locale.german) == "en"


def test_server_language_prefers_the_setting_then_the_server_locale() -> None:
    assert server_language(None, "fr") == "fr"
    assert server_language("ja", "fr") == "ja"
    assert server_language(None, "de") == "en"
    assert server_language("xx", "es-419") == "es"


def test_translators_are_shared_and_english_is_the_source() -> None:
    assert translator("es") is translator("es")
    assert translator("xx") is translator(DEFAULT_LANGUAGE)
    en = translator("en")
    assert en.gettext("You have no ink.") == "You have no ink."
    assert en.has("anything at all")


def test_catalogue_translations_are_used() -> None:
    assert translator("es").pgettext("refusal no_ink", "You have no ink.") == "No tienes tinta."
    assert translator("fr").pgettext("refusal no_remover", "You have no remover.") == "Vous n'avez pas d'effaceur."
    assert translator("fr").gettext("You have no remover.") == "You have no remover."  # another context
    assert translator("ja").pgettext("command name", "start") == "開始"
    assert translator("es").pgettext("command name", "start") == "empezar"
    # The context matters: "game" is an option name and a choice, translated differently.
    assert translator("es").pgettext("option name", "game") == "partida"
    assert translator("es").pgettext("choice", "game") == "por partida"
    assert not translator("es").has("a message nobody wrote")
    assert translator("es").gettext("a message nobody wrote") == "a message nobody wrote"


@pytest.mark.parametrize(("language", "thousands", "decimal"), [
    ("en", "12,345", "1.5"), ("es", "12.345", "1,5"), ("fr", "12\u202f345", "1,5"), ("ja", "12,345", "1.5"),
])
def test_numbers_follow_each_language(language: str, thousands: str, decimal: str) -> None:
    t = translator(language)
    assert t.number(12345) == thousands
    assert t.number(1.5) == decimal


def test_lists_and_percentages_follow_each_language() -> None:
    assert translator("en").join(["ink", "remover", "coins"]) == "ink, remover, and coins"
    assert translator("es").join(["tinta", "removedor", "monedas"]) == "tinta, removedor y monedas"
    assert translator("fr").join(["encre", "effaceur"]) == "encre et effaceur"
    assert translator("ja").join(["インク", "修正液"]) == "インク、修正液"
    assert translator("fr").percent(0.25) == "25\u00a0%"


def _write_catalogue(path: Path, language: str | None, entries: list[tuple[object, object]]) -> None:
    catalog = Catalog(locale=language, domain=path.stem, fuzzy=False)
    for msgid, msgstr in entries:
        catalog.add(msgid, msgstr)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog)


def test_plural_forms_come_from_babel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """ngettext picks the form by each language's CLDR rule (Babel): French 0 and 1 are singular and
    millions take "de"; Japanese has one form."""
    from hardback_bot.i18n import catalogue as module

    monkeypatch.setattr(module, "CATALOGUE_DIR", tmp_path)
    module.reload_catalogues()
    try:
        _write_catalogue(tmp_path / "fr" / "LC_MESSAGES" / "hardback.po", "fr",
                         [(("{n} card", "{n} cards"), ("{n} carte", "{n} de cartes", "{n} cartes"))])
        _write_catalogue(tmp_path / "ja" / "LC_MESSAGES" / "hardback.po", "ja",
                         [(("{n} card", "{n} cards"), ("カード{n}枚",))])
        fr, ja, en = translator("fr"), translator("ja"), translator("en")
        assert [fr.ngettext("{n} card", "{n} cards", n) for n in (0, 1, 2)] == ["0 carte", "1 carte", "2 cartes"]
        assert [en.ngettext("{n} card", "{n} cards", n) for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
        assert ja.ngettext("{n} card", "{n} cards", 3) == "カード3枚"
        assert fr.ngettext("{n} card", "{n} cards", 12000) == "12\u202f000 cartes"  # {n} is a formatted number
        assert fr.ngettext("{n} card", "{n} cards", 2_000_000) == "2\u202f000\u202f000 de cartes"
    finally:
        module.reload_catalogues()


def test_a_broken_translation_falls_back_to_english(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hardback_bot.i18n import catalogue as module

    monkeypatch.setattr(module, "CATALOGUE_DIR", tmp_path)
    module.reload_catalogues()
    try:
        _write_catalogue(tmp_path / "es" / "LC_MESSAGES" / "hardback.po", "es",
                         [("{word} is not in the dictionary.", "{palabra} no está en el diccionario.")])
        assert translator("es").gettext("{word} is not in the dictionary.", word="GATO") == \
            "GATO is not in the dictionary."
    finally:
        module.reload_catalogues()


def test_fuzzy_entries_stay_english(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hardback_bot.i18n import catalogue as module

    monkeypatch.setattr(module, "CATALOGUE_DIR", tmp_path)
    module.reload_catalogues()
    try:
        catalog = Catalog(locale="es", domain="hardback")
        catalog.add("Skip", "Pasar", flags=["fuzzy"])
        path = tmp_path / "es" / "LC_MESSAGES" / "hardback.po"
        path.parent.mkdir(parents=True)
        with path.open("wb") as f:
            write_po(f, catalog)
        assert translator("es").gettext("Skip") == "Skip"
        assert not translator("es").has("Skip")
        assert isinstance(translator("es"), Translator)
    finally:
        module.reload_catalogues()


def test_discord_name_rules() -> None:
    assert name_problem("empezar") is None
    assert name_problem("palabras_únicas") is None  # letters of any script
    assert name_problem("開始") is None
    for bad in ("Empezar", "dos palabras", "", "x" * 33, "coût!"):
        assert name_problem(bad) is not None
    assert text_problem("command description", "x" * 101) is not None
    assert text_problem("option description", "x" * 100) is None
    assert text_problem("choice", "x" * 101) is not None
    assert text_problem(None, "x" * 500) is None


def test_language_names_are_written_in_each_language() -> None:
    assert list(LANGUAGE_NAMES) == list(LANGUAGES)
    assert LANGUAGE_NAMES["ja"] == "日本語"


# ---------------------------------------------------------------------------------- completeness
def test_every_message_is_translated_in_every_language_and_fits_discord() -> None:
    problems = check_catalogues()
    assert problems == [], "\n".join(map(str, problems))


def test_every_slash_command_text_is_in_the_template() -> None:
    """New command texts need `python -m hardback_bot.i18n extract`, `update`, then translating (docs/i18n.md)."""
    template = read_catalogue(TEMPLATE)
    missing = [(context, text) for context, text in command_strings()
               if template.get(text, context=context) is None]
    assert missing == [], f"not in {TEMPLATE.name}: {missing}"


def test_catalogues_exist_for_every_language_but_english_in_every_domain() -> None:
    assert DOMAINS == ("hardback", "face", "content")
    for domain in DOMAINS:
        assert template_path(domain).is_file()
        for language in LANGUAGES:
            assert catalogue_path(language, domain).is_file() == (language != DEFAULT_LANGUAGE)
    assert catalogue_path("es") == catalogue_path("es", "hardback")


def test_one_translator_answers_from_every_domain(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hardback_bot.i18n import catalogue as module

    monkeypatch.setattr(module, "CATALOGUE_DIR", tmp_path)
    module.reload_catalogues()
    try:
        folder = tmp_path / "es" / "LC_MESSAGES"
        _write_catalogue(folder / "hardback.po", "es", [("You have no ink.", "No tienes tinta.")])
        _write_catalogue(folder / "face.po", "es", [("Open my hand", "Abrir mi mano")])
        _write_catalogue(folder / "content.po", "es", [(("{n} card", "{n} cards"), ("{n} carta", "{n} de cartas",
                                                                                  "{n} cartas"))])
        es = translator("es")
        assert es.gettext("You have no ink.") == "No tienes tinta."
        assert es.gettext("Open my hand") == "Abrir mi mano"
        assert es.ngettext("{n} card", "{n} cards", 3) == "3 cartas"
        assert es.has("Open my hand") and es.has("{n} card") and es.has("You have no ink.")
        # A domain whose file is missing speaks English; the others still answer.
        (folder / "face.po").unlink()
        module.reload_catalogues()
        assert translator("es").gettext("Open my hand") == "Open my hand"
        assert translator("es").gettext("You have no ink.") == "No tienes tinta."
    finally:
        module.reload_catalogues()


def test_a_message_in_two_domains_must_read_the_same(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hardback_bot.i18n import catalogue as module

    monkeypatch.setattr(module, "CATALOGUE_DIR", tmp_path)
    for domain in ("face", "content"):
        _write_catalogue(tmp_path / f"{domain}.pot", None, [("Ink", ""), (f"only in {domain}", "")])
    folder = tmp_path / "es" / "LC_MESSAGES"
    _write_catalogue(folder / "face.po", "es", [("Ink", "Tinta"), ("only in face", "solo en face")])
    _write_catalogue(folder / "content.po", "es", [("Ink", "tinta"), ("only in content", "solo en content")])
    problems = check_catalogues(languages=("en", "es"), domains=("face", "content"))
    assert [(p.language, p.domain, p.message) for p in problems] == [("es", "content", "Ink")]
    assert "translated differently in domain 'face'" in problems[0].what
    _write_catalogue(folder / "content.po", "es", [("Ink", "Tinta"), ("only in content", "solo en content")])
    assert check_catalogues(languages=("en", "es"), domains=("face", "content")) == []
    # Every domain is checked: an untranslated message of one is named with its domain.
    _write_catalogue(folder / "content.po", "es", [("Ink", "Tinta")])
    (problem,) = check_catalogues(languages=("en", "es"), domains=("face", "content"))
    assert (problem.domain, problem.message) == ("content", "only in content")
    assert str(problem).startswith("[es content] 'only in content': missing")


def test_settings_name_the_language_public_messages_use() -> None:
    from hardback_bot.help.settings import SERVER_LANGUAGE, SettingsRefused, apply_changes, describe
    from hardback_bot.store import InvalidRecord
    from hardback_bot.store.settings import GuildSettings

    label = "Language of public messages"
    assert describe(GuildSettings(), server_locale="fr")[label] == "the server's Discord language (Français)"
    assert describe(GuildSettings(), server_locale="pt-BR")[label] == "the server's Discord language (English)"
    assert describe(GuildSettings(language="ja"), server_locale="fr")[label] == "日本語"
    updated, lines = apply_changes(GuildSettings(), {"language": "es"}, known_dictionaries=["common"],
                                   server_locale="fr")
    assert updated.language == "es"
    assert lines == [f"{label}: the server's Discord language (Français) → **Español**"]
    back, _ = apply_changes(updated, {"language": SERVER_LANGUAGE}, known_dictionaries=["common"])
    assert back.language is None
    with pytest.raises(SettingsRefused, match="language"):
        apply_changes(GuildSettings(), {"language": "de"}, known_dictionaries=["common"])
    with pytest.raises(InvalidRecord, match="language"):
        GuildSettings(language="de")
    assert GuildSettings.from_json(GuildSettings(language="fr").to_json()).language == "fr"
    assert GuildSettings.from_dict({"length": 60}).language is None  # records saved before the field


def test_a_missing_catalogue_means_english_not_a_crash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hardback_bot.i18n import catalogue as module

    monkeypatch.setattr(module, "CATALOGUE_DIR", tmp_path / "nowhere")
    module.reload_catalogues()
    try:
        es = translator("es")
        assert es.gettext("You have no ink.") == "You have no ink."
        assert not es.has("You have no ink.")
        assert es.number(1234) == "1.234"  # numbers still in Spanish
    finally:
        module.reload_catalogues()


def test_preload_reads_every_catalogue_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from hardback_bot.i18n import catalogue as module
    from hardback_bot.i18n import preload

    reads: list[str] = []
    real = module.read_po

    def counting(fileobj, **kwargs):  # type: ignore[no-untyped-def]
        reads.append(kwargs.get("locale"))
        return real(fileobj, **kwargs)

    monkeypatch.setattr(module, "read_po", counting)
    module.reload_catalogues()
    preload()
    assert sorted(reads) == sorted(["es", "fr", "ja"] * len(DOMAINS))  # every domain's catalogue
    for language in LANGUAGES:
        translator(language).gettext("Open my hand")
    assert len(reads) == 3 * len(DOMAINS)  # nothing read again after start-up
