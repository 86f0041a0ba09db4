-- Version 2: when a game last changed (seconds since 1970; 0: before this version, stamped
-- when the server opens the database), so that finished and abandoned games expire, and
-- whether a bot is to act, so that a restarted server resumes only the games whose bots
-- play by themselves (the others are loaded when someone asks for them).
ALTER TABLE games ADD COLUMN updated_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN bots_to_act BIGINT NOT NULL DEFAULT 0;
UPDATE games SET bots_to_act = 1 WHERE finished = 0;
CREATE INDEX games_by_update ON games (updated_at);
CREATE INDEX games_by_bots ON games (finished, bots_to_act);
