"""Clicks act only where they came from: the attacks of a modified client, end to end, on both databases.

Every component names its game in its custom_id, and a modified client can send any custom_id from any
channel, on any message. Each attack here must get a private refusal, log nothing above INFO, and change
nothing: not the lobby, not the game's version or move log, not another player's private panel.

- Another server: the owner of server B (Administrator there, not a member of A) clicks A's lobby and
  game buttons in B's channel; a player of A's game clicks their own A buttons from B.
- Another channel of the same server.
- Another player's private panel (Refresh, My deck, Skip sent on Bob's ephemeral message by Alice).
- Moves only the bot makes (the timer's ``timeout``), from a custom_id or a select.
- Forged ids: numbers past 64 bits, 80 ``~``, ``S.``, odd separators, and a few hundred random strings.
"""

from __future__ import annotations

import logging
import random
from collections.abc import AsyncIterator
from typing import Any

import pytest
from botkit import button, running_bot, table_of, text_of, with_component
from discord_standin.models import ADMINISTRATOR, Message, User
from discord_standin.world import World
from store import pg_server

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(params=["sqlite", "postgres"])
async def database(request: pytest.FixtureRequest, tmp_path: Any) -> AsyncIterator[str]:
    """Where the bot keeps its games: an SQLite file, or a database of the test run's PostgreSQL server."""
    if request.param == "sqlite":
        yield str(tmp_path / "hardback.db")
        return
    pg_server.need_server()
    dsn = await pg_server.new_database("attacks")
    try:
        yield dsn
    finally:
        await pg_server.drop_database(dsn)


def answer_of(inter: Any) -> Message:
    answer = inter.followups[-1] if inter.followups else inter.message
    assert answer is not None, f"no answer to {inter.describe()}"
    return answer


async def refused(world: World, user: User, message: Message | None, custom_id: str, *, channel: Any = None,
                  values: list[str] | None = None, modal: bool = False, needle: str | None = None) -> str:
    """Send one forged interaction; return its private answer's text after checking it is a refusal."""
    s = world.standin
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": 3 if values is not None else 2}
    if values is not None:
        data["values"] = values
    if modal:
        data = {"custom_id": custom_id, "components": [{"type": 1, "components": [
            {"type": 4, "custom_id": "word", "value": "tide"}]}]}
    inter = await s.forged(user, None if modal else message, data, modal=modal, channel=channel)
    # Until it is answered and the bot has nothing in flight, with no quiet spell on top: a few hundred of these
    # run in a row, and whatever one of them changed is caught by the checks at the end.
    await s.settle(quiet=0)
    answer = answer_of(inter)
    said = text_of(answer)
    assert answer.ephemeral, f"{custom_id}: the refusal was public: {said}"
    assert "something went wrong" not in said.lower() and "traceback" not in said.lower(), (custom_id, said)
    if needle is not None:
        assert needle in said, (custom_id, said)
    return said


def no_warnings(caplog: pytest.LogCaptureFixture) -> None:
    loud = [r for r in caplog.records if r.levelno >= logging.WARNING
            and r.name.split(".")[0] in ("cogs", "hardback_bot", "bot")]
    assert not loud, [f"{r.name}: {r.getMessage()}" for r in loud]


async def test_every_click_acts_only_where_it_came_from(world: World, database: str,
                                                        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    s = world.standin
    elsewhere = "another channel"
    async with running_bot(world, db_path=database) as bot:
        # Server B: Eve owns it (Administrator there) and is not in A; Bob is in both.
        guild_b = s.add_guild("Server B")
        channel_b = s.add_text_channel(guild_b, "b-general")
        eve = s.add_user("eve", guild_b, permissions=ADMINISTRATOR)
        s.add_member(guild_b, world.bob)
        other_a = s.add_text_channel(world.guild, "a-other")
        await s.settle()

        # ---------------------------------------------------------------- the lobby of A
        await s.slash(world.alice, "hardback start", {"adverts": False})
        await s.settle()
        lobby = with_component(world, "hb:l:")
        record = await bot.store.games.running_game_in_channel(world.channel.id)
        assert record is not None
        game_id, lobby_version = record.id, record.version
        for suffix in (":join", ":ai3", ":start", ":cancel"):
            await refused(world, eve, lobby, button(lobby, suffix), channel=channel_b, needle=elsewhere)
            await refused(world, world.bob, lobby, button(lobby, suffix), channel=other_a, needle=elsewhere)
        after = await bot.store.games.get_game(game_id, with_state=False)
        assert (after.status, after.version, [x.user_id for x in after.seats]) == \
            ("lobby", lobby_version, [world.alice.id]), "the lobby did not move"

        await s.click(world.bob, s.find_message(lobby.id), button(lobby, ":join"))
        await s.settle()
        await s.click(world.alice, s.find_message(lobby.id), button(lobby, ":start"))
        await s.settle(quiet=0.6)
        loaded = await bot.sessions.load(game_id)
        assert loaded.record.status == "playing"
        version, moves = loaded.record.version, len(loaded.game.move_log)
        active = next(u for u in (world.alice, world.bob) if u.id == loaded.user_of(loaded.game.active_seat))
        table = table_of(world)

        # ---------------------------------------------------------------- the running game of A, from elsewhere
        end_id = f"hb:l:{game_id}:0:end"  # the confirmation /hardback end shows
        for user, channel in ((eve, channel_b), (world.mod, other_a)):
            await refused(world, user, table, end_id, channel=channel, needle=elsewhere)
            await refused(world, user, table, button(table, ":w"), channel=channel, needle=elsewhere)  # Watch
            await refused(world, user, table, button(table, "hb:h:"), channel=channel, needle=elsewhere)
        # Bob plays in A, from B's channel: his own turn's buttons do nothing there.
        for custom_id in (f"hb:x:{game_id}:{version}:skip", f"hb:m:{game_id}:{version}:skip",
                          f"hb:m:{game_id}:{version}:ink", f"hb:x:{game_id}:0:leave"):
            await refused(world, world.bob, table, custom_id, channel=channel_b, needle=elsewhere)
        await refused(world, world.bob, None, f"hb:w:{game_id}:{version}:", channel=channel_b, modal=True,
                      needle=elsewhere)
        await refused(world, eve, table, f"hb:s:{game_id}:{version}:", channel=channel_b, needle=elsewhere)

        # ---------------------------------------------------------------- moves only the bot makes
        for custom_id, values in ((f"hb:m:{game_id}:{version}:timeout", None),
                                  (f"hb:m:{game_id}:{version}:sel", ["timeout"]),
                                  (f"hb:m:{game_id}:{version}:sel", ["ink~timeout"])):
            await refused(world, active, table, custom_id, values=values)

        # ---------------------------------------------------------------- another player's private panel
        other = world.bob if active is world.alice else world.alice
        await s.click(active, s.find_message(table.id), button(table, "hb:h:"))
        await s.settle()
        panel = s.last_ephemeral(active)
        edits, shown = panel.edit_count, text_of(panel)
        for suffix in (":r", ":d", ":skip"):
            custom_id = next(c for c in panel.custom_ids() if c.endswith(suffix) or (suffix == ":skip"
                                                                                     and c.startswith("hb:x:")))
            await refused(world, other, panel, custom_id, needle="another player")
        current = s.find_message(panel.id)
        assert current is not None and current.edit_count == edits and text_of(current) == shown, \
            "the owner's panel was not touched"

        # ---------------------------------------------------------------- forged ids
        forged = [f"hb:m:{2**63}:{version}:ink", f"hb:h:{'9' * 19}:0:", f"hb:m:{game_id}:{version}:" + "~" * 80,
                  f"hb:m:{game_id}:{version}:S.", f"hb:m:{game_id}:{version}:S..", f"hb:m:{game_id}:{version}:buy__1",
                  f"hb:m:{game_id}:{version}:_ink", f"hb:m:{game_id}:{version}:S.zzzzz", f"hb:l:{game_id}:0:ai99",
                  f"hb:q:{game_id}:0:", f"hb:m:0:{version}:ink", "hb:", "hb::::", "hb:m:1:1:" + "x" * 200]
        rng = random.Random(28)
        alphabet = "hb:lmswagxe0123456789_.=~-SPzZ \u00e9"
        for _ in range(120):
            n = rng.randrange(1, 100)
            forged.append("hb:" + "".join(rng.choice(alphabet) for _ in range(n)))
        for custom_id in forged:
            await refused(world, active, table, custom_id)
        for value in ("S.", "~", "9" * 100, "-", "P1~buy_1", "P~S.1", "99", ""):
            await refused(world, active, table, f"hb:a:{game_id}:{version}:arr", values=[value])
            await refused(world, active, table, f"hb:g:{game_id}:{version}:adopt", values=[value])

        # ---------------------------------------------------------------- nothing moved
        after_game = await bot.sessions.load(game_id)
        assert after_game.record.status == "playing" and after_game.record.version == version
        assert len(after_game.game.move_log) == moves and await bot.store.games.get_moves(game_id) == []
        assert not [m for m in s.messages(world.channel) if "something went wrong" in m.content.lower()]
        assert not s.messages(channel_b) and not s.messages(other_a), "nothing public outside A's channel"
    no_warnings(caplog)
