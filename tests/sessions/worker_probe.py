"""A job for search workers that imports nothing of the project: what a worker has loaded is its own doing."""

from __future__ import annotations

import sys


def loaded(modules: tuple[str, ...]) -> list[bool]:
    return [name in sys.modules for name in modules]
