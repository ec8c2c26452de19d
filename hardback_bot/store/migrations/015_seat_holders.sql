-- Seats that come back (docs/store.md, "Who held a seat"): every change of who plays a seat of a running game,
-- in order, so that the results can say who played which part ("Ann (then computer, then Bob)") and the
-- player whose seat a computer took for timeouts can take it back. A game's first holders are its seats
-- (no row): rows are written only when a seat changes hands.
CREATE TABLE seat_holders (
    id           INTEGER PRIMARY KEY AUTOINCREMENT, -- the order of the changes (two may share a clock tick)
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL CHECK (seat >= 0),
    since_move   INTEGER NOT NULL,                  -- the number of moves in the log when the change came
    held_at      REAL    NOT NULL,
    user_id      INTEGER,                           -- the person the seat belongs to from then on (NULL: erased)
    display_name TEXT    NOT NULL,                  -- their name then (a stand-in once erased)
    holder       TEXT    NOT NULL CHECK (holder IN ('player', 'computer', 'absent')),
    reason       TEXT    NOT NULL CHECK (reason IN ('timeouts', 'left', 'reclaimed', 'substitute'))
);
CREATE INDEX seat_holders_by_game ON seat_holders (game_id, id);
CREATE INDEX seat_holders_by_user ON seat_holders (user_id) WHERE user_id IS NOT NULL;

-- A seat the host lets a watcher take (a substitute): open until someone takes it or the game ends.
CREATE TABLE seat_offers (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    offered_by INTEGER NOT NULL,                    -- the host
    offered_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
