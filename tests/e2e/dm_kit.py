"""Games in DMs and group DMs through the stand-in: friends, the app installed by one of them, whole games."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from botkit import button, text_of
from discord_standin.models import Channel, Message, User
from discord_standin.world import World
from flow_kit import FlowPlayer, TurnStats
from scenario_kit import load_game

from hardback_bot.store import GameRecord, Store


@dataclass
class Friends:
    """A group DM: alice added the app to her own apps; the others did not (and share no server with it)."""

    world: World
    channel: Channel
    people: list[User]  # alice first

    @property
    def alice(self) -> User:
        return self.people[0]


def friends(world: World, count: int = 2, name: str = "friends") -> Friends:
    s = world.standin
    s.install_app(world.alice)
    others = [world.bob] + [s.add_person(n) for n in ("carol", "dave", "erin")[:max(0, count - 2)]]
    people = [world.alice, *others][:count]
    return Friends(world, s.add_group_dm(people, name), people)


def newest(world: World, channel: Channel, prefix: str) -> Message:
    """The newest public message of ``channel`` with a component starting with ``prefix``."""
    for message in reversed(world.standin.messages(channel)):
        if any(c.startswith(prefix) for c in message.custom_ids()):
            return message
    raise LookupError(f"no message with a component {prefix!r} in channel {channel.id}")


def page_of(world: World, channel: Channel) -> Message:
    """The current table page of a group DM (the newest message with the table picture)."""
    for message in reversed(world.standin.messages(channel)):
        if any(a.filename == "table.png" for a in message.attachments):
            return message
    raise LookupError("no table page")


async def open_table(world: World, store: Store, channel: Channel, host: User, options: dict[str, Any], *,
                     joiners: tuple[User, ...] = (), computers: tuple[str, ...] = ()) -> GameRecord:
    """``host`` runs /hardback start in ``channel``; ``joiners`` join, ``computers`` are added; the host starts."""
    s = world.standin
    await s.slash(host, "hardback start", {"adverts": False, **options}, channel=channel)
    await s.settle()
    lobby = newest(world, channel, "hb:l:")
    for user in joiners:
        await s.click(user, s.find_message(lobby.id), button(lobby, ":join"))
        await s.settle()
    for level in computers:
        await s.click(host, s.find_message(lobby.id), button(lobby, f":{level}"))
        await s.settle()
    await s.click(host, s.find_message(lobby.id), button(lobby, ":start"))
    record = None
    for _ in range(400):  # the bot may work quietly for a while after its deferred answer
        record = await store.games.running_game_in_channel(channel.id)
        if record is not None and record.status == "playing" and "table" in record.messages:
            break
        await asyncio.sleep(0.025)
    await s.settle(quiet=0.6)
    assert record is not None and record.status == "playing", (record, [m.text() for m in s.ephemerals(host)])
    return await store.games.get_game(record.id, with_state=False)


async def play_to_the_end(world: World, store: Store, record: GameRecord, channel: Channel, users: dict[int, User],
                          bot: Any, turns: int = 400) -> FlowPlayer:
    """Every person plays their turns through their panels (tests/e2e/flow_kit.py) until the game is over.
    Each person's turn starts with the table showing it: the computers before them left nothing stale."""
    player = FlowPlayer(world, store, record.id, users, channel=channel)
    for _ in range(turns):
        _, game = await load_game(store, record.id)
        if game.finished:
            break
        if game.active_seat in users:
            names = [x.display_name for x in record.seats]
            want = f"Turn: **{names[game.active_seat]}**"
            await world.standin.wait_for(lambda want=want: want in text_of(page_of(world, channel)), timeout=15,
                                         what=f"the table to show {want!r}")
            await player.play_turn(game.active_seat)
        else:
            await asyncio.sleep(0.05)
    await bot.sessions.wait_for_computers(record.id)
    await world.standin.settle(quiet=1.0, timeout=30)
    return player


def median(turns: list[TurnStats]) -> int:
    clicks = sorted(t.clicks for t in turns)
    return clicks[len(clicks) // 2]


def bot_token_calls(world: World, channel: Channel) -> list[tuple[str, str]]:
    """Every REST call made with the bot's token on the channel's routes."""
    return [(m, p) for m, p in world.standin.requests if p.startswith(f"/channels/{channel.id}")]


async def open_hand(world: World, user: User, channel: Channel) -> Message:
    """``user`` clicks "Open my hand" on the current page; returns their private panel once it came."""
    s = world.standin
    page = page_of(world, channel)
    inter = await s.click(user, page, button(page, "hb:h:"))
    return await s.wait_for(lambda: next((m for m in inter.followups if m.ephemeral and m.components), None),
                            timeout=15, what="the private panel")


def page_text(world: World, channel: Channel) -> str:
    return text_of(page_of(world, channel))


__all__ = ["Friends", "bot_token_calls", "friends", "newest", "open_hand", "open_table", "page_of", "page_text",
           "play_to_the_end"]
