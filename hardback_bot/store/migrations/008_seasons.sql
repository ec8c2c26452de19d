-- Seasons (issue 17): boards of one month or week read the results of that period, so results are
-- indexed by guild and time; and each season's winners are announced once per guild, which the row
-- claimed here guarantees even when several bot processes notice the end of the season together.
CREATE INDEX results_by_guild_time ON results (guild_id, finished_at);

CREATE TABLE season_announcements (
    guild_id   INTEGER NOT NULL,
    season     TEXT    NOT NULL,                    -- 'month' or 'week'
    starts_at  REAL    NOT NULL,                    -- the season's first second (UTC)
    claimed_at REAL    NOT NULL,
    PRIMARY KEY (guild_id, season, starts_at)
);
