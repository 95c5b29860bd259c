package org.torneo.audit.verify;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.torneo.audit.log.EventLog;
import org.torneo.audit.log.LoggedEvent;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.game.GameEvent;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.audit.verify.GameAudit.LatestResult;
import org.torneo.game.core.game.GameDecider;
import org.torneo.pairing.tournament.TournamentDecider;
import org.torneo.pairing.tournament.TournamentState;

/**
 * Re-derives every decision of a log under the ruleset in force: the game aggregates are folded with the game
 * core's evolve and each claim and flag fall is decided again by the game core's decider on the state before it;
 * illegal-move counts and penalties, clock adjustments, result corrections and tournament results are checked
 * against the edition's rules; every round is re-paired by the tournament decider from the state before it.
 * Events are taken per aggregate in sequence order (the chain audit reports tampering separately).
 *
 * <p>The limit of plies (not a Law: the game service's bound on one game's work, {@code torneo.game.max-plies}) is
 * the one the log records on each game's GameStarted (issue 17), not this audit's: the decider replays every game under
 * the limit it started under, and a move, illegal move or sealed move recorded at or past that limit is reported as a
 * decision the game refuses ("ply limit"). The log carries it, rather than an audit option such as
 * {@code --max-plies N}, because one log may hold games of services configured differently (or reconfigured between
 * rounds), and the arbiter checking a log should not have to know any service's configuration. A game of a log written
 * before the limit was recorded (no maxPlies on its GameStarted) is replayed under the default, 20,000, and its moves
 * are not checked against a limit it does not state; when it has more plies than that default, the report lists it as
 * unchecked.
 */
public final class DecisionAudit {

    private final List<String> unchecked = new ArrayList<>();
    private final StandingsAudit standings = new StandingsAudit();
    // one check per kind of decision: the games' (each handing every decision to its own check) and the tournaments'
    private final GameAudit gameAudit;
    private final TournamentAudit tournamentAudit;

    /** What the last audit could not re-derive (e.g. a pairing system this audit has no engine for). */
    public List<String> unchecked() {
        return List.copyOf(unchecked);
    }

    /**
     * @param tournamentDeciders the tournament decider to re-pair a round with, given the state before it (the
     *                           FIDE Dutch engine is bound to that state)
     */
    public DecisionAudit(GameDecider gameDecider, Function<TournamentState, TournamentDecider> tournamentDeciders) {
        this.gameAudit = new GameAudit(gameDecider, unchecked, new ResignationAudit(gameDecider),
                new RulingAudit(gameDecider), new ClaimAudit(gameDecider), new EndingAudit(),
                new FlagFallAudit(gameDecider), new IllegalMoveAudit(), new QuickplayAudit(gameDecider));
        this.tournamentAudit = new TournamentAudit(tournamentDeciders, unchecked);
    }

    /** Every round is re-paired with the system it was paired with: round robin, Harkness or FIDE Dutch. */
    public DecisionAudit() {
        this(new GameDecider(), TournamentDecider::withAllSystems);
    }

    public List<Decision> audit(EventLog.Read log) {
        unchecked.clear();
        Map<String, List<Envelope>> games = new LinkedHashMap<>();
        Map<String, List<Envelope>> clocks = new LinkedHashMap<>();
        Map<String, List<Envelope>> tournaments = new LinkedHashMap<>();
        for (LoggedEvent e : log.events()) {
            Envelope env = e.envelope();
            if (env.isCommand()) {
                continue;
            }
            Map<String, List<Envelope>> target = switch (env.payload()) {
                case ClockEvent c -> clocks;
                case TournamentEvent t -> tournaments;
                case GameEvent g -> games;
                case ResultEvent r -> games;
                default -> null;
            };
            if (target != null) {
                target.computeIfAbsent(env.aggregateId(), k -> new ArrayList<>()).add(env);
            }
        }
        List<Decision> decisions = new ArrayList<>();
        Map<String, LatestResult> latestResults = new HashMap<>();
        Map<String, String> gameOfPairing = new HashMap<>();
        Map<String, List<Envelope>> tournamentsInSequence = new LinkedHashMap<>();
        tournaments.forEach((id, events) -> tournamentsInSequence.put(id, inSequence(events)));
        GameCancellations cancellations = new GameCancellations(tournamentsInSequence);
        games.forEach((id, events) -> gameAudit.auditGame(id, inSequence(events), clocks.getOrDefault(id, List.of()),
                decisions, latestResults, gameOfPairing, cancellations));
        tournamentsInSequence.forEach((id, events) -> tournamentAudit.auditTournament(id, events, decisions,
                latestResults, gameOfPairing));
        cancellations.checkRemovedBoards(decisions);
        decisions.addAll(standings.audit(log.events()));
        unchecked.addAll(standings.unchecked());
        return decisions;
    }

    static List<Envelope> inSequence(List<Envelope> events) {
        Map<Long, Envelope> first = new LinkedHashMap<>();
        events.stream().sorted(Comparator.comparingLong(Envelope::sequence))
                .forEach(e -> first.putIfAbsent(e.sequence(), e));
        return new ArrayList<>(first.values());
    }
}
