"""What the channel shows comes from the store: announcements posted exactly once across crashes
(Discord's nonce, or the channel's history past the nonce window), a deleted table posted again, a missing
permission said once, Discord's 5xx and 429 answers survived, every refusal private, forged payloads of
every component kind answered clearly with nothing changed."""

from __future__ import annotations

import asyncio
import os
from typing import Any

import pytest
from botkit import QuietNotifier, active_hand, button, open_table, running_bot, skip_turn, table_of, text_of, user_for
from discord_standin import scratch_dir
from discord_standin.models import CREATE_PUBLIC_THREADS
from discord_standin.world import World

import cogs.channel_posts as channel_posts_module
from hardback_bot.engine import Move


def db() -> str:
    return os.path.join(str(scratch_dir("hb-public-")), "h.db")


def announcements(world: World, needle: str) -> list[str]:
    return [m.content for m in world.standin.messages(world.channel) if needle in m.content]


class _Crash(asyncio.CancelledError):
    """The process dies right here: the relay's task ends without a retry (as a killed process would)."""


async def skip_and_die_before_marking(world: World, bot: Any, game_id: int) -> None:
    """Skip a turn in a process whose relay dies after Discord has its messages, before the store hears
    they were delivered (the rows stay claimed, as after a SIGKILL at that line)."""
    store = bot.store
    real = store.outbox.mark_delivered

    async def dies(*args: object, **kwargs: object) -> None:
        raise _Crash("the process died after Discord had the message")

    store.outbox.mark_delivered = dies
    try:
        await skip_turn(world, bot, game_id)
    finally:
        store.outbox.mark_delivered = real


async def test_a_crash_between_sending_and_marking_posts_the_line_once(world: World) -> None:
    s = world.standin
    path = db()
    async with running_bot(world, db_path=path) as bot:
        game_id = await open_table(world, bot)
        store = bot.store
        await skip_and_die_before_marking(world, bot, game_id)
        pending = await store.outbox.pending_deliveries(game_id)
        assert pending and pending[0].batch is not None, "claimed and sent, never marked"
    before = len(announcements(world, "writer's block"))
    assert before == 1
    async with running_bot(world, db_path=path) as bot:
        await s.settle(quiet=0.5)
        assert await bot.store.outbox.pending_deliveries(game_id) == []
    assert len(announcements(world, "writer's block")) == 1, "Discord's nonce check returned the first post"
    assert s.nonce_repeats, "the resend was answered with the message already posted"


async def test_a_call_resent_after_a_crash_loses_its_button_to_the_next_call(world: World) -> None:
    """A "your turn" call posted but not marked before a crash is sent again at the restart, and Discord's nonce
    answers with the message first posted, Hand button included. That player may have acted by then, so this
    render calls nobody and has no button: the row must still be recorded as showing one, or the next call
    never takes it down (the crash test's game ended with such a button live)."""
    s = world.standin
    path = db()
    async with running_bot(world, db_path=path) as bot:
        game_id = await open_table(world, bot)
        # Writer's block, and the next player's call with its button.
        await skip_and_die_before_marking(world, bot, game_id)
        bot.sessions.notifier = QuietNotifier()
        loaded = await bot.sessions.load(game_id)
        seat = loaded.game.active_seat
        await bot.sessions.play(game_id, loaded.record.seats[seat].user_id, Move("skip"), None)  # that player acts
    async with running_bot(world, db_path=path) as bot:
        await s.settle(quiet=0.8)
        assert await bot.store.outbox.pending_deliveries(game_id) == []
    assert s.nonce_repeats, "the claimed call was sent again and Discord answered with the first post"
    calls = [m for m in s.messages(world.channel) if "your turn." in m.content]
    assert len(calls) >= 2
    assert [bool(m.custom_ids()) for m in calls] == [False] * (len(calls) - 1) + [True], \
        [(m.content[:60], m.custom_ids()) for m in calls]


async def test_past_the_nonce_window_the_channel_history_is_checked(world: World,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    s = world.standin
    path = db()
    async with running_bot(world, db_path=path) as bot:
        game_id = await open_table(world, bot)
        await skip_and_die_before_marking(world, bot, game_id)
    # The bot comes back after Discord has forgotten the nonce.
    monkeypatch.setattr(channel_posts_module, "NONCE_WINDOW", 0.0)
    monkeypatch.setattr(type(s), "NONCE_WINDOW", 0.0)
    async with running_bot(world, db_path=path) as bot:
        await s.settle(quiet=0.5)
        assert await bot.store.outbox.pending_deliveries(game_id) == []
    assert len(announcements(world, "writer's block")) == 1, "found in the history, not posted again"
    assert not s.nonce_repeats


async def test_a_deleted_table_message_is_posted_again(world: World) -> None:
    s = world.standin
    async with running_bot(world) as bot:
        game_id = await open_table(world, bot)
        old = table_of(world)
        await s.delete_message(old)  # a moderator removed it
        await skip_turn_from_announcement(world, bot, game_id)
        new = table_of(world)
        assert new.id != old.id
        record = await bot.store.games.get_game(game_id, with_state=False)
        assert record.messages["table"] == new.id and record.message_versions["table"] == record.version


async def skip_turn_from_announcement(world: World, bot: Any, game_id: int) -> None:
    """With the table gone, the player opens the hand from the "your turn" call, which carries the button."""
    s = world.standin
    loaded = await bot.sessions.load(game_id)
    user = user_for(world, loaded.record.seats[loaded.game.active_seat].user_id)
    call = next(m for m in reversed(s.messages(world.channel)) if f"<@{user.id}>, your turn." in m.content)
    await s.click(user, call, button(call, "hb:h:"))
    await s.settle()
    hand = s.last_ephemeral(user)
    await s.click(user, hand, button(hand, "hb:x:"))
    await s.settle()
    await s.click(user, s.last_ephemeral(user), button(s.last_ephemeral(user), ":skip"))
    await s.settle(quiet=0.6)


async def test_a_missing_permission_is_said_once_and_the_game_goes_on(world: World) -> None:
    s = world.standin
    s.set_overwrite(world.channel, s.bot_user, deny=CREATE_PUBLIC_THREADS)
    async with running_bot(world) as bot:
        game_id = await open_table(world, bot)
        for _ in range(2):  # two ghostwriter requests, in two turns
            user, hand = await active_hand(world, bot, game_id)
            await s.click(user, hand, button(hand, "ghostwriter"))
            await s.settle(quiet=0.6)
            await s.click(user, s.last_ephemeral(user), button(s.last_ephemeral(user), "hb:x:"))
            await s.settle()
            await s.click(user, s.last_ephemeral(user), button(s.last_ephemeral(user), ":skip"))
            await s.settle(quiet=0.6)
        s.take_violations("permission")
        notices = announcements(world, "Create Public Threads")
        assert len(notices) == 1 and "permission" in notices[0], notices
        assert not any("Traceback" in m.content for m in s.messages(world.channel))
        assert len(await bot.store.games.get_moves(game_id)) == 4  # both turns went on without threads
        assert await bot.store.outbox.pending_deliveries(game_id) == []


async def test_a_request_committed_while_the_relay_catches_up_gets_its_thread(world: World) -> None:
    """A pass of the relay reads the game, then the outbox; a click committed in between (a player acting while
    the start-up catch-up still redraws the panels) must not be judged against the older game: the crash test
    saw its ghostwriter request taken for "over" and marked delivered with no thread."""
    s = world.standin
    async with running_bot(world) as bot:
        game_id = await open_table(world, bot)
        relay = bot.get_cog("Play").relay  # type: ignore[union-attr]
        loaded = await bot.sessions.load(game_id)
        user = user_for(world, loaded.record.seats[loaded.game.active_seat].user_id)
        table = table_of(world)
        await s.click(user, table, button(table, "hb:h:"))
        await s.settle()
        hand = s.last_ephemeral(user)

        reached, release = asyncio.Event(), asyncio.Event()
        panels = relay.panels.redraw

        async def held(loaded: Any) -> None:  # the pass has its game; it is redrawing the panels
            reached.set()
            await release.wait()
            await panels(loaded)

        relay.panels.redraw = held
        relay.wake(game_id)
        await asyncio.wait_for(reached.wait(), 5)
        relay.panels.redraw = panels
        await s.click(user, hand, button(hand, "ghostwriter"), wait=False)
        for _ in range(500):
            if any(r.kind == "ghost_open" for r in await bot.store.outbox.pending_deliveries(game_id)):
                break
            await asyncio.sleep(0.01)
        else:
            raise AssertionError("the request was not committed")
        release.set()
        await s.settle(quiet=0.6)

        assert len(s.threads(world.channel)) == 1, "the request's thread"
        opened = [r for r in await bot.store.outbox.game_deliveries(game_id) if r.kind == "ghost_open"]
        assert len(opened) == 1 and opened[0].message_id is not None
        assert await bot.store.outbox.pending_deliveries(game_id) == []


async def test_server_errors_and_rate_limits_do_not_duplicate_or_lose_posts(world: World) -> None:
    s = world.standin
    async with running_bot(world) as bot:
        game_id = await open_table(world, bot)
        # Discord makes the message but the answer is lost (a 500 after the fact): the client retries with
        # the same nonce and gets the same message back. A 429 on the table edit is waited out.
        s.inject_fault("POST", rf"/channels/{world.channel.id}/messages$", 500, after=True)
        s.inject_fault("PATCH", rf"/channels/{world.channel.id}/messages/\d+$", 429, retry_after=0.2)
        await skip_turn(world, bot, game_id)
        await s.settle(quiet=1.5)
        assert [f[2] for f in s.faults_served] == [429, 500] or sorted(f[2] for f in s.faults_served) == [429, 500]
        assert len(announcements(world, "writer's block")) == 1
        record = await bot.store.games.get_game(game_id, with_state=False)
        assert record.message_versions["table"] == record.version
        assert await bot.store.outbox.pending_deliveries(game_id) == []


async def test_an_unknown_dictionary_is_refused_privately(world: World) -> None:
    s = world.standin
    async with running_bot(world):
        inter = await s.slash(world.alice, "hardback start", {"dictionary": "klingon"})
        await s.settle()
        assert inter.message is not None and inter.message.ephemeral
        assert "no dictionary called 'klingon'" in text_of(inter.message)
        assert not [m for m in s.messages(world.channel) if not m.ephemeral]


async def test_forged_payloads_of_every_component_kind(world: World) -> None:
    """A modified client sends what no real component would: each gets a clear private answer, no traceback,
    and the game's version and move log do not move."""
    s = world.standin
    async with running_bot(world) as bot:
        game_id = await open_table(world, bot)
        record = await bot.store.games.get_game(game_id)
        v = record.version
        user = user_for(world, record.seats[0].user_id)
        table = table_of(world)
        select = 3
        forged: list[tuple[dict[str, Any], bool]] = [
            ({"custom_id": f"hb:m:{game_id}:{v}:sel", "component_type": select}, False),  # no values
            ({"custom_id": f"hb:m:{game_id}:{v}:sel", "component_type": select, "values": "buy_1"}, False),
            ({"custom_id": f"hb:m:{game_id}:{v}:sel", "component_type": select, "values": [7]}, False),
            ({"custom_id": f"hb:m:{game_id}:{v}:sel", "component_type": select, "values": ["x" * 500]}, False),
            ({"custom_id": f"hb:m:{game_id}:{v}:sel", "component_type": select, "values": ["a", "b"]}, False),
            ({"custom_id": f"hb:a:{game_id}:{v}:arr", "component_type": select, "values": ["S.zz.zz"]}, False),
            ({"custom_id": f"hb:a:{game_id}:{v}:arr", "component_type": select, "values": ["end"]}, False),
            ({"custom_id": f"hb:g:{game_id}:{v}:adopt", "component_type": select, "values": ["two"]}, False),
            ({"custom_id": f"hb:g:{game_id}:{v}:adopt", "component_type": select, "values": ["99"]}, False),
            ({"custom_id": f"hb:p:{game_id}:{v}:next", "component_type": 2}, False),  # a kind with no action
            ({"custom_id": f"hb:x:{game_id}:{v}:launch", "component_type": 2}, False),
            ({"custom_id": f"hb:l:{game_id}:0:teleport", "component_type": 2}, False),
            ({"custom_id": f"hb:m:{game_id}:{v}:fly_away", "component_type": 2}, False),
            ({"custom_id": "hb:m:not-a-number:1:end", "component_type": 2}, False),
            ({"custom_id": "hbi:board:nope:x", "component_type": 2}, False),
            ({"custom_id": "hbi:topic", "component_type": select, "values": {"a": 1}}, False),
            ({"custom_id": "hb:j:0:0:", "component_type": select, "values": ["9" * 30]}, False),
            ({"custom_id": "hb:j:0:0:", "component_type": select, "values": {"a": 1}}, False),
            ({"custom_id": "hb:i:0:1:", "component_type": select, "values": [7]}, False),
            ({"custom_id": f"hb:v:{game_id}:1:je", "component_type": select, "values": ["x" * 500]}, False),
            ({"custom_id": "hb:b:0:1:rating", "components": []}, True),  # a page's id on a form
            ({"custom_id": f"hb:w:{game_id}:{v}:", "components": "nope"}, True),  # modal submits
            ({"custom_id": f"hb:w:{game_id}:{v}:", "components": [{"type": 1, "components": [
                {"type": 4, "custom_id": "word", "value": ["A", "T"]}]}]}, True),
            ({"custom_id": f"hb:w:{game_id}:{v}:", "components": [{"type": 1, "components": [
                {"type": 4, "custom_id": "word", "value": "Q" * 4000}]}]}, True),
            ({"custom_id": f"hb:w:{game_id}:{v}:launch", "components": []}, True),
            ({"custom_id": f"hb:w:{game_id}:{v}:suggest", "components": [{"type": 1, "components": [
                {"type": 4, "custom_id": "word", "value": "tide"}]}]}, True),
        ]
        for data, modal in forged:
            inter = await s.forged(user, None if modal else table, data, modal=modal)
            await s.settle()
            answer = inter.message or (inter.followups[-1] if inter.followups else None)
            assert answer is not None and answer.ephemeral, f"no private answer to {data}"
            said = text_of(answer).lower()
            assert "traceback" not in said and "something went wrong" not in said, (data, said)
        after = await bot.store.games.get_game(game_id)
        assert after.version == v and await bot.store.games.get_moves(game_id) == []
        assert not [m for m in s.messages(world.channel) if "something went wrong" in m.content.lower()]


async def test_a_move_committed_while_the_bot_stops_is_shown_by_the_next_start(world: World) -> None:
    # Stopping, the bot closes its relay before its store, and a move can still commit in between (a computer's
    # finishes under its game's lock). That commit wakes nothing that would outlive the store (a sync then
    # failed on the closed store and logged its traceback); the next start's catch-up shows the move.
    s = world.standin
    path = db()
    async with running_bot(world, db_path=path) as bot:
        game_id = await open_table(world, bot)
        relay = bot.get_cog("Play").relay  # type: ignore[union-attr]
        relay.close()
        loaded = await bot.sessions.load(game_id)
        seat = loaded.game.active_seat
        user_id = loaded.record.seats[seat].user_id
        await bot.sessions.play(game_id, user_id, Move("skip"), loaded.record.version)
        assert relay.busy_reason() is None
        await s.settle(quiet=0.3)
        stopped = await bot.store.games.get_game(game_id, with_state=False)
        version = stopped.version
        assert stopped.message_versions["table"] < version
    async with running_bot(world, db_path=path) as bot:
        await s.settle(quiet=0.3)
        record = await bot.store.games.get_game(game_id, with_state=False)
        assert record.message_versions["table"] == record.version == version
