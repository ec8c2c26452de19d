"""Operations tests: the bot's health, metrics, logs, stop, backups and container recipe.

``tests/ops`` is a package, so ``tests/`` is on the import path: the store tests' PostgreSQL harness
(``store.pg_server``) and the Discord stand-in (``discord_standin``) are shared with them.
"""

from __future__ import annotations

# Every store test of this folder runs on SQLite and on PostgreSQL, like the store's own.
from store.conftest import backend, clock, store  # noqa: F401
