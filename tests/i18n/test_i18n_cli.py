"""The catalogue commands (python -m hardback_bot.i18n ...) run Babel for real, over every domain."""

from __future__ import annotations

import gettext
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import write_po
from babel.util import pathmatch

from hardback_bot.i18n import DOMAINS, template_path
from hardback_bot.i18n.__main__ import mapping_file
from hardback_bot.i18n.checks import read_catalogue

REPO = Path(__file__).resolve().parents[2]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hardback_bot.i18n", *args], cwd=REPO, capture_output=True,
                          text=True, timeout=300)


def _keys(path: Path) -> set[tuple[str | None, object]]:
    return {(m.context, m.id) for m in read_catalogue(path) if m.id}


def test_extract_finds_exactly_the_committed_templates(tmp_path: Path) -> None:
    """Every domain's template is up to date with its code: marked strings and slash-command texts alike."""
    done = _run("extract", "--output-dir", str(tmp_path))
    assert done.returncode == 0, done.stderr
    for domain in DOMAINS:
        fresh, committed = _keys(tmp_path / f"{domain}.pot"), _keys(template_path(domain))
        assert fresh - committed == set(), f"{domain}: run `python -m hardback_bot.i18n extract` and `update`, " \
                                           "then translate"
        assert committed - fresh == set(), f"{domain}: the template holds messages the code no longer has: " \
                                           "run extract and update"
    assert ("command name", "start") in _keys(tmp_path / "hardback.pot")
    assert ("refusal no_ink", "You have no ink.") in _keys(tmp_path / "hardback.pot")


def _extracting_domains(path: str) -> list[str]:
    """The domains whose Babel map reads ``path``'s messages (the first matching pattern decides; the
    slash-command method reads only cogs/hardback.py's command metadata, not its gettext calls)."""
    found = []
    for domain in DOMAINS:
        with mapping_file(domain).open(encoding="utf-8") as f:
            method_map, _ = parse_mapping_cfg(f)
        method = next((m for pattern, m in method_map if pathmatch(pattern, path)), None)
        if method is not None and method != "ignore" and not method.endswith(":extract_slash_commands"):
            found.append(domain)
    return found


def test_every_source_file_belongs_to_exactly_one_domain() -> None:
    sources = [*sorted(str(p.relative_to(REPO)) for folder in ("hardback_bot", "cogs")
                       for p in (REPO / folder).rglob("*.py")), "bot.py"]
    owners = {path: _extracting_domains(path) for path in sources}
    assert {path: found for path, found in owners.items() if len(found) != 1} == {}
    expected = {"cogs/hardback.py": "face", "cogs/play.py": "face", "cogs/tables.py": "face",
                "cogs/hand_panels.py": "face", "cogs/word_panels.py": "face", "cogs/click_input.py": "face",
                "cogs/reconciler.py": "face", "cogs/outbox.py": "face", "cogs/channel_posts.py": "face",
                "cogs/ghost_threads.py": "face", "cogs/group_dm_pages.py": "face",
                "cogs/rules.py": "hardback", "cogs/boards.py": "hardback", "cogs/replay.py": "hardback",
                "cogs/translator.py": "hardback", "bot.py": "hardback",
                "hardback_bot/sessions/screens/table.py": "face",
                "hardback_bot/sessions/screens/pictures.py": "content",
                "hardback_bot/sessions/screens/in_words.py": "content",
                "hardback_bot/render/table.py": "content", "hardback_bot/cardtext.py": "content",
                "hardback_bot/help/topics.py": "content", "hardback_bot/help/lookup.py": "content",
                "hardback_bot/help/format.py": "hardback", "hardback_bot/help/settings.py": "hardback",
                "hardback_bot/help/words.py": "hardback", "hardback_bot/i18n/refusals.py": "hardback",
                "hardback_bot/engine/game.py": "hardback"}
    assert {path: owners[path][0] for path in expected} == expected
    # Future files land by folder: a new cog in hardback, a new session module in face, a new renderer in content.
    assert _extracting_domains("cogs/replay.py") == ["hardback"]
    assert _extracting_domains("hardback_bot/sessions/new_panel.py") == ["face"]
    assert _extracting_domains("hardback_bot/render/new_image.py") == ["content"]


def _catalogue(path: Path, language: str | None, entries: list[tuple[str, str]]) -> None:
    catalog = Catalog(locale=language, domain=path.stem, fuzzy=False)
    for msgid, msgstr in entries:
        catalog.add(msgid, msgstr)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog)


def test_update_keeps_the_translation_of_a_message_that_moved_domain(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Code moved from one domain's files to another's: its messages leave one template for the other,
    and update carries each finished translation along instead of leaving it to be done again."""
    from hardback_bot.i18n import __main__ as cli
    from hardback_bot.i18n import catalogue as module

    monkeypatch.setattr(module, "CATALOGUE_DIR", tmp_path)
    monkeypatch.setattr(cli, "TRANSLATED", ("es",))
    _catalogue(tmp_path / "hardback.pot", None, [("Stays", "")])
    _catalogue(tmp_path / "face.pot", None, [("Moved", ""), ("New", "")])
    _catalogue(tmp_path / "content.pot", None, [])
    folder = tmp_path / "es" / "LC_MESSAGES"
    _catalogue(folder / "hardback.po", "es", [("Stays", "Se queda"), ("Moved", "Movido")])
    assert cli.update() == 0
    hardback = read_catalogue(folder / "hardback.po", "es")
    face = read_catalogue(folder / "face.po", "es")
    assert [m.id for m in hardback if m.id] == ["Stays"] and hardback.get("Stays").string == "Se queda"
    assert face.get("Moved").string == "Movido"
    assert face.get("New").string == ""
    assert (folder / "content.po").is_file()


def test_check_passes_and_compile_writes_mo_files_gettext_reads(tmp_path: Path) -> None:
    checked = _run("check")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "catalogues complete" in checked.stdout
    compiled = _run("compile", str(tmp_path))
    assert compiled.returncode == 0, compiled.stderr
    for domain in DOMAINS:
        assert f"ja {domain}:" in compiled.stdout and (tmp_path / "ja" / "LC_MESSAGES" / f"{domain}.mo").is_file()
    es = gettext.translation("hardback", localedir=str(tmp_path), languages=["es"])
    assert es.pgettext("refusal no_ink", "You have no ink.") == "No tienes tinta."
    assert es.pgettext("command name", "start") == "empezar"
