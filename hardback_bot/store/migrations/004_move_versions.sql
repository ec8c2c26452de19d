-- The game version each move's commit produced. A click made on an older view is still good when
-- every commit since then was another player's ink or remover (sessions: Sessions.still_current).
-- Moves stored before this migration have none, and count as "unknown": those views stay out of date.
ALTER TABLE moves ADD COLUMN version INTEGER;
CREATE INDEX moves_by_version ON moves (game_id, version);
