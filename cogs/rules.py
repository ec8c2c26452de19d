"""``/hardback rules``: how Hardback is played, topic by topic, from ``hardback_bot.help``; the topic selects
and the text-mode button under each answer (the codec's ``TopicsPick`` and ``TextModeSwitch``), which work after
a restart. The pictures of a topic render in a worker thread, after a "thinking" answer."""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from hardback_bot.help import TOPICS, find_topic, topic_choices, topic_index, topic_pictures, topic_text, topic_words
from hardback_bot.help.format import Page
from hardback_bot.help.topics import localized
from hardback_bot.i18n import resolve_locale, translator
from hardback_bot.sessions.codec import TextModeSwitch, TopicsPick
from hardback_bot.sessions.screens.text_mode import text_mode_of

from .answers import answer_language, page_embed, reader, say_privately
from .ui import COLOUR

if TYPE_CHECKING:
    from bot import HardbackBot

_TOPIC_ROWS = (TOPICS[: (len(TOPICS) + 1) // 2], TOPICS[(len(TOPICS) + 1) // 2:])


def topics_view(language: str = "en", text_mode: bool | None = None, topic: str = "") -> discord.ui.View:
    """The rules' topic selects; with the reader's ``text_mode`` (a private answer), the button that turns it on
    or off for them, which shows ``topic`` again in the new way (docs/accessibility.md)."""
    view = discord.ui.View(timeout=None)
    say = translator(language)
    for number, english in enumerate(_TOPIC_ROWS, start=1):
        topics = [localized(t, language) for t in english]
        first, last = topics[0].title.split()[0], topics[-1].title.split()[0]
        placeholder = say.gettext("Rules topics ({number}/2: {first} … {last})", number=number, first=first, last=last)
        view.add_item(discord.ui.Select(
            custom_id=TopicsPick(number).custom_id(), placeholder=placeholder[:150],
            options=[discord.SelectOption(label=t.title[:100], value=t.key, description=t.summary[:100])
                     for t in topics[:25]]))
    if text_mode is not None:
        label = say.gettext("Show pictures again") if text_mode else say.gettext("Text mode: no pictures")
        view.add_item(discord.ui.Button(label=label[:80], custom_id=TextModeSwitch(not text_mode, topic).custom_id(),
                                        style=discord.ButtonStyle.secondary, row=2))
    view.stop()
    return view


def topic_embed(key: str | None, language: str = "en") -> discord.Embed:
    topic = find_topic(key, language) if key else None
    t = translator(language)
    if topic is None:
        pick = t.gettext("Pick a topic below, or `{command_rules} {option_topic}:NAME`.")
        return page_embed(Page(t.gettext("Hardback rules"), pick + "\n\n" + topic_index(language),
                               footer=t.gettext("Rules explained in our own words; the game engine follows them "
                                                "exactly.")))
    return page_embed(Page(t.gettext("Rules — {topic}", topic=localized(topic, language).title),
                           topic_text(topic, language)))


async def topic_files(key: str | None, language: str = "en", *, pictures: bool = True
                      ) -> tuple[list[discord.Embed], list[discord.File]]:
    """The topic's embed, plus one embed per picture it shows (the icon legend), rendered off the loop; without
    ``pictures`` (text mode) one embed says what they show, in words."""
    embeds = [topic_embed(key, language)]
    topic = find_topic(key, language) if key else None
    if topic is not None and topic.images and not pictures:
        words = await asyncio.to_thread(topic_words, topic, language)
        embeds.append(discord.Embed(description="\n\n".join(words)[:4096], colour=COLOUR))
        return embeds, []
    pictures_of = await asyncio.to_thread(topic_pictures, topic, language) if topic is not None else []
    files = [discord.File(io.BytesIO(data), filename=name, description=alt) for name, data, alt in pictures_of]
    for name, _, _ in pictures_of:
        embeds.append(discord.Embed(colour=COLOUR).set_image(url=f"attachment://{name}"))
    return embeds, files


class Rules:
    """The rules topics and the reader's text mode (held by the Hardback group cog)."""

    def __init__(self, bot: HardbackBot) -> None:
        self.bot = bot

    async def rules(self, interaction: discord.Interaction, topic: str | None, public: bool) -> None:
        language = await answer_language(self.bot.store, interaction, public)
        if topic and find_topic(topic, language) is None:
            await say_privately(interaction, reader(interaction).gettext(
                "I have no rules topic called {name}. Topics: {topics}", name=repr(topic[:50]),
                topics=", ".join(f"`{t.key}`" for t in TOPICS)))
            return
        found = find_topic(topic, language) if topic else None
        text = None if public else await text_mode_of(self.bot.store, interaction.user.id)
        view = topics_view(language, text, found.key if found else "")
        if found is not None and found.images:  # pictures render in a thread: answer "thinking" first
            await interaction.response.defer(ephemeral=not public, thinking=True)
            embeds, files = await topic_files(topic, language, pictures=not text)
            await interaction.followup.send(embeds=embeds, files=files, view=view, ephemeral=not public)
            return
        await interaction.response.send_message(embed=topic_embed(topic, language), view=view, ephemeral=not public)

    @staticmethod
    def topic_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=label, value=key)
                for label, key in topic_choices(current, resolve_locale(interaction.locale))]

    async def topic_click(self, interaction: discord.Interaction, key: str, notice: str | None = None) -> None:
        if find_topic(key) is None:
            await say_privately(interaction, "That choice is not one I offered.")
            return
        message = interaction.message
        private = message is not None and message.flags.ephemeral
        language = resolve_locale(interaction.locale)  # the answer is the clicker's own
        text = await text_mode_of(self.bot.store, interaction.user.id)
        view = topics_view(language, text, key)
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=not private)
        embeds, files = await topic_files(key, language, pictures=not text)
        if notice:
            embeds.insert(0, discord.Embed(description=notice, colour=COLOUR))
        if private:
            await interaction.edit_original_response(embeds=embeds, attachments=files, view=view)
        else:  # a public rules message stays as it was; the reader gets the topic privately
            await interaction.followup.send(embeds=embeds, files=files, view=view, ephemeral=True)

    async def text_mode(self, interaction: discord.Interaction, on: bool, key: str) -> None:
        """The reader turns text mode on or off for themselves, then sees the rules they were reading that way."""
        await self.bot.store.players.set_player_settings(interaction.user.id, text_mode=on)
        t = reader(interaction)
        notice = (t.gettext("**Text mode is on.** Your panels, word previews and rules now come without pictures: "
                            "every card in words, one a line (¢ means coins, ★ prestige). The table in the channel "
                            "keeps its picture for everyone, described in words. Your open panel changes at its "
                            "next update, or press Refresh.") if on else
                  t.gettext("**Pictures are back** on your panels, word previews and rules."))
        await self.topic_click(interaction, key if find_topic(key) else "overview", notice)


__all__ = ["Rules", "topic_embed", "topic_files", "topics_view"]
