-- Each shard's state as the process holding it last reported it (every few seconds, and when its gateway
-- connection changes), so that any process of a sharded bot can tell an operator which shards are up and
-- who holds them. A bot that is not sharded reports itself as shard 0 of 1. Rows are facts about running
-- processes, not about games: backups leave them out.
CREATE TABLE shard_status (
    shard_count INTEGER NOT NULL,
    shard_id    INTEGER NOT NULL,
    state       TEXT    NOT NULL,                   -- 'starting', 'ready', 'disconnected', 'stopped'
    latency     REAL,                               -- seconds: the last gateway heartbeat's round trip
    guilds      INTEGER NOT NULL DEFAULT 0,
    process     TEXT    NOT NULL,                   -- host:pid of the process holding the shard
    started_at  REAL    NOT NULL,
    updated_at  REAL    NOT NULL,
    PRIMARY KEY (shard_count, shard_id)
);
