"""``/hardback rules`` and ``/hardback card`` in the reader's language: a Spanish or Japanese
Discord client reads the topic, the icon legend's alt texts and the card look-up in its language; an
answer shown to everyone follows the server's language."""

from __future__ import annotations

from botkit import running_bot
from discord_standin.world import World

from hardback_bot.cardtext import card_text, card_title
from hardback_bot.help import cards_of, find_topic, topic_text
from hardback_bot.render.legend import legend_description


async def _answered(s, user):
    await s.wait_for(lambda: s.ephemerals(user) and not s.last_ephemeral(user).loading, timeout=10)
    return s.last_ephemeral(user)


async def test_rules_and_card_lookups_follow_the_readers_language(world: World) -> None:
    s = world.standin
    carmen = s.add_user("carmen", world.guild, locale="es-ES")
    kenji = s.add_user("kenji", world.guild, locale="ja")
    ink = find_topic("ink")
    assert ink is not None
    async with running_bot(world):
        await s.slash(carmen, "hardback rules", {"topic": "ink"})
        answer = await _answered(s, carmen)
        assert answer.embeds[0]["description"] == topic_text(ink, "es")
        assert "Tinta" in answer.embeds[0]["title"]
        # the topic selects under it are in Spanish too
        labels = [o["label"] for row in answer.components for item in row.get("components", [])
                  for o in item.get("options", [])]
        assert "Tinta" in labels and "Ink" not in labels

        await s.slash(kenji, "hardback rules", {"topic": "legend"})
        answer = await _answered(s, kenji)
        assert [a.description for a in answer.attachments] == [legend_description("cards", "ja")[:1024],
                                                                legend_description("table", "ja")[:1024]]

        romance_r = cards_of("romance", "R")[0]
        await s.slash(carmen, "hardback card", {"genre": "romance", "letter": "R"})
        answer = await _answered(s, carmen)
        assert answer.embeds[0]["title"] == card_title(romance_r, "es")
        assert answer.embeds[0]["description"] == card_text(romance_r, "es")
        assert answer.attachments[0].data.startswith(b"\x89PNG")

        # shown to everyone in an English server: the server's language, not the asker's
        await s.slash(carmen, "hardback rules", {"topic": "ink", "public": True})
        await s.settle()
        public = s.last_message(world.channel)
        assert public.embeds[0]["description"] == topic_text(ink, "en")
