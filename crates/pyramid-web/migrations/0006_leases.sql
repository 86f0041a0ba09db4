-- Version 6: leases. Several servers on one database hold the same game in memory; the
-- bot seats and the clock of each game are played by exactly one server at a time: the
-- holder of its lease (`holder`: a server's random id), until `until` (milliseconds since
-- 1970) unless renewed. A server that dies stops renewing; another takes the lease over.
CREATE TABLE IF NOT EXISTS leases (
    game_id TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    until BIGINT NOT NULL
);
