"""Rewrite call sites and imports for the sessions layer's parts (issue 37, point 3). Re-runnable: a second run
changes nothing, and a run after other branches merge fixes the call sites and imports they brought.

    python scripts/codemods/sessions_parts.py          # rewrite in place, list what changed and what it left
    python scripts/codemods/sessions_parts.py --check  # only list; exit status 1 when something would change

What it rewrites, in the project's .py and .md files (hardback_bot/, cogs/, tests/, bench/, scripts/, docs/,
bot.py, README.md):

- the methods that moved from ``Sessions`` to its parts, on any reference ending in ``sessions``
  (``self.bot.sessions.lobby_action(`` -> ``self.bot.sessions.lobby.act(``; ``Sessions(store).rematch(`` too);
- ``set_table_option(X, ...)`` -> ``X.lobby.set_option(...)`` and its import;
- the renamed modules, wherever a module path is written: absolute and relative imports (resolved against the
  file's own package), ``from package import module`` (with the module's uses in that file), dotted paths in
  strings, and file paths (``hardback_bot/sessions/describe.py``).

What it cannot decide (a moved method called on a receiver not named ``sessions``, a class that no longer
exists) it prints as ``left:`` lines for a person to look at.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "hardback_bot.sessions"
TREES = ("hardback_bot", "cogs", "tests", "bench", "scripts", "docs")
TOP_FILES = ("bot.py", "README.md")

# Old module (relative to hardback_bot.sessions) -> new. The old ``lobby`` module (setting a lobby's options) is
# not here: the new ``lobby`` is the lobby's actions, so its two names are moved by name below.
MODULES = {
    "lobby_actions": "lobby",
    "timing": "timers",
    "teaching": "why_it_paid",
    "tutor": "coach_advice",
    "describe_play": "play_by_play",
    "describe": "phrases",
    "screens.private": "screens.my_panel",
}
# Test files renamed with their modules (named where docs point at them).
TEST_FILES = {"tests/sessions/test_teaching.py": "tests/sessions/test_why_it_paid.py",
              "tests/sessions/test_tutor.py": "tests/sessions/test_coach_advice.py"}
# Names that left the old ``lobby`` module: option_for -> table_options; set_table_option became a method.
OLD_LOBBY_NAMES = {"option_for": "table_options"}

# Sessions.<method> -> <part>.<method>. Generic names are only rewritten where called.
METHODS = {
    "check_new_table": "lobby.check_new_table",
    "open_lobby": "lobby.open",
    "lobby_action": "lobby.act",
    "handle_timer": "timers.handle",
    "release_timers": "timers.release",
    "current_deadline": "timers.current_deadline",
    "run_timers": "timers.run",
    "timer_gate": "timers.gate",
    "drop_timer": "timers.drop",
    "reclaim_seat": "seats.reclaim",
    "take_seat": "seats.take",
}
CALLED_METHODS = {
    "rematch": "lobby.rematch",
    "leave": "seats.leave",
    "offer_seat": "seats.offer",
}
PARTS = ("lobby", "timers", "seats")
GONE_CLASSES = ("LobbyActions", "Timing")  # the mixins that became sessions.lobby and sessions.timers


def files() -> list[Path]:
    found = [ROOT / name for name in TOP_FILES if (ROOT / name).exists()]
    for tree in TREES:
        found += [p for p in (ROOT / tree).rglob("*") if p.suffix in (".py", ".md") and p.is_file()]
    mine = {Path(__file__).resolve(), (ROOT / "tests" / "sessions" / "test_parts_codemod.py").resolve()}
    return sorted(p for p in found if p.resolve() not in mine and ".git" not in p.parts)


def new_module(old: str) -> str | None:
    """The new dotted path for an old one under hardback_bot.sessions (or one inside it), else None."""
    prefix = PACKAGE + "."
    if not old.startswith(prefix):
        return None
    rest = old[len(prefix):]
    for before, after in MODULES.items():
        if rest == before or rest.startswith(before + "."):
            return prefix + after + rest[len(before):]
    return None


def module_of(path: Path) -> list[str]:
    """The package a file's relative imports start from (its own package)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return parts[:-1]


def rewrite_relative(text: str, path: Path) -> str:
    package = module_of(path)

    def fix(match: re.Match[str]) -> str:
        dots, module, names = match.group(1), match.group(2) or "", match.group(3)
        base = package[:len(package) - len(dots) + 1]
        absolute = ".".join(base + ([module] if module else []))
        moved = new_module(absolute)
        if moved is not None and module:
            kept = moved.split(".")[len(base):]
            return f"from {dots}{'.'.join(kept)} import{names}"
        if not module or absolute in (PACKAGE, PACKAGE + ".screens"):
            return f"from {dots}{module} import{fix_names(absolute, names)}"
        return match.group(0)

    return re.sub(r"from (\.+)([\w.]*) import(\s*\(?[^\n]*)", fix, text)


def fix_names(package: str, names: str) -> str:
    """``from <package> import a, b``: a renamed module among the names gets its new name."""
    for old, new in MODULES.items():
        old_package, _, old_name = f"{PACKAGE}.{old}".rpartition(".")
        if old_package == package:
            names = re.sub(rf"(?<![\w.]){old_name}(?![\w.])", new.rpartition(".")[2], names)
    return names


def rewrite_from_package_imports(text: str) -> tuple[str, list[str]]:
    """``from hardback_bot.sessions import describe`` (or ``.screens import private``): rename the import and the
    module's uses in the file (``describe.card_name`` -> ``phrases.card_name``)."""
    renamed: list[str] = []
    for old, new in MODULES.items():
        old_package, _, old_name = f"{PACKAGE}.{old}".rpartition(".")
        new_name = new.rpartition(".")[2]
        if old_name not in text:
            continue
        pattern = rf"(from {re.escape(old_package)} import[^\n]*?)(?<![\w.]){old_name}(?![\w.])"
        if re.search(rf"^\s*{pattern}", text, flags=re.M):
            text = re.sub(rf"^(\s*){pattern}", rf"\1\2{new_name}", text, flags=re.M)
            text = re.sub(rf"(?<![\w.\"'/]){old_name}(?![\w\"'/])", new_name, text)
            renamed.append(f"{old_name} -> {new_name}")
    return text, renamed


def rewrite_paths(text: str) -> str:
    for old, new in TEST_FILES.items():
        text = text.replace(old, new)
    for old, new in MODULES.items():
        if old.rpartition(".")[2] not in text:
            continue  # the quick test first: most files name none of the old modules
        old_dotted, new_dotted = f"{PACKAGE}.{old}", f"{PACKAGE}.{new}"
        text = re.sub(rf"(?<![\w.]){re.escape(old_dotted)}(?![\w])", new_dotted, text)
        old_path, new_path = old.replace(".", "/") + ".py", new.replace(".", "/") + ".py"
        text = re.sub(rf"(?<![\w])(hardback_bot/)?sessions/{re.escape(old_path)}",
                      lambda m, p=new_path: f"{m.group(1) or ''}sessions/{p}", text)
        if "." not in old:  # a file named alone, as prose does ("Beside describe.py"); screens/private below
            # A map's column stays where it was: the spaces after the name take up the difference in length.
            text = re.sub(rf"(?<![\w/.]){old}\.py\b( {{2,}})?", lambda m, o=old, n=new: f"{n}.py" + (
                " " * max(2, len(m.group(1)) + len(o) - len(n)) if m.group(1) else ""), text)
    if "screens/private" in text:
        text = re.sub(r"(?<![\w/])screens/private\b", "screens/my_panel", text)  # not the stand-in's private.py
    return text


def rewrite_old_lobby_imports(text: str) -> str:
    """``from ...lobby import option_for, set_table_option`` (the old options module)."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        m = re.match(r"(\s*)from (hardback_bot\.sessions\.|\.+)lobby import ([\w, ]+)$", line)
        if not m or not ({"option_for", "set_table_option"} & {n.strip() for n in m.group(3).split(",")}):
            continue
        indent, where, names = m.group(1), m.group(2), [n.strip() for n in m.group(3).split(",")]
        out = []
        for name in names:
            if name == "set_table_option":
                continue  # a method of the lobby now
            target = OLD_LOBBY_NAMES.get(name, "lobby")
            out.append(f"{indent}from {where}{target} import {name}")
        lines[i] = "\n".join(out) if out else "\x00"
    return "\n".join(line for line in lines if line != "\x00")


def rewrite_calls(text: str) -> str:
    # set_table_option(X, ...) -> X.lobby.set_option(...), X a dotted name.
    if "set_table_option" in text:
        text = re.sub(r"(?<![\w.])set_table_option\(\s*([A-Za-z_][\w.]*)\s*,\s*", r"\1.lobby.set_option(", text)
    for old, new in METHODS.items():
        if old not in text:
            continue
        text = re.sub(rf"(\bsessions|\bSessions\([^()\n]*\))\.{old}\b", rf"\1.{new}", text)
        text = re.sub(rf"\bSessions\.{old}\b", f"Sessions.{new}", text)
    for old, new in CALLED_METHODS.items():
        if f".{old}(" not in text:
            continue
        text = re.sub(rf"(\bsessions|\bSessions\([^()\n]*\))\.{old}(?=\()", rf"\1.{new}", text)
    return text


def leftovers(before: str, text: str, path: Path) -> list[str]:
    """What the rewrite could not decide: moved methods on other receivers, the mixins' old names, a line the
    rewrite made too long."""
    found = []
    names = "|".join([*METHODS, *CALLED_METHODS, "set_table_option"])
    old_lines = set(before.split("\n"))
    name = path.relative_to(ROOT)
    watched = (*METHODS, *CALLED_METHODS, "set_table_option", *GONE_CLASSES)
    for number, line in enumerate(text.split("\n"), 1):
        where = f"{name}:{number}"
        if len(line) <= 120 and not any(word in line for word in watched):
            continue
        for m in re.finditer(rf"([\w.\])]*)\.({names})\b", line):
            receiver = m.group(1)
            if {"store", "_store"} & set(receiver.split(".")) or receiver.endswith("self") \
                    or receiver.rpartition(".")[2] in PARTS:
                continue  # the store's own offer_seat (or its room's); a part's own method; already moved
            found.append(f"{where}: {m.group(0)} (receiver {receiver or '?'})")
        if path.suffix == ".py" and re.search(rf"\b({'|'.join(GONE_CLASSES)})\b", line) \
                and re.search(r"\bimport\b|\bclass\b|isinstance", line):
            found.append(f"{where}: {line.strip()} (a mixin of the old chain: use sessions.lobby/timers/seats)")
        if path.suffix == ".py" and len(line) > 120 and line not in old_lines:
            found.append(f"{where}: longer than 120 characters after the rewrite")
    return found


def rewrite(path: Path) -> tuple[str, str, list[str]]:
    before = path.read_text(encoding="utf-8")
    text = before
    notes: list[str] = []
    if path.suffix == ".py":
        text = rewrite_old_lobby_imports(text)
        if path.is_relative_to(ROOT / "hardback_bot" / "sessions"):
            text = rewrite_relative(text, path)
        text, renamed = rewrite_from_package_imports(text)
        notes += [f"{path.relative_to(ROOT)}: module imported by name renamed ({r}), its uses in the file too"
                  for r in renamed]
    text = rewrite_paths(text)
    text = rewrite_calls(text)
    return before, text, notes


def sort_imports(paths: list[Path]) -> None:
    """A renamed module can leave an import block out of order: ruff puts it back (and only that)."""
    python = [str(p) for p in paths if p.suffix == ".py"]
    if not python:
        return
    try:
        subprocess.run(["ruff", "check", "--fix", "--select", "I001", "--quiet", *python], cwd=ROOT, check=False)
    except FileNotFoundError:
        print("note: ruff not found; run `ruff check --fix --select I001 .` to sort the rewritten imports")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if something would change")
    args = parser.parse_args()
    changed, left = [], []
    for path in files():
        before, after, notes = rewrite(path)
        left += leftovers(before, after, path)
        if after != before:
            changed.append(path)
            print(f"{'would rewrite' if args.check else 'rewrote'}: {path.relative_to(ROOT)}")
            for note in notes:
                print(f"  note: {note}")
            if not args.check:
                path.write_text(after, encoding="utf-8")
    if changed and not args.check:
        sort_imports(changed)
    for line in left:
        print(f"left: {line}")
    print(f"{len(changed)} file(s) {'to rewrite' if args.check else 'rewritten'}, {len(left)} left to decide")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
