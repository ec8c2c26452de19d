"""A deletion during a running game (sessions/privacy.py, docs/privacy.md), on both databases, with the real engine:
a computer takes the deleted player's seat, the other player plays on to the end, the results are written with the
seat under its stand-in name and no link to the player, and the table is told in its own language; a solo game
ends instead. Also the export's packing into files within Discord's attachment limit."""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

from hardback_bot.engine import GameOptions, Move
from hardback_bot.engine.moves import SYSTEM_MOVES
from hardback_bot.engine.randomplay import random_move
from hardback_bot.i18n import translator
from hardback_bot.sessions import Sessions
from hardback_bot.sessions.notes import SeatLeft, notes_of
from hardback_bot.sessions.privacy import EXPORT_NAME, erase_player, export_files
from hardback_bot.sessions.screens.announcements import announcement
from hardback_bot.store.erasures import Ledger
from hardback_bot.store.models import ERASED_NAME
from hardback_bot.store.sql import SqlStore

from .conftest import Backend
from .test_privacy import ANN, ANN_NAME, BOB, traces


class Recorder:
    """The notifier: which games the sessions said changed."""

    def __init__(self) -> None:
        self.games: list[int] = []

    async def changed(self, game_id: int) -> None:
        self.games.append(game_id)


def computer(game, seat: int, strength: int) -> Move:  # type: ignore[no-untyped-def]
    """A quick computer player: a random legal move of its seat."""
    rng = random.Random(len(game.move_log))
    if game.phase == "vote":
        return Move("vote", choice="accept")
    for _ in range(200):
        who, move = random_move(game, rng, off_turn_ink=0)
        if who == seat:
            return move
    return Move("timeout")


def person(game, seat: int) -> Move:  # type: ignore[no-untyped-def]
    """Bob's move: a random legal one of his seat (never a move only the bot makes)."""
    found = computer(game, seat, 1)
    if found.kind not in SYSTEM_MOVES:
        return found
    return next(m for m in game.legal_moves(seat) if m.kind not in SYSTEM_MOVES)


def wants(game, seat: int) -> bool:  # type: ignore[no-untyped-def]
    if game.finished:
        return False
    if game.phase == "vote":
        return any(m.kind == "vote" for m in game.legal_moves(seat))
    return game.active_seat == seat


async def test_a_deletion_in_the_middle_of_a_game_leaves_the_others_a_whole_game(
        store: SqlStore, backend: Backend, tmp_path: Path) -> None:
    recorder = Recorder()
    sessions = Sessions(store, recorder, ai_delay=0)
    sessions.set_ai(computer, wants)
    try:
        record = await sessions.lobby.open(1, 20, ANN, ANN_NAME, GameOptions(length=40, adverts=False))
        await sessions.lobby.act(record.id, BOB, "Bob", "join")
        await sessions.lobby.act(record.id, ANN, ANN_NAME, "start")
        rng = random.Random(3)
        for _ in range(12):  # a few turns of both
            loaded = await sessions.load(record.id)
            who, move = random_move(loaded.game, rng, off_turn_ink=0)
            await sessions.play(record.id, loaded.record.seats[who].user_id, move, None)
        solo = await sessions.lobby.open(1, 21, ANN, ANN_NAME, GameOptions(length=40, coop=True))
        await sessions.lobby.act(solo.id, ANN, ANN_NAME, "start")
        ledger = Ledger(tmp_path / "erasures.jsonl")
        seat = (await sessions.load(record.id)).seat_of(ANN)
        assert seat is not None

        erasure = await erase_player(sessions, ANN, ledger)
        assert erasure.taken_over == (record.id,) and erasure.ended == (solo.id,)
        assert {record.id, solo.id} <= set(recorder.games)  # both channels are brought up to date
        assert [e.id for e in ledger.read()] == [erasure.id]
        assert (await store.games.get_game(solo.id)).status == "abandoned"
        loaded = await sessions.load(record.id)
        said = [row for row in await store.outbox.pending_deliveries(record.id, limit=10_000) if row.kind == "announce"]
        # The computer may have played already: its turn's row comes after the one saying she left.
        left = [n for row in said for n in notes_of(row.payload) if isinstance(n, SeatLeft)]
        assert announcement(loaded, left).lines == [
            f"{ERASED_NAME} left the game; a computer player takes the seat."]
        spanish = translator("es")
        assert spanish.gettext(ERASED_NAME) in announcement(loaded, left, spanish).lines[0]

        for _ in range(3000):  # Bob plays on; the computer plays Ann's old seat
            await sessions.wait_for_computers(record.id)
            loaded = await sessions.load(record.id)
            if loaded.game.finished:
                break
            if not any(s.user_id == BOB and wants(loaded.game, s.seat) for s in loaded.record.seats):
                sessions.kick_computers(record.id)
                continue
            bob = loaded.seat_of(BOB)
            await sessions.play(record.id, BOB, person(loaded.game, bob), None)
        final = await store.games.get_game(record.id)
        assert final.status == "finished"
        results = {r.seat: r for r in await store.results.get_results(record.id)}
        assert (results[seat].user_id, results[seat].display_name, results[seat].ai_strength) == (
            None, ERASED_NAME, 2)
        assert results[1 - seat].user_id == BOB and (await store.results.player_stats(1, BOB)).competitive.games == 1
        assert await traces(store, backend) == []
    finally:
        await sessions.close()


def test_the_export_fits_discords_attachment_limit() -> None:
    games = [{"id": n, "moves": [[i, f"spell {n * 7 + i} {i}", 1.5 * i] for i in range(60)]} for n in range(300)]
    data = {"format": "hardback-player-data", "format_version": 1, "user_id": ANN, "games": games, "results": []}
    raw = json.dumps(data, separators=(",", ":")).encode()
    (one,) = export_files(data, limit=len(raw))  # type: ignore[misc]
    assert one.name == f"{EXPORT_NAME}.json" and json.loads(one.data) == data
    (packed,) = export_files(data, limit=len(raw) - 1)  # type: ignore[misc]
    assert packed.name.endswith(".json.gz") and json.loads(gzip.decompress(packed.data)) == data
    limit = len(packed.data) // 2  # too big even packed: whole JSON documents, split by games
    parts = export_files(data, limit=limit)
    assert parts is not None and 3 <= len(parts) <= 5 and all(len(p.data) <= limit for p in parts)
    documents = [json.loads(gzip.decompress(p.data)) for p in parts]
    assert [d["part"] for d in documents] == list(range(1, len(parts) + 1))
    assert [g for d in documents for g in d["games"]] == games and documents[0]["results"] == []
    assert export_files(data, limit=200) is None  # past five files: the player is told to ask the operators
