"""What the daily says: the share line, the result card, the day's boards and the answers to a start.

The share line and the share picture are made from numbers only — the date, the score, the par, the number
of words, the result against Penny and each turn's square — so neither can give away the deal (no word, no
letter, no card, not even Penny's genre). Every text is in the reader's language (``t``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from hardback_bot.i18n import Translator
from hardback_bot.render.daily import DailyShareImage, diff_text, render_daily_share, square_level, squares
from hardback_bot.store.daily import DailyEntry, DailyPar, DailyStreaks

from ..codec import DailyClick, DailyOp
from ..phrases import ENGLISH
from ..screens.panel import Button, Panel
from ..screens.pictures import Picture
from .service import DailyResult, DailyStart

PAGE_SIZE = 10
SHARE_FILE = "daily.png"


def day_number(day: str) -> int:
    """"2026-12-04" as 20261204: how a day rides in a button's custom_id."""
    return int(day.replace("-", ""))


def words_text(n: int, t: Translator) -> str:
    return t.ngettext("{n} word", "{n} words", n)


def share_line(result: DailyResult, t: Translator = ENGLISH) -> str:
    """"Hardback Daily 2026-12-04 — 58★ (par 51★, +7) · 14 words · 🟩🟩🟨⬜": numbers and squares only."""
    marks = squares(result.turns)
    par = result.par_score
    if par is None:
        return t.gettext("Hardback Daily {date} — {score}★ · {words} · {squares}", date=result.day, score=result.score,
                         words=words_text(result.words, t), squares=marks)
    return t.gettext("Hardback Daily {date} — {score}★ (par {par}★, {diff}) · {words} · {squares}", date=result.day,
                     score=result.score, par=par, diff=diff_text(result.score, par), words=words_text(result.words, t),
                     squares=marks)


def share_model(result: DailyResult, language: str) -> DailyShareImage:
    return DailyShareImage(result.day, result.score, result.par_score, result.words, result.won,
                           tuple(square_level(p) for p in result.turns), language)


async def share_picture(result: DailyResult, t: Translator = ENGLISH) -> Picture:
    """The share picture in ``t``'s language; its alt text is the share line."""
    data = await asyncio.to_thread(render_daily_share, share_model(result, t.language))
    return Picture(data, SHARE_FILE, share_line(result, t))


def versus_par(score: int, par: DailyPar | None, t: Translator) -> str:
    if par is None or par.score is None:
        return t.gettext("The day's par is still being worked out: it appears here once it is known.")
    if score > par.score:
        return t.gettext("**{diff}** against par ({par}★): you beat the computer on the same deal.",
                         diff=diff_text(score, par.score), par=par.score)
    if score == par.score:
        return t.gettext("Level with par ({par}★): the computer scored the same on this deal.", par=par.score)
    return t.gettext("**{diff}** against par ({par}★): the computer did better on this deal.",
                     diff=diff_text(score, par.score), par=par.score)


def streak_text(streaks: DailyStreaks, t: Translator) -> str:
    """Two short lines: days played and days above par, in a row (and the best runs)."""
    played = t.ngettext("{n} day played in a row", "{n} days played in a row", streaks.current_played)
    best = t.ngettext("best {n} day", "best {n} days", streaks.best_played)
    beaten = t.ngettext("{n} day above par in a row", "{n} days above par in a row", streaks.current_beaten)
    best_beaten = t.ngettext("best {n} day", "best {n} days", streaks.best_beaten)
    return f"{played} ({best})\n{beaten} ({best_beaten})"


def result_panel(result: DailyResult, t: Translator = ENGLISH, *, streaks: DailyStreaks | None = None,
                 share_channel: int | None = None) -> Panel:
    """The result card: the score against par and Penny, the places on the day's boards, the share line to
    copy, and buttons to share it in ``share_channel`` and to see the boards."""
    panel = Panel(title=t.gettext("Hardback Daily {date} — {name}", date=result.day, name=result.display_name[:40]))
    panel.lines.append(t.gettext("**{score}★** · {words}", score=result.score, words=words_text(result.words, t))
                       + " · " + (t.gettext("Penny Dreadful beaten ({penny}★)", penny=result.penny_score)
                                  if result.won else t.gettext("Penny Dreadful won ({penny}★)",
                                                               penny=result.penny_score)))
    panel.lines.append(versus_par(result.score, result.par, t))
    here, count = result.server
    world, everyone = result.world
    if here:
        panel.lines.append(t.gettext("#{place} of {count} in this server today · #{world} of {everyone} on every "
                                     "server", place=here, count=count, world=world, everyone=everyone))
    else:
        panel.lines.append(t.gettext("#{world} of {everyone} on every server today", world=world, everyone=everyone))
    if streaks is not None and streaks.played:
        panel.lines.append(streak_text(streaks, t))
    panel.lines.append(t.gettext("To copy (no word or letter of the deal in it):"))
    panel.lines.append(f"```\n{share_line(result, t)}\n```")
    buttons = []
    day = day_number(result.day)
    if share_channel is not None and result.attempt.shared_message_id is None:
        panel.lines.append(t.gettext("**Share** posts the line and its picture in <#{channel}> for everyone.",
                                     channel=share_channel))
        buttons.append(Button(t.gettext("Share"), DailyClick(day, DailyOp.SHARE).custom_id(), "success"))
    buttons += board_buttons(day, t)
    panel.add_buttons(buttons)
    return panel


def board_buttons(day: int, t: Translator) -> list[Button]:
    return [Button(t.gettext("This server's board"), DailyClick(day, DailyOp.SERVER).custom_id()),
            Button(t.gettext("Every server's board"), DailyClick(day, DailyOp.WORLD).custom_id())]


def share_text(result: DailyResult, user_id: int, t: Translator = ENGLISH) -> str:
    """The public message that carries a shared result: who, and the share line."""
    return t.gettext("<@{user}>'s daily: {line}", user=user_id, line=share_line(result, t))


def board_panel(day: str, entries: Sequence[DailyEntry], size: int, *, world: bool, page: int,
                par: DailyPar | None, me: int | None = None, t: Translator = ENGLISH) -> Panel:
    """A page of the day's board: this server's or every server's, with rank."""
    title = (t.gettext("Hardback Daily {date} — every server", date=day) if world
             else t.gettext("Hardback Daily {date} — this server", date=day))
    panel = Panel(title=title)
    if not entries:
        panel.lines.append(t.gettext("Nobody has finished this daily yet.") if page == 0
                           else t.gettext("This page is empty: the board is shorter now."))
    for e in entries:
        score = f"{e.score}★" + (f" ({diff_text(e.score, par.score)})" if par is not None and par.score is not None
                                 else "")
        name = _safe(e.display_name)
        line = f"`{e.position:>3}.` **{name}** — {score} · {words_text(e.words, t)}"
        panel.lines.append(f"__{line}__" if e.user_id == me else line)
    par_text = (t.gettext("par {par}★", par=par.score) if par is not None and par.score is not None
                else t.gettext("par not known yet"))
    panel.lines.append("")
    panel.lines.append(t.ngettext("{par} · {n} player · page {page}", "{par} · {n} players · page {page}", size,
                                  par=par_text, page=page + 1))
    number = day_number(day)
    op = DailyOp.WORLD if world else DailyOp.SERVER
    nav = []
    if page > 0:
        nav.append(Button("◀ " + t.pgettext("page button", "Previous"), DailyClick(number, op, page - 1).custom_id()))
    if (page + 1) * PAGE_SIZE < size:
        nav.append(Button(t.pgettext("page button", "Next") + " ▶", DailyClick(number, op, page + 1).custom_id()))
    other = DailyOp.SERVER if world else DailyOp.WORLD
    nav.append(Button(t.gettext("This server's board") if world else t.gettext("Every server's board"),
                      DailyClick(number, other).custom_id()))
    panel.add_buttons(nav)
    return panel


def start_text(start: DailyStart, t: Translator = ENGLISH, *, genre: str | None = None,
               next_at: float | None = None) -> str:
    """The private answer to /hardback daily when the daily is being played (or dealt)."""
    attempt = start.attempt
    where = f"<#{attempt.thread_id}>" if attempt.thread_id else ""
    if start.record is not None and start.record.place == "dm" and start.status in ("started", "resumed"):
        # No private thread could be opened in that channel: the daily is in the bot's DM with the player.
        return t.gettext("Your Hardback Daily of {date} is in your DMs with me (no private thread could be opened "
                         "here): open your hand there. Solo against Penny Dreadful, the same deal for every player "
                         "today; one attempt, no hints.", date=attempt.day)
    if start.status == "started":
        return t.gettext("Your Hardback Daily of {date} is dealt in your private thread {thread}: open your hand "
                         "there. Solo against Penny Dreadful (signature genre: {genre}), the same deal for every "
                         "player today; one attempt, no hints.", date=attempt.day, thread=where,
                         genre=t.pgettext("genre", genre) if genre else "—")
    if start.status == "resumed":
        return t.gettext("Your daily of {date} is waiting for you in {thread}: carry on there.", date=attempt.day,
                         thread=where)
    if start.status == "pending":
        return t.gettext("Your daily is being dealt; it appears in a moment in {thread}.",
                         thread=where or t.gettext("your private thread"))
    when = "<t:" + str(int(next_at or 0)) + ":R>"  # Discord says it "in 5 hours", in the reader's language
    return t.gettext("You ended your daily of {date} before its end: one attempt a day, so the next deal comes "
                     "{when}.", date=attempt.day, when=when)


def _safe(text: str, limit: int = 32) -> str:
    clean = (text or "?").replace("\n", " ")
    for ch in "*_`~|>":
        clean = clean.replace(ch, "")
    return (clean.strip() or "?")[:limit]


__all__ = ["PAGE_SIZE", "board_buttons", "board_panel", "day_number", "result_panel", "share_line", "share_model",
           "share_picture", "share_text", "start_text", "streak_text", "versus_par", "words_text"]
