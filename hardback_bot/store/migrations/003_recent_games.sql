-- /hardback history lists a server's recently ended games.
CREATE INDEX games_recent_by_guild ON games (guild_id, status, updated_at);
-- At start-up the bot looks for games finished lately whose results message was never posted.
CREATE INDEX games_finished_at ON games (finished_at) WHERE status = 'finished';
