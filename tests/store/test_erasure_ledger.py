"""Deletions outlive a restore (store/erasures.py, docs/privacy.md), on both databases: a backup made before a player's
deletion, restored afterwards, has the deletion applied again from the ledger file kept outside the database — by
``restore`` itself, or by ``erasures`` (the bot's start does the same); without the ledger the operator is told.
The ledger file itself: appends are whole lines, a line cut short by a crash is left out, a damaged one refused."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from hardback_bot.store import GameOutcome, Seat
from hardback_bot.store.__main__ import main as cli
from hardback_bot.store.backup import backup
from hardback_bot.store.erasures import Ledger, LedgerEntry, reconcile
from hardback_bot.store.sql import SqlStore

from . import pg_server
from .conftest import Backend
from .test_privacy import ANN, ANN_NAME, BOB, traces, world
from .test_results import line


async def _cli(*args: str) -> int:
    return await asyncio.to_thread(cli, list(args))


@pytest.fixture
async def fresh(backend: Backend, tmp_path: Path) -> AsyncIterator[Backend]:
    """Another empty database of the same kind: where a backup is restored."""
    if backend.is_postgres:
        dsn = await pg_server.new_database("restored")
        try:
            yield Backend("postgres", dsn, backend.clock)
        finally:
            await pg_server.drop_database(dsn)
    else:
        yield Backend("sqlite", str(tmp_path / "restored.db"), backend.clock)


async def test_a_restored_older_backup_gets_the_deletions_made_after_it(
        store: SqlStore, backend: Backend, fresh: Backend, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    await world(store)
    saved = str(tmp_path / "before.backup")
    await backup(backend.target, saved)  # the night's backup: Ann's data is in it
    ledger = Ledger(tmp_path / "ledger" / "erasures.jsonl")
    backend.clock.advance(3600)
    erasure = await store.privacy.erase_player(ANN)  # then Ann has her data deleted (as sessions.privacy does)
    ledger.append([erasure])
    assert await traces(store, backend) == []

    assert await _cli("restore", saved, "--db", fresh.target, "--ledger", ledger.path) == 0
    out = capsys.readouterr().out
    assert "applied again 1 deletion(s)" in out and f"user {ANN}" in out
    restored = await fresh.open()
    try:
        assert await traces(restored, fresh) == []  # what was deleted stays deleted
        assert [(e.id, e.erased_at) for e in await restored.privacy.erasures()] == [(erasure.id, erasure.erased_at)]
        assert (await restored.privacy.player_data(BOB)).games == 2  # and the others' games are back whole
    finally:
        await restored.close()


async def test_a_restore_without_the_ledger_tells_the_operator(
        store: SqlStore, backend: Backend, fresh: Backend, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    await world(store)
    saved = str(tmp_path / "before.backup")
    await backup(backend.target, saved)
    erasure = await store.privacy.erase_player(ANN)
    ledger = Ledger(tmp_path / "erasures.jsonl")
    ledger.append([erasure])

    assert await _cli("restore", saved, "--db", fresh.target, "--ledger", str(tmp_path / "elsewhere.jsonl")) == 0
    err = capsys.readouterr().err
    assert "WARNING: no erasure ledger" in err and "may have it back" in err
    restored = await fresh.open()
    try:
        assert await traces(restored, fresh) != []  # not applied: nothing told the restore about it
        # The operator brings the ledger: the next reconcile (the bot's start does the same) applies it.
        outcome = await reconcile(restored, ledger)
        assert [e.id for e in outcome.applied] == [erasure.id] and outcome.lines()[0].startswith("applied again")
        assert await traces(restored, fresh) == []
        assert (await reconcile(restored, ledger)).applied == []  # once
    finally:
        await restored.close()
    assert await _cli("erasures", "--db", fresh.target, "--ledger", ledger.path) == 0
    assert "every deletion of" in capsys.readouterr().out


async def test_a_lost_ledger_is_written_again_from_the_database(store: SqlStore, tmp_path: Path) -> None:
    first = await store.privacy.erase_player(ANN)
    second = await store.privacy.erase_player(BOB)
    ledger = Ledger(tmp_path / "new" / "erasures.jsonl")
    outcome = await reconcile(store, ledger)
    assert not outcome.found and outcome.written == 2 and outcome.applied == []
    assert "was missing" in outcome.lines()[0]
    assert {e.id for e in ledger.read()} == {first.id, second.id}
    assert (await reconcile(store, ledger)).written == 0  # nothing twice


async def test_the_cli_erases_a_player_for_a_request_by_mail(store: SqlStore, backend: Backend, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    await world(store)
    ledger = tmp_path / "erasures.jsonl"
    assert await _cli("player", str(ANN), "--db", backend.target) == 0
    assert "6 game seats (5 in lobbies or games being played)" in capsys.readouterr().out
    assert await _cli("player-export", str(ANN), "--db", backend.target) == 0
    assert ANN_NAME in capsys.readouterr().out
    with pytest.raises(SystemExit):
        await _cli("erase", str(ANN), "--db", backend.target)  # without --yes: refused, nothing done
    assert await traces(store, backend) != []
    assert await _cli("erase", str(ANN), "--db", backend.target, "--ledger", str(ledger), "--yes") == 0
    assert "deleted the data of user" in capsys.readouterr().out
    assert await traces(store, backend) == [] and [e.user_id for e in Ledger(ledger).read()] == [ANN]


async def test_the_cli_prunes_old_move_logs(store: SqlStore, backend: Backend,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    lobby = await store.games.create_lobby(1, 1, host_id=1, options={}, seats=[Seat(0, "a", user_id=1)])
    v = await store.games.start_game(lobby.id, lobby.version, seed=1, state="{}")
    await store.games.commit_move(lobby.id, v, 0, "end", "{}", finished=True, outcome=GameOutcome((line(0, 1, 9),)))
    backend.clock.advance(3 * 86400)
    # The command line's store has the real clock: games ended "3 days ago" by the test clock are in the past.
    assert await _cli("prune", "--days", "1", "--db", backend.target) == 0
    assert "deleted the move logs of 1 game(s)" in capsys.readouterr().out
    assert (await store.games.get_game(lobby.id)).pruned_at is not None


def test_the_ledger_file(tmp_path: Path) -> None:
    ledger = Ledger(tmp_path / "erasures.jsonl")
    assert ledger.read() == [] and not ledger.exists()
    ledger.append([LedgerEntry("a", 1, 10.0), LedgerEntry("b", 2, 5.0)])
    ledger.append([LedgerEntry("a", 1, 10.0)])  # written twice by two processes: counted once
    assert ledger.read() == [LedgerEntry("b", 2, 5.0), LedgerEntry("a", 1, 10.0)]
    with open(ledger.path, "a", encoding="utf-8") as fh:
        fh.write('{"id": "c", "user_')  # a crash in the middle of an append
    assert [e.id for e in ledger.read()] == ["b", "a"]
    ledger.append([LedgerEntry("d", 4, 20.0)])  # the next append starts a line of its own
    with pytest.raises(ValueError, match="line 4"):
        ledger.read()  # the cut line is now in the middle: damage, not a crash's tail
    assert Ledger(tmp_path / "x.jsonl").append([]) == 0 and not Ledger(tmp_path / "x.jsonl").exists()
