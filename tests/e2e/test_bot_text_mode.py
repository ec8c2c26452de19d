"""Text mode through the real bot (docs/accessibility.md): alice turns it on from the rules she is reading, sees
those rules again without pictures (the icon legend in words), plays the start of the guided first game with
panels that carry no picture, then turns the pictures back on. bob, who chose nothing, keeps his pictures."""

from __future__ import annotations

from botkit import button, running_bot, text_of, with_component
from discord_standin.world import World
from scenario_kit import Driver

from hardback_bot.help import find_topic, topic_words
from hardback_bot.sessions.codec import TextModeSwitch


async def _answered(s, user):  # type: ignore[no-untyped-def]
    await s.wait_for(lambda: s.ephemerals(user) and not s.last_ephemeral(user).loading, timeout=10)
    return s.last_ephemeral(user)


def _labels(message) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(b.get("label")) for b in message.buttons()]


async def test_text_mode_from_the_rules_through_the_guided_game_and_back(world: World) -> None:
    s = world.standin
    async with running_bot(world) as bot:
        await s.slash(world.alice, "hardback rules", {"topic": "legend"})
        answer = await _answered(s, world.alice)
        assert [a.filename for a in answer.attachments] == ["legend-cards.png", "legend-table.png"]
        assert "Text mode: no pictures" in _labels(answer)
        await s.click(world.alice, answer, button(answer, TextModeSwitch(True).custom_id()))
        await s.settle()
        shown = s.find_message(answer.id)  # the same private message, shown again in the new way
        assert not shown.attachments
        assert shown.embeds[0]["description"].startswith("**Text mode is on.**")
        assert shown.embeds[1]["title"] == "Rules — Icon legend"
        legend = "\n\n".join(topic_words(find_topic("legend"), "en"))  # type: ignore[arg-type]
        assert shown.embeds[2]["description"] == legend and "ink" in legend.lower()
        assert "Show pictures again" in _labels(shown)
        assert (await bot.store.players.player_settings([world.alice.id]))[world.alice.id].text_mode is True
        await s.slash(world.bob, "hardback rules", {"topic": "legend"})
        assert (await _answered(s, world.bob)).attachments  # bob's choice is his own

        # The guided first game: the hand in words, the coach's advice, then the offer row to flush.
        await s.slash(world.alice, "hardback start")
        await s.settle()
        lobby = with_component(world, "hb:l:")
        await s.click(world.alice, lobby, button(lobby, ":learn"))
        await s.settle(quiet=0.6)
        record = await bot.store.games.running_game_in_channel(world.channel.id)
        assert record is not None and record.status == "playing"
        driver = Driver(world, bot.store, record.id, {0: world.alice})
        panel = await driver.open_hand(world.alice)
        said = text_of(panel)
        assert not panel.attachments, [a.filename for a in panel.attachments]
        assert "**Try:** Spell ALERT" in said and "**Your hand**, 5 cards:" in said, said
        assert "- A (starter): 1¢" in said.split("\n") and "▶" not in said
        panel = await driver.spell(world.alice, panel, "ALERT")  # nothing to choose: played as typed
        await s.settle()
        panel = s.find_message(panel.id) or panel
        said = text_of(panel)
        assert not panel.attachments
        assert "**The offer row**, newest first" in said and "\n1. " in said, said
        assert all(not m.attachments for m in s.ephemerals(world.alice)[1:])  # every panel since: no picture

        # Pictures back: the next panel carries its picture again.
        await s.slash(world.alice, "hardback rules")
        rules = await _answered(s, world.alice)
        assert "Text mode: no pictures" not in _labels(rules)
        await s.click(world.alice, rules, button(rules, TextModeSwitch(False).custom_id()))
        await s.settle()
        assert s.find_message(rules.id).embeds[0]["description"].startswith("**Pictures are back**")
        assert (await bot.store.players.player_settings([world.alice.id]))[world.alice.id].text_mode is False
        panel = await driver.open_hand(world.alice)
        assert [a.filename for a in panel.attachments] == ["offer_row.png"]
