package org.torneo.contracts.topics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.topics.KafkaAccess.Acl;
import org.torneo.contracts.topics.KafkaAccess.Operation;
import org.torneo.contracts.topics.KafkaAccess.Principal;
import org.torneo.contracts.topics.KafkaAccess.Resource;

class KafkaAccessTest {

    private static Set<String> writers(TopicSpec topic) {
        return KafkaAccess.PRINCIPALS.stream().filter(p -> p.writes().contains(topic)).map(Principal::role)
                .collect(Collectors.toSet());
    }

    @Test
    void onlyTheGameServiceWritesMovesClaimsAndResults() {
        for (TopicSpec topic : List.of(Topics.MOVES, Topics.CLAIMS, Topics.RESULTS)) {
            assertEquals(Set.of("game"), writers(topic), topic.name());
        }
        assertEquals(Set.of("clock"), writers(Topics.CLOCK));
        assertEquals(Set.of("pairing"), writers(Topics.TOURNAMENT));
        assertEquals(Set.of("rating"), writers(Topics.RATINGS));
        assertEquals(Set.of("rating"), writers(Topics.RATING_SHEET));
    }

    @Test
    void commandTopicsAreWrittenByTheEdgesThatDecideThemAndTheDemoEdge() {
        assertEquals(Set.of("game", "edge"), writers(Topics.GAME_COMMANDS));
        assertEquals(Set.of("pairing", "edge"), writers(Topics.TOURNAMENT_COMMANDS));
        // the game's clock starter and the clock's REST edge
        assertEquals(Set.of("game", "clock", "edge"), writers(Topics.CLOCK_COMMANDS));
    }

    @Test
    void theFeedAndTheAuditWriteNoBusinessTopic() {
        assertEquals(List.of(Topics.DEAD_LETTER), KafkaAccess.FEED.writes(), "the feed writes only dead letters");
        assertEquals(List.of(), KafkaAccess.AUDIT.writes());
        assertTrue(KafkaAccess.AUDIT.acls().stream().noneMatch(a -> a.operation() == Operation.WRITE));
        assertTrue(KafkaAccess.AUDIT.acls().stream().noneMatch(a -> a.resource() == Resource.GROUP));
    }

    @Test
    void everyTopicWrittenIsWrittenByItsCatalogueOwner() {
        for (Principal principal : KafkaAccess.PRINCIPALS) {
            for (TopicSpec topic : principal.writes()) {
                List<String> owners = KafkaAccess.writers(topic);
                boolean owned = owners.contains(principal.role())
                        || owners.contains("edge") && (principal.commands().contains(topic) || principal.role().equals("edge"))
                        || owners.contains(KafkaAccess.ANY_SERVICE) && KafkaAccess.SERVICES.contains(principal.role());
                assertTrue(owned, principal.role() + " writes " + topic.name() + " owned by " + topic.writtenBy());
            }
        }
    }

    @Test
    void aTransactionalServiceGetsTheConsumeProcessProduceAcls() {
        // pairing: reads commands, its events and results; writes tournament events, its commands (edge), dead letters
        List<Acl> acls = KafkaAccess.PAIRING.acls();
        assertTrue(acls.contains(new Acl("torneo-pairing", Resource.TRANSACTIONAL_ID, "pairing-",
                KafkaAccess.Pattern.PREFIXED, Operation.WRITE)));
        assertTrue(acls.contains(new Acl("torneo-pairing", Resource.TRANSACTIONAL_ID, "pairing-",
                KafkaAccess.Pattern.PREFIXED, Operation.DESCRIBE)));
        assertTrue(acls.contains(new Acl("torneo-pairing", Resource.GROUP, "pairing", KafkaAccess.Pattern.LITERAL,
                Operation.READ)));
        assertTrue(acls.contains(new Acl("torneo-pairing", Resource.TOPIC, Topics.RESULTS.name(),
                KafkaAccess.Pattern.LITERAL, Operation.READ)));
        assertFalse(acls.contains(new Acl("torneo-pairing", Resource.TOPIC, Topics.RESULTS.name(),
                KafkaAccess.Pattern.LITERAL, Operation.WRITE)), "pairing never writes results");
        assertEquals(acls.size(), new HashSet<>(acls).size(), "no duplicates");
        assertTrue(acls.stream().allMatch(a -> a.principal().equals("User:torneo-pairing")));
    }

    @Test
    void principalsHaveDistinctUsersGroupsAndTransactionalPrefixes() {
        List<Principal> all = KafkaAccess.PRINCIPALS;
        assertEquals(all.size(), all.stream().map(Principal::user).distinct().count());
        List<String> prefixes = all.stream().flatMap(p -> p.transactionalIdPrefix().stream()).toList();
        for (String a : prefixes) {
            for (String b : prefixes) {
                assertTrue(a.equals(b) || !a.startsWith(b), "transactional prefix " + a + " overlaps " + b);
            }
        }
        assertTrue(all.stream().noneMatch(p -> p.user().equals(KafkaAccess.ADMIN_USER)));
    }
}
