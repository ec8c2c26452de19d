"""Turn alerts (sessions/alerts.py): the settings panel where a player chooses them (``/hardback games``' *Turn
alerts…*), and their delivery by direct message, which the relay's outbox (cogs/outbox.py) hands
here for each ``alert`` row."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from hardback_bot.i18n import Translator, resolve_locale, translator
from hardback_bot.sessions import SessionError
from hardback_bot.sessions.alerts import wants_alert
from hardback_bot.sessions.codec import OpenMyHand
from hardback_bot.sessions.codec_alerts import AlertsClick, AlertsPart
from hardback_bot.sessions.loaded import Loaded
from hardback_bot.sessions.screens.alerts import NO_QUIET, alert_text, alerts_panel, closed_text, table_link
from hardback_bot.store import TurnAlert

from .ui import embed_of, view_of

if TYPE_CHECKING:
    from bot import HardbackBot

log = logging.getLogger(__name__)
CANNOT_SEND_TO_USER = 50007  # Discord: the user's DMs are closed to the bot


class AlertSettings:
    """The turn-alert settings panel, opened from ``/hardback games`` (held by the Hardback group cog; the
    router of cogs/play.py hands the codec's ``AlertsClick`` to the group cog, which hands it here). No command
    of its own: the /hardback tree stays within Discord's 4,000 characters."""

    def __init__(self, bot: HardbackBot) -> None:
        self.bot = bot

    async def click(self, interaction: discord.Interaction, action: AlertsClick) -> None:
        t = translator(resolve_locale(interaction.locale))  # the player's own client's language
        user_id = interaction.user.id
        if action.user_id != user_id:  # another player's settings (a forged id, or a list that is not theirs)
            await interaction.response.send_message(SessionError("not_your_panel").say(t), ephemeral=True)
            return
        store = self.bot.store
        data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
        changes: dict[str, object] = {}
        match action.part:
            case AlertsPart.PANEL:
                settings = (await store.players.player_settings([user_id]))[user_id]
                panel = alerts_panel(settings, user_id, t)
                await interaction.response.send_message(embed=embed_of(panel), view=view_of(panel.rows),
                                                        ephemeral=True)
                return
            case AlertsPart.ZONE:
                await interaction.response.send_modal(_zone_form(user_id, t))
                return
            case AlertsPart.WHEN:
                changes["alerts"] = _value(data)
            case AlertsPart.QUIET_FROM:
                value = _value(data)
                changes.update(quiet_start=None, quiet_end=None) if value == NO_QUIET else \
                    changes.update(quiet_start=_hour(value))
            case AlertsPart.QUIET_TO:
                changes["quiet_end"] = _hour(_value(data))
            case AlertsPart.ZONE_FORM:
                changes["zone"] = _form_value(data).strip()[:60]
        # Choosing again is the sign their DMs may be open now: alerts are tried again.
        changes["alerts_closed"] = False
        notice = None
        try:
            settings = await store.players.set_player_settings(user_id, **changes)
        except ValueError:
            settings = (await store.players.player_settings([user_id]))[user_id]
            notice = t.gettext("That is not a choice I offered, or not a time zone I know (write UTC, an offset "
                               "such as +09:00 or -05:30, or a name such as Europe/Paris). Nothing changed.")
        panel = alerts_panel(settings, user_id, t)
        if notice:
            panel.lines.insert(0, f"*{notice}*")
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            await interaction.response.edit_message(embed=embed_of(panel), view=view_of(panel.rows))
        else:
            await interaction.response.send_message(embed=embed_of(panel), view=view_of(panel.rows), ephemeral=True)


def _value(data: dict[str, Any]) -> str:
    values = data.get("values")
    return str(values[0])[:40] if isinstance(values, list) and len(values) == 1 else ""


def _hour(value: str) -> int:
    if not (value.isascii() and value.isdigit() and len(value) <= 2):
        raise ValueError(value)
    return int(value)


def _form_value(data: dict[str, Any]) -> str:
    for row in data.get("components") or []:
        for component in row.get("components") or []:
            if component.get("custom_id") == "zone":
                return str(component.get("value") or "")
    return ""


def _zone_form(user_id: int, t: Translator) -> discord.ui.Modal:
    form = discord.ui.Modal(title=t.gettext("Your time zone"), custom_id=AlertsClick(user_id, AlertsPart.ZONE_FORM)
                            .custom_id())
    form.add_item(discord.ui.TextInput(label=t.gettext("UTC, an offset (+09:00) or a name (Europe/Paris)"),
                                       custom_id="zone", max_length=60))
    return form


class AlertSender:
    """Sends the ``alert`` rows of the outbox (the relay calls :meth:`deliver`, then marks the row delivered)."""

    def __init__(self, bot: HardbackBot) -> None:
        self.bot = bot

    async def deliver(self, loaded: Loaded, alert: TurnAlert, t: Translator) -> str | None:
        """Send one alert if the game still waits for that turn and the player still wants it. Returns the line
        to say once in the game when their DMs are closed (the relay posts it), else None."""
        user_id, seat, moves = alert.user, alert.seat, alert.moves
        record, game = loaded.record, loaded.game
        if not 0 <= seat < len(record.seats):
            return None
        holder = record.seats[seat]
        if (game.finished or record.status != "playing" or game.active_seat != seat or holder.user_id != user_id
                or holder.is_computer_controlled or len(game.move_log) != moves):
            return None  # the turn passed (or the seat changed hands) before the message could go
        settings = (await self.bot.store.players.player_settings([user_id]))[user_id]
        if not wants_alert(settings, game.options.turn_timer or 0):
            return None  # they changed their mind meanwhile
        view = discord.ui.View(timeout=None)
        view.add_item(discord.ui.Button(label=t.gettext("Open my hand"), style=discord.ButtonStyle.primary,
                                        custom_id=OpenMyHand(record.id).custom_id()))
        view.add_item(discord.ui.Button(label=t.gettext("Go to the table"), url=table_link(record)))
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            channel = user.dm_channel or await user.create_dm()
            await channel.send(alert_text(record, t), view=view)
        except discord.Forbidden as error:
            if error.code != CANNOT_SEND_TO_USER:
                log.warning("turn alert of game %s to %s refused: %s", record.id, user_id, error)
                return None
            # Not again and again: no alert is tried until they choose their alerts again (/hardback alerts).
            await self.bot.store.players.set_player_settings(user_id, alerts_closed=True)
            return closed_text(user_id, t)
        except discord.NotFound:
            log.info("turn alert of game %s: user %s is gone", record.id, user_id)
        return None


__all__ = ["AlertSender", "AlertSettings"]
