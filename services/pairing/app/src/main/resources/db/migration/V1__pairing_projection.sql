-- The pairing service's projection (org.torneo.pairing.app.projection): derived from the log, written idempotently.
-- Column names as Hibernate writes them (the entity's field names, unquoted: PostgreSQL folds them to lower case).
-- Written to match the entities exactly: Hibernate validates the schema at start (schema-management.strategy=validate),
-- so an entity changed without a new migration fails the app's tests. Never edit an applied migration: add V2__...
-- "if not exists": a database made by the former drop-and-create / update schema keeps its tables and rows
-- (quarkus.flyway.baseline-on-migrate with baseline-version 0).

create table if not exists tournament (
    tournamentId varchar(255) not null,
    name varchar(255),
    pairingSystem varchar(255),
    rulesetId varchar(255),
    totalRounds integer not null,
    lastRound integer not null,
    lastRoundClosed boolean not null,
    players integer not null,
    lastSequence bigint not null,
    primary key (tournamentId)
);

create table if not exists tournament_player (
    id varchar(255) not null,
    tournamentId varchar(255),
    playerId varchar(255),
    name varchar(255),
    rating integer not null,
    pairingNumber integer,
    scoreHalves integer not null,
    joinsRound integer not null,
    withdrawn boolean not null,
    primary key (id)
);
create index if not exists tournament_player_by_tournament on tournament_player (tournamentId);

create table if not exists tournament_board (
    id varchar(255) not null,
    tournamentId varchar(255),
    round integer not null,
    board integer not null,
    hall varchar(255),
    white varchar(255),
    black varchar(255),
    result varchar(255),
    played boolean,
    primary key (id)
);
create index if not exists tournament_board_by_round on tournament_board (tournamentId, round);

create table if not exists tournament_bye (
    id varchar(255) not null,
    tournamentId varchar(255),
    round integer not null,
    playerId varchar(255),
    kind varchar(255),
    pointsHalves integer not null,
    primary key (id)
);
create index if not exists tournament_bye_by_round on tournament_bye (tournamentId, round);

-- The platform's snapshot store (org.torneo.platform.snapshot.SnapshotRow, in every app's persistence unit): one row per
-- service, kept across restarts.
create table if not exists torneo_snapshot (
    service varchar(255) not null,
    events bigint not null,
    positions text not null,
    state text not null,
    primary key (service)
);
