package org.torneo.platform.edge.auth;

import java.time.Duration;
import java.util.EnumSet;
import java.util.Optional;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.torneo.contracts.Actor;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.topics.Topics;
import org.torneo.identity.Account;
import org.torneo.identity.AccountRole;
import org.torneo.identity.Authorities;
import org.torneo.identity.Permission;
import org.torneo.identity.Scope;
import org.torneo.identity.Verdict;

import io.quarkus.security.identity.SecurityIdentity;

/**
 * Who calls, and may he: the verified token's account ({@code preferred_username} and the realm roles, see
 * {@link Account}) checked against the tournament's offices, which this service folds from the tournament topic
 * (a {@link TopicFollower} into identity-core's {@link Authorities}). The verdict's actor is the actor recorded in the
 * command: never a header or a body field.
 * <p>
 * A refusal is checked once more after the follower has read everything written before the request, and, while the
 * tournament is still unknown, again until it appears (at most {@code torneo.edge.authority-wait}, default 5 s in
 * all): an arbiter appointed or a tournament created a moment ago is not refused. At most
 * {@code torneo.edge.authority-waiters} requests (default 32) wait at once; the others are answered on the offices as
 * folded now ({@link DenialRecheck}).
 */
@ApplicationScoped
public class EdgeGuard {

    /** The claim naming the account (Keycloak: the user name; also {@code quarkus.oidc.token.principal-claim}). */
    public static final String ACCOUNT_CLAIM = "preferred_username";

    /** Through Instance: a library bean must not fail an app that has no security extension (the platform's tests). */
    @Inject
    jakarta.enterprise.inject.Instance<SecurityIdentity> identities;

    /** The request's identity without blocking (lazy authentication: a public route resolves it only when asked). */
    @Inject
    jakarta.enterprise.inject.Instance<io.quarkus.security.identity.CurrentIdentityAssociation> associations;

    @ConfigProperty(name = "kafka.bootstrap.servers", defaultValue = "localhost:9092")
    String bootstrapServers;

    /** The service's Kafka sign-in: the follower reads the tournament topic as the service's own principal. */
    @Inject
    org.torneo.platform.kafka.KafkaClientConfig kafkaClients;

    @ConfigProperty(name = "torneo.topic-prefix")
    Optional<String> topicPrefix;

    @ConfigProperty(name = "torneo.edge.authority-wait", defaultValue = "PT5S")
    Duration authorityWait;

    @ConfigProperty(name = "torneo.edge.authority-waiters", defaultValue = "32")
    int authorityWaiters;

    private volatile DenialRecheck recheck;

    /** Apps with commands set it: the tournament topic is folded from the start, not at the first command. */
    @ConfigProperty(name = "torneo.edge.follow-tournaments", defaultValue = "false")
    boolean followAtStart;

    private volatile Authorities current = new Authorities();

    void onStart(@jakarta.enterprise.event.Observes io.quarkus.runtime.StartupEvent event) {
        if (followAtStart) {
            start();
        }
    }
    private volatile TopicFollower follower;

    /** Starts folding the tournament topic (the apps with commands call it at start; else the first check does). */
    public synchronized void start() {
        if (follower == null) {
            follower = new TopicFollower(bootstrapServers, kafkaClients.security(),
                    topicPrefix.orElse("") + Topics.TOURNAMENT.name(), JsonCodec.standard(),
                    envelope -> current.apply(envelope), () -> current = new Authorities(), text -> true);
            follower.start();
        }
    }

    @PreDestroy
    void stop() {
        if (follower != null) {
            follower.close();
        }
    }

    /** The offices of every tournament as folded so far. */
    public Authorities authorities() {
        start();
        return current;
    }

    /** The verified caller; 401 when the request carries no verified token, 403 when it names no account. */
    public Account account() {
        SecurityIdentity identity = identities.isResolvable() ? identities.get() : null;
        if (identity == null || identity.isAnonymous()) {
            throw Refusal.unauthorizedException(TokenDiagnosis.explain(null, null, null, java.time.Instant.now()));
        }
        String id = identity.getPrincipal() instanceof JsonWebToken jwt ? jwt.getClaim(ACCOUNT_CLAIM)
                : identity.getPrincipal().getName();
        if (id == null || id.isBlank()) {
            throw Refusal.forbiddenException("the token names no account: claim '" + ACCOUNT_CLAIM + "' missing");
        }
        EnumSet<AccountRole> roles = EnumSet.noneOf(AccountRole.class);
        for (AccountRole role : AccountRole.values()) {
            if (identity.hasRole(role.claimName())) {
                roles.add(role);
            }
        }
        return new Account(id, roles);
    }

    /**
     * The verified caller of a public route, or null when the request carries no token (or one naming no account): a
     * spectator. A token that fails verification never gets here (401 before the route).
     */
    public Account accountOrNull() {
        SecurityIdentity identity = identities.isResolvable() ? identities.get() : null;
        return accountOrNull(identity);
    }

    /**
     * As {@link #accountOrNull()} for a route on the event loop (a reactive public read): the identity is resolved
     * without blocking (a token that fails verification fails the Uni: 401), and the item is delivered on the
     * request's Vert.x context, so that the route may go on with Hibernate Reactive. The item is null for a spectator.
     */
    public io.smallrye.mutiny.Uni<Account> accountOrNullLater() {
        if (!associations.isResolvable()) {
            return io.smallrye.mutiny.Uni.createFrom().nullItem();
        }
        io.vertx.core.Context context = io.vertx.core.Vertx.currentContext();
        io.smallrye.mutiny.Uni<Account> account = associations.get().getDeferredIdentity().map(this::accountOrNull);
        return context == null ? account : account.emitOn(task -> context.runOnContext(ignored -> task.run()));
    }

    private Account accountOrNull(SecurityIdentity identity) {
        if (identity == null || identity.isAnonymous()) {
            return null;
        }
        String id = identity.getPrincipal() instanceof JsonWebToken jwt ? jwt.getClaim(ACCOUNT_CLAIM)
                : identity.getPrincipal().getName();
        if (id == null || id.isBlank()) {
            return null;
        }
        EnumSet<AccountRole> roles = EnumSet.noneOf(AccountRole.class);
        for (AccountRole role : AccountRole.values()) {
            if (identity.hasRole(role.claimName())) {
                roles.add(role);
            }
        }
        return new Account(id, roles);
    }

    /**
     * May {@code caller} (null: anonymous) read the live state of the game in {@code game}, given the broadcast delay
     * of its tournament ({@link org.torneo.identity.LiveReads}), at the edge's clock now? The offices as folded now,
     * no waiting (event-loop callers).
     *
     * @param endedAt  when the game ended, or null while it is on
     * @param feedPath the feed's address of the same thing, named in a refusal
     */
    public org.torneo.identity.LiveReads.Decision liveRead(Account caller, Scope game, java.time.Instant endedAt,
                                                           String feedPath) {
        start();
        return org.torneo.identity.LiveReads.decide(current.of(game.tournamentId()).orElse(null), caller, game,
                endedAt, java.time.Instant.now(), feedPath);
    }

    /** May the caller do this? A refusal is re-checked once the tournament topic has been read up to now. */
    public Verdict verdict(Permission permission, Scope scope) {
        return verdict(account(), permission, scope);
    }

    /** As {@link #verdict(Permission, Scope)} for an account taken earlier (off the request's thread). */
    public Verdict verdict(Account account, Permission permission, Scope scope) {
        start();
        return recheck().recheck(current.may(account, permission, scope), () -> current.may(account, permission, scope),
                () -> current.of(scope.tournamentId()).isPresent(), follower::awaitCurrent, authorityWait);
    }

    private DenialRecheck recheck() {
        DenialRecheck made = recheck;
        if (made == null) {
            synchronized (this) {
                if (recheck == null) {
                    recheck = new DenialRecheck(authorityWaiters);
                }
                made = recheck;
            }
        }
        return made;
    }

    /** The actor to record for the caller doing this, or 403 with the reason. */
    public Actor authorise(Permission permission, Scope scope) {
        return authorise(account(), permission, scope);
    }

    /** As {@link #authorise(Permission, Scope)} for an account taken earlier (off the request's thread). */
    public Actor authorise(Account account, Permission permission, Scope scope) {
        Verdict verdict = verdict(account, permission, scope);
        if (verdict.denied()) {
            throw Refusal.forbiddenException(verdict.describe());
        }
        return verdict.actorOrThrow();
    }

    /** As {@link #authorise}, without waiting for the follower (for event-loop threads): the offices as folded now. */
    public Actor authoriseNow(Permission permission, Scope scope) {
        Account account = account();
        start();
        Verdict verdict = current.may(account, permission, scope);
        if (verdict.denied()) {
            throw Refusal.forbiddenException(verdict.describe());
        }
        return verdict.actorOrThrow();
    }

    /** The first permission the caller holds on this scope (e.g. a read open to arbiters or players), else 403. */
    public Verdict authoriseAny(Scope scope, Permission... permissions) {
        Verdict last = null;
        for (Permission permission : permissions) {
            last = verdict(permission, scope);
            if (last.allowed()) {
                return last;
            }
        }
        throw Refusal.forbiddenException(last == null ? "no permission given" : last.describe());
    }
}
