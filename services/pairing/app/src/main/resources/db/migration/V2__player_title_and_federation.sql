-- The player's FIDE title and federation (tournament.PlayerRegistered version 2). Rows written before have neither
-- (null, read as none); the projector writes '' for a player registered without them.
alter table tournament_player add column if not exists title varchar(255);
alter table tournament_player add column if not exists federation varchar(255);
