-- The event a tournament belongs to, the organiser's half-point bye rules and the entry deadline
-- (tournament.TournamentCreated version 2). A row written before is a version 1 tournament: its own event (its id and
-- name), no bye limits (null, 0), no entry deadline (null), as the upcaster reads its TournamentCreated.
alter table tournament add column if not exists eventId varchar(255);
alter table tournament add column if not exists eventName varchar(255);
alter table tournament add column if not exists maxHalfPointByes integer;
alter table tournament add column if not exists noHalfPointByeLastRounds integer not null default 0;
alter table tournament add column if not exists lastEntryRound integer;
update tournament set eventId = tournamentId, eventName = name where eventId is null;
create index if not exists tournament_by_event on tournament (eventId);
