-- Initial schema of the Hardback store (SQLite dialect; see docs/store.md for the PostgreSQL mapping).
-- Times are Unix seconds (REAL). Discord snowflakes fit in SQLite's signed 64-bit INTEGER.

CREATE TABLE games (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,  -- AUTOINCREMENT: ids are never reused, exports stay unique
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    host_id     INTEGER,
    status      TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'abandoned')),
    options     TEXT    NOT NULL,                   -- GameOptions.to_dict() as JSON
    seed        INTEGER,                            -- set when the game starts
    state       TEXT,                               -- engine JSON exactly as given; NULL in the lobby
    version     INTEGER NOT NULL DEFAULT 0,         -- optimistic-concurrency guard, +1 on every state change
    created_at  REAL    NOT NULL,
    updated_at  REAL    NOT NULL,
    finished_at REAL
);
-- One running game (lobby or playing) per channel; PostgreSQL has the same partial unique index.
CREATE UNIQUE INDEX games_one_active_per_channel ON games (channel_id) WHERE status IN ('lobby', 'playing');
-- Recovery and lobby expiry scan only unfinished games.
CREATE INDEX games_unfinished ON games (status, updated_at) WHERE status IN ('lobby', 'playing');

CREATE TABLE seats (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL CHECK (seat >= 0),
    user_id      INTEGER,                           -- Discord user; NULL for a computer player
    ai_strength  INTEGER,                           -- computer strength; set with user_id when a bot took the seat over
    display_name TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat),
    CHECK (user_id IS NOT NULL OR ai_strength IS NOT NULL)
);
CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL;

-- Public messages the bot keeps editing (lobby, table, log, ghostwriter thread …), by kind.
CREATE TABLE game_messages (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL,
    message_id INTEGER NOT NULL,
    channel_id INTEGER,                             -- when not the game's channel (a thread)
    PRIMARY KEY (game_id, kind)
);

-- Append-only move log: the source of truth for replay, export and bug reports.
CREATE TABLE moves (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL CHECK (seq >= 1),   -- 1, 2, 3 … without gaps
    seat       INTEGER NOT NULL,
    move       TEXT    NOT NULL,                    -- the engine's text notation
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE timers (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL,                    -- 'turn', 'reminder', …
    seat       INTEGER,
    deadline   REAL    NOT NULL,
    payload    TEXT    NOT NULL DEFAULT '{}',
    created_at REAL    NOT NULL
);
CREATE INDEX timers_by_deadline ON timers (deadline);
CREATE INDEX timers_by_game ON timers (game_id, kind);

-- One row per finished game whose results were written: its presence makes the write idempotent.
CREATE TABLE game_outcomes (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    guild_id    INTEGER NOT NULL,
    mode        TEXT    NOT NULL CHECK (mode IN ('competitive', 'coop')),
    rated       INTEGER NOT NULL,                   -- 1 when ratings moved (competitive, >= 2 humans)
    table_stats TEXT    NOT NULL,                   -- RULES.md R34 as JSON
    coop_won    INTEGER,                            -- co-op only (R29.9)
    team_score  INTEGER,
    penny_score INTEGER,
    coop_genre  TEXT,
    recorded_at REAL    NOT NULL
);

-- Per game and seat (R22, R29.9, R35).
CREATE TABLE results (
    game_id            INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat               INTEGER NOT NULL,
    guild_id           INTEGER NOT NULL,            -- copied from games so leaderboards need no join
    user_id            INTEGER,
    ai_strength        INTEGER,
    display_name       TEXT    NOT NULL,
    mode               TEXT    NOT NULL,
    rank               INTEGER NOT NULL,
    won                INTEGER NOT NULL,
    prestige           INTEGER NOT NULL,
    words              INTEGER NOT NULL DEFAULT 0,
    best_word_prestige INTEGER NOT NULL DEFAULT 0,
    best_word          TEXT,
    longest_word_len   INTEGER NOT NULL DEFAULT 0,
    longest_word       TEXT,
    cards_bought       INTEGER NOT NULL DEFAULT 0,
    cards_trashed      INTEGER NOT NULL DEFAULT 0,
    ink_used           INTEGER NOT NULL DEFAULT 0,
    invalid_words      INTEGER NOT NULL DEFAULT 0,
    stats              TEXT    NOT NULL,            -- all R35 keys as JSON
    rating_before      REAL,                        -- ordinal, rated games only
    rating_after       REAL,
    finished_at        REAL    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX results_by_user ON results (guild_id, user_id, finished_at) WHERE user_id IS NOT NULL;

-- Running totals per guild, user and mode, updated in the results transaction, so leaderboards read
-- one small indexed row per player instead of aggregating every result.
CREATE TABLE player_totals (
    guild_id           INTEGER NOT NULL,
    user_id            INTEGER NOT NULL,
    mode               TEXT    NOT NULL CHECK (mode IN ('competitive', 'coop')),
    display_name       TEXT    NOT NULL,
    games              INTEGER NOT NULL DEFAULT 0,
    wins               INTEGER NOT NULL DEFAULT 0,
    prestige_sum       INTEGER NOT NULL DEFAULT 0,
    words_sum          INTEGER NOT NULL DEFAULT 0,
    best_word_prestige INTEGER NOT NULL DEFAULT 0,
    best_word          TEXT,
    longest_word_len   INTEGER NOT NULL DEFAULT 0,
    longest_word       TEXT,
    cards_bought_sum   INTEGER NOT NULL DEFAULT 0,
    cards_trashed_sum  INTEGER NOT NULL DEFAULT 0,
    ink_used_sum       INTEGER NOT NULL DEFAULT 0,
    invalid_words_sum  INTEGER NOT NULL DEFAULT 0,
    margin_sum         INTEGER NOT NULL DEFAULT 0,  -- co-op: team score minus Penny's
    last_played        REAL    NOT NULL,
    PRIMARY KEY (guild_id, mode, user_id)
);
CREATE INDEX totals_by_wins ON player_totals (guild_id, mode, wins DESC);
CREATE INDEX totals_by_best_word ON player_totals (guild_id, best_word_prestige DESC);
CREATE INDEX totals_by_longest_word ON player_totals (guild_id, longest_word_len DESC);

CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    ordinal    REAL    NOT NULL,                    -- mu - 3 sigma, the displayed, sortable rating
    games      INTEGER NOT NULL DEFAULT 0,
    updated_at REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
CREATE INDEX ratings_by_ordinal ON ratings (guild_id, ordinal DESC);

CREATE TABLE guild_settings (
    guild_id   INTEGER PRIMARY KEY,
    settings   TEXT NOT NULL,                       -- validated GuildSettings as JSON
    updated_at REAL NOT NULL
);
