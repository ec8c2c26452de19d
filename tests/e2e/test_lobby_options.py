"""Options in the lobby: the host sets every table option from the lobby message (a select of options, then each
option's choices privately), the lobby says the options in plain words, nobody else may change them, a table
with someone new to this server proposes hints, and the game starts with what was chosen — no slash-command
argument needed."""

from __future__ import annotations

from botkit import running_bot, text_of, with_component
from discord_standin.models import Message
from discord_standin.world import World

from hardback_bot.engine import GameOptions
from hardback_bot.sessions.table_options import OPTIONS


def menu_id(lobby: Message) -> str:
    return next(c for c in lobby.custom_ids() if c.startswith("hb:o:") and c.endswith(":menu"))


async def choose(world: World, user, lobby: Message, key: str) -> Message:
    """Pick ``key`` in the lobby's options select; returns the private option panel."""
    s = world.standin
    await s.select(user, s.find_message(lobby.id), menu_id(lobby), [key])
    await s.settle()
    return s.last_ephemeral(user)


async def shows(world: World, message: Message, text: str) -> None:
    """Wait until ``message`` says ``text`` (an edit of a deferred update leaves no "thinking" to wait for)."""
    s = world.standin
    await s.wait_for(lambda: text in text_of(s.find_message(message.id)), timeout=10, what=f"{text!r} shown")


async def answer(world: World, inter: object) -> str:
    """The text of the private answer (a follow-up) to ``inter``."""
    await world.standin.wait_for(lambda: inter.followups, timeout=10, what="a private answer")  # type: ignore[attr-defined]
    return text_of(inter.followups[-1])  # type: ignore[attr-defined]


async def test_the_host_sets_every_option_from_the_lobby(world: World) -> None:
    s = world.standin
    async with running_bot(world) as bot:
        await s.slash(world.alice, "hardback start", {})
        await s.settle()
        lobby = with_component(world, "hb:l:")
        menu = next(c for c in lobby.all_components() if c.get("custom_id", "").endswith(":menu"))
        keys = [o["value"] for o in menu["options"]]
        assert keys == [o.key for o in OPTIONS if o.coop is not True], "every option of a competitive table"
        assert all(o.get("description") for o in menu["options"]), "each option says what it does"
        assert "**Goal:** the first to 60★" in text_of(s.find_message(lobby.id))

        # Game length: the private panel explains it and offers its values; choosing one redraws the lobby.
        panel = await choose(world, world.alice, lobby, "length")
        assert panel.ephemeral and "How much prestige" in text_of(panel)
        select = next(c for c in panel.all_components() if c.get("type") == 3)
        await s.select(world.alice, panel, select["custom_id"], ["90"])
        await shows(world, panel, "Game length: now first to 90★.")
        await shows(world, lobby, "**Goal:** the first to 90★")

        # A boolean option: two buttons; hints on.
        panel = await choose(world, world.alice, lobby, "hints")
        await s.click(world.alice, panel, next(b["custom_id"] for b in panel.buttons() if b["label"] == "on"))
        await shows(world, lobby, "Hints: on")

        # Co-op brings Penny's genre into the menu; game length leaves it.
        panel = await choose(world, world.alice, lobby, "coop")
        await s.click(world.alice, panel, next(b["custom_id"] for b in panel.buttons() if b["label"] == "on"))
        await shows(world, lobby, "**Co-op:**")
        lobby = s.find_message(lobby.id)
        keys = [o["value"] for o in next(c for c in lobby.all_components()
                                         if c.get("custom_id", "").endswith(":menu"))["options"]]
        assert "penny_genre" in keys and "length" not in keys and "open_hands" not in keys
        panel = await choose(world, world.alice, lobby, "penny_genre")
        select = next(c for c in panel.all_components() if c.get("type") == 3)
        await s.select(world.alice, panel, select["custom_id"], ["horror"])
        await shows(world, lobby, "(horror)")

        # Anyone may read an option's panel; only the host (or Manage Channels) may change it.
        await s.click(world.bob, s.find_message(lobby.id), next(c for c in lobby.custom_ids() if c.endswith(":join")))
        await s.settle()
        panel = await choose(world, world.bob, lobby, "turn_timer")
        assert "How long a player may take" in text_of(panel)
        select = next(c for c in panel.all_components() if c.get("type") == 3)
        # Real time and turn-based speeds, each saying what it means (as on Board Game Arena).
        speeds = {o["value"]: (o["label"], o.get("description", "")) for o in select["options"]}
        assert speeds["86400"][0] == "Turn-based: a day per move" and "reminders" in speeds["86400"][1]
        assert speeds["604800"][0] == "Turn-based: a week per move" and speeds["43200"][0].startswith("Turn-based")
        assert speeds["120"][0] == "Real time: 2 minutes a turn" and "one sitting" in speeds["120"][1]
        inter = await s.select(world.bob, panel, select["custom_id"], ["120"])
        assert "Only the host" in await answer(world, inter)
        panel = await choose(world, world.mod, lobby, "turn_timer")
        select = next(c for c in panel.all_components() if c.get("type") == 3)
        await s.select(world.mod, panel, select["custom_id"], ["120"])
        await shows(world, lobby, "Turn timer: Real time: 2 minutes a turn")

        # A forged value changes nothing.
        record = await bot.store.games.running_game_in_channel(world.channel.id)
        assert record is not None
        before = record.version
        panel = await choose(world, world.alice, lobby, "turn_timer")
        inter = await s.forged(world.alice, panel, {"custom_id": select["custom_id"], "component_type": 3,
                                                    "values": ["7"]})
        assert "not one I offered" in await answer(world, inter)
        assert (await bot.store.games.get_game(record.id, with_state=False)).version == before

        # Start: the game has exactly the options chosen.
        start = next(c for c in lobby.custom_ids() if c.endswith(":start"))
        await s.click(world.alice, s.find_message(lobby.id), start)
        await s.settle(quiet=0.6)
        loaded = await bot.sessions.load(record.id)
        options = loaded.game.options
        assert (options.coop, options.penny_genre, options.hints, options.turn_timer) == (True, "horror", True, 120)
        assert options.length == 90 and options == GameOptions.from_dict(options.to_dict())


async def test_a_newcomer_at_the_table_brings_a_proposal_of_hints(world: World) -> None:
    s = world.standin
    async with running_bot(world):
        await s.slash(world.alice, "hardback start", {"hints": False})
        await s.settle()
        lobby = with_component(world, "hb:l:")
        said = text_of(s.find_message(lobby.id))
        assert "alice is new here or still learning" in said, said
        hints_on = next(c for c in s.find_message(lobby.id).custom_ids() if c.endswith(":hints=on"))
        await s.click(world.alice, s.find_message(lobby.id), hints_on)
        await shows(world, lobby, "Hints: on")
        lobby = s.find_message(lobby.id)
        assert "Hints: on" in text_of(lobby) and "has not played" not in text_of(lobby)
        assert not any(c.endswith(":hints=on") for c in lobby.custom_ids())
