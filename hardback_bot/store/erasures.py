"""The deletion ledger: every player's deletion (``/hardback privacy``) written down outside the database, so that a
database restored from a backup older than a deletion has it applied again (docs/privacy.md, docs/operations.md).

A deletion is one transaction of the database, recorded in its ``erasures`` table (id, user id, when); right after
it commits, the same line is appended to the ledger file (``HARDBACK_ERASURE_LEDGER``, default
``data/erasures.jsonl``): one JSON object a line, fsynced. A backup carries the table as it was when it was made;
the file carries every deletion since. :func:`reconcile` brings the two together — at every start of the bot and
after every ``restore``:

- a deletion in the file that the database does not have (it was restored from an older backup) is applied
  again, to the rows that were the player's when they asked (``erased_at``; what they played since stays);
- a deletion in the database that the file lacks (the file is new, lost, or on another machine of a sharded
  bot; or the bot stopped between the commit and the append) is appended to the file.

The ledger keeps a user id and a time per deletion, nothing else: that much is needed to keep a deletion
deleted. A ledger that cannot be read is reported, never guessed at.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from collections.abc import Iterable
from dataclasses import dataclass, field

from .models import Erasure, ErasureRecord
from .sql import SqlStore

LEDGER_ENV = "HARDBACK_ERASURE_LEDGER"
DEFAULT_LEDGER = "data/erasures.jsonl"
log = logging.getLogger(__name__)


def ledger_path_from_env(default: str = DEFAULT_LEDGER) -> str:
    return os.environ.get(LEDGER_ENV) or default


@dataclass(frozen=True)
class LedgerEntry:
    id: str
    user_id: int
    erased_at: float


class Ledger:
    """The ledger file: appended to, read whole (it holds one short line per deletion)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)

    def exists(self) -> bool:
        return os.path.isfile(self.path)

    def read(self) -> list[LedgerEntry]:
        """Every deletion in the file, once each (a line written twice counts once). A last line cut short by
        a crash is left out; any other line that does not read is an error (OSError, ValueError)."""
        if not self.exists():
            return []
        with open(self.path, encoding="utf-8") as fh:
            lines = fh.read().split("\n")
        entries: dict[str, LedgerEntry] = {}
        for number, text in enumerate(lines, 1):
            if not text.strip():
                continue
            try:
                data = json.loads(text)
                entry = LedgerEntry(str(data["id"]), int(data["user_id"]), float(data["erased_at"]))
            except (ValueError, KeyError, TypeError) as error:
                if number == len(lines):  # the file ends without a newline: an append cut short
                    log.warning("the erasure ledger %s ends with a line cut short; it is left out", self.path)
                    continue
                raise ValueError(f"line {number} of the erasure ledger {self.path} does not read: {error}") from error
            entries.setdefault(entry.id, entry)
        return sorted(entries.values(), key=lambda e: (e.erased_at, e.id))

    def append(self, entries: Iterable[LedgerEntry | ErasureRecord | Erasure]) -> int:
        """Append ``entries`` and fsync (the folder is made when missing); returns how many were written."""
        lines = [json.dumps({"id": e.id, "user_id": e.user_id, "erased_at": e.erased_at}, separators=(",", ":"))
                 for e in entries]
        if not lines:
            return 0
        parent = os.path.dirname(self.path)
        if parent:
            os.makedirs(parent, exist_ok=True)
        new = not self.exists()
        with open(self.path, "a", encoding="utf-8") as fh:
            if fh.tell() > 0 and not _ends_with_newline(self.path):
                fh.write("\n")  # after a line cut short, start a new one
            fh.write("\n".join(lines) + "\n")
            fh.flush()
            os.fsync(fh.fileno())
        if new and parent:  # the file's name is durable too
            with contextlib.suppress(OSError):
                fd = os.open(parent, os.O_RDONLY)
                try:
                    os.fsync(fd)
                finally:
                    os.close(fd)
        return len(lines)


def _ends_with_newline(path: str) -> bool:
    with open(path, "rb") as fh:
        fh.seek(-1, os.SEEK_END)
        return fh.read(1) == b"\n"


@dataclass
class Reconciled:
    """What :func:`reconcile` found and did."""

    ledger: str
    found: bool  # the ledger file existed
    applied: list[Erasure] = field(default_factory=list)  # deletions the database lacked, applied now
    written: int = 0  # deletions of the database appended to the file
    error: str | None = None  # the ledger could not be read or written: nothing was guessed

    def lines(self) -> list[str]:
        """What an operator should be told, one sentence each (nothing when all was in order)."""
        out = []
        if self.error:
            out.append(f"the erasure ledger {self.ledger} could not be used ({self.error}): deletions made after "
                       "this database's last backup may not be applied again if it is ever restored; fix the file "
                       f"or {LEDGER_ENV}")
        if self.applied:
            out.append(f"applied again {len(self.applied)} deletion(s) from the erasure ledger {self.ledger} that "
                       "this database did not have (it was restored from an older backup): "
                       + ", ".join(f"user {e.user_id}" for e in self.applied))
        if not self.found and self.written and not self.error:
            out.append(f"the erasure ledger {self.ledger} was missing: written again from this database "
                       f"({self.written} deletion(s)). If this database was restored from a backup, deletions made "
                       "after that backup are only in the old ledger file: bring it back and start again")
        return out


async def reconcile(store: SqlStore, ledger: Ledger) -> Reconciled:
    """Bring the database's deletions and the ledger file together (the module's docstring says how)."""
    found = ledger.exists()
    outcome = Reconciled(ledger.path, found)
    try:
        entries = await asyncio.to_thread(ledger.read)
    except (OSError, ValueError) as error:
        outcome.error = str(error)
        return outcome
    known = {e.id: e for e in await store.privacy.erasures()}
    for entry in entries:
        if entry.id not in known:
            erasure = await store.privacy.erase_player(entry.user_id, erasure_id=entry.id, erased_at=entry.erased_at)
            if erasure.applied:
                outcome.applied.append(erasure)
    listed = {e.id for e in entries}
    missing = [e for e in known.values() if e.id not in listed]
    try:
        outcome.written = await asyncio.to_thread(ledger.append, missing)
    except OSError as error:
        outcome.error = str(error)
    return outcome


__all__ = ["DEFAULT_LEDGER", "LEDGER_ENV", "Ledger", "LedgerEntry", "Reconciled", "ledger_path_from_env",
           "reconcile"]
