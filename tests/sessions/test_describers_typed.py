"""The describers are held to the whole closed sets by a type checker: every engine event (engine/events.py),
every note of the outbox (sessions/notes.py) and every kind of move (engine/moves.py ``MoveKind``) has its
sentence, because each describer is a ``match`` ending in ``typing.assert_never`` and mypy proves it never
runs.  A new event, note or move kind without a sentence fails here.

The dispatchers of stored rows are held the same way: every kind of outbox row (``Outgoing``) has its handler in
the relay and the interaction relay, every kind of timer (``Due``) in the timer dispatcher (store/payloads.py,
cogs/outbox.py, cogs/group_dm_pages.py, sessions/timers.py); a new kind of row without one fails here.

The run is scoped to those modules and the ones defining the closed sets (what they import is not followed:
its names are ``Any`` here) so that it stays quick (1 s without a cache instead of 6 s); a probe per union, a
match leaving one member out, checked the same way, shows that mypy does report the gap.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import get_args

import pytest
from mypy import api

from hardback_bot.engine.events import Event
from hardback_bot.engine.moves import MoveKind
from hardback_bot.sessions.notes import Note
from hardback_bot.store.payloads import Due, Outgoing

ROOT = Path(__file__).resolve().parents[2]
# The modules that define the closed sets, the bases of their members included (a base mypy does not read would
# be Any, and a match over its subclasses could leave one out unnoticed: the probes below show it does not).
# The store's package and models are read too: the rows' classes reach the dispatchers through them.
CLOSED_SETS = ["hardback_bot/engine/events.py", "hardback_bot/engine/event_parts.py", "hardback_bot/engine/moves.py",
               "hardback_bot/sessions/notes.py", "hardback_bot/store/payloads.py", "hardback_bot/store/models.py",
               "hardback_bot/store/__init__.py"]
DESCRIBERS = [*CLOSED_SETS, "hardback_bot/sessions/phrases.py", "hardback_bot/sessions/play_by_play.py",
              "hardback_bot/terminal/report.py"]
# Each dispatcher of stored rows, by the union it must handle whole.
DISPATCHERS = {"Outgoing": ["cogs/outbox.py", "cogs/group_dm_pages.py"], "Due": ["hardback_bot/sessions/timers.py"]}
PAYLOADS = ROOT / "hardback_bot/store/payloads.py"


def _mypy(tmp: Path, *files: str, shadow: tuple[Path, Path] | None = None) -> tuple[str, int]:
    shadowing = ["--shadow-file", str(shadow[0]), str(shadow[1])] if shadow else []
    if shadow:
        # A shadowed module is cached under its real name and checked against the real file's stat: each shadow's
        # text gets a cache of its own, apart from the true modules' (two probes of one worker shared one, and the
        # second read the first one's module from it).
        tmp = tmp / f"shadowed-{hashlib.sha256(shadow[1].read_bytes()).hexdigest()[:16]}"
    out, err, status = api.run(["--follow-imports=skip", "--ignore-missing-imports", "--no-error-summary",
                                "--cache-dir", str(tmp), "--python-version", "3.11", *shadowing, *files])
    return out + err, status


@pytest.fixture(scope="module")
def cache() -> Path:
    """mypy's incremental cache, kept between runs like pytest's and ruff's (.gitignore): one per test worker,
    since two mypy runs writing one cache at once can read each other's half-written entries."""
    return ROOT / ".mypy_cache" / os.environ.get("PYTEST_XDIST_WORKER", "main")


def test_the_describers_name_every_event_note_and_move(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    report, status = _mypy(cache, *DESCRIBERS)
    assert status == 0, report


def test_the_dispatchers_handle_every_kind_of_row(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    report, status = _mypy(cache, *CLOSED_SETS, *(f for files in DISPATCHERS.values() for f in files))
    assert status == 0, report


@pytest.mark.parametrize("union", sorted(DISPATCHERS))
def test_a_new_kind_of_row_without_its_handler_is_reported(union: str, cache: Path, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """store/payloads.py as it would be with one more member of ``union``: each of its dispatchers is reported
    (its subject is typed, not Any), and the others are not."""
    monkeypatch.chdir(ROOT)
    source = PAYLOADS.read_text(encoding="utf-8")
    alias = next(line for line in source.splitlines() if line.startswith(f"{union}: TypeAlias = "))
    extra = ("@dataclass(frozen=True, slots=True)\nclass Newcomer:\n    kind: ClassVar[str] = \"newcomer\"\n"
             "    moves: int | None = None\n\n    def to_json(self) -> dict[str, Any]:\n        return {}\n\n\n")
    shadow = tmp_path / "payloads.py"
    shadow.write_text(source.replace(alias, f"{extra}{alias} | Newcomer"), encoding="utf-8")
    dispatchers = [f for files in DISPATCHERS.values() for f in files]
    report, status = _mypy(cache, *CLOSED_SETS, *dispatchers, shadow=(PAYLOADS, shadow))
    assert status == 1, report
    reported = {line.split(":", 1)[0] for line in report.splitlines() if "Newcomer" in line and "assert_never" in line}
    assert reported == set(DISPATCHERS[union]), report


def _probe(name: str, members: list[str], left_out: str, module: str, alias: str) -> str:
    kept = [m for m in members if m != left_out]
    cases = "\n".join(f"        case {m}():\n            return {m!r}" for m in kept)
    return (f"from typing import assert_never\n\nfrom {module} import {alias}, {', '.join(kept)}\n\n\n"
            f"def {name}(value: {alias}) -> str:\n    match value:\n{cases}\n        case _:\n"
            f"            assert_never(value)\n")


@pytest.mark.parametrize(("union", "module", "alias"), [(Event, "hardback_bot.engine.events", "Event"),
                                                        (Note, "hardback_bot.sessions.notes", "Note"),
                                                        (Outgoing, "hardback_bot.store.payloads", "Outgoing"),
                                                        (Due, "hardback_bot.store.payloads", "Due")])
def test_a_member_left_out_is_reported(union: object, module: str, alias: str, cache: Path, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    members = [cls.__name__ for cls in get_args(union)]
    left_out = members[len(members) // 2]
    probe = tmp_path / "probe.py"
    probe.write_text(_probe("say", members, left_out, module, alias), encoding="utf-8")
    report, status = _mypy(cache, str(probe), *CLOSED_SETS)  # checked as the describers are
    assert status == 1 and left_out in report and "assert_never" in report, report
    probe.write_text(_probe("say", members, "", module, alias), encoding="utf-8")
    report, status = _mypy(cache, str(probe), *CLOSED_SETS)
    assert status == 0, report


def test_a_move_kind_left_out_is_reported(cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    kinds = [k for k in get_args(MoveKind) if k != "undo"]
    cases = "\n".join(f"        case {k!r}:\n            return {k!r}" for k in kinds)
    probe = tmp_path / "moves_probe.py"
    probe.write_text("from typing import assert_never\n\nfrom hardback_bot.engine.moves import Move\n\n\n"
                     f"def say(move: Move) -> str:\n    match move.kind:\n{cases}\n        case _:\n"
                     "            assert_never(move.kind)\n", encoding="utf-8")
    report, status = _mypy(cache, str(probe), *CLOSED_SETS)
    assert status == 1 and "undo" in report, report
