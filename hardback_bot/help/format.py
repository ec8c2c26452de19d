"""Text for the information commands: leaderboards, player statistics, game history.

Pure functions from the store's plain records to short texts; the cog only wraps them in embeds.
Every text is bounded here (lines are few and short), so an embed never nears Discord's limits.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from hardback_bot.engine.cards import GENRES
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


def _name(text: str | None, limit: int = 32) -> str:
    # Names are user-chosen: keep them short and stop them from breaking the markdown around them.
    clean = (text or "someone").replace("\n", " ")
    for ch in "*_`~|>":
        clean = clean.replace(ch, "")
    return (clean.strip() or "someone")[:limit]


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def board_line(kind: str, e: LeaderboardEntry) -> str:
    who = f"**{_name(e.display_name)}**"
    record = f"{e.games} game{'s' if e.games != 1 else ''}, {e.wins} win{'s' if e.wins != 1 else ''}"
    if kind == "rating":
        value = f"{e.value:.1f} rating · {record}"
    elif kind == "wins":
        value = f"{int(e.value)} win{'s' if int(e.value) != 1 else ''} in {e.games} game{'s' if e.games != 1 else ''}"
    elif kind == "win_rate":
        value = f"{e.value:.0%} · {record}"
    elif kind == "best_word":
        value = f"{(e.word or '?').upper()} for {int(e.value)}★"
    else:
        value = f"{(e.word or '?').upper()}, {int(e.value)} letters"
    return f"`{e.position:>3}.` {who} — {value}"


def leaderboard_page(kind: str, entries: Sequence[LeaderboardEntry], page: int, min_games: int) -> Page:
    title = f"Hardback leaderboard — {BOARD_NAMES.get(kind, kind)}"
    if not entries:
        text = ("Nobody is on this board yet: finish a game in this server first." if page == 0
                else "This page is empty: the board is shorter now.")
        if kind == "win_rate":
            text += f" (The win-rate board lists players with at least {min_games} games.)"
        if kind == "rating":
            text += " (Ratings come from competitive games between at least two people.)"
        return Page(title, text)
    lines = [board_line(kind, e) for e in entries[:PAGE_SIZE]]
    footer = f"Page {page + 1}"
    if kind == "win_rate":
        footer += f" · players with at least {min_games} games"
    elif kind == "rating":
        footer += " · rating = skill estimate minus 3× its uncertainty; it grows as you play"
    elif kind in ("best_word", "longest_word"):
        footer += " · competitive and co-op games"
    return Page(title, "\n".join(lines), footer=footer)


def _totals_text(t: ModeTotals, coop: bool = False) -> str:
    if not t.games:
        return "no games yet"
    lines = [f"{t.games} game{'s' if t.games != 1 else ''} · {t.wins} won ({t.win_rate:.0%})"]
    if coop:
        avg_margin = t.margin_sum / t.games
        lines.append(f"average margin over Penny {avg_margin:+.1f}★")
    else:
        lines.append(f"average {t.avg_prestige:.1f}★ a game")
    lines.append(f"{t.words_per_game:.1f} words a game · {t.cards_bought_sum / t.games:.1f} cards bought")
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


def _best(t1: ModeTotals, t2: ModeTotals) -> tuple[str, str]:
    best = max((t1, t2), key=lambda t: t.best_word_prestige)
    longest = max((t1, t2), key=lambda t: t.longest_word_len)
    best_text = f"{best.best_word.upper()} ({best.best_word_prestige}★)" if best.best_word else "—"
    long_text = f"{longest.longest_word.upper()} ({longest.longest_word_len} letters)" if longest.longest_word else "—"
    return best_text, long_text


def result_line(r: StoredResult, *, with_game: bool = True) -> str:
    res = r.result
    when = f"<t:{int(r.finished_at)}:R>"
    if r.mode == "coop":
        outcome = "won with the team" if res.won else "lost to Penny"
    else:
        outcome = f"{ordinal(res.rank)} place"
    word = f" · best word {res.best_word.upper()}" if res.best_word else ""
    game = f"game #{r.game_id} · " if with_game else ""
    return f"{game}{when} · {outcome} · {res.prestige}★{word}"


def stats_page(stats: PlayerStats, name: str, recent_for_genre: Sequence[StoredResult]) -> Page:
    page = Page(f"Hardback stats — {_name(name, 64)}")
    comp, coop = stats.competitive, stats.coop
    if not comp.games and not coop.games:
        page.description = "No finished games in this server yet."
        return page
    rating = stats.rating
    page.fields.append(("Competitive", _totals_text(comp), True))
    rated = (f"{rating.ordinal:.1f} after {rating.games} rated game{'s' if rating.games != 1 else ''}" if rating
             else "not rated yet (competitive games between people)")
    page.fields.append(("Rating", rated, True))
    best, longest = _best(comp, coop)
    page.fields.append(("Best word", best, True))
    page.fields.append(("Longest word", longest, True))
    fav = favourite_genre(recent_for_genre)
    if fav is not None:
        genre, share, games = fav
        page.fields.append(("Favourite genre", f"{genre} ({share:.0%} of the genre cards owned at the end of the "
                                               f"last {games} game{'s' if games != 1 else ''})", True))
    if coop.games:
        by_genre = ", ".join(f"{g}: {w}/{n}" for g, (w, n) in sorted(stats.coop_by_genre.items()))
        text = _totals_text(coop, coop=True) + (f"\nby Penny's genre (won/played): {by_genre}" if by_genre else "")
        page.fields.append(("Co-op against Penny", text[:1024], False))
    if stats.recent:
        page.fields.append(("Recent games", "\n".join(result_line(r) for r in stats.recent[:5])[:1024], False))
    return page


def history_page(name: str, recent: Sequence[StoredResult]) -> Page:
    page = Page(f"Hardback history — {_name(name, 64)}")
    if not recent:
        page.description = "No finished games in this server yet."
        return page
    page.description = "\n".join(result_line(r) for r in recent)
    page.footer = "Pick a game below to download it as JSON (for bug reports: it replays move by move)."
    return page


def server_history_page(guild_name: str, games: Sequence[GameRecord],
                        results: Mapping[int, Sequence[StoredResult]]) -> Page:
    """The server's recently ended games, newest first (``/hardback history`` without a user)."""
    page = Page(f"Hardback history — {_name(guild_name, 64)}")
    if not games:
        page.description = "No finished games in this server yet."
        return page
    lines = []
    for g in games:
        when = f"<t:{int(g.finished_at or g.updated_at)}:R>"
        rows = sorted(results.get(g.id, ()), key=lambda r: (r.result.rank, r.seat))
        if g.status == "abandoned" or not rows:
            names = ", ".join(_name(s.display_name) for s in g.seats)
            lines.append(f"`#{g.id}` {when} — ended early · {names}")
            continue
        if rows[0].mode == "coop":
            won = rows[0].result.won
            names = ", ".join(_name(r.display_name) for r in rows)
            lines.append(f"`#{g.id}` {when} — co-op {'won' if won else 'lost'} against Penny, "
                         f"{rows[0].result.prestige}★ · {names}")
            continue
        ranking = ", ".join(f"{r.result.rank}. {_name(r.display_name)} {r.result.prestige}★" for r in rows)
        lines.append(f"`#{g.id}` {when} — {ranking}")
    page.description = "\n".join(lines)[:4000]
    page.footer = "Pick a game below to download it as JSON (for bug reports: it replays move by move)."
    return page
