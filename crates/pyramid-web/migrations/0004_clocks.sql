-- Version 4: clocks. `clock`: the game's clock as JSON (its time control, each seat's
-- time left when the running seat's turn began, the running seat, and when that turn
-- began in milliseconds since 1970, wall clock: a server started again counts the time
-- it was down as spent); empty for a game without a clock. `flag_at`: when the running
-- seat's time runs out (milliseconds since 1970; 0: no clock runs), so that a server finds
-- the games whose time ran out while nobody held them.
ALTER TABLE games ADD COLUMN clock TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN flag_at BIGINT NOT NULL DEFAULT 0;
CREATE INDEX games_by_flag ON games (finished, flag_at);
