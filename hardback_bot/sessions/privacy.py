"""A player's own data (``/hardback privacy``, docs/privacy.md): deleting it while games go on, and packing a copy of
it into files (no Discord here).

**A deletion during a running game.** The player's data goes, but the other players' game must not: in a game
being played their seat is taken by a computer player (as when they leave it: the table is told "Deleted player
left the game; a computer player takes the seat"), under the stand-in name, with no link to them left. A game
nobody else plays in (a solo game, their daily, a game whose other people had all left) ends, kept as abandoned
history. In a lobby they leave the table; if they were its host the next player in it hosts it. Each of those games
is changed under its lock, in the same transaction as the rest of the deletion (store/rooms/privacy.py), then
its channel is brought up to date and its computer players play on.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hardback_bot.store import Delivery
from hardback_bot.store.erasures import Ledger
from hardback_bot.store.models import Erasure

from .manager import Sessions
from .notes import SeatLeft, announce

EXPORT_NAME = "hardback-my-data"
#: Discord takes 10 MiB of attachments per message from a bot; one file per message, with room to spare.
FILE_LIMIT = 8 * 1024 * 1024
MOST_FILES = 5  # follow-ups of one interaction where the app is a user's (Discord allows 5)
log = logging.getLogger(__name__)


def _left(game_id: int, seat: int) -> list[Delivery]:
    # No name in the note: the table says the seat's (stand-in) name, in its own language.
    return [announce(game_id, SeatLeft(seat=seat))]


async def erase_player(sessions: Sessions, user_id: int, ledger: Ledger | None = None) -> Erasure:
    """Delete what is kept about ``user_id`` everywhere (one transaction), then tell the games it changed and
    write the deletion to the ledger file (store/erasures.py). The deletion stands even when the ledger cannot
    be written (logged): the next reconcile copies it there from the database."""
    running = await sessions.store.privacy.running_games_of(user_id)
    async with contextlib.AsyncExitStack() as stack:
        # In id order, one game at a time everywhere else, so no two holders wait on each other.
        for game_id in running:
            await stack.enter_async_context(sessions.lock(game_id))
        erasure = await sessions.store.privacy.erase_player(user_id, left=_left)
    sessions.timers_changed.set()
    for game_id in erasure.changed_games:
        await sessions.notify(game_id)
    for game_id in erasure.taken_over:
        sessions.kick_computers(game_id)
    if ledger is not None:
        try:
            await asyncio.to_thread(ledger.append, [erasure])
        except OSError:
            log.exception("deletion %s is in the database but not in the erasure ledger %s", erasure.id, ledger.path)
    return erasure


@dataclass(frozen=True)
class ExportFile:
    name: str
    data: bytes


def export_files(data: Mapping[str, Any], *, limit: int = FILE_LIMIT) -> list[ExportFile] | None:
    """A player's data (``PrivacyRoom.export_player``) as files of at most ``limit`` bytes: one JSON file; gzipped when
    that is too big; split by games into numbered parts when even that is (each part a whole JSON document with
    ``part`` and ``parts``). None when it would take more than :data:`MOST_FILES` files."""
    raw = _json(data)
    if len(raw) <= limit:
        return [ExportFile(f"{EXPORT_NAME}.json", raw)]
    packed = gzip.compress(raw, mtime=0)
    if len(packed) <= limit:
        return [ExportFile(f"{EXPORT_NAME}.json.gz", packed)]
    games = list(data.get("games", ()))
    head = {k: v for k, v in data.items() if k != "games"}
    chunks = _split(games, head, limit)
    if chunks is None or len(chunks) + 1 > MOST_FILES:
        return None
    parts = len(chunks) + 1
    files = [ExportFile(f"{EXPORT_NAME}-1-of-{parts}.json.gz",
                        gzip.compress(_json({**head, "games": [], "part": 1, "parts": parts}), mtime=0))]
    for n, chunk in enumerate(chunks, 2):
        body = {"format": head.get("format"), "format_version": head.get("format_version"),
                "user_id": head.get("user_id"), "part": n, "parts": parts, "games": chunk}
        files.append(ExportFile(f"{EXPORT_NAME}-{n}-of-{parts}.json.gz", gzip.compress(_json(body), mtime=0)))
    if any(len(f.data) > limit for f in files):
        return None
    return files


def _json(data: Mapping[str, Any]) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


def _split(games: list[Any], head: Mapping[str, Any], limit: int) -> list[list[Any]] | None:
    """Games in runs whose gzipped JSON fits ``limit``, halving a run until it does (None: one game alone is
    too big, which no real game is)."""
    runs: list[list[Any]] = []
    pending = [games]
    while pending:
        run = pending.pop(0)
        if len(gzip.compress(_json({**head, "games": run}), mtime=0)) <= limit:
            runs.append(run)
        elif len(run) == 1:
            return None
        else:
            middle = len(run) // 2
            pending[:0] = [run[:middle], run[middle:]]
        if len(runs) + len(pending) > MOST_FILES * 4:
            return None
    return runs


__all__ = ["EXPORT_NAME", "FILE_LIMIT", "MOST_FILES", "ExportFile", "erase_player", "export_files"]
