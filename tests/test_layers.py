"""The project's layers (docs/architecture.md): every module of ``hardback_bot``, ``cogs`` and ``bot.py``
imports only from its own layer or the layers below, and no group of modules imports each other in a
circle.  Every import counts, wherever it stands (inside a function, under TYPE_CHECKING): a lazy import
is still a dependency.  The engine's own rooms have their finer rules in tests/engine/test_structure.py."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Lowest first.  A module may import from its own layer and any layer before it in this list.
# ``ops`` (metrics, health, logs) sits low so that the store, the sessions and the bot can all report into it.
LAYERS = ("hardback_bot", "data", "ops", "engine", "i18n", "cardtext", "words", "ai", "render", "store", "config",
          "sessions", "help", "terminal", "simulate", "bot", "cogs")


def _modules() -> dict[str, Path]:
    files = [*ROOT.glob("hardback_bot/**/*.py"), *ROOT.glob("cogs/*.py"), ROOT / "bot.py"]
    found = {}
    for path in files:
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    """The project's modules that ``name`` imports (a ``from package import module`` names the module)."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[:len(package) - node.level + 1] + ([node.module] if node.module else []))
            for alias in node.names:  # ``from package import module`` depends on the module alone
                targets.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base)
        elif isinstance(node, ast.Import):
            targets |= {alias.name for alias in node.names}
    return {t for t in targets if t in MODULES and t != name}


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if parts[0] == "hardback_bot" and len(parts) > 1 else parts[0]


def test_every_module_has_a_layer() -> None:
    assert {_layer(m) for m in MODULES} <= set(LAYERS), {_layer(m) for m in MODULES} - set(LAYERS)


def test_layers_import_only_from_below() -> None:
    upward = sorted(f"{m} -> {t}" for m, targets in GRAPH.items() for t in targets
                    if LAYERS.index(_layer(t)) > LAYERS.index(_layer(m)))
    assert upward == []


def test_no_import_cycle() -> None:
    # Tarjan's strongly connected components: any component of two or more modules is a circle.
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in sorted(GRAPH[module]):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == module:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for module in sorted(GRAPH):
        if module not in index:
            visit(module)
    assert circles == []


def test_the_checks_see_imports_inside_functions_and_type_checking_blocks() -> None:
    # cogs import the bot's class for their type hints only; the bot loads the cogs by name, not import.
    assert "bot" in GRAPH["cogs.play"]
    assert not any(_layer(t) == "cogs" for t in GRAPH["bot"])
    # help.words imports the search helpers inside its functions.
    assert "hardback_bot.sessions.searching" in GRAPH["hardback_bot.help.words"]


MAX_LINES = 500  # a module longer than this holds more than one job: split it into rooms


def test_every_module_of_the_package_is_a_small_room() -> None:
    sizes = {name: len(path.read_text(encoding="utf-8").splitlines()) for name, path in MODULES.items()
             if name.startswith("hardback_bot")}
    long = {name: n for name, n in sizes.items() if n > MAX_LINES}
    assert not long, f"modules over {MAX_LINES} lines: {long}"


def test_every_cog_module_is_a_small_room() -> None:
    sizes = {name: len(path.read_text(encoding="utf-8").splitlines()) for name, path in MODULES.items()
             if name.startswith("cogs.")}
    assert len(sizes) > 20  # every cog module is looked at
    long = {name: n for name, n in sizes.items() if n > MAX_LINES}
    assert not long, f"modules over {MAX_LINES} lines: {long}"


def test_every_python_file_of_the_project_is_a_small_room() -> None:
    # The tests, the stand-in, the benchmarks and the scripts too: a reader finds one job per file everywhere.
    files = [p for p in ROOT.rglob("*.py") if ".git" not in p.parts and "build" not in p.parts]
    assert len(files) > 400
    long = {str(p.relative_to(ROOT)): n for p in files
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"files over {MAX_LINES} lines: {long}"
