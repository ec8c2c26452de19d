-- /hardback history lists a server's recently ended games.
CREATE INDEX games_recent_by_guild ON games (guild_id, status, updated_at);
