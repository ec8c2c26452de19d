-- Small key/value facts about the store itself; first use: the bot's heartbeat, so that after a restart
-- the downtime is known and turn deadlines can be shifted by it (nobody times out while the bot was away).
CREATE TABLE store_meta (
    key        TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    updated_at REAL NOT NULL
);
