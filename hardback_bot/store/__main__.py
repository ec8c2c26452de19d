"""Command line for admins and bug reports.

python -m hardback_bot.store export GAME_ID [--db PATH] [--no-state] > game.json
python -m hardback_bot.store verify game.json        # replays the log, compares with the stored state
python -m hardback_bot.store unfinished [--db PATH]  # what a restart would resume
python -m hardback_bot.store copy SQLITE_FILE postgresql://…   # move a stopped bot's data to PostgreSQL
python -m hardback_bot.store backup FILE [--db DB]   # while the bot runs: SQLite's backup API, or a PostgreSQL dump
python -m hardback_bot.store restore FILE [--db DB]  # into a new, empty database (then start the bot on it)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys

from . import StoreError, db_path_from_env, is_postgres, open_store
from .export import checker_for, parse_export, replay_export, same_state


async def _export(db: str, game_id: int, with_state: bool) -> None:
    store = await open_store(db)
    try:
        data = await store.export_game(game_id, with_state=with_state)
    finally:
        await store.close()
    json.dump(data, sys.stdout, indent=1, ensure_ascii=False)
    sys.stdout.write("\n")


async def _unfinished(db: str) -> None:
    store = await open_store(db)
    try:
        for info in await store.list_unfinished():
            g = info.game
            timers = ", ".join(f"{t.kind}@{t.deadline:.0f}" for t in info.timers) or "no timers"
            print(
                f"game {g.id} {g.status} v{g.version} guild {g.guild_id} channel {g.channel_id} "
                f"moves {g.move_count} messages {dict(g.messages)} {timers}"
            )
    finally:
        await store.close()


def _verify(path: str, accept_all: bool) -> int:
    with open(path, encoding="utf-8") as fh:
        exp = parse_export(fh.read())
    if accept_all:
        from hardback_bot.engine.words import AcceptAll

        checker, note = AcceptAll(), "every word accepted (--accept-all)"
    else:
        checker, note = checker_for(exp.options)
    game = replay_export(exp, checker)
    print(f"replayed {len(exp.moves)} moves with {note}; finished={game.finished}")
    if exp.state is None:
        print("the export carries no stored state to compare with")
        return 0
    if same_state(game.to_json(), exp.state):
        print("OK: the replay reproduces the stored state")
        return 0
    print("MISMATCH: the replay differs from the stored state")
    return 1


async def _copy(source: str, target: str) -> int:
    from .copy import copy_sqlite_to_postgres

    print(f"copying {source} into PostgreSQL …")
    copied = await copy_sqlite_to_postgres(source, target)
    print(f"done: {sum(copied.values())} rows in {len(copied)} tables; start the bot with HARDBACK_DB set to the "
          "PostgreSQL connection string")
    return 0


async def _backup(db: str, path: str) -> int:
    from .backup import backup

    summary = await backup(db, path)
    print(f"backed up {summary.line()} into {path}")
    return 0


async def _restore(path: str, db: str) -> int:
    from .backup import restore

    summary = await restore(path, db)
    print(f"restored {summary.line()}; the database is at the current schema: start the bot with HARDBACK_DB "
          "pointing at it")
    return 0


def _target(db: str) -> str:
    from .postgres import redact

    return redact(db) if is_postgres(db) else db


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hardback_bot.store")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p_exp = sub.add_parser("export", help="print a game as JSON")
    p_exp.add_argument("game_id", type=int)
    p_exp.add_argument("--db", default=db_path_from_env())
    p_exp.add_argument("--no-state", action="store_true", help="leave out the stored engine state")
    p_ver = sub.add_parser("verify", help="replay an exported game and compare with its stored state")
    p_ver.add_argument("file")
    p_ver.add_argument("--accept-all", action="store_true", help="replay without the table's dictionary")
    p_unf = sub.add_parser("unfinished", help="list the games a restart would resume")
    p_unf.add_argument("--db", default=db_path_from_env())
    p_copy = sub.add_parser("copy", help="copy an SQLite database into an empty PostgreSQL database")
    p_copy.add_argument("source", help="the SQLite file (stop the bot first)")
    p_copy.add_argument("target", help="postgresql://user:password@host:port/database")
    p_back = sub.add_parser("backup", help="back up the whole database into FILE (safe while the bot runs)")
    p_back.add_argument("file")
    p_back.add_argument("--db", default=db_path_from_env())
    p_rest = sub.add_parser("restore", help="restore a backup FILE into a new, empty database")
    p_rest.add_argument("file")
    p_rest.add_argument("--db", default=db_path_from_env())
    args = parser.parse_args(argv)
    if args.cmd in ("backup", "restore"):
        try:
            if args.cmd == "backup":
                return asyncio.run(_backup(args.db, args.file))
            return asyncio.run(_restore(args.file, args.db))
        except StoreError as error:
            print(f"error: {args.cmd} of {_target(args.db)} failed: {error}", file=sys.stderr)
            return 1
    if args.cmd == "copy":
        if not is_postgres(args.target) or is_postgres(args.source) or not os.path.exists(args.source):
            parser.error("copy takes an existing SQLite file and then a postgresql:// connection string")
        try:
            return asyncio.run(_copy(args.source, args.target))
        except StoreError as error:
            print(f"error: {error}", file=sys.stderr)
            return 1
    if args.cmd == "export":
        asyncio.run(_export(args.db, args.game_id, not args.no_state))
        return 0
    if args.cmd == "unfinished":
        asyncio.run(_unfinished(args.db))
        return 0
    return _verify(args.file, args.accept_all)


if __name__ == "__main__":
    sys.exit(main())
