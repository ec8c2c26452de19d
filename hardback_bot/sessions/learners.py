"""Who is still learning: the people the coach follows (docs/tutorial.md, "After the guided game") and the
people new to a server, for whom a lobby proposes hints. Store reads only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hardback_bot.store import GameRecord, PlayerSettings, Store

COACH_GAMES = 3  # [Bot default] the games after the guided one that keep the coach (config: coach_games)


async def coached_people(store: Store, user_ids: Sequence[int], coach_games: int = COACH_GAMES,
                         settings: Mapping[int, PlayerSettings] | None = None) -> set[int]:
    """Which of ``user_ids`` the coach follows now: those who asked for it, and, unless they dropped it, those
    with fewer than ``coach_games`` finished games (practice apart). ``settings``: theirs, if the caller has
    already read them."""
    if not user_ids:
        return set()
    if settings is None:
        settings = await store.players.player_settings(user_ids)
    auto = [u for u, s in settings.items() if s.coach == "auto"]
    played = await store.players.finished_games(auto) if auto else {}
    return {u for u, s in settings.items()
            if s.coach == "on" or (s.coach == "auto" and played.get(u, 0) < coach_games)}


async def newcomers(store: Store, record: GameRecord, coach_games: int = COACH_GAMES) -> set[int]:
    """The seated people who have never finished a game in this server, or whom the coach follows (a table
    with one proposes hints)."""
    people = [s.user_id for s in record.seats if s.user_id is not None and not s.is_computer_controlled]
    if not people:
        return set()
    new_here = set(people) - await store.results.known_players(record.guild_id, people)
    return new_here | await coached_people(store, people, coach_games)


__all__ = ["COACH_GAMES", "coached_people", "newcomers"]
