-- Players' data on request (/hardback privacy, docs/privacy.md): a player may have what is kept about them
-- deleted. Their seats in stored games stay (the games, replays and the other players' records stay whole)
-- but lose their user id and name: ``erased`` marks such a seat, which then has neither a user nor a computer.
-- This is PostgreSQL's file: it alters the seats' CHECK in place (SQLite's makes the table again).
ALTER TABLE seats ADD COLUMN erased BIGINT NOT NULL DEFAULT 0;
ALTER TABLE seats DROP CONSTRAINT IF EXISTS seats_check;
ALTER TABLE seats ADD CONSTRAINT seats_check CHECK (user_id IS NOT NULL OR ai_strength IS NOT NULL OR erased = 1);

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
    user_id    BIGINT           NOT NULL,
    erased_at  DOUBLE PRECISION NOT NULL,           -- when the player asked: rows up to then are theirs to delete
    applied_at DOUBLE PRECISION NOT NULL            -- when this database applied it (later, when re-applied)
);
CREATE INDEX erasures_by_user ON erasures (user_id);

-- Retention: an ended game's move log (and its final state, which holds the log) is deleted some days after
-- it ended (HARDBACK_MOVE_LOG_DAYS); its results and everyone's ratings stay. ``pruned_at`` says when, so a
-- replay can say why there is nothing to replay.
ALTER TABLE games ADD COLUMN pruned_at DOUBLE PRECISION;
CREATE INDEX games_to_prune ON games (finished_at) WHERE status IN ('finished', 'abandoned') AND pruned_at IS NULL;
