-- Games played where the bot is not a member: a group DM (or a DM between people) reached through a player's
-- own install of the app. ``place`` says where a game is ('server', 'dm' for the bot's own DM with someone,
-- 'private' for a group DM), so that a click from any other kind of place is refused and the relay knows
-- whether it may post with the bot's token (a server, the bot's DM) or only through interaction tokens
-- (a group DM). ``locale``: the Discord language of whoever opened the table, the language of the game's
-- public messages where there is no server to have one.
ALTER TABLE games ADD COLUMN place TEXT NOT NULL DEFAULT 'server';
ALTER TABLE games ADD COLUMN locale TEXT;
-- Outside servers a game's history and boards are its channel's (guild id 0): /hardback history there.
CREATE INDEX games_recent_by_channel ON games (channel_id, status, updated_at) WHERE guild_id = 0;

-- Which message of its interaction a private panel's token edits: '@original' (the answer itself), or the
-- id of a follow-up (a click on a public message of a group DM is answered by updating that message, and
-- the private panel comes as a follow-up).
ALTER TABLE panels ADD COLUMN message TEXT NOT NULL DEFAULT '@original';
ALTER TABLE panel_tokens ADD COLUMN message TEXT NOT NULL DEFAULT '@original';

-- Every interaction of a group DM game: its token (valid 15 minutes) is the only way the bot can show
-- anything there. ``followups``: the public follow-up messages the relay sent with it (Discord allows an app
-- installed by a user 5 follow-ups per interaction; the relay counts its own before sending).
CREATE TABLE game_tokens (
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    token          TEXT    NOT NULL,
    application_id INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,
    created_at     REAL    NOT NULL,
    followups      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, token)
);
CREATE INDEX game_tokens_by_age ON game_tokens (created_at);

-- A public message of a group DM game, and a token that can edit it: the interaction whose answer or
-- follow-up it is, or a click on it (its deferred update makes it that interaction's '@original').
CREATE TABLE message_handles (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    message_id INTEGER NOT NULL,
    token      TEXT    NOT NULL,
    target     TEXT    NOT NULL,
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, message_id, token)
);
CREATE INDEX message_handles_by_age ON message_handles (created_at);
