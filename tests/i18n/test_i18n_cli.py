"""The catalogue commands (python -m hardback_bot.i18n ...) run Babel for real."""

from __future__ import annotations

import gettext
import subprocess
import sys
from pathlib import Path

from hardback_bot.i18n.checks import TEMPLATE, read_catalogue

REPO = Path(__file__).resolve().parents[2]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hardback_bot.i18n", *args], cwd=REPO, capture_output=True,
                          text=True, timeout=300)


def _keys(path: Path) -> set[tuple[str | None, object]]:
    return {(m.context, m.id) for m in read_catalogue(path) if m.id}


def test_extract_finds_exactly_the_committed_template(tmp_path: Path) -> None:
    """The template is up to date with the code: marked strings and slash-command texts alike."""
    out = tmp_path / "fresh.pot"
    done = _run("extract", "--output", str(out))
    assert done.returncode == 0, done.stderr
    fresh, committed = _keys(out), _keys(TEMPLATE)
    assert fresh - committed == set(), "run `python -m hardback_bot.i18n extract` and `update`, then translate"
    assert committed - fresh == set(), "the template holds messages the code no longer has: run extract and update"
    assert ("command name", "start") in fresh


def test_check_passes_and_compile_writes_mo_files_gettext_reads(tmp_path: Path) -> None:
    checked = _run("check")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "catalogues complete" in checked.stdout
    compiled = _run("compile", str(tmp_path))
    assert compiled.returncode == 0, compiled.stderr
    assert "ja:" in compiled.stdout and "translated" in compiled.stdout
    es = gettext.translation("hardback", localedir=str(tmp_path), languages=["es"])
    assert es.pgettext("refusal no_ink", "You have no ink.") == "No tienes tinta."
    assert es.pgettext("command name", "start") == "empezar"
