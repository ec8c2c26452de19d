"""The engine's rooms (docs/architecture.md): no import cycle among its modules, no module reaching
into another's private names, every move kind handled by a room, every room small enough to read
in one sitting and its public functions saying what they do."""

from __future__ import annotations

import ast
from pathlib import Path

from hardback_bot.engine.moves import MOVE_SHAPES
from hardback_bot.engine.turn import MOVES

ENGINE = Path(__file__).resolve().parents[2] / "hardback_bot" / "engine"
MODULES = {path.stem: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(ENGINE.glob("*.py"))}
ROOMS = ("table", "turn", "spelling", "abilities", "offer_row", "market", "turn_end", "game_end", "setup",
         "votes", "ghostwriter", "coop", "penny", "awards", "unique_words", "game")
MAX_LINES = 330


def _engine_imports(tree: ast.Module) -> set[str]:
    """Engine modules a module imports, wherever the import is (functions and TYPE_CHECKING blocks too)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:
                if node.module:
                    found.add(node.module.split(".")[0])
                else:
                    found |= {a.name for a in node.names}
            elif node.level == 0 and (node.module or "").startswith("hardback_bot.engine."):
                found.add((node.module or "").split(".")[2])
        elif isinstance(node, ast.Import):
            found |= {a.name.split(".")[2] for a in node.names if a.name.startswith("hardback_bot.engine.")}
    return found & set(MODULES)


def test_no_import_cycle_among_engine_modules() -> None:
    graph = {name: _engine_imports(tree) for name, tree in MODULES.items()}
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> None:
        if name in path:
            raise AssertionError("import cycle: " + " -> ".join([*path[path.index(name):], name]))
        if name in done:
            return
        for dep in sorted(graph[name]):
            visit(dep, [*path, name])
        done.add(name)

    for name in graph:
        visit(name, [])


def _own_private_names(tree: ast.Module) -> set[str]:
    """Private functions, methods and attributes a module defines itself (which it may use)."""
    names = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.ClassDef)}
    names |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store)}
    names |= {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    return {n for n in names if n.startswith("_")}


def test_no_module_uses_another_modules_private_names() -> None:
    offences = []
    for name, tree in MODULES.items():
        own = _own_private_names(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                offences += [f"{name}: imports {a.name}" for a in node.names if a.name.startswith("_")]
            elif (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                  and node.attr not in own):
                offences.append(f"{name}:{node.lineno}: .{node.attr}")
    assert not offences


def test_every_move_of_the_notation_has_a_room() -> None:
    assert set(MOVES) == set(MOVE_SHAPES)


def test_rooms_are_small_and_their_functions_documented() -> None:
    for name in ROOMS:
        tree = MODULES[name]
        lines = len((ENGINE / f"{name}.py").read_text(encoding="utf-8").splitlines())
        assert lines <= MAX_LINES, f"{name}.py has {lines} lines"
        assert ast.get_docstring(tree), f"{name}.py says what it holds"
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
                assert ast.get_docstring(node), f"{name}.{node.name} has no docstring"
