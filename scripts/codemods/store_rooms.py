"""Rewrite calls of the store's methods to go through the room that holds them: ``store.get_moves(gid)`` becomes
``store.games.get_moves(gid)``.

The store used to inherit every query from seventeen room mixins; now it holds each room as a named attribute
(hardback_bot/store/sql.py). This script finds, in Python files and in the ``python`` code blocks of Markdown
files, every ``<expr>.<method>`` where ``<method>`` is a room's method and ``<expr>`` is a store, and inserts the
room's name (a call, a reference, or a test's ``store.get_game = counted``); and every
``setattr(<store>, "<method>", …)`` (``getattr``, ``hasattr``, ``delattr``,
``monkeypatch.setattr``, ``patch.object``, ``mocker.spy``) gets ``<store>.<room>`` as its object.

Which expression is a store: a name or attribute called ``store`` or ``_store`` (``store``, ``self._store``,
``bot.store``, ``self.sessions.store`` …), a call of ``open_store``/``SqliteStore``/``PostgresStore`` or an awaited
``<name>.open(…)`` (the tests' backends), and a name (or ``self.<name>``) whose every binding in its function,
class or module is one of those, or is annotated with ``Store``/``SqlStore``/``SqliteStore``/``PostgresStore``.
A name bound to something else (the Discord stand-in, a session, a fake) is left alone; one that cannot be told
is listed at the end, for a person to look at, with any line the rewrite made longer than pyproject's
``line-length`` that it could not break after a rewritten call's parenthesis. Fakes of the store in tests (a
class with the store's method names) are not rewritten: give them the room attribute by hand.

The map from method to room is read from the code (``SqlStore.__init__``'s ``self.<room> = <Class>(…)`` and each
room class's methods), so the script stays right as rooms gain methods. Running it again changes nothing:
``store.games.get_moves`` has ``store.games`` (a room, not a store) before the method.

Usage (from the repository's root)::

    python scripts/codemods/store_rooms.py            # rewrite the repository's tracked *.py and *.md files
    python scripts/codemods/store_rooms.py --check    # only say what would change; exit 1 if anything would
    python scripts/codemods/store_rooms.py PATH …     # only these files or folders
"""

from __future__ import annotations

import argparse
import ast
import importlib
import re
import subprocess
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SQL = ROOT / "hardback_bot" / "store" / "sql.py"
# Rooms that never were part of the mixin store: their method names were never called on the store itself.
NOT_FORMER_MIXINS = {"daily"}
STORE_NAMES = {"store", "_store"}
# Names that are never the store: a method's own object, and the sessions layer (its methods share some names).
NEVER_STORES = {"self", "cls", "sessions"}
STORE_CLASSES = {"open_store", "SqliteStore", "PostgresStore"}
STORE_TYPE = re.compile(r"(?<![A-Za-z_])(Sql|Sqlite|Postgres)?Store\b")
ATTR_FUNCS = {"setattr", "getattr", "hasattr", "delattr", "object", "spy"}
FENCE = re.compile(r"^```python[^\n]*\n(.*?)^```", re.S | re.M)

STORE, NOT_STORE, UNKNOWN = "store", "not", "unknown"


def room_map() -> tuple[dict[str, str], set[str]]:
    """(method name -> room attribute, room attribute names), read from sql.py and the room classes."""
    sys.path.insert(0, str(ROOT))
    tree = ast.parse(SQL.read_text(encoding="utf-8"))
    imports = {a.asname or a.name: "." * node.level + (node.module or "") for node in ast.walk(tree)
               if isinstance(node, ast.ImportFrom) for a in node.names}
    rooms: dict[str, type] = {}
    for node in ast.walk(tree):
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Attribute)
                and isinstance(node.targets[0].value, ast.Name) and node.targets[0].value.id == "self"
                and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name)):
            cls_name = node.value.func.id
            module = importlib.import_module(imports[cls_name], "hardback_bot.store")
            rooms[node.targets[0].attr] = getattr(module, cls_name)
    core = importlib.import_module("hardback_bot.store.core")
    reserved = set(dir(core.StoreCore)) | set(dir(core.Room))
    methods: dict[str, str] = {}
    clashes: set[str] = set()
    for attr, cls in rooms.items():
        if attr in NOT_FORMER_MIXINS:
            continue
        for klass in cls.__mro__:
            if klass is core.Room or klass is object:
                break
            for name, value in vars(klass).items():
                if name.startswith("__") or not callable(value) or name in reserved:
                    continue
                if methods.get(name, attr) != attr:
                    clashes.add(name)
                methods[name] = attr
    for name in clashes:  # two rooms with one name: a person decides
        print(f"note: {name} is a method of more than one room; its calls are left alone", file=sys.stderr)
        del methods[name]
    return methods, set(rooms)


def dotted(node: ast.expr) -> list[str] | None:
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        return [node.id, *reversed(parts)]
    return None


@dataclass
class Scope:
    node: ast.AST
    parent: Scope | None
    bindings: dict[str, list[tuple[ast.expr | None, ast.expr | None]]] = field(default_factory=dict)


class Finder:
    """One file's rewrites: edits (line, col, text) and the undecided uses."""

    def __init__(self, tree: ast.Module, methods: dict[str, str], rooms: set[str]) -> None:
        self.tree = tree
        self.methods = methods
        self.rooms = rooms
        self.parents: dict[ast.AST, ast.AST] = {}
        for node in ast.walk(tree):
            for child in ast.iter_child_nodes(node):
                self.parents[child] = node
        self.scopes: dict[ast.AST, Scope] = {}
        self.edits: list[tuple[int, int, str]] = []
        # (first line, last line, column of the call's open parenthesis, characters inserted before it): the lines
        # of a call's arguments aligned under its parenthesis move right with it
        self.aligned: list[tuple[int, int, int, int]] = []
        self.undecided: list[tuple[int, str]] = []
        self._visiting: set[tuple[int, str]] = set()

    # -- bindings ------------------------------------------------------------------------------------------
    def scope_of(self, node: ast.AST) -> Scope:
        """The innermost function, lambda, comprehension, class or module around ``node``, with its bindings."""
        chain: list[ast.AST] = []
        cur: ast.AST | None = node
        while cur is not None:
            if isinstance(cur, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.Module,
                                ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)) and cur is not node:
                chain.append(cur)
            cur = self.parents.get(cur)
        parent: Scope | None = None
        for owner in reversed(chain):
            if owner not in self.scopes:
                self.scopes[owner] = Scope(owner, parent, self.collect(owner))
            parent = self.scopes[owner]
        assert parent is not None
        return parent

    def collect(self, owner: ast.AST) -> dict[str, list[tuple[ast.expr | None, ast.expr | None]]]:
        """name -> [(value, annotation)] bound directly in ``owner`` (not in scopes nested in it)."""
        found: dict[str, list[tuple[ast.expr | None, ast.expr | None]]] = {}

        def bind(target: ast.expr, value: ast.expr | None, annotation: ast.expr | None = None) -> None:
            if isinstance(target, ast.Name):
                found.setdefault(target.id, []).append((value, annotation))
            elif isinstance(target, (ast.Tuple, ast.List)):
                values = value.elts if isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(
                    target.elts) else [None] * len(target.elts)
                for t, v in zip(target.elts, values, strict=True):
                    bind(t, v)
            elif (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)
                  and target.value.id == "self"):
                found.setdefault("self." + target.attr, []).append((value, annotation))

        if isinstance(owner, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            args = owner.args
            for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
                found.setdefault(a.arg, []).append((None, a.annotation))
        if isinstance(owner, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            for gen in owner.generators:
                iterated = gen.iter.elts if isinstance(gen.iter, (ast.Tuple, ast.List)) else None
                if isinstance(gen.target, ast.Name):
                    found.setdefault(gen.target.id, []).extend((v, None) for v in (iterated or [None]))
        todo: list[ast.AST] = []
        if isinstance(owner, ast.Lambda):
            todo.append(owner.body)
        elif isinstance(owner, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Module)):
            todo.extend(owner.body)
        while todo:
            node = todo.pop()
            if isinstance(node, ast.ClassDef) and isinstance(owner, ast.Module):
                # a class's ``self.x = …`` in its methods: bindings of the class scope
                continue
            if isinstance(node, ast.Assign):
                for t in node.targets:
                    bind(t, node.value)
            elif isinstance(node, ast.AnnAssign):
                bind(node.target, node.value, node.annotation)
            elif isinstance(node, (ast.For, ast.AsyncFor)):
                iterated = node.iter.elts if isinstance(node.iter, (ast.Tuple, ast.List)) else None
                if isinstance(node.target, ast.Name):
                    found.setdefault(node.target.id, []).extend((v, None) for v in (iterated or [None]))
                else:
                    bind(node.target, None)
            elif isinstance(node, (ast.With, ast.AsyncWith)):
                for item in node.items:
                    if item.optional_vars is not None:
                        bind(item.optional_vars, item.context_expr)
            elif isinstance(node, ast.NamedExpr):
                bind(node.target, node.value)
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ListComp, ast.SetComp,
                                      ast.DictComp, ast.GeneratorExp)) and not isinstance(owner, ast.ClassDef):
                    continue
                if isinstance(child, ast.ClassDef):
                    continue
                todo.append(child)
        return found

    def lookup(self, node: ast.AST, name: str) -> list[tuple[ast.expr | None, ast.expr | None]] | None:
        scope: Scope | None = self.scope_of(node)
        while scope is not None:
            if name.startswith("self."):
                if isinstance(scope.node, ast.ClassDef) and name in scope.bindings:
                    return scope.bindings[name]
                attr = name[5:]
                if isinstance(scope.node, ast.ClassDef):
                    for stmt in scope.node.body:  # ``store: Store`` in a dataclass's fields, or a property
                        if (isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)
                                and stmt.target.id == attr):
                            return [(stmt.value, stmt.annotation)]
                        if (isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name == attr
                                and stmt.returns is not None):
                            return [(None, stmt.returns)]
            elif name in scope.bindings and not isinstance(scope.node, ast.ClassDef):
                return scope.bindings[name]
            scope = scope.parent
        return None

    # -- what an expression is -------------------------------------------------------------------------------
    def kind(self, expr: ast.expr | None, annotation: ast.expr | None = None, at: ast.AST | None = None) -> str:
        if annotation is not None:
            text = ast.unparse(annotation)
            return STORE if STORE_TYPE.search(text) else NOT_STORE
        if expr is None:
            return UNKNOWN
        if isinstance(expr, ast.Await):
            expr = expr.value
        if "standin" in ast.unparse(expr):
            return NOT_STORE
        if isinstance(expr, ast.Call):
            func = dotted(expr.func)
            if func and func[-1] in STORE_CLASSES:
                return STORE
            if func and len(func) == 2 and func[-1] == "open":
                return STORE
            if func and func[-1][:1].isupper():
                return NOT_STORE  # another class's instance
            return UNKNOWN
        if isinstance(expr, (ast.Constant, ast.JoinedStr, ast.BinOp, ast.Compare, ast.ListComp, ast.Dict)):
            return NOT_STORE
        parts = dotted(expr)
        if parts is None:
            return UNKNOWN
        if parts[-1] in STORE_NAMES:
            return STORE
        if len(parts) >= 2 and parts[-1] in self.rooms and parts[-2] in STORE_NAMES:
            return NOT_STORE  # a room
        if len(parts) == 1 and parts[0] in NEVER_STORES:
            return NOT_STORE
        if len(parts) == 1 or (len(parts) == 2 and parts[0] == "self"):
            name = ".".join(parts)
            key = (id(at or expr), name)
            if key in self._visiting:
                return UNKNOWN
            self._visiting.add(key)
            try:
                found = self.lookup(at or expr, name)
                if not found:
                    return UNKNOWN
                kinds = {self.kind(v, a, at=v or at or expr) for v, a in found}
            finally:
                self._visiting.discard(key)
            if kinds == {STORE}:
                return STORE
            if STORE not in kinds and UNKNOWN not in kinds:
                return NOT_STORE
            return UNKNOWN if NOT_STORE not in kinds or STORE in kinds else NOT_STORE
        return NOT_STORE  # an attribute of something else (a session's, a stand-in's …)

    # -- the walk ----------------------------------------------------------------------------------------------
    def run(self) -> None:
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Attribute) and node.attr in self.methods and not node.attr.startswith("_"):
                self.attribute(node)
            elif isinstance(node, ast.Call) and len(node.args) >= 2:
                self.attr_call(node)

    def attribute(self, node: ast.Attribute) -> None:
        parent = self.parents.get(node)
        if node.attr in self.rooms and isinstance(parent, ast.Attribute) and parent.value is node:
            return  # ``store.vacations.vacations``: the room itself
        kind = self.kind(node.value, at=node)
        if kind == STORE:
            assert node.end_lineno is not None and node.end_col_offset is not None
            room = self.methods[node.attr] + "."
            self.edits.append((node.end_lineno, node.end_col_offset - len(node.attr), room))
            if isinstance(parent, ast.Call) and parent.func is node and parent.end_lineno != node.end_lineno:
                assert parent.end_lineno is not None
                self.aligned.append((node.end_lineno, parent.end_lineno, node.end_col_offset, len(room)))
        elif kind == UNKNOWN:
            self.undecided.append((node.lineno, f"{ast.unparse(node.value)}.{node.attr}"))

    def attr_call(self, node: ast.Call) -> None:
        func = dotted(node.func)
        name = node.args[1]
        if not (func and func[-1] in ATTR_FUNCS and isinstance(name, ast.Constant) and isinstance(name.value, str)
                and name.value in self.methods):
            return
        target = node.args[0]
        kind = self.kind(target, at=node)
        if kind == STORE:
            assert target.end_lineno is not None and target.end_col_offset is not None
            self.edits.append((target.end_lineno, target.end_col_offset, "." + self.methods[name.value]))
        elif kind == UNKNOWN:
            self.undecided.append((node.lineno, ast.unparse(node)[:100]))


def line_length() -> int:
    found = re.search(r"^line-length\s*=\s*(\d+)", (ROOT / "pyproject.toml").read_text(encoding="utf-8"), re.M)
    return int(found.group(1)) if found else 120


def wrap(source: str, edited: set[int], rooms: set[str], limit: int) -> tuple[str, list[int]]:
    """Lines the rewrite made longer than ``limit``, broken after the opening parenthesis of a rewritten call
    that fits on one line (``store.games.commit_move(⏎    gid, …)``); returns the lines still too long."""
    for _ in range(200):
        lines = source.splitlines(keepends=True)
        split = None
        for node in ast.walk(ast.parse(source)):
            if not (isinstance(node, ast.Call) and node.lineno == node.end_lineno and node.lineno in edited
                    and (node.args or node.keywords) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Attribute) and node.func.value.attr in rooms):
                continue
            if len(lines[node.lineno - 1].rstrip("\r\n")) <= limit:
                continue
            assert node.func.end_col_offset is not None
            raw = lines[node.lineno - 1].encode("utf-8")
            paren = raw.index(b"(", node.func.end_col_offset)
            if split is None or (node.lineno, paren) < split:
                split = (node.lineno, paren)
        if split is None:
            break
        line, paren = split
        raw = lines[line - 1].encode("utf-8")
        indent = raw[: len(raw) - len(raw.lstrip())]
        lines[line - 1] = (raw[: paren + 1] + b"\n" + indent + b"    " + raw[paren + 1:].lstrip()).decode("utf-8")
        edited = {n + (1 if n > line else 0) for n in edited} | {line + 1}
        source = "".join(lines)
    long = [n for n, text in enumerate(source.splitlines(), 1) if n in edited and len(text) > limit]
    return source, long


def rewrite(source: str, methods: dict[str, str], rooms: set[str],
            limit: int = 120) -> tuple[str, int, list[tuple[int, str]]]:
    """``source`` with its store calls rewritten, the number of edits, and the undecided uses (lines made too long
    and not wrapped among them)."""
    finder = Finder(ast.parse(source), methods, rooms)
    finder.run()
    lines = source.splitlines(keepends=True)
    encoded = [line.encode("utf-8") for line in lines]
    edits = set(finder.edits)
    shifts: dict[int, int] = {}
    for first, last, end, width in set(finder.aligned):
        paren = encoded[first - 1].find(b"(", end)
        for n in range(first + 1, last + 1):
            raw = encoded[n - 1]
            if paren >= 0 and len(raw) - len(raw.lstrip(b" ")) == paren + 1:
                shifts[n] = shifts.get(n, 0) + width
    for line, col, text in sorted(edits, reverse=True):  # col: UTF-8 bytes, as ast counts them
        raw = encoded[line - 1]
        encoded[line - 1] = raw[:col] + text.encode("utf-8") + raw[col:]
    for n, width in shifts.items():
        encoded[n - 1] = b" " * width + encoded[n - 1]
    new = b"".join(encoded).decode("utf-8")
    undecided = sorted(finder.undecided)
    if edits:
        new, long = wrap(new, {line for line, _, _ in edits} | set(shifts), rooms, limit)
        undecided += [(n, f"longer than {limit} characters after the rewrite: wrap it by hand") for n in long
                      if n not in {line for line, _ in undecided}]
    return new, len(edits), undecided


def rewrite_markdown(text: str, methods: dict[str, str], rooms: set[str]) -> tuple[str, int, list[tuple[int, str]]]:
    total = 0
    undecided: list[tuple[int, str]] = []

    def block(match: re.Match[str]) -> str:
        nonlocal total
        code = match.group(1)
        try:
            new, count, unsure = rewrite(code, methods, rooms, 10_000)  # docs' blocks: their own widths
        except SyntaxError:  # a fragment, not a program (``await`` outside a function is fine in 3.8+ ast)
            return match.group(0)
        first = text.count("\n", 0, match.start(1)) + 1
        undecided.extend((first + line - 1, what) for line, what in unsure)
        total += count
        return match.group(0).replace(code, new, 1)

    return FENCE.sub(block, text), total, undecided


def tracked(paths: Iterable[str]) -> Iterator[Path]:
    out = subprocess.run(["git", "ls-files", "-z", "--", *paths], cwd=ROOT, capture_output=True, check=True)
    for name in out.stdout.decode().split("\0"):
        if name.endswith((".py", ".md")) and not name.startswith("scripts/codemods/"):
            path = ROOT / name
            if path.is_file():
                yield path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("paths", nargs="*", help="files or folders (default: every tracked .py and .md file)")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if anything would change")
    args = parser.parse_args(argv)
    methods, rooms = room_map()
    limit = line_length()
    changed = edits = 0
    undecided: list[str] = []
    for path in tracked(args.paths or ["."]):
        text = path.read_text(encoding="utf-8")
        try:
            if path.suffix == ".md":
                new, count, unsure = rewrite_markdown(text, methods, rooms)
            else:
                new, count, unsure = rewrite(text, methods, rooms, limit)
        except SyntaxError as error:
            undecided.append(f"{path.relative_to(ROOT)}: not parsed ({error})")
            continue
        rel = path.relative_to(ROOT)
        undecided.extend(f"{rel}:{line}: {what}" for line, what in unsure)
        if count:
            changed += 1
            edits += count
            print(f"{rel}: {count} call(s) {'would be ' if args.check else ''}rewritten")
            if not args.check:
                path.write_text(new, encoding="utf-8")
    print(f"{edits} rewrite(s) in {changed} file(s){' (check only)' if args.check else ''}")
    if undecided:
        print(f"to look at by hand ({len(undecided)}): a receiver that may be a store, or a line made too long:")
        for line in undecided:
            print("  " + line)
    return 1 if args.check and edits else 0


if __name__ == "__main__":
    raise SystemExit(main())
