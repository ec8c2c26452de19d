"""``/hardback privacy``: what the bot keeps about the player, a copy of it, and its deletion — the texts and the
buttons (no Discord here; docs/privacy.md says the same at length).

Every answer is private. The buttons carry what they do in their custom_id (the codec's grammar,
sessions/codec_privacy.py), so they work after a restart; each acts on the clicking player's own data only, so a
forged one can harm nobody else. The deletion's **Yes** names the minute its confirmation was shown and is refused
once :data:`CONFIRM_FOR` has passed.
"""

from __future__ import annotations

from hardback_bot.i18n import Translator
from hardback_bot.sessions.codec_privacy import PrivacyClick, PrivacyPart
from hardback_bot.sessions.phrases import ERASED_PLAYER
from hardback_bot.sessions.screens.panel import Button, Panel
from hardback_bot.store.models import Erasure, PlayerData

CONFIRM_FOR = 600  # seconds a deletion's confirmation stays good


def _date(t: float) -> str:
    return f"<t:{int(t)}:D>"  # Discord shows it in the reader's own language and time zone


def privacy_panel(data: PlayerData, t: Translator, *, days: int | None) -> Panel:
    """What is kept about the player, why and for how long, with Download and Delete."""
    panel = Panel(title=t.gettext("Your data in Hardback"))
    kept = data.games or data.results or data.boards or data.ratings or data.daily or data.tokens or data.settings
    if not kept:
        panel.lines.append(t.gettext("This bot keeps nothing about you: no game, result, rating or daily attempt."))
    else:
        panel.lines.append(t.gettext("What this bot keeps about you, in every server, group DM and DM:"))
        if data.games:
            panel.lines.append("• " + t.ngettext(
                "{n} game ({running} still open), with {moves} of your moves",
                "{n} games ({running} still open), with {moves} of your moves", data.games,
                running=t.number(data.running), moves=t.number(data.moves)))
        if data.results:
            panel.lines.append("• " + t.ngettext("{n} result of a finished game", "{n} results of finished games",
                                                 data.results))
        if data.boards or data.ratings:
            panel.lines.append("• " + t.ngettext(
                "your statistics on {n} board, ratings on {ratings}",
                "your statistics on {n} boards, ratings on {ratings}", data.boards, ratings=t.number(data.ratings)))
        if data.daily:
            panel.lines.append("• " + t.ngettext("{n} daily attempt", "{n} daily attempts", data.daily))
        if data.settings:
            panel.lines.append("• " + t.gettext("your own settings (chosen on your panel)"))
        if data.tokens:
            panel.lines.append("• " + t.ngettext(
                "{n} link to your private panels (each one kept an hour at most)",
                "{n} links to your private panels (each one kept an hour at most)", data.tokens))
        panel.lines.append("")
        panel.lines.append(t.gettext(
            "Why: to run your games, show their history and replays, and count your statistics, ratings and "
            "daily streaks. Your name is the one Discord showed when you joined each table."))
    panel.lines.append(t.ngettext(
        "How long: the moves of an ended game are deleted {n} day after it ended; the rest stays until you "
        "delete it.",
        "How long: the moves of an ended game are deleted {n} days after it ended; the rest stays until you "
        "delete it.", days) if days else t.gettext(
        "How long: until you delete it (this bot keeps the moves of ended games too)."))
    if data.erased:
        panel.lines.append(t.gettext(
            "It also keeps that you had your data deleted on {dates}, and nothing else of that: so that no older "
            "backup ever brings it back.", dates=t.join(_date(d) for d in data.erased[-5:])))
    panel.lines.append("")
    panel.lines.append(t.gettext(
        "**Download my data**: a JSON file of all of it. **Delete my data**: all of it goes, and your name in "
        "stored games becomes “{name}”, so the games stay whole for the other players.", name=erased_name(t)))
    buttons = [Button(t.gettext("Download my data"), PrivacyClick(PrivacyPart.EXPORT).custom_id(), "primary")]
    if kept:
        buttons.append(Button(t.gettext("Delete my data"), PrivacyClick(PrivacyPart.ASK).custom_id(), "danger"))
    panel.add_buttons(buttons)
    return panel


def erased_name(t: Translator) -> str:
    return t.gettext(ERASED_PLAYER)


def confirm_panel(data: PlayerData, t: Translator, *, now: float) -> Panel:
    """The deletion's confirmation: what goes, what happens to the games being played, Yes and Cancel."""
    panel = Panel(title=t.gettext("Delete your data?"))
    panel.lines.append(t.gettext(
        "Your statistics, ratings, daily attempts, settings and private panel links are deleted in every server, "
        "group DM and DM, and your name in stored games becomes “{name}”: the games, their replays and the other "
        "players' records stay whole.", name=erased_name(t)))
    if data.running:
        panel.lines.append(t.ngettext(
            "You are in {n} game still open: a computer player takes your seat for the other players (a lobby "
            "loses you; a game nobody else plays in ends).",
            "You are in {n} games still open: a computer player takes your seat for the other players (a lobby "
            "loses you; a game nobody else plays in ends).", data.running))
    panel.lines.append(t.gettext(
        "This cannot be undone. Messages the bot already posted in channels stay there, like everyone's "
        "messages."))
    yes = PrivacyClick(PrivacyPart.CONFIRM, int(now)).custom_id()
    panel.add_buttons([Button(t.gettext("Yes, delete my data"), yes, "danger"),
                       Button(t.gettext("Cancel"), PrivacyClick(PrivacyPart.CANCEL).custom_id())])
    return panel


def confirmation_expired(click: PrivacyClick, now: float) -> bool:
    # A minute's slack the other way: another process of a sharded bot may have shown it, by its own clock.
    return click.shown is None or not -60 <= now - click.shown <= CONFIRM_FOR


def expired_text(t: Translator) -> str:
    return t.gettext("That confirmation is more than 10 minutes old, so nothing was deleted. Use "
                     "`{command_privacy}` again if you still want to.")


def cancelled_text(t: Translator) -> str:
    return t.gettext("Cancelled: nothing was deleted.")


def erased_text(erasure: Erasure, t: Translator) -> str:
    """What the deletion did, in a few lines."""
    lines = [t.gettext("Done: what this bot kept about you is deleted, in every server, group DM and DM.")]
    if erasure.games:
        lines.append(t.ngettext("Your name in {n} stored game is now “{name}”.",
                                "Your name in {n} stored games is now “{name}”.", erasure.games,
                                name=erased_name(t)))
    if erasure.taken_over:
        lines.append(t.ngettext("A computer player took your seat in {n} game being played.",
                                "A computer player took your seat in {n} games being played.",
                                len(erasure.taken_over)))
    if erasure.ended:
        lines.append(t.ngettext("{n} game nobody else played in was ended.",
                                "{n} games nobody else played in were ended.", len(erasure.ended)))
    if erasure.lobbies:
        lines.append(t.ngettext("You left {n} table that had not started.",
                                "You left {n} tables that had not started.", len(erasure.lobbies)))
    lines.append(t.gettext("If you play again, the bot keeps your new games as before."))
    return "\n".join(lines)


def export_text(t: Translator, files: int) -> str:
    return t.ngettext("Everything this bot keeps about you, as JSON: your games with your moves, results, "
                      "statistics, ratings, settings and daily attempts.",
                      "Everything this bot keeps about you, as JSON in {n} files (one document each): your games "
                      "with your moves, results, statistics, ratings, settings and daily attempts.", files)


def export_too_big_text(t: Translator) -> str:
    return t.gettext("Your data is too large to send through Discord. Ask the people who run this bot for a copy.")


def file_description(t: Translator) -> str:
    return t.gettext("What Hardback keeps about you (JSON)")


__all__ = ["CONFIRM_FOR", "cancelled_text", "confirm_panel", "confirmation_expired",
           "erased_text", "expired_text", "export_text", "export_too_big_text", "file_description",
           "privacy_panel"]
