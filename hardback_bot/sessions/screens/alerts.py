"""What a turn alert says (sessions/alerts.py): the direct message, the answer of ``/hardback alerts``, and the
one line a player whose DMs are closed is told in the game."""

from __future__ import annotations

from hardback_bot.i18n import Translator
from hardback_bot.store import GameRecord, PlayerSettings

from ..codec_alerts import AlertsClick, AlertsPart
from ..phrases import ENGLISH
from .panel import Button, Option, Panel

NO_QUIET = "none"  # the quiet-hours selects' value for "no quiet hours"


def table_link(record: GameRecord) -> str:
    """The table message (or the channel before one is known) as a Discord link."""
    where = f"https://discord.com/channels/{record.guild_id or '@me'}/{record.channel_id}"
    table = record.messages.get("table")
    return f"{where}/{table}" if table else where


def alert_text(record: GameRecord, t: Translator = ENGLISH) -> str:
    return t.gettext("It is your turn in Hardback: {link}\nOpen your hand here with the button below.",
                     link=table_link(record))


def closed_text(user_id: int, t: Translator = ENGLISH) -> str:
    return t.gettext("<@{user}>, your turn alert could not reach you: your direct messages are closed to me. "
                     "No more alerts are sent until you choose them again: {command_games}, *Turn alerts*.",
                     user=user_id)


def settings_lines(settings: PlayerSettings, t: Translator = ENGLISH) -> list[str]:
    """The player's alert choices in words."""
    when = {"off": t.gettext("Turn alerts: **off**."),
            "turn_based": t.gettext("Turn alerts: **in turn-based games** (a turn timer over an hour)."),
            "all": t.gettext("Turn alerts: **in every game**.")}[settings.alerts]
    lines = [when]
    if settings.quiet_start is not None and settings.quiet_end is not None \
            and settings.quiet_start != settings.quiet_end:  # a start without an end yet: none
        lines.append(t.gettext("Quiet hours: from {start}:00 to {end}:00 ({zone}); an alert due then comes at their "
                               "end, or not at all if the turn has passed.", start=settings.quiet_start,
                               end=settings.quiet_end, zone=settings.zone))
    else:
        lines.append(t.gettext("No quiet hours."))
    if settings.alerts_closed:
        lines.append(t.gettext("Your direct messages refused an alert: none is sent until you choose again here."))
    return lines


def alerts_panel(settings: PlayerSettings, user_id: int, t: Translator = ENGLISH) -> Panel:
    """The player's own turn-alert settings, privately: which games alert them, their quiet hours (start and
    end, whole hours) and their time zone (a form). Nothing is sent to anyone who did not choose it here."""
    panel = Panel(title=t.gettext("Turn alerts"), lines=[
        t.gettext("A direct message when it is your turn, with a link to the table and an *Open my hand* button."),
        *settings_lines(settings, t)])
    choices = [("off", t.gettext("No alerts")),
               ("turn_based", t.gettext("Turn-based games (a turn timer over an hour)")),
               ("all", t.gettext("All games"))]
    panel.add_select(AlertsClick(user_id, AlertsPart.WHEN).custom_id(), t.gettext("Which games alert you"),
                     [Option(label, value) for value, label in choices])
    hours = [Option(f"{h}:00", str(h)) for h in range(24)]
    panel.add_select(AlertsClick(user_id, AlertsPart.QUIET_FROM).custom_id(), t.gettext("Quiet hours start at…"),
                     [Option(t.gettext("No quiet hours"), NO_QUIET), *hours])
    panel.add_select(AlertsClick(user_id, AlertsPart.QUIET_TO).custom_id(), t.gettext("Quiet hours end at…"), hours)
    panel.add_buttons([Button(t.gettext("Time zone: {zone}", zone=settings.zone),
                              AlertsClick(user_id, AlertsPart.ZONE).custom_id())])
    return panel


__all__ = ["NO_QUIET", "alert_text", "alerts_panel", "closed_text", "settings_lines", "table_link"]
