-- Version 1: one row a game (what makes it again, and how far it got) and one row an
-- action. `IF NOT EXISTS`: databases made before versions were kept already hold them.
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    start_position TEXT NOT NULL,
    token TEXT NOT NULL,
    delay_ms BIGINT NOT NULL,
    extra TEXT NOT NULL,
    plies BIGINT NOT NULL,
    finished BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL,
    ply BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
