-- Every private panel a player opened in a game (each interaction token, valid 15 minutes), not only the
-- newest one of migration 005: once the game is over each of them is redrawn to say so, so that no message
-- keeps a live game button. ``closed`` is set once it was.
CREATE TABLE panel_tokens (
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id        INTEGER NOT NULL,
    application_id INTEGER NOT NULL,
    token          TEXT    NOT NULL,
    created_at     REAL    NOT NULL,
    closed         INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, token)
);
CREATE INDEX panel_tokens_by_age ON panel_tokens (created_at);
