"""Per-guild defaults for new games: one small validated JSON record per guild (Red-DiscordBot style)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, Literal

from hardback_bot.i18n import LANGUAGES

from .errors import InvalidRecord

AfkPolicy = Literal["computer", "remove"]
AFK_POLICIES: tuple[str, ...] = ("computer", "remove")
GameThreads = Literal["auto", "always", "never"]
GAME_THREADS: tuple[str, ...] = ("auto", "always", "never")
GAME_LENGTHS: tuple[int, ...] = (40, 60, 90, 180)  # R23.1
MIN_TURN_TIMER = 30  # seconds; shorter cannot be answered on a phone
MAX_TURN_TIMER = 7 * 24 * 3600  # a week: slow "correspondence" games, but nothing waits forever
_NAME = re.compile(r"^[a-z0-9][a-z0-9_\-]{0,31}$")


@dataclass(frozen=True)
class GuildSettings:
    """Defaults a guild's admins choose. ``options`` holds the engine's option defaults (awards, adverts,
    co-op, unique words, vote …) by name: the engine validates them when a game is created, so that this
    record does not need to change whenever the engine grows an option."""

    dictionary: str = "common"  # the engine's and hardback_bot.words' default list
    length: int = 60
    options: Mapping[str, bool | int | str] = field(default_factory=dict)
    turn_timer: int = 300  # seconds per turn
    afk_policy: AfkPolicy = "computer"  # what happens to a seat after afk_misses timeouts in a row
    afk_misses: int = 3
    # Language of public messages (table, log, results): one of hardback_bot.i18n.LANGUAGES, or None to
    # follow the server's own Discord locale (guild.preferred_locale).
    language: str | None = None
    # Leaderboard seasons: a calendar "month" or ISO "week" (UTC); the channel their winners are
    # announced in (None: not announced); rated games before a rating stops being provisional.
    season: str = "month"
    season_channel: int | None = None
    provisional_games: int = 5
    # Whether each new game runs in a thread of its own opened from its lobby message: "auto" for turn-based
    # speeds (sessions/game_threads.py), "always", or "never" (one table per channel).
    game_threads: GameThreads = "auto"

    def __post_init__(self) -> None:
        problems = _problems(self)
        if problems:
            raise InvalidRecord("invalid guild settings: " + "; ".join(problems))
        object.__setattr__(self, "options", dict(self.options))

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GuildSettings:
        if not isinstance(data, Mapping):
            raise InvalidRecord("guild settings must be a JSON object")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise InvalidRecord(f"unknown guild setting(s): {', '.join(unknown)}")
        return cls(**dict(data))

    @classmethod
    def from_json(cls, text: str) -> GuildSettings:
        try:
            return cls.from_dict(json.loads(text))
        except json.JSONDecodeError as exc:
            raise InvalidRecord(f"guild settings are not valid JSON: {exc}") from exc

    def updated(self, **changes: Any) -> GuildSettings:
        """A copy with some settings changed (validated)."""
        unknown = sorted(set(changes) - {f.name for f in fields(self)})
        if unknown:
            raise InvalidRecord(f"unknown guild setting(s): {', '.join(unknown)}")
        return replace(self, **changes)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _problems(s: GuildSettings) -> list[str]:
    out: list[str] = []
    if not isinstance(s.dictionary, str) or not _NAME.match(s.dictionary):
        out.append("dictionary must be a short lower-case name")
    if not _is_int(s.length) or s.length not in GAME_LENGTHS:
        out.append(f"length must be one of {GAME_LENGTHS}")
    if not _is_int(s.turn_timer) or not MIN_TURN_TIMER <= s.turn_timer <= MAX_TURN_TIMER:
        out.append(f"turn_timer must be whole seconds between {MIN_TURN_TIMER} and {MAX_TURN_TIMER}")
    if s.afk_policy not in AFK_POLICIES:
        out.append(f"afk_policy must be one of {AFK_POLICIES}")
    if not _is_int(s.afk_misses) or not 1 <= s.afk_misses <= 10:
        out.append("afk_misses must be a whole number from 1 to 10")
    if s.language is not None and s.language not in LANGUAGES:
        out.append(f"language must be one of {LANGUAGES} or null (the server's Discord language)")
    if s.season not in ("month", "week"):
        out.append("season must be 'month' or 'week'")
    if s.season_channel is not None and (not _is_int(s.season_channel) or s.season_channel <= 0):
        out.append("season_channel must be a channel id or null")
    if not _is_int(s.provisional_games) or not 1 <= s.provisional_games <= 50:
        out.append("provisional_games must be a whole number from 1 to 50")
    if s.game_threads not in GAME_THREADS:
        out.append(f"game_threads must be one of {GAME_THREADS}")
    if not isinstance(s.options, Mapping):
        out.append("options must be an object")
    else:
        for key, value in s.options.items():
            if not isinstance(key, str) or not _NAME.match(key):
                out.append(f"option name {key!r} is not a short lower-case name")
            elif not isinstance(value, bool | int | str) or (isinstance(value, str) and len(value) > 64):
                out.append(f"option {key} must be a boolean, a whole number or a short text")
    return out
