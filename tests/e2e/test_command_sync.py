"""Slash commands are told to Discord only when they changed: a restart on the same database reaches the
gateway without syncing the same commands again, and a changed command set (or a development server) is
synced at the next start."""

from __future__ import annotations

import os
from pathlib import Path

from botkit import running_bot
from discord_standin.world import World


async def test_a_restart_syncs_only_changed_commands(world: World, tmp_path: Path) -> None:
    s = world.standin
    db = os.path.join(tmp_path, "hardback.db")
    async with running_bot(world, db):
        pass
    assert [guild for guild, _ in s.command_syncs] == [None]
    assert "hardback" in s.global_commands
    async with running_bot(world, db):
        pass
    assert len(s.command_syncs) == 1, "the same commands were synced again"
    async with running_bot(world, db) as bot:
        bot.tree.remove_command("hardback")  # as if this version of the bot had other commands
        await bot.sync_commands()
    assert len(s.command_syncs) == 2 and "hardback" not in s.global_commands
    async with running_bot(world, db):  # back to the real commands: synced again
        pass
    assert len(s.command_syncs) == 3 and "hardback" in s.global_commands
    async with running_bot(world, db, guild_id=world.guild.id):  # a development server has its own sync
        pass
    assert s.command_syncs[-1][0] == world.guild.id
