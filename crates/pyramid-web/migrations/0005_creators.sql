-- Version 5: who made each game, and whether it waits for its players. `creator`: the
-- client (its IP address as text; empty for games made before this version) that created
-- it, so that one client's open challenges are counted and the lobby is fair between
-- clients. `waiting`: whether some seat is still open or its person has not opened the
-- game yet (no clock runs meanwhile), so that a game whose players never come is found
-- and aborted by whichever server looks.
ALTER TABLE games ADD COLUMN creator TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN waiting BIGINT NOT NULL DEFAULT 0;
CREATE INDEX games_by_creator ON games (creator, lobby, finished);
CREATE INDEX games_waiting ON games (finished, waiting, created_at);
