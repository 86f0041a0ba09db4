-- Version 3: open challenges. `lobby`: whether the game is listed in the lobby (a seat
-- waits for anyone to take it); `created_at`: when the game was made (seconds since 1970;
-- 0 for games made before this version); `seating`: how many times a seat was taken or
-- the listing withdrawn, so that a seat is given once even when two servers share the
-- database (a change applies only to the count it read).
ALTER TABLE games ADD COLUMN lobby BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN created_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN seating BIGINT NOT NULL DEFAULT 0;
CREATE INDEX games_in_lobby ON games (lobby, finished, created_at);
