"""Text for provisional ratings, season boards, season announcements and personal records.

Pure functions from the store's plain records to short texts in the reader's language (the
``hardback_bot.i18n`` translators); the cogs wrap them in embeds.  Every text is bounded.
"""

from __future__ import annotations

from collections.abc import Sequence

from babel.dates import format_date

from hardback_bot.i18n import Translator
from hardback_bot.i18n.commands import choice
from hardback_bot.store.models import LeaderboardEntry
from hardback_bot.store.seasons import PlayerRecords, Season

from .format import PAGE_SIZE, Page, board_line, ranked_line, safe_name, word_value

PERIODS: tuple[str, ...] = ("all", "season", "last")  # all time, this season, the season before


def season_label(t: Translator, season: Season) -> str:
    """"November 2026" / "noviembre de 2026"; "week 48 of 2026"."""
    if season.kind == "month":
        return format_date(season.start.date(), "LLLL y", locale=t.locale)
    year, week, _ = season.start.isocalendar()
    return t.gettext("week {week} of {year}", week=week, year=year)


def board_title(t: Translator, board_name: str, season: Season | None) -> str:
    if season is None:
        return t.gettext("Hardback leaderboard — {board}", board=board_name)
    return t.gettext("Hardback leaderboard — {board} · {season}", board=board_name, season=season_label(t, season))


def provisional_line(e: LeaderboardEntry, threshold: int, t: Translator) -> str:
    """A provisional rating: its value, and how many of the needed rated games it rests on."""
    return f"`{e.position:>3}.` " + t.gettext(
        "**{name}** — {rating} rating, provisional ({games} of {needed} rated games)", name=safe_name(e.display_name),
        rating=format(e.value, ".1f"), games=e.games, needed=threshold)


def rating_page(t: Translator, established: Sequence[LeaderboardEntry], provisional: Sequence[LeaderboardEntry],
                page: int, threshold: int) -> Page:
    """The all-time rating board: established ratings ranked (paged), provisional ones ranked apart."""
    title = board_title(t, t.pgettext("choice", "rating"), None)
    lines = [board_line("rating", e, t) for e in established[:PAGE_SIZE]]
    if provisional:
        lines.append(t.gettext("**Provisional ratings** (fewer than {needed} rated games), ranked apart:",
                               needed=threshold))
        lines += [provisional_line(e, threshold, t) for e in provisional[:PAGE_SIZE]]
    if not lines:
        lines = [t.gettext("Nobody is on this board yet: finish a game in this server first.") if page == 0
                 else t.gettext("This page is empty: the board is shorter now.")]
    result = Page(title, "\n".join(lines))
    result.footer = t.gettext("Page {page} · rating = skill estimate minus 3× its uncertainty; a rating is "
                              "provisional until {needed} rated games", page=page + 1, needed=threshold)
    return result


def season_line(kind: str, e: LeaderboardEntry, t: Translator) -> str:
    games = t.ngettext("{n} game", "{n} games", e.games)
    if kind == "rating":
        value = t.gettext("{gain} rating this season · {games}", gain=format(e.value, "+.1f"), games=games)
    elif kind == "wins":
        value = t.gettext("{wins} in {games}", wins=t.ngettext("{n} win", "{n} wins", int(e.value)), games=games)
    elif kind == "win_rate":
        value = t.gettext("{rate} · {games}", rate=t.percent(e.value), games=games)
    else:
        value = word_value(kind, e, t)
    return ranked_line(e, value)


def season_page(t: Translator, kind: str, board_name: str, entries: Sequence[LeaderboardEntry], page: int,
                season: Season, min_games: int) -> Page:
    title = board_title(t, board_name, season)
    if not entries:
        text = (t.gettext("Nobody is on this board for this season yet.") if page == 0
                else t.gettext("This page is empty: the board is shorter now."))
        return Page(title, text)
    footer = t.gettext("Page {page} · games finished {start} – {end} (UTC)", page=page + 1,
                       start=format_date(season.start.date(), "medium", locale=t.locale),
                       end=format_date(season.last_day, "medium", locale=t.locale))
    if kind == "win_rate":
        footer += " · " + t.gettext("players with at least {n} games", n=min_games)
    return Page(title, "\n".join(season_line(kind, e, t) for e in entries[:PAGE_SIZE]), footer=footer)


def announcement(t: Translator, season: Season, wins: Sequence[LeaderboardEntry], gains: Sequence[LeaderboardEntry],
                 words: Sequence[LeaderboardEntry]) -> Page:
    """The message that closes a season in a server: its winners on three boards."""
    label = season_label(t, season)
    page = Page("🏆 " + t.gettext("The {season} season is over", season=label))  # the emoji: not in fonts
    medals = ("🥇", "🥈", "🥉")
    if wins:
        page.fields.append((t.gettext("Most wins"), "\n".join(
            f"{medals[i]} **{safe_name(e.display_name)}** — {t.ngettext('{n} win', '{n} wins', int(e.value))}"
            for i, e in enumerate(wins[:3])), False))
    if gains:
        page.fields.append((t.gettext("Biggest rating gain"), "\n".join(
            f"{medals[i]} **{safe_name(e.display_name)}** — {e.value:+.1f}" for i, e in enumerate(gains[:3])), False))
    if words:
        page.fields.append((t.gettext("Best word"), "\n".join(
            f"{medals[i]} **{safe_name(e.display_name)}** — {(e.word or '?').upper()} ({int(e.value)}★)"
            for i, e in enumerate(words[:3])), False))
    page.description = t.gettext("Congratulations! A new season starts now: `{command_leaderboard} "
                                 "{option_period}:{season}`.", season=choice(t, "this season"))
    return page


def records_field(t: Translator, records: PlayerRecords, rated_games: int | None, threshold: int
                  ) -> tuple[str, str, bool]:
    """The stats field of streaks and records (competitive games)."""
    lines = [t.gettext("Wins in a row: {current} now, {best} at best", current=records.current_streak,
                       best=records.best_streak)]
    if records.best_score_game is not None:
        lines.append(t.gettext("Best score: {prestige}★ (game #{game})", prestige=records.best_score,
                               game=records.best_score_game))
    if records.most_words_game is not None:
        lines.append(t.gettext("Most words in a game: {n} (game #{game})", n=records.most_words,
                               game=records.most_words_game))
    if rated_games is not None and rated_games < threshold:
        lines.append(t.gettext("Rating provisional: {games} of {needed} rated games", games=rated_games,
                               needed=threshold))
    return t.gettext("Streaks and records"), "\n".join(lines)[:1024], False
