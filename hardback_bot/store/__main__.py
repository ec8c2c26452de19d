"""Command line for admins and bug reports.

python -m hardback_bot.store export GAME_ID [--db PATH] [--no-state] > game.json
python -m hardback_bot.store verify game.json        # replays the log, compares with the stored state
python -m hardback_bot.store unfinished [--db PATH]  # what a restart would resume
python -m hardback_bot.store copy SQLITE_FILE postgresql://…   # move a stopped bot's data to PostgreSQL
python -m hardback_bot.store backup FILE [--db DB]   # while the bot runs: SQLite's backup API, or a PostgreSQL dump
python -m hardback_bot.store restore FILE [--db DB] [--ledger FILE]  # into a new, empty database (then start
                                                                      # the bot on it); deletions re-applied
python -m hardback_bot.store player USER_ID [--db DB]           # what is kept about one player (docs/privacy.md)
python -m hardback_bot.store player-export USER_ID [--db DB]    # all of it, as JSON (the same file the player gets)
python -m hardback_bot.store erase USER_ID --yes [--db DB] [--ledger FILE]   # delete it, for a request by mail
python -m hardback_bot.store prune [--days N] [--db DB]         # delete the move logs of games ended N days ago
python -m hardback_bot.store erasures [--db DB] [--ledger FILE] # bring the database and the deletion ledger together
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time

from . import StoreError, db_path_from_env, is_postgres, open_store
from .erasures import Ledger, ledger_path_from_env, reconcile
from .export import checker_for, parse_export, replay_export, same_state


async def _export(db: str, game_id: int, with_state: bool) -> None:
    store = await open_store(db)
    try:
        data = await store.games.export_game(game_id, with_state=with_state)
    finally:
        await store.close()
    json.dump(data, sys.stdout, indent=1, ensure_ascii=False)
    sys.stdout.write("\n")


async def _unfinished(db: str) -> None:
    store = await open_store(db)
    try:
        for info in await store.recovery.list_unfinished():
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


async def _restore(path: str, db: str, ledger: str) -> int:
    from .backup import restore

    summary = await restore(path, db)
    print(f"restored {summary.line()}; the database is at the current schema: start the bot with HARDBACK_DB "
          "pointing at it")
    found = Ledger(ledger)
    if not found.exists():
        print(f"WARNING: no erasure ledger at {ledger}: players who had their data deleted after this backup was "
              "made may have it back. Give the bot's ledger file with --ledger (HARDBACK_ERASURE_LEDGER), or start "
              "the bot with it: it applies them again before anything else", file=sys.stderr)
    return await _erasures(db, ledger, quiet_if_missing=True)


async def _erasures(db: str, ledger: str, *, quiet_if_missing: bool = False) -> int:
    """Reconcile the database's deletions with the ledger file and say what was done."""
    store = await open_store(db)
    try:
        found = Ledger(ledger)
        outcome = await reconcile(store, found)
        total = len(await store.privacy.erasures())
    finally:
        await store.close()
    if outcome.error:
        print(f"error: {outcome.lines()[0]}", file=sys.stderr)
        return 1
    if outcome.applied:
        print(f"applied again {len(outcome.applied)} deletion(s) from {ledger} that the database did not have: "
              + ", ".join(f"user {e.user_id} (asked {time.strftime('%Y-%m-%d %H:%M', time.gmtime(e.erased_at))} "
                          "UTC)" for e in outcome.applied))
    elif outcome.found or not quiet_if_missing:
        print(f"every deletion of {ledger} is in the database")
    if outcome.written:
        print(f"wrote {outcome.written} deletion(s) of the database into {ledger}")
    print(f"{total} deletion(s) recorded in the database")
    return 0


async def _player(db: str, user_id: int) -> int:
    store = await open_store(db)
    try:
        data = await store.privacy.player_data(user_id)
    finally:
        await store.close()
    print(f"user {user_id}: {data.games} game seats ({data.running} in lobbies or games being played), "
          f"{data.moves} moves, {data.results} results, statistics on {data.boards} boards, {data.ratings} ratings, "
          f"{data.daily} daily attempts, {data.tokens} panel tokens, {'own' if data.settings else 'no'} settings, "
          f"{len(data.erased)} earlier deletion(s)")
    return 0


async def _player_export(db: str, user_id: int) -> int:
    store = await open_store(db)
    try:
        data = await store.privacy.export_player(user_id)
    finally:
        await store.close()
    json.dump(data, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")
    return 0


async def _erase(db: str, user_id: int, ledger: str) -> int:
    store = await open_store(db)
    try:
        erasure = await store.privacy.erase_player(user_id)
    finally:
        await store.close()
    print(f"deleted the data of user {user_id} (deletion {erasure.id}): {erasure.games} seats made anonymous, "
          f"{erasure.results} results, {erasure.totals} totals, {erasure.ratings} ratings, {erasure.daily} daily "
          f"attempts, {erasure.tokens} panel tokens")
    if erasure.changed_games:
        print(f"games being played or set up changed: {', '.join(map(str, erasure.changed_games))}; a running bot "
              "shows it at their next click, computer players start on the taken seats at its next start")
    try:
        Ledger(ledger).append([erasure])
    except OSError as error:
        print(f"WARNING: could not write the deletion into the ledger {ledger} ({error}); the bot writes it there "
              "at its next start", file=sys.stderr)
        return 1
    return 0


async def _prune(db: str, days: int) -> int:
    store = await open_store(db)
    try:
        before = store.now() - days * 86400
        total = 0
        while ids := await store.retention.prune_move_logs(before):
            total += len(ids)
    finally:
        await store.close()
    print(f"deleted the move logs of {total} game(s) that ended more than {days} days ago")
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
    p_rest.add_argument("--ledger", default=ledger_path_from_env(),
                        help="the deletion ledger, whose deletions are applied again ($HARDBACK_ERASURE_LEDGER)")
    for name, text in (("player", "what is kept about one player"), ("player-export", "print it all as JSON"),
                       ("erase", "delete what is kept about one player (docs/privacy.md)")):
        p_user = sub.add_parser(name, help=text)
        p_user.add_argument("user_id", type=int)
        p_user.add_argument("--db", default=db_path_from_env())
        if name == "erase":
            p_user.add_argument("--ledger", default=ledger_path_from_env())
            p_user.add_argument("--yes", action="store_true", help="really delete (it cannot be undone)")
    p_prune = sub.add_parser("prune", help="delete the move logs of games that ended more than DAYS days ago")
    p_prune.add_argument("--days", type=int, default=int(os.environ.get("HARDBACK_MOVE_LOG_DAYS") or 365))
    p_prune.add_argument("--db", default=db_path_from_env())
    p_era = sub.add_parser("erasures", help="apply the ledger's deletions the database lacks, and the other way")
    p_era.add_argument("--db", default=db_path_from_env())
    p_era.add_argument("--ledger", default=ledger_path_from_env())
    args = parser.parse_args(argv)
    if args.cmd == "erase" and not args.yes:
        parser.error("erase deletes a player's data for good: add --yes")
    if args.cmd == "prune" and args.days < 1:
        parser.error("prune --days takes a number of days, at least 1")
    if args.cmd in ("backup", "restore", "player", "player-export", "erase", "prune", "erasures"):
        try:
            if args.cmd == "backup":
                return asyncio.run(_backup(args.db, args.file))
            if args.cmd == "restore":
                return asyncio.run(_restore(args.file, args.db, args.ledger))
            if args.cmd == "player":
                return asyncio.run(_player(args.db, args.user_id))
            if args.cmd == "player-export":
                return asyncio.run(_player_export(args.db, args.user_id))
            if args.cmd == "erase":
                return asyncio.run(_erase(args.db, args.user_id, args.ledger))
            if args.cmd == "prune":
                return asyncio.run(_prune(args.db, args.days))
            return asyncio.run(_erasures(args.db, args.ledger))
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
