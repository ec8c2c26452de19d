"""Outbox and timer rows as earlier versions wrote them read back as typed values (store/payloads.py), on both
databases; what this version writes is the same JSON they wrote; a row no version of the bot could act on
reads as Unreadable instead of failing whoever reads it."""

from __future__ import annotations

import json
from typing import Any

from hardback_bot.store import (
    AnnounceNotes,
    CloseGhostThread,
    DeadlineReminder,
    Delivery,
    OpenGhostThread,
    PostResults,
    PostSuggestion,
    Store,
    Timer,
    TurnDeadline,
    Unreadable,
    VoteDeadline,
)

from .conftest import Clock, playing_game

# (kind, payload) exactly as the versions before typed payloads stored them (sessions/notes.py, sessions/core.py,
# sessions/places.py of that time), then odd rows: a kind nobody knows, a payload without what it needs.
OLD_DELIVERIES: list[tuple[str, Any]] = [
    ("announce", {"notes": [{"t": "turn", "seat": 0, "summary": {"coins": 3}}, {"t": "your_turn", "seat": 1}]}),
    ("ghost_open", {"request": 12, "seat": 1, "round": 4}),
    ("ghost_open", {"request": 13, "seat": 0}),  # the round was read with a default: a row may lack it
    ("ghost_post", {"request": 12, "seat": 0, "word": "été"}),
    ("ghost_close", {"request": 12}),
    ("results", {}),
    ("announce", {}),  # a note list that was never written reads as none
    ("poll", {"question": "?"}),
    ("ghost_post", {"request": 12, "seat": 0}),
    ("ghost_close", {"request": "12"}),
    ("announce", {"notes": "turn"}),
]
READ_DELIVERIES = [
    AnnounceNotes(({"t": "turn", "seat": 0, "summary": {"coins": 3}}, {"t": "your_turn", "seat": 1})),
    OpenGhostThread(12, 1, 4),
    OpenGhostThread(13, 0, None),
    PostSuggestion(12, 0, "été"),
    CloseGhostThread(12),
    PostResults(),
    AnnounceNotes(()),
    Unreadable("poll", {"question": "?"}),
    Unreadable("ghost_post", {"request": 12, "seat": 0}),
    Unreadable("ghost_close", {"request": "12"}),
    Unreadable("announce", {"notes": "turn"}),
]


async def _insert(store: Store, sql: str, rows: list[tuple[Any, ...]]) -> None:
    async with store.write() as db:
        await db.executemany(sql, rows)


async def _column(store: Store, table: str) -> list[tuple[str, str]]:
    return [(r[0], r[1]) for r in await store.query(f"SELECT kind, payload FROM {table} ORDER BY id", ())]


async def test_outbox_rows_of_older_versions_read_back_typed(store: Store, clock: Clock) -> None:
    gid, version = await playing_game(store, channel=7)
    await _insert(store, "INSERT INTO deliveries (game_id, channel_id, kind, payload, version, created_at)"
                         " VALUES (?, ?, ?, ?, ?, ?)",
                  [(gid, 7, kind, json.dumps(data), version, clock.now) for kind, data in OLD_DELIVERIES])
    rows = await store.outbox.pending_deliveries(gid)
    assert [r.payload for r in rows] == READ_DELIVERIES
    assert [r.kind for r in rows] == [kind for kind, _ in OLD_DELIVERIES]


async def test_what_this_version_writes_is_what_older_versions_wrote(store: Store) -> None:
    gid, _ = await playing_game(store, channel=7)
    written = [AnnounceNotes(({"t": "your_turn", "seat": 1},)), OpenGhostThread(12, 1, 4), PostSuggestion(12, 0, "été"),
               CloseGhostThread(12), PostResults()]
    await store.outbox.add_deliveries(gid, [Delivery(gid, p) for p in written])
    older = [{"notes": [{"t": "your_turn", "seat": 1}]}, {"request": 12, "seat": 1, "round": 4},
             {"request": 12, "seat": 0, "word": "été"}, {"request": 12}, {}]
    assert [(k, json.loads(p)) for k, p in await _column(store, "deliveries")] == list(
        zip(["announce", "ghost_open", "ghost_post", "ghost_close", "results"], older, strict=True))
    # An unreadable row is written back as it was read (a copy of a database keeps it whole).
    await store.outbox.add_deliveries(gid, [Delivery(gid, Unreadable("poll", {"question": "?"}))])
    assert (await _column(store, "deliveries"))[-1] == ("poll", '{"question":"?"}')


async def test_timer_rows_of_older_versions_read_back_typed(store: Store, clock: Clock) -> None:
    gid, _ = await playing_game(store)
    old = [
        ("turn", {"version": 3}),  # the first versions judged staleness by the game's version
        ("reminder", {"version": 3, "deadline": 1_700_000_100.0}),
        ("turn", {"moves": 5, "deadline": 1_700_000_100.5}),
        ("vote", {"moves": 5, "deadline": 1_700_000_100}),
        ("reminder", {"moves": 5, "deadline": 1_700_000_100.5, "held": 1_700_000_075.25}),  # held (a group DM)
        ("lobby", {}),
        ("turn", {"moves": "5"}),
    ]
    await _insert(store, "INSERT INTO timers (game_id, kind, seat, deadline, payload, created_at)"
                         " VALUES (?, ?, ?, ?, ?, ?)",
                  [(gid, kind, 0, clock.now + i, json.dumps(data), clock.now) for i, (kind, data) in enumerate(old)])
    timers = await store.timers.game_timers(gid)
    assert [(t.payload, t.held) for t in timers] == [
        (TurnDeadline(None, None), None),
        (DeadlineReminder(None, 1_700_000_100.0), None),
        (TurnDeadline(5, 1_700_000_100.5), None),
        (VoteDeadline(5, 1_700_000_100), None),
        (DeadlineReminder(5, 1_700_000_100.5), 1_700_000_075.25),
        (Unreadable("lobby", {}), None),
        (Unreadable("turn", {"moves": "5"}), None),
    ]
    assert [t.kind for t in timers] == [kind for kind, _ in old]


async def test_timers_are_written_as_older_versions_wrote_them(store: Store, clock: Clock) -> None:
    gid, _ = await playing_game(store)
    await store.timers.set_timer(Timer(gid, TurnDeadline(5, clock.now + 60), clock.now + 60, seat=0))
    await store.timers.set_timer(
        Timer(gid, DeadlineReminder(5, clock.now + 60), clock.now + 1e9, seat=0, held=clock.now + 45))
    assert [(k, json.loads(p)) for k, p in await _column(store, "timers")] == [
        ("turn", {"moves": 5, "deadline": clock.now + 60}),
        ("reminder", {"moves": 5, "deadline": clock.now + 60, "held": clock.now + 45}),
    ]
