-- Vacation (docs/commands.md, "Turn-based speeds"): a player of a turn-based game pauses their own clock until a
-- time they chose; the game's deadlines that wait for them start again then. ``used`` bounds how much vacation
-- one seat takes in one game (the seconds taken so far, the current one counted to its end).
CREATE TABLE vacations (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    until    REAL    NOT NULL,                      -- when the vacation ends (Unix seconds); past: back
    used     REAL    NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);
