"""Every Python example of the README and docs/ runs, as it is written there.

Each ```python block is compiled and executed (top-level ``await`` allowed). Most stand alone. The examples of
how to write tests (docs/testing-discord.md, docs/testing-bot.md) run where tests run: the block may use
``world`` (a started Discord stand-in with a server, #general, alice, bob and mod), ``tmp_path`` and ``sys``,
and every ``test_*`` coroutine it defines is then called with ``world`` — so the doc's example is a real
test. A block that fails fails this test, naming the file and the block's first line.
"""

from __future__ import annotations

import ast
import inspect
import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
IN_A_TEST = {"testing-discord.md", "testing-bot.md"}  # examples that are parts of tests


def _blocks() -> list[tuple[str, int, str]]:
    found = []
    for path in DOCS:
        for number, match in enumerate(FENCE.finditer(path.read_text(encoding="utf-8")), start=1):
            found.append((str(path.relative_to(ROOT)), number, match.group(1)))
    return found


BLOCKS = _blocks()


def test_the_docs_have_python_examples() -> None:
    assert len(BLOCKS) >= 15, BLOCKS  # the scan itself works


@pytest.mark.parametrize(("doc", "number", "code"), BLOCKS, ids=[f"{d}#{n}" for d, n, _ in BLOCKS])
async def test_every_python_example_runs(doc: str, number: int, code: str, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    namespace: dict[str, Any] = {"__name__": f"doc_example_{number}"}
    if Path(doc).name in IN_A_TEST:
        await _run_in_a_test(code, doc, number, namespace, tmp_path)
        return
    await _run(code, doc, number, namespace)


async def _run(code: str, doc: str, number: int, namespace: dict[str, Any]) -> None:
    compiled = compile(code, f"{doc} (example {number})", "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
    result = eval(compiled, namespace)
    if inspect.iscoroutine(result):
        await result


async def _run_in_a_test(code: str, doc: str, number: int, namespace: dict[str, Any], tmp_path: Path) -> None:
    tests = str(ROOT / "tests")
    for folder in (tests, os.path.join(tests, "e2e")):
        if folder not in sys.path:
            sys.path.insert(0, folder)
    from discord_standin import point_discord_at
    from discord_standin.world import make_world

    world = await make_world()
    restore = point_discord_at(world.standin.api_url, world.standin.gateway_url)
    try:
        namespace.update(world=world, tmp_path=tmp_path, sys=sys)
        await _run(code, doc, number, namespace)
        for name, value in list(namespace.items()):
            if name.startswith("test_") and inspect.iscoroutinefunction(value):
                await value(world)
    finally:
        restore()
        await world.standin.stop()
    world.standin.assert_no_violations()
