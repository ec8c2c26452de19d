"""Slash commands in four languages: the translator over the real command tree, Discord's
rules for localized names as the stand-in checks them at sync, and a bot registering them."""

from __future__ import annotations

from typing import Any

import discord
from botkit import running_bot, text_of
from discord.ext import commands
from discord_standin import MANAGE_GUILD, limits
from discord_standin.world import World

from cogs.hardback import Hardback
from cogs.translator import CatalogueTranslator, command_strings

SPANISH = ("es-ES", "es-419")


async def _payloads() -> list[dict[str, Any]]:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    await bot.add_cog(Hardback(bot))  # type: ignore[arg-type]
    translator = CatalogueTranslator()
    await bot.tree.set_translator(translator)
    return [await c.get_translated_payload(bot.tree, translator) for c in bot.tree.get_commands()]


def _sub(group: dict[str, Any], name: str) -> dict[str, Any]:
    return next(o for o in group["options"] if o["name"] == name)


async def test_every_command_text_is_localized_and_within_discord_rules() -> None:
    payloads = await _payloads()
    assert limits.check_commands(payloads) == []
    (group,) = payloads
    assert group["name"] == "hardback" and group["name_localizations"]["es-ES"] == "hardback"
    start = _sub(group, "start")
    for locale in SPANISH:
        assert start["name_localizations"][locale] == "empezar"
    assert start["name_localizations"]["fr"] == "commencer"
    assert start["name_localizations"]["ja"] == "開始"
    assert "en-US" not in start["name_localizations"] and "de" not in start["name_localizations"]
    assert start["description_localizations"]["es-ES"] == "Abre una mesa de Hardback en este canal"
    unique = _sub(start, "unique_words")
    assert unique["name_localizations"]["es-419"] == "palabras_únicas"
    assert {c["value"]: c["name_localizations"]["fr"] for c in unique["choices"]} == {
        "off": "désactivé", "game": "par partie", "player": "par joueur"}
    card = _sub(group, "card")
    genres = {c["value"]: c["name_localizations"]["ja"] for c in _sub(card, "genre")["choices"]}
    assert genres["horror"] == "ホラー" and genres["starter"] == "初期"
    settings = _sub(group, "settings")
    language = _sub(settings, "language")
    assert language["name_localizations"]["fr"] == "langue"
    assert [c["value"] for c in language["choices"]] == ["server", "en", "es", "fr", "ja"]


async def test_every_localized_name_and_description_differs_only_where_translated() -> None:
    """Each text of the tree got a translation for es-ES, es-419, fr and ja (none left English by accident)."""
    payloads = await _payloads()
    seen: list[tuple[str, dict[str, str]]] = []

    def walk(node: dict[str, Any]) -> None:
        seen.append((node["name"], node.get("name_localizations") or {}))
        seen.append((node["description"], node.get("description_localizations") or {}))
        for choice in node.get("choices") or []:
            if not str(choice["name"]).isdigit():
                seen.append((choice["name"], choice.get("name_localizations") or {}))
        for option in node.get("options") or []:
            walk(option)

    for payload in payloads:
        walk(payload)
    missing = [text for text, localized in seen if not {"es-ES", "es-419", "fr", "ja"} <= set(localized)]
    assert missing == []
    assert len(seen) >= len(command_strings())


def test_standin_refuses_what_discord_refuses_in_localizations() -> None:
    def command(**extra: Any) -> dict[str, Any]:
        return {"name": "hardback", "description": "Play", "type": 1, **extra}

    bad = [
        command(name_localizations={"es-ES": "Empezar"}),  # capitals
        command(name_localizations={"fr": "deux mots"}),  # a space
        command(name_localizations={"ja": "x" * 33}),  # too long
        command(name_localizations={"es": "empezar"}),  # not a Discord locale ("es-ES" is)
        command(description_localizations={"fr": "x" * 101}),
        command(options=[{"name": "by", "description": "d", "type": 3,
                          "choices": [{"name": "wins", "value": "wins", "name_localizations": {"ja": "x" * 101}}]}]),
        command(options=[{"name": "by", "description": "d", "type": 3, "name_localizations": {"es-419": "Por"}}]),
        command(options=[{"name": "a", "description": "d", "type": 3, "name_localizations": {"fr": "x"}},
                         {"name": "b", "description": "d", "type": 3, "name_localizations": {"fr": "x"}}]),
        command(options=[{"name": "a", "description": "d", "type": 3, "name_localizations": {"ja": "b"}},
                         {"name": "b", "description": "d", "type": 3}]),  # "b" in Japanese twice
    ]
    for payload in bad:
        assert limits.check_commands([payload]), payload
    good = command(name_localizations={"es-ES": "empezar", "ja": "開始"}, description_localizations={"fr": "Jouer"})
    assert limits.check_commands([good]) == []
    # Discord counts the longest localization of each field toward the 4000-character total.
    huge = command(options=[{"name": f"o{i}", "description": "d", "type": 3,
                             "description_localizations": {"es-ES": "x" * 100}} for i in range(25)],
                   description_localizations={"fr": "x" * 100})
    heavy = [dict(huge, options=[{"name": f"s{j}", "description": "d", "type": 1, "options": huge["options"]}
                                 for j in range(2)])]
    assert any("in total" in str(p) for p in limits.check_commands(heavy))


async def test_the_bot_registers_localized_commands_and_the_server_language(world: World) -> None:
    s = world.standin
    admin = s.add_user("admin", world.guild, permissions=MANAGE_GUILD)
    async with running_bot(world) as bot:
        registered = s.commands()["hardback"]
        start = _sub(registered, "start")
        assert start["name_localizations"]["es-419"] == "empezar"
        assert start["name_localizations"]["ja"] == "開始"
        assert (await bot.store.settings.get_guild_settings(world.guild.id)).language is None
        await s.slash(admin, "hardback settings", {"language": "fr"})
        await s.settle()
        changed = text_of(s.last_ephemeral(admin))
        assert "Language of public messages: the server's Discord language (English) → **Français**" in changed
        assert (await bot.store.settings.get_guild_settings(world.guild.id)).language == "fr"
        await s.slash(admin, "hardback settings", {"language": "server"})
        await s.settle()
        assert (await bot.store.settings.get_guild_settings(world.guild.id)).language is None


async def test_the_bot_sees_each_clients_locale_and_the_servers(world: World) -> None:
    """What the translation pass builds on: interaction.locale (private answers) and the server's
    preferred locale (public messages), resolved to the bot's languages."""
    from hardback_bot.i18n import resolve_locale, server_language

    s = world.standin
    spanish = s.add_user("lucia", world.guild, locale="es-419")
    japanese = s.add_user("haruto", world.guild, locale="ja")
    world.guild.locale = "fr"
    seen: list[tuple[str, str, str]] = []
    async with running_bot(world) as bot:
        async def spy(interaction: discord.Interaction) -> None:
            seen.append((interaction.user.name, resolve_locale(interaction.locale),
                         server_language(None, interaction.guild.preferred_locale if interaction.guild else None)))

        bot.add_listener(spy, "on_interaction")
        for user in (spanish, japanese, world.alice):
            await s.slash(user, "hardback rules")
        await s.settle()
    assert seen == [("lucia", "es", "fr"), ("haruto", "ja", "fr"), ("alice", "en", "fr")]
