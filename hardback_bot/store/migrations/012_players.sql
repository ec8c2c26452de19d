-- What a person chose for themselves, wherever they play: one JSON object per user ({"coach": "off"} …), a key
-- absent being its default. Read when a panel is drawn, written when the player changes a choice.
CREATE TABLE player_settings (
    user_id    INTEGER NOT NULL PRIMARY KEY,
    settings   TEXT    NOT NULL,
    updated_at REAL    NOT NULL
);

-- A change to a running table that every person seated must agree to (hints turned on mid-game): one row per
-- person who said yes. The request is open while rows of its kind exist; it is settled (the rows deleted) when
-- everyone has agreed, or when one person says no.
CREATE TABLE table_requests (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, kind, user_id)
);
