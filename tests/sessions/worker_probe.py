"""Jobs for search workers that import nothing of the project: what a worker has loaded is its own doing."""

from __future__ import annotations

import os
import sys


def loaded(modules: tuple[str, ...]) -> list[bool]:
    return [name in sys.modules for name in modules]


def searcher_here() -> bool:
    """Whether the worker takes itself for a process with a searcher (a forked copy of one must not)."""
    searching = sys.modules.get("hardback_bot.sessions.searching")
    return searching is not None and searching.running() is not None  # type: ignore[attr-defined]


def die_unless_in(parent: int) -> str:
    if os.getpid() != parent:
        os._exit(3)  # a worker that crashes (out of memory, say)
    return "ran here"
