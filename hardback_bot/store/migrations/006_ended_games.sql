-- At start-up the bot looks for games that ended (finished or abandoned) lately, whose table and panels may
-- still need their final redraw: without this index that was a scan of every game ever played.
CREATE INDEX games_ended_at ON games (finished_at) WHERE status IN ('finished', 'abandoned');
