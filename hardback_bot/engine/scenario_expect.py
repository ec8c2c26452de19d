"""Scenario expectations (docs/scenarios.md): ``expect`` compares fields of the runner's output,
``expect_events`` looks for events in order; the first difference is reported in one sentence."""

from __future__ import annotations

import json
from typing import Any

from .cards import STARTER_SEAT_BASE, coin_starter_ids
from .scenario_setup import ScenarioError

#: Fields of a seat in the output whose values are card ids (a coin starter may be written plain there).
CARD_FIELDS = {"hand", "inked", "cleared", "draw_top_first", "discard", "timeless", "jail"}


class ExpectationFailed(ScenarioError):
    """An expectation of the scenario does not hold."""


def check(step: dict[str, Any], rep: dict[str, Any]) -> None:
    """Raise ExpectationFailed at the first expectation of ``step`` that ``rep`` does not meet."""
    where = f"move {step['number']}" if step["number"] != "end" else "at the end"
    if step.get("move") is not None:
        where += f" ({step['move']})"
    expect = step.get("expect") or {}
    if not isinstance(expect, dict):
        raise ScenarioError(f"{where}: expect must be a mapping of output fields to values")
    for key, wanted in expect.items():
        path, _, has = str(key).partition(" ")
        if has not in ("", "has"):
            raise ScenarioError(f"{where}: '{key}' is not a field (or 'FIELD has')")
        actual = _lookup(rep, path, where)
        wanted = _own_ids(path, wanted)
        problem = _missing_items(wanted, actual) if has else _difference(wanted, actual)
        if problem is not None:
            raise ExpectationFailed(f"{where}: {path}{problem}")
    wanted_events = step.get("expect_events") or []
    events = rep["events"]
    position = 0
    for want in wanted_events:
        found = next((i for i in range(position, len(events)) if _difference(want, events[i]) is None), None)
        if found is None:
            raise ExpectationFailed(f"{where}: no event {json.dumps(want)} (in order) among "
                                    f"{json.dumps(events[position:])}")
        position = found + 1


def _lookup(rep: Any, path: str, where: str) -> Any:
    value = rep
    for part in path.split("."):
        if isinstance(value, list) and part.lstrip("-").isdigit() and -len(value) <= int(part) < len(value):
            value = value[int(part)]
        elif isinstance(value, dict) and part in value:
            value = value[part]
        else:
            raise ExpectationFailed(f"{where}: the output has no field {path}")
    return value


def _own_ids(path: str, wanted: Any) -> Any:
    """Under ``players.N``, plain coin-starter ids in card fields mean seat N's (as in ``seats``)."""
    parts = path.split(".")
    if len(parts) < 2 or parts[0] != "players" or not parts[1].isdigit():
        return wanted
    seat = int(parts[1])

    def fix(value: Any, key: str | None) -> Any:
        if isinstance(value, dict):
            return {k: fix(v, str(k)) for k, v in value.items()}
        if key in CARD_FIELDS:
            if isinstance(value, list):
                return [fix(v, key) for v in value]
            if isinstance(value, int) and value < STARTER_SEAT_BASE and value in coin_starter_ids():
                return value + STARTER_SEAT_BASE * (seat + 1)
        return value

    return fix(wanted, parts[-1] if len(parts) > 2 else None)


def _missing_items(wanted: Any, actual: Any) -> str | None:
    """``FIELD has: [items]``: each item matches some item of the list, in any order."""
    if not isinstance(actual, list):
        return f" is {json.dumps(actual)}, not a list"
    for item in wanted if isinstance(wanted, list) else [wanted]:
        if not any(_difference(item, a) is None for a in actual):
            return f" has no {json.dumps(item)}: {json.dumps(actual)}"
    return None


def _difference(wanted: Any, actual: Any) -> str | None:
    """None when ``actual`` matches ``wanted``: mappings by the keys given, lists item by item."""
    if isinstance(wanted, dict):
        if not isinstance(actual, dict):
            return f" is {json.dumps(actual)}, expected {json.dumps(wanted)}"
        for key, value in wanted.items():
            if str(key) not in actual:
                return f".{key} is missing (have {', '.join(map(str, actual))})"
            problem = _difference(value, actual[str(key)])
            if problem is not None:
                return f".{key}{problem}"
        return None
    if isinstance(wanted, list) and isinstance(actual, list) and len(wanted) == len(actual):
        for i, (w, a) in enumerate(zip(wanted, actual, strict=True)):
            problem = _difference(w, a)
            if problem is not None:
                return f".{i}{problem}"
        return None
    if isinstance(wanted, list) and isinstance(actual, list):
        return f" has {len(actual)} items, expected {len(wanted)}: {json.dumps(actual)}"
    if isinstance(wanted, bool) or isinstance(actual, bool):
        same = isinstance(wanted, bool) and isinstance(actual, bool) and wanted == actual
    else:
        same = wanted == actual
    return None if same else f" is {json.dumps(actual)}, expected {json.dumps(wanted)}"
