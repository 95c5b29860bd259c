-- The feed's store (org.torneo.feed.app.store): the feed events with the ids subscribers saw, and the input positions,
-- written in one transaction per poll. Kept across restarts.
-- Written to match the entities exactly: Hibernate validates the schema at start (schema-management.strategy=validate),
-- so an entity changed without a new migration fails the app's tests. Never edit an applied migration: add V2__...
-- "if not exists": a database made by the former drop-and-create / update schema keeps its tables and rows
-- (quarkus.flyway.baseline-on-migrate with baseline-version 0).

create table if not exists feed_event (
    tournament_id varchar(255) not null,
    id bigint not null,
    type varchar(255) not null,
    round integer not null,
    hall varchar(255),
    board integer not null,
    json text not null,
    fact_at bigint,
    primary key (tournament_id, id)
);
-- the instant a broadcast delay counts from (issue 20); a feed database made before it gains the column here
alter table feed_event add column if not exists fact_at bigint;

create table if not exists feed_position (
    topic_partition varchar(255) not null,
    next_offset bigint not null,
    primary key (topic_partition)
);

-- The platform's snapshot store (org.torneo.platform.snapshot.SnapshotRow, in every app's persistence unit): one row per
-- service, kept across restarts.
create table if not exists torneo_snapshot (
    service varchar(255) not null,
    events bigint not null,
    positions text not null,
    state text not null,
    primary key (service)
);
