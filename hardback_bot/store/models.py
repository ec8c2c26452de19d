"""Plain records the store takes and returns. No SQL and no engine here: the bot above sees only these."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from .payloads import Due, Outgoing
from .zones import tzinfo_of

GameStatus = Literal["lobby", "playing", "finished", "abandoned"]
UNFINISHED: tuple[GameStatus, ...] = ("lobby", "playing")
Mode = Literal["competitive", "coop"]
#: A result row's mode: a practice game (the guided first game) is kept in the history but counted nowhere
#: else: no rating, board, season or streak reads it.
ResultMode = Literal["competitive", "coop", "practice"]
LeaderboardKind = Literal["rating", "wins", "win_rate", "best_word", "longest_word"]
LEADERBOARD_KINDS: tuple[LeaderboardKind, ...] = ("rating", "wins", "win_rate", "best_word", "longest_word")
# Where a game is played (migration 011): a server's channel, the bot's own DM with someone, or a group DM
# (or a DM between people) that the bot reaches only through the interactions of whoever installed the app.
Place = Literal["server", "dm", "private"]
PLACES: tuple[Place, ...] = ("server", "dm", "private")
#: The name a deleted player's seats and results keep (docs/privacy.md): stored in English like the computers'
#: names, and said in the reader's language where seats are named (sessions/phrases.py, ``seat_name``).
ERASED_NAME = "Deleted player"


@dataclass(frozen=True)
class Shards:
    """The guilds one bot process serves when the bot runs as several processes: Discord puts guild ``g``
    on shard ``(g >> 22) % count``, and this process holds the shards ``ids``. A store opened with shards
    sees only those guilds' games in its start-up and timer methods (docs/store.md)."""

    count: int
    ids: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError("a bot has at least one shard")
        if not self.ids or len(set(self.ids)) != len(self.ids) or not all(0 <= i < self.count for i in self.ids):
            raise ValueError(f"shard ids must be distinct numbers from 0 to {self.count - 1}: {self.ids}")

    @classmethod
    def of(cls, count: int, ids: Iterable[int] | None = None) -> Shards:
        return cls(count, tuple(sorted(range(count) if ids is None else ids)))

    def shard_of(self, guild_id: int) -> int:
        return (guild_id >> 22) % self.count

    def owns(self, guild_id: int) -> bool:
        return self.shard_of(guild_id) in self.ids


@dataclass(frozen=True)
class Seat:
    """A place at the table. A human has ``user_id``; a computer player has ``ai_strength``.

    When a computer takes over an AFK human's seat both are set: the seat still belongs to the human for
    results and stats (leaving does not erase a game), while the bot plays it.

    ``erased``: the player had their data deleted (``/hardback privacy``, docs/privacy.md): the seat keeps its
    place in the game under a stand-in name, with no user id (and a computer's strength if one took it over).
    """

    seat: int
    display_name: str
    user_id: int | None = None
    ai_strength: int | None = None
    erased: bool = False

    @property
    def is_human(self) -> bool:
        return self.user_id is not None

    @property
    def is_computer_controlled(self) -> bool:
        return self.ai_strength is not None


@dataclass(frozen=True)
class SeatChange:
    """A seat of a running game changed hands (table ``seat_holders``): from ``since_move`` moves on it belongs to
    ``user_id`` (the same person or a substitute) and is played by ``holder``: the person ("player"), a computer
    ("computer") or nobody, passing every decision ("absent"). ``reason``: timeouts, left, reclaimed, substitute."""

    seat: int
    since_move: int
    user_id: int | None
    display_name: str
    holder: str
    reason: str
    held_at: float = 0.0  # set by the store when written


@dataclass(frozen=True)
class Timer:
    """A deadline of a game (migration 001): what comes due then is ``payload``, one value of the closed union
    :data:`~hardback_bot.store.payloads.Due` (a turn's or a vote's time, or the reminder before it)."""

    game_id: int
    payload: Due
    deadline: float
    seat: int | None = None
    id: int | None = None  # set by the store
    # A held timer's own deadline: it came due where nobody could be told, and waits for the game's next click
    # (sessions/places.py) with ``deadline`` far away meanwhile. Stored in the payload's JSON as ``held``.
    held: float | None = None

    @property
    def kind(self) -> str:
        """The row's ``kind`` column: ``turn``, ``vote`` or ``reminder``."""
        return self.payload.kind


@dataclass(frozen=True)
class StoredMove:
    """A row of a game's move log: the move as stored text (the engine's ``Move`` is its value, read by
    ``engine.moves.LoggedMove.from_stored``)."""

    seq: int
    seat: int
    move: str
    created_at: float
    version: int | None = None  # the game version its commit produced (None: stored before migration 004)


@dataclass(frozen=True)
class Delivery:
    """Something the channel must be shown because of a commit (migration 005): written in the commit's
    transaction, delivered by the bot afterwards. ``payload`` is one value of the closed union
    :data:`~hardback_bot.store.payloads.Outgoing`, never rendered text, so the relay can say it in the
    server's language when it delivers."""

    game_id: int
    payload: Outgoing
    channel_id: int | None = None  # None: the game's channel (filled in by the store)
    id: int | None = None  # set by the store
    version: int | None = None
    created_at: float = 0.0
    batch: int | None = None
    claimed_at: float | None = None
    delivered_at: float | None = None
    message_id: int | None = None
    live: bool = False

    @property
    def kind(self) -> str:
        """The row's ``kind`` column: ``announce``, ``results``, ``ghost_open``, ``ghost_post``, ``ghost_close``."""
        return self.payload.kind


@dataclass(frozen=True)
class PanelToken:
    """The interaction token of a player's most recent private panel of a game (valid 15 minutes)."""

    game_id: int
    user_id: int
    application_id: int
    token: str
    created_at: float
    version: int | None = None
    locale: str | None = None
    message: str = "@original"  # which message of its interaction the token edits: "@original", or a follow-up's id


@dataclass(frozen=True)
class GameRecord:
    id: int
    guild_id: int
    channel_id: int
    host_id: int | None
    status: GameStatus
    options: Mapping[str, Any]
    seed: int | None
    state: str | None  # engine JSON, exactly as saved; None in the lobby or when not requested
    version: int
    seats: tuple[Seat, ...]
    messages: Mapping[str, int]  # kind -> message id ("lobby", "table", …)
    created_at: float
    updated_at: float
    finished_at: float | None = None
    move_count: int = 0
    message_versions: Mapping[str, int | None] = field(default_factory=dict)  # kind -> game version shown
    kind: str = "table"  # "table": opened with /hardback start; "daily": a player's daily deal (store/daily.py)
    place: Place = "server"
    locale: str | None = None  # the Discord language of whoever opened the table (public messages outside servers)
    pruned_at: float | None = None  # when its move log (and final state) was deleted, kept no longer (013)
    holders: tuple[SeatChange, ...] = ()  # every change of hands of its seats, oldest first (015)
    offers: tuple[int, ...] = ()  # the seats the host lets a watcher take now (015)

    @property
    def num_players(self) -> int:
        return len(self.seats)

    @property
    def board_id(self) -> int:
        """Whose leaderboards, ratings and history the game counts in: its server's, or, outside servers, its
        channel's own (a group DM's friends have their board; the bot's DM is its player's)."""
        return self.guild_id or self.channel_id


@dataclass(frozen=True)
class ResumeInfo:
    """What the bot needs after a restart to bring one unfinished game back to life."""

    game: GameRecord
    timers: tuple[Timer, ...]
    message_channels: Mapping[str, int]  # kind -> channel id, for messages outside the game's channel


@dataclass(frozen=True)
class PlayerResult:
    """One seat's line of a finished game (R22, R35). ``stats`` keeps every R35 key the engine gave."""

    seat: int
    rank: int  # sports-table ranks, ties share (R22.6); in co-op every seat has the team's rank 1
    prestige: int
    won: bool
    words: int = 0
    best_word_prestige: int = 0
    best_word: str | None = None
    longest_word_len: int = 0
    longest_word: str | None = None
    cards_bought: int = 0
    cards_trashed: int = 0
    ink_used: int = 0
    invalid_words: int = 0
    stats: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class CoopResult:
    won: bool  # R29.9: team score strictly above Penny's
    team_score: int
    penny_score: int
    genre: str | None = None  # Penny's signature genre

    @property
    def margin(self) -> int:
        return self.team_score - self.penny_score


@dataclass(frozen=True)
class GameOutcome:
    """Everything written once when a game finishes."""

    players: tuple[PlayerResult, ...]
    table_stats: Mapping[str, Any] = field(default_factory=dict)  # R34
    coop: CoopResult | None = None
    practice: bool = False  # the guided first game: in the history, unrated, on no board

    @property
    def mode(self) -> Mode:
        return "coop" if self.coop is not None else "competitive"

    @property
    def result_mode(self) -> ResultMode:
        """The mode its result rows are stored with (``practice`` keeps them off every board)."""
        return "practice" if self.practice else self.mode


@dataclass(frozen=True)
class StoredResult:
    """A :class:`PlayerResult` as stored, with who sat there and what it did to their rating."""

    game_id: int
    seat: int
    user_id: int | None
    ai_strength: int | None
    display_name: str
    mode: ResultMode
    result: PlayerResult
    rating_before: float | None
    rating_after: float | None
    finished_at: float


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    ordinal: float
    games: int


@dataclass(frozen=True)
class LeaderboardEntry:
    position: int  # 1-based, sports-table ties (equal values share a position)
    user_id: int
    display_name: str
    value: float  # the ranked quantity: rating ordinal, wins, win rate (0..1), word prestige or length
    games: int
    wins: int
    word: str | None = None  # for best_word / longest_word


@dataclass(frozen=True)
class ModeTotals:
    games: int = 0
    wins: int = 0
    prestige_sum: int = 0
    words_sum: int = 0
    best_word_prestige: int = 0
    best_word: str | None = None
    longest_word_len: int = 0
    longest_word: str | None = None
    cards_bought_sum: int = 0
    cards_trashed_sum: int = 0
    ink_used_sum: int = 0
    invalid_words_sum: int = 0
    margin_sum: int = 0

    @property
    def losses(self) -> int:
        return self.games - self.wins

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def avg_prestige(self) -> float:
        return self.prestige_sum / self.games if self.games else 0.0

    @property
    def words_per_game(self) -> float:
        return self.words_sum / self.games if self.games else 0.0


@dataclass(frozen=True)
class PlayerStats:
    guild_id: int
    user_id: int
    display_name: str | None
    competitive: ModeTotals
    coop: ModeTotals
    rating: Rating | None
    coop_by_genre: Mapping[str, tuple[int, int]]  # Penny's genre -> (wins, games)
    recent: tuple[StoredResult, ...]  # newest first


# Group DM games (migration 011): in a group DM the bot is not a member; it shows the game only through the
# interactions players make, each one's token alive 15 minutes (store/rooms/handles.py).
ORIGINAL = "@original"  # the webhook routes' name of an interaction's own answer


@dataclass(frozen=True)
class GameToken:
    """One interaction of a group DM game."""

    game_id: int
    token: str
    application_id: int
    user_id: int
    created_at: float  # when the interaction came (the token dies 15 minutes later)
    followups: int = 0  # public follow-up messages the relay sent with it


@dataclass(frozen=True)
class MessageHandle:
    """A token that can edit a public message of a game, and how the webhook routes name that message."""

    game_id: int
    message_id: int
    token: str
    target: str  # ORIGINAL, or the message's id (a follow-up)
    created_at: float  # the token's interaction time
    application_id: int = 0


#: The coach's modes (docs/tutorial.md, "After the guided game"): on for a player's first games, or as they chose.
CoachMode = Literal["auto", "on", "off"]
COACH_MODES: tuple[CoachMode, ...] = ("auto", "on", "off")


AlertMode = Literal["off", "turn_based", "all"]
#: Turn alerts by direct message: none (the default), in turn-based games (a turn timer over an hour), or in all.
ALERT_MODES: tuple[AlertMode, ...] = ("off", "turn_based", "all")


def valid_zone(zone: str) -> bool:
    """A time zone a player may choose: ``UTC``, an offset ``+09:00`` / ``-05:30``, or an IANA name."""
    return tzinfo_of(zone) is not None


@dataclass(frozen=True)
class PlayerSettings:
    """What one person chose for themselves, wherever they play (player_settings, migration 012). Turn alerts
    (issue 38): ``alerts``, quiet hours from ``quiet_start`` to ``quiet_end`` (whole hours in ``zone``; equal or
    None: no quiet hours), and ``alerts_closed``: their DMs refused an alert (Discord 50007), so none is tried
    again until they choose their alerts again."""

    coach: CoachMode = "auto"  # auto: coached for their first games, then not
    #: Panels without pictures: every card, score and preview in words (docs/accessibility.md).
    text_mode: bool = False
    alerts: AlertMode = "off"
    quiet_start: int | None = None
    quiet_end: int | None = None
    zone: str = "UTC"
    alerts_closed: bool = False

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PlayerSettings:
        # Keys of a newer bot are ignored (a rollback keeps working), a bad value is the default.
        coach, text_mode, alerts = data.get("coach", "auto"), data.get("text_mode", False), data.get("alerts")
        start, end, zone = data.get("quiet_start"), data.get("quiet_end"), data.get("zone", "UTC")
        hours = [h if isinstance(h, int) and 0 <= h <= 23 else None for h in (start, end)]
        return cls(coach=coach if coach in COACH_MODES else "auto",
                   text_mode=text_mode if isinstance(text_mode, bool) else False,
                   alerts=alerts if alerts in ALERT_MODES else "off", quiet_start=hours[0], quiet_end=hours[1],
                   zone=zone if isinstance(zone, str) and valid_zone(zone) else "UTC",
                   alerts_closed=data.get("alerts_closed") is True)

    def to_dict(self) -> dict[str, Any]:
        return {"coach": self.coach, "text_mode": self.text_mode, "alerts": self.alerts,
                "quiet_start": self.quiet_start, "quiet_end": self.quiet_end, "zone": self.zone,
                "alerts_closed": self.alerts_closed}

    def changed(self, **changes: Any) -> PlayerSettings:
        unknown = set(changes) - set(self.to_dict())
        if unknown:
            raise ValueError(f"unknown player settings: {sorted(unknown)}")
        if "coach" in changes and changes["coach"] not in COACH_MODES:
            raise ValueError(f"coach must be one of {COACH_MODES}")
        if "alerts" in changes and changes["alerts"] not in ALERT_MODES:
            raise ValueError(f"alerts must be one of {ALERT_MODES}")
        for key in ("text_mode", "alerts_closed"):
            if key in changes and not isinstance(changes[key], bool):
                raise ValueError(f"{key} must be True or False")
        for key in ("quiet_start", "quiet_end"):
            hour = changes.get(key)
            if key in changes and hour is not None and not (isinstance(hour, int) and 0 <= hour <= 23):
                raise ValueError(f"{key} must be an hour from 0 to 23, or None")
        if "zone" in changes and not (isinstance(changes["zone"], str) and valid_zone(changes["zone"])):
            raise ValueError("zone must be UTC, an offset such as +09:00, or a time zone name")
        merged = {**self.to_dict(), **changes}
        return PlayerSettings(**merged)


@dataclass(frozen=True)
class PlayerData:
    """How much is kept about one player, everywhere (``/hardback privacy``)."""

    user_id: int
    games: int  # seats in stored games (lobbies and running games included)
    running: int  # of which lobbies or games being played
    moves: int  # moves of their seats in the move logs
    results: int  # result rows of finished games
    boards: int  # servers (or group DMs, the bot's DM) whose boards count them
    ratings: int
    daily: int  # daily attempts
    tokens: int  # private panels' interaction tokens (kept an hour at most)
    settings: bool = False  # they chose settings of their own (player_settings: the coach …)
    erased: tuple[float, ...] = ()  # times of earlier deletions (what was deleted then is gone)


@dataclass(frozen=True)
class Erasure:
    """What one deletion did (``applied`` False: this database had applied it already, nothing changed)."""

    id: str
    user_id: int
    erased_at: float
    applied: bool
    games: int = 0  # seats made anonymous
    taken_over: tuple[int, ...] = ()  # running games where a computer took the seat
    ended: tuple[int, ...] = ()  # running games nobody else played in, ended
    lobbies: tuple[int, ...] = ()  # lobbies left
    results: int = 0
    ratings: int = 0
    totals: int = 0
    daily: int = 0
    tokens: int = 0
    settings: int = 0  # their own settings' row

    @property
    def changed_games(self) -> tuple[int, ...]:
        """Lobbies and running games whose public side must be redrawn."""
        return (*self.lobbies, *self.taken_over, *self.ended)


@dataclass(frozen=True)
class ErasureRecord:
    """A deletion as the ``erasures`` table (and the ledger file outside the database) keeps it."""

    id: str
    user_id: int
    erased_at: float
    applied_at: float
