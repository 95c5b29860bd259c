package org.torneo.stack.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclBindingFilter;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.torneo.contracts.topics.KafkaAccess;

/**
 * Puts {@link KafkaAccess} on a broker through the admin API: every principal's SCRAM-SHA-512 credential
 * (upserted, so a principal added to the table since the broker was formatted gets one) and exactly the table's
 * ACLs for the {@code torneo-} users (missing ones created, others of those users deleted). Idempotent: run on
 * every start of the local broker.
 */
public final class KafkaAccessSetup {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    static final int SCRAM_ITERATIONS = 8192;

    private KafkaAccessSetup() {
    }

    /** Kafka's form of one row of the table. */
    public static AclBinding binding(KafkaAccess.Acl acl) {
        ResourceType type = switch (acl.resource()) {
            case TOPIC -> ResourceType.TOPIC;
            case GROUP -> ResourceType.GROUP;
            case TRANSACTIONAL_ID -> ResourceType.TRANSACTIONAL_ID;
        };
        PatternType pattern = switch (acl.pattern()) {
            case LITERAL -> PatternType.LITERAL;
            case PREFIXED -> PatternType.PREFIXED;
        };
        AclOperation operation = switch (acl.operation()) {
            case READ -> AclOperation.READ;
            case WRITE -> AclOperation.WRITE;
            case DESCRIBE -> AclOperation.DESCRIBE;
            case CREATE -> AclOperation.CREATE;
        };
        return new AclBinding(new ResourcePattern(type, acl.name(), pattern),
                new AccessControlEntry(acl.principal(), "*", operation, AclPermissionType.ALLOW));
    }

    /** Every ACL of the table in Kafka's form. */
    public static Set<AclBinding> bindings() {
        Set<AclBinding> bindings = new HashSet<>();
        KafkaAccess.acls().forEach(acl -> bindings.add(binding(acl)));
        return bindings;
    }

    /** Upserts the principals' passwords and makes the torneo users' ACLs exactly the table's. */
    public static void apply(Admin admin, KafkaCredentials credentials) {
        List<UserScramCredentialUpsertion> users = new ArrayList<>();
        for (KafkaAccess.Principal principal : KafkaAccess.PRINCIPALS) {
            users.add(new UserScramCredentialUpsertion(principal.user(),
                    new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, SCRAM_ITERATIONS),
                    credentials.password(principal.user())));
        }
        await(admin.alterUserScramCredentials(new ArrayList<>(users)).all(), "storing the principals' credentials");
        Set<AclBinding> wanted = bindings();
        Collection<AclBinding> present = await(admin.describeAcls(AclBindingFilter.ANY).values(), "reading the ACLs");
        List<AclBindingFilter> stale = new ArrayList<>();
        for (AclBinding binding : present) {
            boolean ours = binding.entry().principal().startsWith("User:" + KafkaAccess.USER_PREFIX)
                    && !binding.entry().principal().equals("User:" + KafkaAccess.ADMIN_USER);
            if (ours && !wanted.contains(binding)) {
                stale.add(binding.toFilter());
            }
        }
        if (!stale.isEmpty()) {
            await(admin.deleteAcls(stale).all(), "deleting ACLs no longer in the table");
        }
        List<AclBinding> missing = wanted.stream().filter(b -> !present.contains(b)).toList();
        if (!missing.isEmpty()) {
            await(admin.createAcls(missing).all(), "creating the table's ACLs");
        }
        // the authorizer answers describeAcls from the same view it authorises with: wait until it has them all
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!new HashSet<>(await(admin.describeAcls(AclBindingFilter.ANY).values(), "reading the ACLs")).containsAll(wanted)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the broker did not show the table's ACLs within " + TIMEOUT);
            }
            sleep(50);
        }
    }

    private static <T> T await(org.apache.kafka.common.KafkaFuture<T> future, String what) {
        try {
            return future.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException(what + " failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException(what + " timed out after " + TIMEOUT, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while " + what, e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
