-- The clock service's projection (org.torneo.clock.app.projection): derived from the log, written idempotently.
-- Column names as Hibernate writes them (the entity's field names, unquoted: PostgreSQL folds them to lower case).
-- Written to match the entities exactly: Hibernate validates the schema at start (schema-management.strategy=validate),
-- so an entity changed without a new migration fails the app's tests. Never edit an applied migration: add V2__...
-- "if not exists": a database made by the former drop-and-create / update schema keeps its tables and rows
-- (quarkus.flyway.baseline-on-migrate with baseline-version 0).

create table if not exists clock (
    gameId varchar(255) not null,
    status varchar(255),
    control varchar(255),
    blackControl varchar(255),
    runningSide varchar(255),
    whiteMillis bigint not null,
    blackMillis bigint not null,
    whiteMoves integer not null,
    blackMoves integer not null,
    whitePeriod integer not null,
    blackPeriod integer not null,
    whiteFlagFellAt bigint,
    blackFlagFellAt bigint,
    deadline bigint,
    lastEventAt bigint not null,
    lastSequence bigint not null,
    primary key (gameId)
);

create table if not exists clock_reading (
    id varchar(255) not null,
    gameId varchar(255),
    sequence bigint not null,
    side varchar(255),
    moveNumber integer not null,
    at bigint not null,
    elapsedMillis bigint not null,
    remainingMillis bigint not null,
    bonusMillis bigint not null,
    periodTimeAdded bigint not null,
    period integer not null,
    clk varchar(255),
    emt varchar(255),
    primary key (id)
);
create index if not exists clock_reading_game on clock_reading (gameId, sequence);

-- The platform's snapshot store (org.torneo.platform.snapshot.SnapshotRow, in every app's persistence unit): one row per
-- service, kept across restarts.
create table if not exists torneo_snapshot (
    service varchar(255) not null,
    events bigint not null,
    positions text not null,
    state text not null,
    primary key (service)
);
