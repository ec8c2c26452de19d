"""Clean words in public, end to end through the stand-in: a family-friendly table refuses a
listed word for everyone (the word may still be looked up privately), and hints never offer one."""

from __future__ import annotations

from botkit import running_bot, text_of
from discord_standin import MANAGE_GUILD
from discord_standin.world import World
from scenario_kit import BotRefused, Driver, seat_users, start_table

from hardback_bot.engine import GameOptions
from hardback_bot.engine.cards import card, genre_card_ids
from hardback_bot.engine.scenario import build_game
from hardback_bot.store import Seat
from hardback_bot.words import get_dictionary
from hardback_bot.words.offensive import is_offensive
from hardback_bot.words.solver import PlayerCards, best_play

ROW = [17, 16, 29, 49, 126, 135, 58]


async def _private(s, user):  # type: ignore[no-untyped-def]
    await s.wait_for(lambda: s.ephemerals(user) and not s.last_ephemeral(user).loading, timeout=10)
    return s.last_ephemeral(user)


async def test_a_family_friendly_table_refuses_a_listed_word(world: World) -> None:
    s = world.standin
    async with running_bot(world) as bot:
        record = await start_table(world, bot.store, {"length": 40, "family_friendly": True}, joiners=(world.bob,))
        assert dict(record.options)["family_friendly"] is True
        driver = Driver(world, bot.store, record.id, seat_users(world, record))
        _, game = await driver.game()
        user = driver.users[game.active_seat]
        preview = await driver.spell(user, await driver.open_hand(user), "ass")  # wilds make any 3 letters
        confirm = next(b["custom_id"] for b in preview.buttons() if str(b.get("label", "")).startswith("Confirm"))
        try:
            await driver.press(user, preview, confirm)
            refusal = ""
        except BotRefused as error:
            refusal = str(error)
        assert "ASS is not allowed at this family-friendly table" in refusal
        assert await bot.store.games.get_moves(record.id) == []
        # Looking the word up stays possible, privately, and says why it cannot be played here.
        await s.slash(world.bob, "hardback lookup", {"word": "ass"})
        answer = text_of(await _private(s, world.bob))
        assert "cannot be played at this family-friendly table" in answer and "**ASS** is in the" in answer
        assert not any("ASS" in text_of(m) for m in s.messages(world.channel))  # nothing public named it


async def test_the_server_default_and_the_start_option(world: World) -> None:
    s = world.standin
    admin = s.add_user("admin", world.guild, permissions=MANAGE_GUILD)
    async with running_bot(world) as bot:
        await s.slash(admin, "hardback settings", {"family_friendly": True})
        await s.settle()
        assert "Family-friendly (offensive words refused): off → **on**" in text_of(s.last_ephemeral(admin))
        assert (await bot.store.settings.get_guild_settings(world.guild.id)).options["family_friendly"] is True
        record = await start_table(world, bot.store, {"length": 40}, joiners=(world.bob,))
        assert GameOptions.from_dict(dict(record.options)).family_friendly is True
        await bot.store.games.abandon_game(record.id)
        record = await start_table(world, bot.store, {"length": 40, "family_friendly": False}, joiners=(world.bob,))
        assert GameOptions.from_dict(dict(record.options)).family_friendly is False


def _cards_for(letters: str, taken: set[int]) -> list[int]:
    ids = []
    for letter in letters.upper():
        cid = next(c for c in genre_card_ids() if card(c).letter == letter and c not in taken and c not in ROW)
        taken.add(cid)
        ids.append(cid)
    return ids


async def test_hints_never_offer_a_listed_word(world: World) -> None:
    """A hand whose best word is listed: the hint lists other words (also at a table that is not
    family-friendly, since the hint is the bot's own suggestion)."""
    s = world.standin
    taken: set[int] = set()
    options = GameOptions(length=40, adverts=False, awards=False, hints=True)
    game = build_game({"seats": [{"hand": _cards_for("bastard", taken)}, {"hand": _cards_for("eat", taken)}],
                       "offer_row": ROW, "options": options.to_dict()})
    best = best_play(PlayerCards.from_game(game, 0), get_dictionary("common"))
    assert best is not None and is_offensive(best.word)  # the test means something: the best word is listed
    async with running_bot(world) as bot:
        seats = [Seat(0, "alice", user_id=world.alice.id), Seat(1, "bob", user_id=world.bob.id)]
        record = await bot.store.games.create_lobby(world.guild.id, world.channel.id, host_id=world.alice.id,
                                                    options=options.to_dict(), seats=seats)
        await bot.store.games.start_game(record.id, record.version, seed=1, state=game.to_json(), seats=seats)
        await s.slash(world.alice, "hardback hint")
        answer = text_of(await _private(s, world.alice))
        assert "Words your cards can spell now" in answer
        offered = [line.split("**")[1] for line in answer.splitlines() if line.startswith("**")]
        assert offered and not any(is_offensive(w) for w in offered) and best.word not in answer
