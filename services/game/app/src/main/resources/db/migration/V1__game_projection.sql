-- The game service's projection (org.torneo.game.app.projection): derived from the log, written idempotently.
-- Column names as Hibernate writes them (the entity's field names, unquoted: PostgreSQL folds them to lower case).
-- Written to match the entities exactly: Hibernate validates the schema at start (schema-management.strategy=validate),
-- so an entity changed without a new migration fails the app's tests. Never edit an applied migration: add V2__...
-- "if not exists": a database made by the former drop-and-create / update schema keeps its tables and rows
-- (quarkus.flyway.baseline-on-migrate with baseline-version 0).

create table if not exists game (
    gameId varchar(255) not null,
    tournamentId varchar(255),
    round integer not null,
    board integer not null,
    hall varchar(255),
    whitePlayerId varchar(255),
    blackPlayerId varchar(255),
    edition varchar(255),
    category varchar(255),
    initialFen varchar(100),
    phase varchar(255),
    plies integer not null,
    fen varchar(100),
    sideToMove varchar(255),
    pendingOfferBy varchar(255),
    whiteMillis bigint,
    blackMillis bigint,
    result varchar(255),
    resultName varchar(255),
    whiteHalfPoints integer,
    blackHalfPoints integer,
    endReason varchar(255),
    endArticle varchar(255),
    played boolean,
    startedAt timestamp(6) with time zone,
    endedAt timestamp(6) with time zone,
    lastSequence bigint not null,
    primary key (gameId)
);
create index if not exists game_by_round on game (tournamentId, round, hall, board);

create table if not exists game_move (
    id varchar(255) not null,
    gameId varchar(255),
    sequence bigint not null,
    ply integer not null,
    side varchar(255),
    san varchar(255),
    uci varchar(255),
    fenAfter varchar(100),
    source varchar(255),
    whiteMillis bigint,
    blackMillis bigint,
    playedAt timestamp(6) with time zone,
    causationId uuid,
    primary key (id)
);
create index if not exists move_by_game on game_move (gameId, sequence);

create table if not exists game_incident (
    id varchar(255) not null,
    gameId varchar(255),
    sequence bigint not null,
    type varchar(255),
    category varchar(255),
    side varchar(255),
    kind varchar(255),
    article varchar(255),
    reason varchar(2000),
    details text,
    keptPlies integer,
    actorRole varchar(255),
    actorId varchar(255),
    causationId uuid,
    at timestamp(6) with time zone,
    primary key (id)
);
create index if not exists incident_by_game on game_incident (gameId, sequence);
create index if not exists incident_by_command on game_incident (causationId);

-- The platform's snapshot store (org.torneo.platform.snapshot.SnapshotRow, in every app's persistence unit): one row per
-- service, kept across restarts.
create table if not exists torneo_snapshot (
    service varchar(255) not null,
    events bigint not null,
    positions text not null,
    state text not null,
    primary key (service)
);
