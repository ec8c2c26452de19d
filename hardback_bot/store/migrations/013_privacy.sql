-- Players' data on request (/hardback privacy, docs/privacy.md): a player may have what is kept about them
-- deleted. Their seats in stored games stay (the games, replays and the other players' records stay whole)
-- but lose their user id and name: ``erased`` marks such a seat, which then has neither a user nor a computer.
-- SQLite cannot change a table's CHECK, so the table is made again with the new one; PostgreSQL has its own
-- file (migrations/postgresql/013_privacy.sql) that alters the constraint.
CREATE TABLE seats_new (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL CHECK (seat >= 0),
    user_id      INTEGER,                           -- Discord user; NULL for a computer player or an erased one
    ai_strength  INTEGER,                           -- computer strength; set with user_id when a bot took the seat over
    display_name TEXT    NOT NULL,
    erased       INTEGER NOT NULL DEFAULT 0,        -- 1: the player had their data deleted (the name is a stand-in)
    PRIMARY KEY (game_id, seat),
    CHECK (user_id IS NOT NULL OR ai_strength IS NOT NULL OR erased = 1)
);
INSERT INTO seats_new (game_id, seat, user_id, ai_strength, display_name)
    SELECT game_id, seat, user_id, ai_strength, display_name FROM seats;
DROP TABLE seats;
ALTER TABLE seats_new RENAME TO seats;
CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL;

-- A deletion touches every row of one user across all servers: these indexes keep it a few index lookups
-- (it holds the write lock meanwhile) instead of scans of the biggest tables.
CREATE INDEX results_by_user_id ON results (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX player_totals_by_user ON player_totals (user_id);
CREATE INDEX ratings_by_user ON ratings (user_id);
CREATE INDEX games_by_host ON games (host_id) WHERE host_id IS NOT NULL;
-- The outbox rows of a game (names in its notes are scrubbed by a deletion; a pruned game's rows go).
CREATE INDEX deliveries_by_game ON deliveries (game_id);

-- Every deletion, so that a database restored from an older backup can have the deletions made after it applied
-- again (the same rows are appended to a ledger file kept outside the database: store/erasures.py). Only the
-- user id and when they asked: nothing else of theirs.
CREATE TABLE erasures (
    id         TEXT    PRIMARY KEY,                 -- random; the same id in the ledger file
    user_id    INTEGER NOT NULL,
    erased_at  REAL    NOT NULL,                    -- when the player asked: rows up to then are theirs to delete
    applied_at REAL    NOT NULL                     -- when this database applied it (later, when re-applied)
);
CREATE INDEX erasures_by_user ON erasures (user_id);

-- Retention: an ended game's move log (and its final state, which holds the log) is deleted some days after
-- it ended (HARDBACK_MOVE_LOG_DAYS); its results and everyone's ratings stay. ``pruned_at`` says when, so a
-- replay can say why there is nothing to replay.
ALTER TABLE games ADD COLUMN pruned_at REAL;
CREATE INDEX games_to_prune ON games (finished_at) WHERE status IN ('finished', 'abandoned') AND pruned_at IS NULL;
