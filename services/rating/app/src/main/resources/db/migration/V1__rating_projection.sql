-- The rating service's projection (org.torneo.rating.app.projection): the last published standings and rating
-- changes per tournament, derived from the log.
-- Column names as Hibernate writes them (the entity's field names, unquoted: PostgreSQL folds them to lower case).
-- Written to match the entities exactly: Hibernate validates the schema at start (schema-management.strategy=validate),
-- so an entity changed without a new migration fails the app's tests. Never edit an applied migration: add V2__...
-- "if not exists": a database made by the former drop-and-create / update schema keeps its tables and rows
-- (quarkus.flyway.baseline-on-migrate with baseline-version 0).

create table if not exists standing (
    id varchar(255) not null,
    tournamentId varchar(255),
    afterRound integer not null,
    startNumber integer not null,
    playerId varchar(255),
    rank integer not null,
    points varchar(255),
    tieBreaks varchar(255),
    tieBreakValues varchar(255),
    primary key (id)
);
create index if not exists standing_by_tournament on standing (tournamentId);

create table if not exists rating_change (
    id varchar(255) not null,
    tournamentId varchar(255),
    afterRound integer not null,
    ratingDate varchar(255),
    startNumber integer not null,
    playerId varchar(255),
    rating integer not null,
    games integer not null,
    scoreCenti integer not null,
    kFactor integer not null,
    changeCenti bigint not null,
    averageRatingOfOpponents integer,
    performance integer,
    initialRating integer,
    primary key (id)
);
create index if not exists rating_change_by_tournament on rating_change (tournamentId);

-- The platform's snapshot store (org.torneo.platform.snapshot.SnapshotRow, in every app's persistence unit): one row per
-- service, kept across restarts.
create table if not exists torneo_snapshot (
    service varchar(255) not null,
    events bigint not null,
    positions text not null,
    state text not null,
    primary key (service)
);
