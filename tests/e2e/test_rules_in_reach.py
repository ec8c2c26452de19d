"""Rules in reach: every screen of a game has a "How to play" button that opens, privately and in the reader's
language, the part of the rules that fits what they are looking at — the decision they face, with the cards in
front of them explained one by one and the part of the icon legend about them."""

from __future__ import annotations

import io

from botkit import button, open_table, running_bot, table_of, text_of, with_component
from discord_standin.models import Message, User
from discord_standin.world import World
from PIL import Image

from hardback_bot.cardtext import genre_name
from hardback_bot.engine.cards import GENRES, card

RULES = "hb:r:"


def rules_id(message: Message) -> str:
    found = [c for c in message.custom_ids() if c.startswith(RULES)]
    assert found, f"no How to play on {message.custom_ids()}"
    return found[0]


async def rules_answer(world: World, user: User, message: Message) -> Message:
    s = world.standin
    inter = await s.click(user, s.find_message(message.id), rules_id(message))
    await s.settle()
    # From a private panel the rules come as a new private message (a follow-up): the panel stays.
    answer = inter.followups[-1] if message.ephemeral else inter.message
    assert answer is not None and answer.ephemeral, "the rules are shown privately"
    return answer


async def test_how_to_play_from_every_screen(world: World) -> None:
    s = world.standin
    spanish = s.add_user("sofia", world.guild, locale="es-ES")
    async with running_bot(world) as bot:
        await s.slash(world.alice, "hardback start", {})
        await s.settle()
        lobby = with_component(world, "hb:l:")
        answer = await rules_answer(world, world.bob, lobby)
        assert "Hardback in a minute" in text_of(answer), text_of(answer)
        answer = await rules_answer(world, spanish, lobby)
        assert "Hardback en un minuto" in text_of(answer) or "Hardback" in answer.embeds[0]["title"]
        assert answer.embeds[0]["title"] != "Rules — Hardback in a minute", "in the reader's language"
        await s.click(world.alice, s.find_message(lobby.id), button(lobby, ":cancel"))
        await s.settle()

        game_id = await open_table(world, bot)
        loaded = await bot.sessions.load(game_id)
        active = next(u for u in (world.alice, world.bob) if u.id == loaded.user_of(loaded.game.active_seat))
        waiting = world.bob if active is world.alice else world.alice
        table = table_of(world)

        # The active player, from the table: how to spell, with each card of their hand explained.
        answer = await rules_answer(world, active, table)
        said = text_of(answer) + "\n".join(e.get("description") or "" for e in answer.embeds)
        assert "Spelling a word" in said
        assert any(e.get("title") == "Your cards" for e in answer.embeds)
        hand = loaded.game.player(loaded.game.active_seat).hand
        assert all(f"{card(c).letter} " in said or f" {card(c).letter}" in said for c in hand)
        # the part of the icon legend it talks about: the icons of those cards and of spelling, not the whole legend
        assert [a.filename for a in answer.attachments] == ["legend.png"]
        legend = answer.attachments[0]
        assert Image.open(io.BytesIO(legend.data)).size[1] < 1200, "not the 772 × 1990 legend of every icon"
        genres = {card(c).genre for c in hand}
        assert all(genre_name(g) in (legend.description or "") for g in genres)
        assert not any(genre_name(g) in (legend.description or "") for g in set(GENRES) - genres - {"starter"})

        # The other player: what happens in a turn.
        answer = await rules_answer(world, waiting, table)
        assert "Your turn, step by step" in text_of(answer)

        # The hand panel and the deck screen carry it too.
        await s.click(active, s.find_message(table.id), button(table, "hb:h:"))
        await s.settle()
        hand_panel = s.last_ephemeral(active)
        answer = await rules_answer(world, active, hand_panel)
        assert "Spelling a word" in text_of(answer)
        await s.click(active, s.find_message(hand_panel.id), button(hand_panel, ":d"))
        await s.settle()
        deck = s.find_message(hand_panel.id)
        answer = await rules_answer(world, active, deck)
        assert "Genres and genre bonuses" in text_of(answer)
        # A spectator's view.
        await s.click(spanish, s.find_message(table.id), button(table, ":w"))
        await s.settle()
        watch = s.last_ephemeral(spanish)
        answer = await rules_answer(world, spanish, watch)
        assert answer.embeds and answer.embeds[0]["title"] != "Rules — Your turn, step by step"
