package org.torneo.contracts.topics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Who may do what on Kafka: the one table every broker set-up is made from (the local broker's ACLs, the
 * Strimzi {@code KafkaUser}s in deploy/k8s, the ACL script of docker-compose.yml). Each service, the demo's edge
 * and the audit reader has its own principal; with {@code allow.everyone.if.no.acl.found=false} anything not
 * granted here is refused.
 * <p>
 * What a principal may write is derived from the catalogue: the topics whose {@link TopicSpec#writtenBy()} names
 * it, the command topics its own REST edge puts commands on, and the dead letters ("any service"). What it reads,
 * its consumer group and its transactional-id prefix are stated per principal: they follow from its code
 * (an aggregate's command, event and reaction topics; the group is the aggregate's name, the transactional ids are
 * {@code <name>-<instance>}); the apps' tests check their definitions against this table.
 * <p>
 * ACLs per principal, as for a transactional consume-process-produce service (Kafka 4.1, checked on a real
 * broker): topic WRITE + DESCRIBE for each written topic, READ + DESCRIBE for each read topic, group READ,
 * transactional id WRITE + DESCRIBE (prefixed). No cluster IdempotentWrite: topic WRITE authorises idempotence.
 */
public final class KafkaAccess {

    /** Kafka's resource types used here. */
    public enum Resource { TOPIC, GROUP, TRANSACTIONAL_ID }

    /** LITERAL matches the name exactly, PREFIXED every name that starts with it. */
    public enum Pattern { LITERAL, PREFIXED }

    /** The operations granted. */
    public enum Operation { READ, WRITE, DESCRIBE, CREATE }

    /** One ALLOW rule for one principal (host: any). */
    public record Acl(String user, Resource resource, String name, Pattern pattern, Operation operation) {
        /** Kafka's principal string, e.g. {@code User:torneo-game}. */
        public String principal() {
            return "User:" + user;
        }
    }

    /**
     * One Kafka identity.
     *
     * @param role                  the short name: game, clock, pairing, rating, feed, edge, audit
     * @param commands              the command topics it decides from; its REST edge writes them
     * @param reads                 every topic it reads (commands, its replayed events, its inputs)
     * @param creates               topics it may create itself (the rating service's internal sheet)
     * @param group                 its consumer group, if it uses one
     * @param transactionalIdPrefix the prefix of its transactional ids, if it writes in transactions
     * @param purpose               what the principal is for, in one line
     */
    public record Principal(String role, List<TopicSpec> commands, List<TopicSpec> reads, List<TopicSpec> creates,
                            Optional<String> group, Optional<String> transactionalIdPrefix, String purpose) {

        public Principal {
            commands = List.copyOf(commands);
            reads = List.copyOf(reads);
            creates = List.copyOf(creates);
        }

        /** The Kafka user name (SCRAM user, Strimzi KafkaUser): {@code torneo-<role>}. */
        public String user() {
            return USER_PREFIX + role;
        }

        /**
         * The topics it may write: those the catalogue says it writes ({@code writtenBy} naming its role, or
         * "any service" for a service), plus its own command topics (its REST edge), plus, for the demo's edge,
         * every topic the catalogue gives to "edge".
         */
        public List<TopicSpec> writes() {
            Set<TopicSpec> writes = new LinkedHashSet<>();
            for (TopicSpec topic : Topics.ALL) {
                List<String> writers = writers(topic);
                boolean anyService = writers.contains(ANY_SERVICE) && SERVICES.contains(role);
                if (writers.contains(role) || anyService) {
                    writes.add(topic);
                }
            }
            writes.addAll(commands);
            return List.copyOf(writes);
        }

        /** Every ACL of this principal, in a stable order, without duplicates (DESCRIBE once per topic). */
        public List<Acl> acls() {
            Set<Acl> acls = new LinkedHashSet<>();
            for (TopicSpec topic : writes()) {
                acls.add(new Acl(user(), Resource.TOPIC, topic.name(), Pattern.LITERAL, Operation.WRITE));
                acls.add(new Acl(user(), Resource.TOPIC, topic.name(), Pattern.LITERAL, Operation.DESCRIBE));
            }
            for (TopicSpec topic : reads) {
                acls.add(new Acl(user(), Resource.TOPIC, topic.name(), Pattern.LITERAL, Operation.READ));
                acls.add(new Acl(user(), Resource.TOPIC, topic.name(), Pattern.LITERAL, Operation.DESCRIBE));
            }
            for (TopicSpec topic : creates) {
                acls.add(new Acl(user(), Resource.TOPIC, topic.name(), Pattern.LITERAL, Operation.CREATE));
            }
            group.ifPresent(g -> acls.add(new Acl(user(), Resource.GROUP, g, Pattern.LITERAL, Operation.READ)));
            transactionalIdPrefix.ifPresent(prefix -> {
                acls.add(new Acl(user(), Resource.TRANSACTIONAL_ID, prefix, Pattern.PREFIXED, Operation.WRITE));
                acls.add(new Acl(user(), Resource.TRANSACTIONAL_ID, prefix, Pattern.PREFIXED, Operation.DESCRIBE));
            });
            return List.copyOf(acls);
        }
    }

    public static final String USER_PREFIX = "torneo-";

    /** The stack's own super user (creates topics, users and ACLs; the broker's inter-broker identity). */
    public static final String ADMIN_USER = "torneo-admin";

    /** The owner token of the dead letters: every service may write them. */
    static final String ANY_SERVICE = "any service";

    /** The services (the roles that are Quarkus apps). */
    public static final List<String> SERVICES = List.of("game", "clock", "pairing", "rating", "feed");

    /**
     * An aggregate service: commands, replayed events and inputs, and the dead letters (the runtime reads its own
     * earlier ones so that a replayed unreadable record is reported once); group = role, transactional ids
     * "role-...".
     */
    private static Principal aggregate(String role, List<TopicSpec> commands, List<TopicSpec> replayed,
                                       List<TopicSpec> inputs, List<TopicSpec> creates, String purpose) {
        List<TopicSpec> reads = new ArrayList<>(commands);
        reads.addAll(replayed);
        reads.addAll(inputs);
        reads.add(Topics.DEAD_LETTER);
        return new Principal(role, commands, reads, creates, Optional.of(role), Optional.of(role + "-"), purpose);
    }

    /**
     * The game service: decides on game commands and clock events; replays moves, claims and results (also its
     * projection backfill); the round starter reads the tournament stream and sends StartGame as a game command;
     * the clock starter sends StartClock on the clock's command topic.
     */
    public static final Principal GAME = aggregate("game", List.of(Topics.GAME_COMMANDS),
            List.of(Topics.MOVES, Topics.CLAIMS, Topics.RESULTS), List.of(Topics.CLOCK, Topics.TOURNAMENT), List.of(),
            "the game service: the only writer of moves, claims and results");

    /**
     * The clock service: clock commands and the game's events in, clock events out; its edge's guard follows the
     * tournament stream for the offices (issue 16: who may press, start or rule on a clock).
     */
    public static final Principal CLOCK = aggregate("clock", List.of(Topics.CLOCK_COMMANDS), List.of(Topics.CLOCK),
            List.of(Topics.MOVES, Topics.CLAIMS, Topics.RESULTS, Topics.TOURNAMENT), List.of(),
            "the clock service: the only writer of clock events");

    /**
     * The pairing service: tournament commands and results in, tournament events out; at a round's close it reads
     * the signed chain heads and its earlier anchors and writes the round's signed checkpoint.
     */
    public static final Principal PAIRING = aggregate("pairing", List.of(Topics.TOURNAMENT_COMMANDS),
            List.of(Topics.TOURNAMENT), List.of(Topics.RESULTS, Topics.CHAIN_HEADS, Topics.CHAIN_ANCHORS), List.of(),
            "the pairing service: the only writer of tournament events");

    /** The rating service: tournament events and results in, standings and its sheet out; it creates its sheet. */
    public static final Principal RATING = aggregate("rating", List.of(), List.of(Topics.RATINGS, Topics.RATING_SHEET),
            List.of(Topics.TOURNAMENT, Topics.RESULTS), List.of(Topics.RATING_SHEET),
            "the rating service: the only writer of standings and rating changes");

    /**
     * The live feed: reads every event topic (no group: its positions live in its database) and the dead letters
     * (not to dead-letter a record twice); it writes no business topic, only dead letters, like every service.
     */
    public static final Principal FEED = new Principal("feed", List.of(), List.of(Topics.TOURNAMENT, Topics.MOVES,
            Topics.CLAIMS, Topics.CLOCK, Topics.RESULTS, Topics.RATINGS, Topics.DEAD_LETTER), List.of(),
            Optional.empty(), Optional.empty(), "the live results feed: reads events, writes only dead letters");

    /**
     * The demo's simulator (and any edge outside the services): puts commands on the command topics the catalogue
     * gives to "edge" and follows the event topics; no group.
     */
    public static final Principal EDGE = new Principal("edge", List.of(), List.of(Topics.TOURNAMENT, Topics.MOVES,
            Topics.CLAIMS, Topics.RESULTS, Topics.CLOCK, Topics.RATINGS, Topics.CHAIN_HEADS, Topics.CHAIN_ANCHORS,
            Topics.SCORESHEET), List.of(), Optional.empty(), Optional.empty(),
            "an edge outside the services (the demo's simulator, the console): writes commands and the scoresheets'"
                    + " device log, reads events");

    /** {@code torneo audit} and {@code torneo export}: reads every catalogue topic, writes nothing, no group. */
    public static final Principal AUDIT = new Principal("audit", List.of(), Topics.ALL, List.of(), Optional.empty(),
            Optional.empty(), "the audit and export reader: reads every topic, writes nothing");

    /** Every principal of the table. */
    public static final List<Principal> PRINCIPALS = List.of(GAME, CLOCK, PAIRING, RATING, FEED, EDGE, AUDIT);

    private KafkaAccess() {
    }

    /** The principal of a role (game, clock, pairing, rating, feed, edge, audit). */
    public static Optional<Principal> byRole(String role) {
        return PRINCIPALS.stream().filter(p -> p.role().equals(role)).findFirst();
    }

    /** Every ACL of every principal. */
    public static List<Acl> acls() {
        return PRINCIPALS.stream().flatMap(p -> p.acls().stream()).toList();
    }

    /** The writers a topic's {@code writtenBy} names ("game|edge" is two). */
    static List<String> writers(TopicSpec topic) {
        return Arrays.stream(topic.writtenBy().split("\\|")).map(String::trim).toList();
    }
}
