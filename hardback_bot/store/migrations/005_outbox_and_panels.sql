-- What the channel must show is decided in the same transaction as the move that causes it (PRODUCT.md,
-- reliability): each announcement, results message and ghostwriter-thread step is a row here, written with
-- the move, and the bot's relay delivers pending rows afterwards. ``batch`` is set (to the smallest id of
-- the batch) once the relay has chosen which rows one Discord message carries, before it sends; the batch
-- id is that message's nonce, so a resend after a crash returns the message already posted instead of a
-- second one. ``delivered_at`` is set only once Discord has the message.
CREATE TABLE deliveries (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    channel_id   INTEGER NOT NULL,
    kind         TEXT    NOT NULL,                  -- 'announce', 'results', 'ghost_open', 'ghost_post', 'ghost_close'
    payload      TEXT    NOT NULL DEFAULT '{}',
    version      INTEGER,                           -- the game version whose commit wrote it
    created_at   REAL    NOT NULL,
    batch        INTEGER,
    claimed_at   REAL,
    delivered_at REAL,
    message_id   INTEGER,                           -- the Discord message that carried it
    live         INTEGER NOT NULL DEFAULT 0         -- 1 while that message still shows game buttons
);
CREATE INDEX deliveries_pending ON deliveries (game_id, id) WHERE delivered_at IS NULL;
CREATE INDEX deliveries_live ON deliveries (game_id) WHERE live = 1;

-- The game version a public message (table, lobby) shows, so that after any crash a message older than
-- the stored game is redrawn.
ALTER TABLE game_messages ADD COLUMN version INTEGER;
CREATE INDEX game_messages_by_message ON game_messages (message_id);

-- A player's most recent private panel of a game: the interaction token that can edit it (valid 15 min
-- from ``created_at``) and the game version it shows, so the bot keeps it current as the game moves.
CREATE TABLE panels (
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id        INTEGER NOT NULL,
    application_id INTEGER NOT NULL,
    token          TEXT    NOT NULL,
    created_at     REAL    NOT NULL,
    version        INTEGER,
    locale         TEXT,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX panels_by_age ON panels (created_at);
