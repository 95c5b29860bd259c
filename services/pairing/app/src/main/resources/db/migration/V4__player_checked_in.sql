-- Check-in before round 1 (tournament.PlayerCheckedIn, CheckInCancelled): whether the player confirmed his presence.
-- Rows written before are players of events without check-in: false.
alter table tournament_player add column if not exists checkedIn boolean not null default false;
