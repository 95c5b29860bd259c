package org.torneo.identity;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.torneo.contracts.Envelope;
import org.torneo.contracts.tournament.TournamentEvent;

/**
 * The authorities of every tournament an app has seen, fed from the tournament topic in partition order (one
 * tournament's events stay in one partition, so each state is folded in order). Thread-safe: the feeding consumer and
 * the request threads share it; a request sees each tournament's state as of some event, never half an event.
 */
public final class Authorities {

    private final Map<String, TournamentAuthority> byTournament = new ConcurrentHashMap<>();

    /** Folds one event into its tournament's state. */
    public void apply(TournamentEvent event) {
        byTournament.compute(event.tournamentId(), (id, state) ->
                (state == null ? TournamentAuthority.none(id) : state).evolve(event));
    }

    /** Folds an envelope's payload when it is a tournament event; other payloads are left alone. Returns whether. */
    public boolean apply(Envelope envelope) {
        if (envelope.payload() instanceof TournamentEvent event) {
            apply(event);
            return true;
        }
        return false;
    }

    /** The state of a tournament this registry has seen an event of. */
    public Optional<TournamentAuthority> of(String tournamentId) {
        return Optional.ofNullable(byTournament.get(tournamentId));
    }

    /**
     * May the account do this? For a tournament never seen, the answer is "no tournament t-9" unless the permission
     * needs none (creating a tournament, a service's reaction) or the token has no role for it at all.
     */
    public Verdict may(Account account, Permission permission, Scope scope) {
        return byTournament.getOrDefault(scope.tournamentId(), TournamentAuthority.none(scope.tournamentId()))
                .may(account, permission, scope);
    }

    /** How many tournaments are known. */
    public int size() {
        return byTournament.size();
    }
}
