package org.torneo.pairing.tournament;

import java.util.List;
import java.util.stream.Collectors;

import org.torneo.contracts.tournament.ByeRules;
import org.torneo.contracts.tournament.TournamentCommand.CreateTournament;
import org.torneo.contracts.tournament.TournamentCommand.RegisterPlayer;
import org.torneo.contracts.tournament.TournamentCommand.RequestBye;

import static org.torneo.pairing.tournament.TournamentRefusals.reject;
import static org.torneo.pairing.tournament.TournamentRefusals.requireText;

/**
 * The organiser's rules set at creation (tournament.CreateTournament version 2) and the refusals they make: the
 * maximum of half-point byes per player, the last rounds without half-point byes, and the entry deadline (the last
 * round a player may join). All are rounds and counts, never instants: a core reads no clock.
 *
 * <p>The seeds are silent on all three; Torneo follows current FIDE practice. FIDE C.04.1 d names the half-point bye a
 * player requests; how many a player may take and in which rounds are the tournament's regulations, announced
 * beforehand (as Swiss-Manager's and Sharly Chess's "maximum byes" and "final rounds without byes"). Late entries
 * (FIDE C.04.2 2.3: a late entrant gets a pairing number and no points for the rounds he missed, unless the regulations
 * say otherwise) are taken up to the round the organiser sets.
 */
final class OrganiserRules {

    private OrganiserRules() {
    }

    /** The rules given at creation must fit the tournament: counts and rounds within its declared rounds. */
    static void checkCreation(CreateTournament c) {
        requireText(c.eventId(), "event id");
        requireText(c.eventName(), "event name");
        ByeRules rules = c.byeRules();
        Integer max = rules.maxHalfPointByes();
        if (c.system().isRoundRobin()) {
            // C.05: a round robin's Berger table seats everyone in every round; no bye is requested, nobody enters late
            if (!rules.equals(ByeRules.NONE) || c.lastEntryRound() != null && c.lastEntryRound() != 1) {
                throw reject(RefusalReason.NOT_FOR_ROUND_ROBIN, "round robin: every player plays from round 1 and takes no"
                        + " bye (C.05 Berger tables); give no bye rules and no entry deadline, not " + describe(c));
            }
            return;
        }
        if (max != null && (max < 0 || max > c.rounds())) {
            throw reject(RefusalReason.INVALID, "maximum half-point byes per player is " + max + "; give 0.." + c.rounds()
                    + " (the rounds) or no limit");
        }
        if (rules.noHalfPointByeLastRounds() < 0 || rules.noHalfPointByeLastRounds() > c.rounds()) {
            throw reject(RefusalReason.INVALID, "last rounds without half-point byes is " + rules.noHalfPointByeLastRounds()
                    + "; give 0.." + c.rounds() + " (the rounds)");
        }
        if (c.lastEntryRound() != null && (c.lastEntryRound() < 1 || c.lastEntryRound() > c.rounds())) {
            throw reject(RefusalReason.INVALID, "entry deadline is round " + c.lastEntryRound() + "; give a round in 1.."
                    + c.rounds() + " or none");
        }
    }

    private static String describe(CreateTournament c) {
        return "maximum half-point byes " + (c.byeRules().maxHalfPointByes() == null ? "none"
                : c.byeRules().maxHalfPointByes()) + ", last rounds without them " + c.byeRules().noHalfPointByeLastRounds()
                + ", entries up to round " + c.lastEntryRound();
    }

    /**
     * A late entry (one joining after round 1, which every registration after round 1 is paired must be) is taken up
     * to the organiser's deadline only. Organiser's rule; FIDE C.04.2 2.3 on late entries.
     */
    static void checkEntryDeadline(RegisterPlayer c, TournamentState state) {
        Integer last = state.settings().lastEntryRound();
        if (last == null) {
            return;
        }
        if (c.joinsRound() > last) {
            throw reject(RefusalReason.ENTRY_CLOSED, "late entry of '" + c.playerId() + "' refused: it would join round "
                    + c.joinsRound() + "; the tournament takes entries up to round " + last + " (the organiser's entry"
                    + " deadline)");
        }
        if (state.lastRound() >= last) {
            throw reject(RefusalReason.ENTRY_CLOSED, "late entry of '" + c.playerId() + "' refused: round " + state.lastRound()
                    + " is paired and the tournament takes entries up to round " + last + " (the organiser's entry"
                    + " deadline)");
        }
    }

    /**
     * A half-point bye (FIDE C.04.1 d) within the organiser's limits: not in the last rounds he closed to them, and no
     * more per player than he allows. Zero-point byes (an announced absence) are not limited.
     */
    static void checkHalfPointBye(RequestBye c, TournamentState state) {
        ByeRules rules = state.settings().byeRules();
        int closedRounds = rules.noHalfPointByeLastRounds();
        int total = state.totalRounds();
        if (closedRounds > 0 && c.round() > total - closedRounds) {
            int first = total - closedRounds + 1;
            throw reject(RefusalReason.NO_HALF_POINT_BYE_ROUND, "no half-point bye for '" + c.playerId() + "' in round "
                    + c.round() + ": the tournament allows none in its last " + closedRounds + " round"
                    + (closedRounds == 1 ? " (" + total + ")" : "s (" + first + "-" + total + ")"));
        }
        Integer max = rules.maxHalfPointByes();
        List<Integer> taken = state.halfPointByeRounds(c.playerId());
        if (max != null && taken.size() >= max) {
            throw reject(RefusalReason.HALF_POINT_BYE_LIMIT, "player '" + c.playerId() + "' has " + taken.size()
                    + " half-point bye" + (taken.size() == 1 ? "" : "s")
                    + (taken.isEmpty() ? "" : " (round" + (taken.size() == 1 ? " " : "s ")
                    + taken.stream().map(String::valueOf).collect(Collectors.joining(", ")) + ")")
                    + "; the tournament allows " + max);
        }
    }
}
