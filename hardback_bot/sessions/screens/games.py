"""``/hardback games``' private list: a player's running games, ten a page, the player's turns first, each with
whose turn it is, their place, the deadline, a link to the table and an *Open my hand* button."""

from __future__ import annotations

from collections.abc import Sequence

from hardback_bot.i18n import Translator

from ..codec import GamesPage, OpenMyHand
from ..codec_alerts import AlertsClick, AlertsPart
from ..my_games import GameLine
from ..phrases import ENGLISH
from .panel import Button, Panel

PER_PAGE = 10  # games on one page: no list longer than a person reads at a glance (two rows of hand buttons)


def pages(count: int) -> int:
    return max(1, -(-count // PER_PAGE))


def _where(line: GameLine, t: Translator) -> str:
    if line.place == "server":
        return f"<#{line.channel_id}>"  # Discord shows the channel's (or thread's) name to whoever may see it
    if line.place == "dm":
        return t.gettext("my DMs")
    return t.gettext("a group DM")


def _turn(line: GameLine, t: Translator) -> str:
    if line.my_turn and line.computer_plays:
        return t.gettext("**Your turn** (a computer is playing your seat)")
    if line.my_turn:
        return t.gettext("**Your turn**")
    names = t.join(f"**{name}**" for name in line.waiting_for)
    return t.gettext("Waiting for {names}", names=names)


def _place(line: GameLine, t: Translator) -> str:
    if line.penny is not None:
        return t.gettext("team {team}★ vs Penny Dreadful {penny}★ (goal {goal}★)", team=line.prestige,
                         penny=line.penny, goal=line.goal)
    return t.gettext("place {rank} of {players} with {prestige}★ (goal {goal}★)", rank=line.rank,
                     players=line.players, prestige=line.prestige, goal=line.goal)


def game_text(number: int, line: GameLine, t: Translator = ENGLISH) -> str:
    """One game of the list, in one line: "**3.** **Your turn** · place 1 of 2 with 12★ (goal 60★) · time
    runs out <t:…:R> · #channel · [the table](…)"."""
    parts = [f"**{number}.** {_turn(line, t)}", _place(line, t)]
    if line.deadline is not None:
        # Discord shows it in each reader's own words and time zone ("in 2 days").
        when = f"<t:{int(line.deadline)}:R>"
        parts.append(t.gettext("time runs out {when}", when=when))
    parts.append(_where(line, t))
    parts.append(t.gettext("[go to the table]({link})", link=line.link()))
    return " · ".join(parts)


def games_screen(lines: Sequence[GameLine], user_id: int, page: int = 0, t: Translator = ENGLISH) -> Panel:
    """Page ``page`` (from 0; past the end: the last) of ``user_id``'s games, in the order given (my_games.ordered)."""
    total = pages(len(lines))
    page = min(max(page, 0), total - 1)
    panel = Panel(title=t.gettext("Your games"))
    if not lines:
        panel.lines.append(t.gettext("You have no game running. Open a table with `{command_start}`, or join one."))
        return panel
    mine = sum(1 for line in lines if line.my_turn)
    panel.lines.append(t.ngettext("It is your turn in {n} game.", "It is your turn in {n} games.", mine)
                       if mine else t.gettext("None of them waits for you now."))
    first = page * PER_PAGE
    shown = list(lines[first:first + PER_PAGE])
    panel.lines += [game_text(first + i + 1, line, t) for i, line in enumerate(shown)]
    if total > 1:
        panel.lines.append(t.gettext("Page {page} of {pages}", page=page + 1, pages=total))
    panel.add_buttons([Button(t.gettext("{number}. Open my hand", number=first + i + 1),
                              OpenMyHand(line.game_id).custom_id(), "primary" if line.my_turn else "secondary")
                       for i, line in enumerate(shown)])
    nav = []
    if page > 0:
        nav.append(Button("◀ " + t.pgettext("page button", "Previous"), GamesPage(user_id, page - 1).custom_id()))
    if page < total - 1:
        nav.append(Button(t.pgettext("page button", "Next") + " ▶", GamesPage(user_id, page + 1).custom_id()))
    # The player's own turn alerts (sessions/alerts.py): chosen here, where their turn-based games are.
    nav.append(Button(t.gettext("Turn alerts…"), AlertsClick(user_id, AlertsPart.PANEL).custom_id()))
    panel.add_buttons(nav)
    return panel


__all__ = ["PER_PAGE", "game_text", "games_screen", "pages"]
