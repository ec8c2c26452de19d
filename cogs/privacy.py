"""``/hardback privacy`` on Discord: what the bot keeps about the player, a copy as a file, and its deletion after a
private confirmation (docs/privacy.md). Also the retention of ended games' move logs (``HARDBACK_MOVE_LOG_DAYS``)
and the deletion ledger's hourly look.

Two parts, like the daily's: :class:`PrivacyCommand`, held by the /hardback group cog (``cogs/hardback.py``) whose
command it answers, and :class:`Privacy`, a cog of its own that answers the buttons (the codec's ``PrivacyClick``,
handed over by the router of cogs/play.py) and runs the hourly task.
Every answer is private and made in the reader's language; it works in servers, group DMs and the bot's DM alike
(the answers travel on the interaction, never on the bot's channel permissions). The texts are in
``hardback_bot.help.privacy``, the store's side in ``store/rooms/privacy.py`` and ``store/rooms/retention.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time
from typing import TYPE_CHECKING, assert_never

import discord
from discord.ext import commands

from hardback_bot.help.privacy import (
    cancelled_text,
    confirm_panel,
    confirmation_expired,
    erased_text,
    expired_text,
    export_text,
    export_too_big_text,
    file_description,
    privacy_panel,
)
from hardback_bot.i18n import N_, Translator
from hardback_bot.sessions.codec_privacy import PrivacyClick, PrivacyPart
from hardback_bot.sessions.privacy import erase_player, export_files
from hardback_bot.store.erasures import Ledger, reconcile

from .answers import reader, say_privately
from .ui import embed_of, view_of

if TYPE_CHECKING:
    from bot import HardbackBot

log = logging.getLogger(__name__)

SORRY = N_("Sorry, something went wrong on my side. Please try again in a moment.")
LOOK_EVERY = 3600.0  # seconds between the hourly task's looks (move logs to delete, the ledger)
FIRST_LOOK = 300.0  # after a start: the catch-up of the channels comes first
PRUNE_BATCH = 200  # games a prune transaction takes (short transactions: moves go on meanwhile)




class PrivacyCommand:
    """``/hardback privacy``, held by the Hardback group cog (whose command it is) and answered by the Privacy cog,
    which is loaded after the group: found at each use."""

    def __init__(self, bot: HardbackBot) -> None:
        self.bot = bot

    async def privacy(self, interaction: discord.Interaction) -> None:
        cog = self.bot.get_cog("Privacy")
        if cog is None:
            await say_privately(interaction, reader(interaction).gettext(SORRY))
            return
        await cog.command(interaction)  # type: ignore[attr-defined]


class Privacy(commands.Cog):
    def __init__(self, bot: HardbackBot) -> None:
        self.bot = bot
        self.ledger = Ledger(bot.settings.erasure_ledger)
        self._erasing: dict[int, asyncio.Lock] = {}  # one deletion of a player at a time (a double click)
        self._task: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="retention")

    async def cog_unload(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task

    # ------------------------------------------------------------------ /hardback privacy
    async def command(self, interaction: discord.Interaction) -> None:
        t = reader(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            data = await self.bot.store.privacy.player_data(interaction.user.id)
            panel = privacy_panel(data, t, days=self.bot.settings.move_log_days or None)
            await interaction.followup.send(embed=embed_of(panel), view=view_of(panel.rows) or discord.utils.MISSING,
                                            ephemeral=True)
        except Exception:
            log.exception("/hardback privacy by %s failed", interaction.user.id)
            await say_privately(interaction, t.gettext(SORRY))

    # ------------------------------------------------------------------ its buttons
    async def click(self, interaction: discord.Interaction, click: PrivacyClick) -> None:
        """A button of /hardback privacy (the router of cogs/play.py decoded it; a forged one never reaches here)."""
        t = reader(interaction)
        try:
            match click.part:
                case PrivacyPart.EXPORT:
                    await self._export(interaction, t)
                case PrivacyPart.ASK:
                    data_now = await self.bot.store.privacy.player_data(interaction.user.id)
                    panel = confirm_panel(data_now, t, now=self.bot.store.now())
                    await interaction.response.edit_message(content=None, embed=embed_of(panel),
                                                            view=view_of(panel.rows))
                case PrivacyPart.CANCEL:
                    await interaction.response.edit_message(content=cancelled_text(t), embed=None, view=None)
                case PrivacyPart.CONFIRM:
                    if confirmation_expired(click, self.bot.store.now()):
                        await interaction.response.edit_message(content=expired_text(t), embed=None, view=None)
                    else:
                        await self._erase(interaction, t)
                case _:
                    assert_never(click.part)
        except Exception:
            log.exception("privacy click %s by %s failed", click.custom_id(), interaction.user.id)
            await say_privately(interaction, t.gettext(SORRY))

    async def _export(self, interaction: discord.Interaction, t: Translator) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        data = await self.bot.store.privacy.export_player(interaction.user.id)
        files = await asyncio.to_thread(export_files, data)  # JSON and gzip of a long history: off the loop
        if files is None:
            await interaction.followup.send(export_too_big_text(t), ephemeral=True)
            return
        for number, made in enumerate(files):
            file = discord.File(io.BytesIO(made.data), filename=made.name, description=file_description(t))
            await interaction.followup.send(export_text(t, len(files)) if number == 0 else discord.utils.MISSING,
                                            file=file, ephemeral=True)

    async def _erase(self, interaction: discord.Interaction, t: Translator) -> None:
        await interaction.response.defer()  # the confirmation itself becomes the answer
        user = interaction.user.id
        async with self._erasing.setdefault(user, asyncio.Lock()):
            erasure = await erase_player(self.bot.sessions, user, self.ledger)
        log.info("deleted the data of a player on request (deletion %s: %d seats, %d running games changed)",
                 erasure.id, erasure.games, len(erasure.changed_games))
        await interaction.edit_original_response(content=erased_text(erasure, t), embed=None, view=None)

    # ------------------------------------------------------------------ the hourly look
    async def _run(self) -> None:
        await asyncio.sleep(FIRST_LOOK)
        while True:
            started = time.monotonic()
            try:
                await self.look()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the hourly look at move logs and the erasure ledger failed; trying again later")
            await asyncio.sleep(max(60.0, LOOK_EVERY - (time.monotonic() - started)))

    async def look(self) -> int:
        """Delete the move logs past their days (in short transactions) and bring the ledger up to date with the
        database (a sharded bot's other processes write their deletions in their own files). Returns the number
        of games whose moves were deleted."""
        pruned = 0
        days = self.bot.settings.move_log_days
        if days:
            before = self.bot.store.now() - days * 86400
            while True:
                ids = await self.bot.store.retention.prune_move_logs(before, limit=PRUNE_BATCH)
                pruned += len(ids)
                if len(ids) < PRUNE_BATCH:
                    break
                await asyncio.sleep(0)  # let moves of other games commit between batches
            if pruned:
                log.info("deleted the move logs of %d game(s) ended more than %d days ago", pruned, days)
        outcome = await reconcile(self.bot.store, self.ledger)
        for line in outcome.lines():
            log.warning("%s", line)
        return pruned


async def setup(bot: HardbackBot) -> None:
    await bot.add_cog(Privacy(bot))
