"""The players' private panels kept current: each one's newest panel (its interaction token, migration 005) redrawn
when the game changed what they see, and every panel of a game closed once it is over (migration 007). A click's
own answer and a redraw share a per-player lock, so neither overwrites the other."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord

from hardback_bot.i18n import resolve_locale, translator
from hardback_bot.sessions import Loaded, SessionError
from hardback_bot.sessions.screens.my_panel import hand_screen, over_screen, spectator_screen
from hardback_bot.store import PanelToken

from .ui import embed_of, file_of, view_of

if TYPE_CHECKING:
    from bot import HardbackBot

log = logging.getLogger(__name__)

PANEL_LIFE = 14 * 60.0  # interaction tokens live 15 minutes; a margin for clocks and slow edits


class PrivatePanels:
    def __init__(self, bot: HardbackBot) -> None:
        self.bot = bot
        # One lock per (game, user): held while a click of theirs is answered, and while a panel of theirs is
        # redrawn, so the two never overwrite each other's answer (a word preview, say).
        self._locks: dict[tuple[int, int], asyncio.Lock] = {}

    def lock(self, game_id: int, user_id: int) -> asyncio.Lock:
        return self._locks.setdefault((game_id, user_id), asyncio.Lock())

    async def redraw(self, loaded: Loaded) -> None:
        """Each player's newest panel (and each spectator's) redrawn when older than the game."""
        record = loaded.record
        store = self.bot.store
        since = self.bot.clock() - PANEL_LIFE
        for token in await store.panels.fresh_panels(record.id, since=since):
            if token.version is not None and token.version >= record.version:
                continue
            lock = self.lock(record.id, token.user_id)
            if lock.locked():
                continue  # that click's own answer redraws this panel
            async with lock:
                await self._redraw(loaded, token.user_id, since)

    async def _redraw(self, loaded: Loaded, user_id: int, since: float) -> None:
        record = loaded.record
        store = self.bot.store
        # Read again under the lock: a click answered meanwhile made a newer panel (its own answer).
        token = next((t for t in await store.panels.fresh_panels(record.id, since=since) if t.user_id == user_id), None)
        if token is None or (token.version is not None and token.version >= record.version):
            return
        seat = loaded.seat_of(user_id)
        playing = record.status == "playing" and not loaded.game.finished
        if seat is not None and playing and token.version is not None and \
                await self.bot.sessions.still_current(loaded, seat, token.version):
            return  # only others' ink or remover since: nothing this player sees changed
        t = translator(resolve_locale(token.locale))  # the panel's owner's language, stored with its token
        try:
            if seat is None:  # a spectator's view follows the game too
                panel = await spectator_screen(self.bot.sessions, record.id, t=t, user_id=user_id)
            else:
                panel = await hand_screen(self.bot.sessions, record.id, user_id, t=t)
        except SessionError:
            return
        webhook = discord.Webhook.partial(token.application_id, token.token, client=self.bot)
        file = file_of(panel.picture)
        try:
            await webhook.edit_message(panel_target(token),  # the interaction's own panel, or its follow-up
                                       embed=embed_of(panel), attachments=[file] if file else [],
                                       view=view_of(panel.rows) or discord.ui.View())
        except discord.HTTPException as error:
            if error.status >= 500:
                raise  # Discord is away: the whole pass is tried again (when it answers, or at the retry)
            # An expired token, a panel its owner dismissed: nothing to keep current any more.
            log.info("panel of user %s in game %s not updated: %s", user_id, record.id, error)
        await store.panels.set_panel_version(record.id, user_id, token.token, record.version)

    async def close_all(self, loaded: Loaded) -> None:
        """Every private panel of a game that is over still reachable (any of a player's, not only the newest)
        says it is over, in its owner's language."""
        record = loaded.record
        store = self.bot.store
        tokens = await store.panels.open_panel_tokens(record.id, since=self.bot.clock() - PANEL_LIFE)
        if not tokens:
            return
        # Old tokens keep no locale of their own: each owner's newest panel says which language they read.
        locales = {p.user_id: p.locale for p in await store.panels.fresh_panels(record.id, since=0)}
        closed = []
        for token in tokens:
            locale = token.locale or locales.get(token.user_id)
            panel = over_screen(loaded, translator(resolve_locale(locale)))  # in each owner's language
            webhook = discord.Webhook.partial(token.application_id, token.token, client=self.bot)
            async with self.lock(record.id, token.user_id):
                try:
                    await webhook.edit_message(panel_target(token),
                                               embed=embed_of(panel), attachments=[], view=discord.ui.View())
                except discord.HTTPException as error:
                    if error.status >= 500:
                        raise  # tried again with the whole pass
                    log.info("old panel of user %s in game %s not closed: %s", token.user_id, record.id, error)
            closed.append(token.token)
        await store.panels.close_panel_tokens(record.id, closed)


def panel_target(token: PanelToken) -> Any:
    """How the webhook routes name a panel's message: its interaction's own answer, or a follow-up's id."""
    return token.message if token.message == "@original" else int(token.message)


__all__ = ["PANEL_LIFE", "PrivatePanels", "panel_target"]
