"""scripts/codemods/sessions_parts.py: the call sites and imports of code written before the sessions became
parts are rewritten to the parts and the new module names, and a second run changes nothing (the lead runs it
again after merging other branches)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SPEC = importlib.util.spec_from_file_location("sessions_parts", ROOT / "scripts" / "codemods" / "sessions_parts.py")
assert SPEC is not None and SPEC.loader is not None
codemod = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(codemod)

OLD_COG = '''from hardback_bot.sessions.describe import card_name
from hardback_bot.sessions.lobby import set_table_option
from hardback_bot.sessions.screens.private import hand_screen
from hardback_bot.sessions import lobby_actions


async def click(self, game_id, user_id):
    record, said = await self.bot.sessions.lobby_action(game_id, user_id, "Ann", "join")
    await set_table_option(self.bot.sessions, game_id, user_id, "length", "short", can_manage=False,
                           dictionaries=())
    self.bot.sessions.timer_gate = self.can_tell
    await bot.sessions.leave(game_id, user_id)
    await self.sessions.offer_seat(game_id, user_id, 1, True)
    await sessions.handle_timer(timer)
    await self.store.offer_seat(game_id, 3, 1, user_id)
    await helper.reclaim_seat(game_id, user_id)
    importlib.import_module("hardback_bot.sessions.lobby_actions").random = lobby_actions.random
'''

NEW_COG = '''from hardback_bot.sessions.phrases import card_name
from hardback_bot.sessions.screens.my_panel import hand_screen
from hardback_bot.sessions import lobby


async def click(self, game_id, user_id):
    record, said = await self.bot.sessions.lobby.act(game_id, user_id, "Ann", "join")
    await self.bot.sessions.lobby.set_option(game_id, user_id, "length", "short", can_manage=False,
                           dictionaries=())
    self.bot.sessions.timers.gate = self.can_tell
    await bot.sessions.seats.leave(game_id, user_id)
    await self.sessions.seats.offer(game_id, user_id, 1, True)
    await sessions.timers.handle(timer)
    await self.store.offer_seat(game_id, 3, 1, user_id)
    await helper.reclaim_seat(game_id, user_id)
    importlib.import_module("hardback_bot.sessions.lobby").random = lobby.random
'''


def run(path: Path) -> str:
    _, after, _ = codemod.rewrite(path)
    path.write_text(after, encoding="utf-8")
    return after


def test_old_call_sites_and_imports_are_rewritten_once(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(codemod, "ROOT", tmp_path)
    cog = tmp_path / "cogs" / "old.py"
    cog.parent.mkdir()
    cog.write_text(OLD_COG, encoding="utf-8")
    assert run(cog) == NEW_COG
    assert run(cog) == NEW_COG  # idempotent
    left = codemod.leftovers(NEW_COG, NEW_COG, cog)
    assert left == ["cogs/old.py:15: helper.reclaim_seat (receiver helper)"]


def test_relative_imports_inside_the_sessions_resolve_against_their_package(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(codemod, "ROOT", tmp_path)
    screen = tmp_path / "hardback_bot" / "sessions" / "screens" / "some.py"
    screen.parent.mkdir(parents=True)
    screen.write_text("from ..describe import ENGLISH\nfrom ..lobby import option_for\nfrom .private import x\n"
                      "from ..tutor import Coaching\n", encoding="utf-8")
    expected = ("from ..phrases import ENGLISH\nfrom ..table_options import option_for\nfrom .my_panel import x\n"
                "from ..coach_advice import Coaching\n")
    assert run(screen) == expected
    assert run(screen) == expected


def test_the_project_has_nothing_left_to_rewrite() -> None:
    # Every file as committed is already in the new form (a branch merged later may bring old call sites:
    # run `python scripts/codemods/sessions_parts.py`).
    pending = [p.relative_to(ROOT) for p in codemod.files() if (pair := codemod.rewrite(p)[:2])[0] != pair[1]]
    assert pending == []
