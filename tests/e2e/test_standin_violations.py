"""The Discord stand-in's rule checks: a bot that breaks Discord's rules (a modal after a defer, six action rows,
a long custom_id, a late or double response, a flood, an expired token, an oversize raw payload, an action
without the permission) gets Discord's answer, and the test gets a violation it must claim.
"""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import discord
import pytest
from discord_standin import StandinViolation
from discord_standin.runner import run_client
from discord_standin.world import World
from standin_kit import PNG_1, errors_logged, later_edits, make_bot, reset_bot_state


@pytest.fixture(autouse=True)
def _reset_bot_state() -> None:
    reset_bot_state()


async def test_modal_after_defer_is_a_violation(world: World) -> None:
    s = world.standin
    client, tree = make_bot()
    async with run_client(s, client):
        await tree.sync()
        inter = await s.slash(world.alice, "game later")
        modal = {
            "type": 9,
            "data": {
                "custom_id": "m",
                "title": "Too late",
                "components": [{"type": 18, "label": "Word", "component": {"type": 4, "custom_id": "w", "style": 1}}],
            },
        }
        url = f"{s.api_url}/interactions/{inter.id}/{inter.token}/callback"
        async with aiohttp.ClientSession() as http, http.post(url, json=modal) as resp:
            assert resp.status == 400 and (await resp.json())["code"] == 40060
        assert s.take_violations("modal_not_first")
        assert s.last_modal(world.alice) is None


# ------------------------------------------------------------------------------- rule checks fire
async def test_six_action_rows_is_a_violation(world: World) -> None:
    s = world.standin
    s.response_deadline = 0.5  # the rejected answer means no answer; don't wait 3 s to see it
    client, tree = make_bot()
    async with run_client(s, client):
        await tree.sync()
        inter = await s.slash(world.alice, "game rows", wait=False)
        [limit] = await s.wait_for(lambda: s.take_violations("limit"), what="the limit check")
        await errors_logged(s)
    assert "components" in str(limit) and "6 rows" in str(limit)
    assert not inter.acknowledged  # Discord answered 400, so the user would see "interaction failed"
    assert s.take_violations("no_response")
    assert s.messages(world.channel) == []


async def test_long_custom_id_is_a_violation(world: World) -> None:
    s = world.standin
    s.response_deadline = 0.5
    client, tree = make_bot()
    async with run_client(s, client):
        await tree.sync()
        await s.slash(world.alice, "game longid", wait=False)
        [limit] = await s.wait_for(lambda: s.take_violations("limit"), what="the limit check")
        await errors_logged(s)
    assert "101 chars" in str(limit)
    # The click was never answered: recorded once its deadline (0.5 s) passed, however busy the machine.
    await s.wait_for(lambda: s.take_violations("no_response"), what="the unanswered interaction")


async def test_late_response_is_a_violation(world: World) -> None:
    s = world.standin
    client, tree = make_bot()
    s.response_deadline = 0.5  # Discord's 3 s scaled down: the handler answers after 1 s
    async with run_client(s, client):
        await tree.sync()
        with pytest.raises(StandinViolation, match=r"within 0\.5s"):
            await s.slash(world.alice, "game slow")
        await s.wait_for(lambda: s.take_violations("late_response"), timeout=3, what="the late response")
        await errors_logged(s)
    assert s.take_violations("no_response")
    assert s.messages(world.channel) == []


async def test_double_response_is_a_violation(world: World) -> None:
    """Two processes logged in with one token (an old bot not yet dead) both answer a click."""
    s = world.standin
    first, tree = make_bot()
    second, _ = make_bot()
    async with run_client(s, first), run_client(s, second):
        await tree.sync()
        await s.slash(world.alice, "game start")
        lobby = s.last_message(world.channel)
        await s.settle()
        assert s.take_violations("double_response")  # /game start itself was answered twice
        await s.click(world.bob, lobby, "vote:7:yes")
        await errors_logged(s)
        [double] = s.take_violations("double_response")
        assert "vote:7:yes" in str(double)
    assert len(s.ephemerals(world.bob)) == 1


async def test_flood_and_expired_token_are_violations(world: World) -> None:
    s = world.standin
    client, tree = make_bot()
    async with run_client(s, client):
        await tree.sync()
        await s.slash(world.alice, "game flood")
        await s.settle()
        assert len(s.messages(world.channel)) == 6
        [flood] = s.take_violations("flood")
        assert "6 messages" in flood.detail

        await s.slash(world.alice, "game later")
        s.advance_time(15 * 60 + 1)
        with pytest.raises(discord.HTTPException):
            await later_edits[0].edit_original_response(content="too late")
        assert s.take_violations("token_expired")


async def test_raw_payload_limits(world: World) -> None:
    """Limit checks on routes the bot reaches with its token, without discord.py in between."""
    s = world.standin
    url = f"{s.api_url}/channels/{world.channel.id}/messages"
    headers = {"Authorization": f"Bot {s.token}"}
    big_embed = {
        "title": "t" * 256,
        "description": "d" * 4096,
        "fields": [{"name": "n", "value": "v" * 1024}] * 2,
    }
    bad: list[dict[str, Any]] = [
        {"content": "x" * 2001},
        {"embeds": [big_embed]},  # 6000+ chars in total
        {"embeds": [{"title": "x"}] * 11},
        {"components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "L" * 81, "custom_id": "a"}]}]},
        {
            "components": [
                {
                    "type": 1,
                    "components": [
                        {
                            "type": 3,
                            "custom_id": "s",
                            "options": [{"label": str(i), "value": str(i)} for i in range(26)],
                        }
                    ],
                }
            ]
        },
    ]
    async with aiohttp.ClientSession(headers=headers) as http:
        for body in bad:
            async with http.post(url, json=body) as resp:
                assert resp.status == 400, body
                assert (await resp.json())["code"] == 50035
        async with http.post(url, json={"content": "fine"}) as resp:
            assert resp.status == 200
            assert (await resp.json())["author"]["id"] == str(s.bot_user.id)
        form = aiohttp.FormData()
        form.add_field("payload_json", json.dumps({"attachments": [{"id": 0, "description": "big"}]}))
        form.add_field("files[0]", b"\0" * (10 * 1024 * 1024 + 1), filename="big.bin")
        async with http.post(url, data=form) as resp:
            assert resp.status == 400
        async with http.post(f"{url}/{s.last_message(world.channel).id}/threads", json={"name": "n" * 101}) as resp:
            assert resp.status == 400
        async with http.get(f"{s.api_url}/not/a/route") as resp:
            assert resp.status == 404
        async with http.post(url, data=b"{not json", headers={"Content-Type": "application/json"}) as resp:
            assert resp.status == 400 and (await resp.json())["code"] == 50109
        async with http.get(f"{s.api_url}/users/@me", headers={"Authorization": "Bot wrong"}) as resp:
            assert resp.status == 401
    assert len(s.take_violations("limit")) == len(bad) + 2
    assert s.take_violations("unsupported_route")
    assert s.take_violations("bad_request")


async def test_missing_bot_permissions_are_403(world: World) -> None:
    from discord_standin.models import ATTACH_FILES, CREATE_PUBLIC_THREADS, DEFAULT_EVERYONE_PERMISSIONS

    s = world.standin
    world.guild.roles[world.guild.id].permissions = (
        DEFAULT_EVERYONE_PERMISSIONS & ~ATTACH_FILES & ~CREATE_PUBLIC_THREADS
    )
    for role_id in world.guild.members[s.bot_user.id].roles:
        world.guild.roles[role_id].permissions &= ~ATTACH_FILES & ~CREATE_PUBLIC_THREADS
    url = f"{s.api_url}/channels/{world.channel.id}/messages"
    async with aiohttp.ClientSession(headers={"Authorization": f"Bot {s.token}"}) as http:
        form = aiohttp.FormData()
        form.add_field("payload_json", json.dumps({"content": "table"}))
        form.add_field("files[0]", PNG_1, filename="table.png")
        async with http.post(url, data=form) as resp:
            assert resp.status == 403 and (await resp.json())["code"] == 50013
        async with http.post(url, json={"content": "table"}) as resp:
            message_id = (await resp.json())["id"]
        async with http.post(f"{url}/{message_id}/threads", json={"name": "Ghostwriter"}) as resp:
            assert resp.status == 403
    assert [v.detail for v in s.take_violations("permission")] == [
        "bot lacks Attach Files in #general",
        "bot lacks Create Threads in #general",
    ]
