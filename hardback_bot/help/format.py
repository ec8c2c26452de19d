"""Text for the information commands: leaderboards, player statistics, game history.

Pure functions from the store's plain records to short texts; the cog only wraps them in embeds.
Every text is bounded here (lines are few and short), so an embed never nears Discord's limits.
Each function takes the reader's :class:`~hardback_bot.i18n.Translator` (``t``; English when omitted).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from hardback_bot.engine.cards import GENRES
from hardback_bot.i18n import Translator, translator
from hardback_bot.store.daily import DailyStreaks
from hardback_bot.store.models import GameRecord, LeaderboardEntry, ModeTotals, PlayerStats, StoredResult

PAGE_SIZE = 10
BOARD_NAMES: dict[str, str] = {
    "rating": "rating",
    "wins": "wins",
    "win_rate": "win rate",
    "best_word": "best word",
    "longest_word": "longest word",
}


@dataclass
class Page:
    """An embed, Discord-free: title, description, (name, value, inline) fields and a footer."""

    title: str
    description: str = ""
    fields: list[tuple[str, str, bool]] = field(default_factory=list)
    footer: str = ""


def safe_name(text: str | None, limit: int = 32) -> str:
    # Names are user-chosen: keep them short and stop them from breaking the markdown around them.
    clean = (text or "someone").replace("\n", " ")
    for ch in "*_`~|>":
        clean = clean.replace(ch, "")
    return (clean.strip() or "someone")[:limit]


def ordinal(n: int) -> str:
    """An English ordinal ("1st", "22nd"); other languages say a place with :func:`place`."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def place(rank: int, t: Translator | None = None) -> str:
    """"2nd place" / "2.º puesto" / "2e place" / "2位"."""
    t = t or translator("en")
    if t.language == "en":  # English ordinals need the suffix rules, which a catalogue cannot hold
        return f"{ordinal(rank)} place"
    if rank == 1:
        return t.pgettext("place", "1st place")
    return t.pgettext("place", "{n}th place", n=rank)


def _games(t: Translator, n: int) -> str:
    return t.ngettext("{n} game", "{n} games", n)


def _wins(t: Translator, n: int) -> str:
    return t.ngettext("{n} win", "{n} wins", n)


def word_value(kind: str, e: LeaderboardEntry, t: Translator) -> str:
    """A word board's value (best word or longest word), the same on the all-time and season boards."""
    if kind == "best_word":
        return t.gettext("{word} for {prestige}★", word=(e.word or "?").upper(), prestige=int(e.value))
    return t.gettext("{word}, {n} letters", word=(e.word or "?").upper(), n=int(e.value))


def ranked_line(e: LeaderboardEntry, value: str) -> str:
    """One board line: position, name and the board's value."""
    return f"`{e.position:>3}.` **{safe_name(e.display_name)}** — {value}"


def board_line(kind: str, e: LeaderboardEntry, t: Translator | None = None) -> str:
    t = t or translator("en")
    record = t.gettext("{games}, {wins}", games=_games(t, e.games), wins=_wins(t, e.wins))
    if kind == "rating":
        value = t.gettext("{rating} rating · {record}", rating=format(e.value, ".1f"), record=record)
    elif kind == "wins":
        value = t.gettext("{wins} in {games}", wins=_wins(t, int(e.value)), games=_games(t, e.games))
    elif kind == "win_rate":
        value = t.gettext("{rate} · {record}", rate=t.percent(e.value), record=record)
    else:
        value = word_value(kind, e, t)
    return ranked_line(e, value)


def board_name(kind: str, t: Translator | None = None) -> str:
    """The board's name as the command's choice says it (the choices' own catalogue entries)."""
    t = t or translator("en")
    return t.pgettext("choice", BOARD_NAMES[kind]) if kind in BOARD_NAMES else kind


def leaderboard_page(kind: str, entries: Sequence[LeaderboardEntry], page: int, min_games: int,
                     t: Translator | None = None) -> Page:
    t = t or translator("en")
    title = t.gettext("Hardback leaderboard — {board}", board=board_name(kind, t))
    if not entries:
        text = (t.gettext("Nobody is on this board yet: finish a game in this server first.") if page == 0
                else t.gettext("This page is empty: the board is shorter now."))
        if kind == "win_rate":
            text += " " + t.ngettext("(The win-rate board lists players with at least {n} game.)",
                                     "(The win-rate board lists players with at least {n} games.)", min_games)
        if kind == "rating":
            text += " " + t.gettext("(Ratings come from competitive games between at least two people.)")
        return Page(title, text)
    lines = [board_line(kind, e, t) for e in entries[:PAGE_SIZE]]
    footer = t.gettext("Page {page}", page=page + 1)
    if kind == "win_rate":
        footer += " · " + t.gettext("players with at least {n} games", n=min_games)
    elif kind == "rating":
        footer += " · " + t.gettext("rating = skill estimate minus 3× its uncertainty; it grows as you play")
    elif kind in ("best_word", "longest_word"):
        footer += " · " + t.gettext("competitive and co-op games")
    return Page(title, "\n".join(lines), footer=footer)


def _totals_text(totals: ModeTotals, t: Translator, coop: bool = False) -> str:
    if not totals.games:
        return t.gettext("no games yet")
    lines = [t.gettext("{games} · {wins} won ({rate})", games=_games(t, totals.games), wins=totals.wins,
                       rate=t.percent(totals.win_rate))]
    if coop:
        avg_margin = totals.margin_sum / totals.games
        lines.append(t.gettext("average margin over Penny {margin}★", margin=format(avg_margin, "+.1f")))
    else:
        lines.append(t.gettext("average {prestige}★ a game", prestige=format(totals.avg_prestige, ".1f")))
    lines.append(t.gettext("{words} words a game · {cards} cards bought", words=format(totals.words_per_game, ".1f"),
                           cards=format(totals.cards_bought_sum / totals.games, ".1f")))
    return "\n".join(lines)


def favourite_genre(recent: Sequence[StoredResult]) -> tuple[str, float, int] | None:
    """The genre the player ends games owning most cards of (R35 ``deck1``…``deck4``), its share of their
    genre cards, and how many games that is based on.  None when no stored game has deck statistics."""
    totals = dict.fromkeys(GENRES, 0)
    games = 0
    for r in recent:
        stats: Mapping[str, object] = r.result.stats or {}
        counts = [stats.get(f"deck{i + 1}") for i in range(len(GENRES))]
        if not all(isinstance(c, int) for c in counts):
            continue
        games += 1
        for genre, count in zip(GENRES, counts, strict=True):
            totals[genre] += int(count)  # type: ignore[arg-type]
    owned = sum(totals.values())
    if not games or not owned:
        return None
    best = max(GENRES, key=lambda g: (totals[g], -GENRES.index(g)))
    return best, totals[best] / owned, games


def _best(t1: ModeTotals, t2: ModeTotals, t: Translator) -> tuple[str, str]:
    best = max((t1, t2), key=lambda m: m.best_word_prestige)
    longest = max((t1, t2), key=lambda m: m.longest_word_len)
    best_text = (t.gettext("{word} ({prestige}★)", word=best.best_word.upper(), prestige=best.best_word_prestige)
                 if best.best_word else "—")
    long_text = (t.gettext("{word} ({n} letters)", word=longest.longest_word.upper(), n=longest.longest_word_len)
                 if longest.longest_word else "—")
    return best_text, long_text


def outcome(r: StoredResult, t: Translator | None = None) -> str:
    """How the game ended for this player: "2nd place", "won with the team", "lost to Penny"."""
    t = t or translator("en")
    if r.mode == "coop":
        return t.gettext("won with the team") if r.result.won else t.gettext("lost to Penny")
    return place(r.result.rank, t)


def result_line(r: StoredResult, *, with_game: bool = True, t: Translator | None = None) -> str:
    t = t or translator("en")
    res = r.result
    when = f"<t:{int(r.finished_at)}:R>"
    word = " · " + t.gettext("best word {word}", word=res.best_word.upper()) if res.best_word else ""
    game = t.gettext("game #{game}", game=r.game_id) + " · " if with_game else ""
    return f"{game}{when} · {outcome(r, t)} · {res.prestige}★{word}"


def daily_field(streaks: DailyStreaks, t: Translator | None = None) -> tuple[str, str, bool]:
    """The daily's record (every server's: it is one deal for all): days played and above par, and the
    streaks of both, current and best."""
    t = t or translator("en")
    lines = [
        t.ngettext("{n} day played", "{n} days played", streaks.played) + " · "
        + t.ngettext("par beaten on {n} day", "par beaten on {n} days", streaks.beaten),
        t.gettext("Played in a row: {current} (best {best})", current=streaks.current_played,
                  best=streaks.best_played),
        t.gettext("Above par in a row: {current} (best {best})", current=streaks.current_beaten,
                  best=streaks.best_beaten),
    ]
    return t.gettext("Hardback Daily"), "\n".join(lines), False


def stats_page(stats: PlayerStats, name: str, recent_for_genre: Sequence[StoredResult],
               t: Translator | None = None, *, daily: DailyStreaks | None = None) -> Page:
    t = t or translator("en")
    page = Page(t.gettext("Hardback stats — {name}", name=safe_name(name, 64)))
    comp, coop = stats.competitive, stats.coop
    played_daily = daily is not None and daily.played > 0
    if not comp.games and not coop.games:
        if daily is not None and played_daily:
            page.fields.append(daily_field(daily, t))
        else:
            page.description = t.gettext("No finished games in this server yet.")
        return page
    rating = stats.rating
    page.fields.append((t.gettext("Competitive"), _totals_text(comp, t), True))
    rated = (t.ngettext("{rating} after {n} rated game", "{rating} after {n} rated games", rating.games,
                        rating=format(rating.ordinal, ".1f")) if rating
             else t.gettext("not rated yet (competitive games between people)"))
    page.fields.append((t.gettext("Rating"), rated, True))
    best, longest = _best(comp, coop, t)
    page.fields.append((t.gettext("Best word"), best, True))
    page.fields.append((t.gettext("Longest word"), longest, True))
    fav = favourite_genre(recent_for_genre)
    if fav is not None:
        genre, share, games = fav
        page.fields.append((t.gettext("Favourite genre"), t.ngettext(
            "{genre} ({share} of the genre cards owned at the end of the last {n} game)",
            "{genre} ({share} of the genre cards owned at the end of the last {n} games)", games,
            genre=t.pgettext("genre", genre), share=t.percent(share)), True))
    if coop.games:
        by_genre = ", ".join(f"{t.pgettext('genre', g)}: {w}/{n}" for g, (w, n) in sorted(stats.coop_by_genre.items()))
        text = _totals_text(coop, t, coop=True) + (
            "\n" + t.gettext("by Penny's genre (won/played): {genres}", genres=by_genre) if by_genre else "")
        page.fields.append((t.gettext("Co-op against Penny"), text[:1024], False))
    if daily is not None and played_daily:
        page.fields.append(daily_field(daily, t))
    if stats.recent:
        page.fields.append((t.gettext("Recent games"), "\n".join(result_line(r, t=t) for r in stats.recent[:5])[:1024],
                            False))
    return page


def _export_footer(t: Translator) -> str:
    return t.gettext("Pick a game below to download it as JSON (for bug reports: it replays move by move).")


def history_page(name: str, recent: Sequence[StoredResult], t: Translator | None = None) -> Page:
    t = t or translator("en")
    page = Page(t.gettext("Hardback history — {name}", name=safe_name(name, 64)))
    if not recent:
        page.description = t.gettext("No finished games in this server yet.")
        return page
    page.description = "\n".join(result_line(r, t=t) for r in recent)
    page.footer = _export_footer(t)
    return page


def server_history_page(guild_name: str, games: Sequence[GameRecord],
                        results: Mapping[int, Sequence[StoredResult]], t: Translator | None = None) -> Page:
    """The server's recently ended games, newest first (``/hardback history`` without a user)."""
    t = t or translator("en")
    page = Page(t.gettext("Hardback history — {name}", name=safe_name(guild_name, 64)))
    if not games:
        page.description = t.gettext("No finished games in this server yet.")
        return page
    lines = []
    for g in games:
        when = f"<t:{int(g.finished_at or g.updated_at)}:R>"
        rows = sorted(results.get(g.id, ()), key=lambda r: (r.result.rank, r.seat))
        if g.status == "abandoned" or not rows:
            names = ", ".join(safe_name(s.display_name) for s in g.seats)
            lines.append(f"`#{g.id}` {when} — " + t.gettext("ended early · {names}", names=names))
            continue
        if rows[0].mode == "coop":
            names = ", ".join(safe_name(r.display_name) for r in rows)
            prestige = rows[0].result.prestige
            lines.append(f"`#{g.id}` {when} — " + (
                t.gettext("co-op won against Penny, {prestige}★ · {names}", prestige=prestige, names=names)
                if rows[0].result.won else
                t.gettext("co-op lost against Penny, {prestige}★ · {names}", prestige=prestige, names=names)))
            continue
        ranking = ", ".join(f"{r.result.rank}. {safe_name(r.display_name)} {r.result.prestige}★" for r in rows)
        lines.append(f"`#{g.id}` {when} — {ranking}")
    page.description = "\n".join(lines)[:4000]
    page.footer = _export_footer(t)
    return page
