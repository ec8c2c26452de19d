-- The daily deal (/hardback daily): one deal per UTC day, the same everywhere, one attempt per player and day.
-- A daily is an ordinary stored game (resumable, with results like any other) whose ``kind`` says so; the
-- rows below tie it to its day and player, and hold the day's par, computed once by whichever process
-- claims it first.
ALTER TABLE games ADD COLUMN kind TEXT NOT NULL DEFAULT 'table';  -- 'table' or 'daily'

-- One row per player and day: the claim a start makes (``claim_token`` names the start that deals the
-- game, ``claimed_at`` lets a later start take over one that died before dealing), then the game. The
-- first row wins: every other start of the same player on the same day finds it and resumes that game.
CREATE TABLE daily_attempts (
    day                TEXT    NOT NULL,            -- 'YYYY-MM-DD', UTC
    user_id            INTEGER NOT NULL,
    guild_id           INTEGER NOT NULL,            -- where it is played: the server board it counts on
    channel_id         INTEGER NOT NULL,            -- the channel the command came from (results are shared there)
    thread_id          INTEGER,                     -- the player's private thread, once made
    game_id            INTEGER REFERENCES games (id) ON DELETE SET NULL,
    display_name       TEXT    NOT NULL,
    claim_token        TEXT    NOT NULL,
    claimed_at         REAL    NOT NULL,
    result_claimed_at  REAL,                        -- the result card posted in the thread, once
    result_message_id  INTEGER,
    shared_claimed_at  REAL,                        -- the result shared in the channel, once
    shared_message_id  INTEGER,
    -- The result, written with the game's results when it finishes (one transaction), for the day's boards:
    score              INTEGER,                     -- the team's final prestige, awards included
    margin             INTEGER,                     -- score minus Penny's: breaks ties (a quicker win)
    penny_score        INTEGER,
    won                INTEGER,
    words              INTEGER,
    finished_at        REAL,
    PRIMARY KEY (day, user_id)
);
CREATE INDEX daily_attempts_by_user ON daily_attempts (user_id, day);
CREATE INDEX daily_attempts_by_game ON daily_attempts (game_id) WHERE game_id IS NOT NULL;
-- A board page is an index range in rank order; a player's place counts the entries above theirs.
CREATE INDEX daily_board ON daily_attempts (day, score DESC, margin DESC) WHERE score IS NOT NULL;
CREATE INDEX daily_board_by_guild ON daily_attempts (day, guild_id, score DESC, margin DESC) WHERE score IS NOT NULL;

-- The day's par: a computer player's result on the same deal, computed once and kept. ``claimed_by`` is the
-- process computing it; a claim older than the lease without a score may be taken over (that process died).
CREATE TABLE daily_pars (
    day          TEXT    PRIMARY KEY,
    claimed_by   TEXT    NOT NULL,
    claimed_at   REAL    NOT NULL,
    strength     INTEGER NOT NULL,                  -- the computer player's strength that played it
    score        INTEGER,                           -- NULL until computed
    penny_score  INTEGER,
    won          INTEGER,
    words        INTEGER,
    turns        INTEGER,
    state_hash   TEXT,                              -- the deal it was computed on (sha256 of the first state)
    computed_at  REAL
);
