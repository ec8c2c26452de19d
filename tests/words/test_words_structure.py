"""The words package's modules (docs/solver.md, "Where the code is"): each small enough to read in one
sitting and saying what it holds, none reaching into another's private names, and the solver's rooms
importing one another in one order only, lowest first, so none of them can import in a circle."""

from __future__ import annotations

import ast
from pathlib import Path

WORDS = Path(__file__).resolve().parents[2] / "hardback_bot" / "words"
MAX_LINES = 500
# The solver's modules, lowest first: each may import only those before it.
SOLVER_ORDER = ("value", "index", "listing", "bounds", "layout", "play", "search.arrange", "search.word_bounds",
                "search.word", "search.groups", "api")


def _name(path: Path) -> str:
    parts = list(path.relative_to(WORDS).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_name(path): path for path in sorted(WORDS.rglob("*.py"))}
TREES = {name: ast.parse(path.read_text(encoding="utf-8")) for name, path in MODULES.items()}


def _words_imports(name: str) -> set[str]:
    """Modules of the words package that ``name`` imports, wherever the import stands."""
    package = name.split(".") if MODULES[name].name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(TREES[name]):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                kept = package[:len(package) - node.level + 1]
                base = ".".join([*kept, *([node.module] if node.module else [])])
            elif (node.module or "").startswith("hardback_bot.words."):
                base = (node.module or "").removeprefix("hardback_bot.words.")
            else:
                continue
            for alias in node.names:
                found.add(f"{base}.{alias.name}".strip(".") if f"{base}.{alias.name}".strip(".") in MODULES else base)
        elif isinstance(node, ast.Import):
            found |= {a.name.removeprefix("hardback_bot.words.") for a in node.names
                      if a.name.startswith("hardback_bot.words.")}
    return (found & set(MODULES)) - {name}


def test_every_module_is_small_and_says_what_it_holds() -> None:
    for name, path in MODULES.items():
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= MAX_LINES, f"{name} has {lines} lines"
        assert ast.get_docstring(TREES[name]), f"{name} says what it holds"


def _own_private_names(tree: ast.Module) -> set[str]:
    names = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.ClassDef)}
    names |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store)}
    names |= {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    return {n for n in names if n.startswith("_")}


def test_no_module_uses_another_modules_private_names() -> None:
    offences = []
    for name, tree in TREES.items():
        own = _own_private_names(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                offences += [f"{name}: imports {a.name}" for a in node.names if a.name.startswith("_")]
            elif (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                  and node.attr not in own):
                offences.append(f"{name}:{node.lineno}: .{node.attr}")
    assert offences == []


def test_the_solver_rooms_import_only_rooms_below_them() -> None:
    solver = {m.removeprefix("solver.") for m in MODULES if m.startswith("solver.")}
    packages = {"search"}  # a package's __init__ holds its description only
    assert solver - packages == set(SOLVER_ORDER)
    upward = []
    for room in SOLVER_ORDER:
        below = {f"solver.{r}" for r in SOLVER_ORDER[:SOLVER_ORDER.index(room)]}
        imported = {m for m in _words_imports(f"solver.{room}") if m.startswith("solver")}
        upward += [f"{room} -> {m}" for m in sorted(imported - below)]
    assert upward == []
    assert _words_imports("solver.search") == set()
    # The package's own names are re-exported from its rooms; no room imports the package itself.
    assert _words_imports("solver") <= {f"solver.{r}" for r in SOLVER_ORDER}
    assert not any("solver" in _words_imports(m) for m in MODULES if m.startswith("solver"))


def test_the_checks_see_the_imports() -> None:
    assert _words_imports("solver.api") >= {"solver.search.groups", "solver.bounds", "solver.index"}
    assert _words_imports("solver.search.word") == {"solver.bounds", "solver.value", "solver.search.arrange",
                                                    "solver.search.word_bounds"}
