"""``/hardback rules icons`` shows the icon legend pictures, by command and from the topic selects."""

from __future__ import annotations

from botkit import running_bot
from discord_standin.world import World

from hardback_bot.sessions.codec import TopicsPick

TOPICS_1 = TopicsPick(1).custom_id()

LEGEND_FILES = ["legend-cards.png", "legend-table.png"]


async def _answered(s, user):
    await s.wait_for(lambda: s.ephemerals(user) and not s.last_ephemeral(user).loading, timeout=10)
    return s.last_ephemeral(user)


async def test_icon_legend_by_command_and_by_select(world: World) -> None:
    s = world.standin
    async with running_bot(world):
        await s.slash(world.alice, "hardback rules", {"topic": "legend"})
        answer = await _answered(s, world.alice)
        assert answer.embeds[0]["title"] == "Rules — Icon legend"
        assert [a.filename for a in answer.attachments] == LEGEND_FILES
        assert all(a.data.startswith(b"\x89PNG") for a in answer.attachments)
        # each picture is the image of an embed of its own (the stand-in resolves attachment:// like Discord)
        assert [e["image"]["url"].rsplit("/", 1)[-1] for e in answer.embeds[1:]] == LEGEND_FILES
        # browsing away from it drops the pictures; back to it brings them again, in place
        await s.select(world.alice, answer, TOPICS_1, ["ink"])
        await s.settle()
        edited = s.find_message(answer.id)
        assert edited.embeds[0]["title"] == "Rules — Ink" and not edited.attachments and len(edited.embeds) == 1
        row = TOPICS_1 if any(o["value"] == "icons" for o in _options(edited, TOPICS_1)) else TopicsPick(2).custom_id()
        await s.select(world.alice, edited, row, ["icons"])
        await s.settle()
        again = s.find_message(answer.id)
        assert again.embeds[0]["title"] == "Rules — Icon legend"
        assert [a.filename for a in again.attachments] == LEGEND_FILES
        # from a public rules message, the reader gets the legend privately
        await s.slash(world.alice, "hardback rules", {"public": True})
        await s.settle()
        public = s.last_message(world.channel)
        await s.select(world.bob, public, row, ["icons"])
        answer = await _answered(s, world.bob)
        assert [a.filename for a in answer.attachments] == LEGEND_FILES
        assert s.find_message(public.id).edit_count == 0


def _options(message, custom_id: str) -> list[dict]:
    for row in message.components:
        for item in row.get("components", []):
            if item.get("custom_id") == custom_id:
                return item.get("options", [])
    return []
