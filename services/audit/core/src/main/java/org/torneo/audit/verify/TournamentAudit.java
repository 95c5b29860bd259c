package org.torneo.audit.verify;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

import org.torneo.audit.verify.GameAudit.LatestResult;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentEvent.PairingCorrected;
import org.torneo.contracts.tournament.TournamentEvent.ResultRecorded;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.pairing.tournament.TournamentDecider;
import org.torneo.pairing.tournament.TournamentEvolution;
import org.torneo.pairing.tournament.TournamentState;

import static org.torneo.audit.verify.AuditText.typeOf;

/** Every round re-paired by the tournament decider from the state before it, and the results it recorded. */
final class TournamentAudit {

    private final Function<TournamentState, TournamentDecider> tournamentDeciders;
    private final List<String> unchecked;

    TournamentAudit(Function<TournamentState, TournamentDecider> tournamentDeciders, List<String> unchecked) {
        this.tournamentDeciders = tournamentDeciders;
        this.unchecked = unchecked;
    }

    void auditTournament(String tournamentId, List<Envelope> events, List<Decision> out,
                         Map<String, LatestResult> latestResults, Map<String, String> gameOfPairing) {
        TournamentState state = TournamentState.empty();
        Map<String, TournamentState> beforeCommand = new HashMap<>();
        Set<String> correctedRounds = new HashSet<>();
        Map<String, Envelope> lastRecorded = new LinkedHashMap<>();
        for (Envelope env : events) {
            TournamentEvent event = (TournamentEvent) env.payload();
            beforeCommand.putIfAbsent(event.commandId(), state);
            try {
                switch (event) {
                    case RoundPaired paired -> checkPairing(tournamentId, env, paired,
                            beforeCommand.get(event.commandId()), out);
                    case PairingCorrected corrected -> {
                        correctedRounds.add(tournamentId + "/" + corrected.round());
                        boolean arbiter = corrected.actor().role() == Actor.Role.ARBITER
                                && !corrected.reason().isBlank();
                        out.add(new Decision(tournamentId + " round " + corrected.round(), "pairing correction",
                                env.eventId(), env.sequence(), arbiter, "C.04.2 (published pairings)",
                                arbiter ? "by arbiter " + corrected.actor().id() : "by " + corrected.actor().role()
                                        + " " + corrected.actor().id() + (corrected.reason().isBlank()
                                        ? " without a reason" : "") + ": only an arbiter corrects pairings",
                                "reason: " + corrected.reason() + "; boards " + corrected.boards()));
                    }
                    case ResultRecorded recorded -> lastRecorded.put(pairingKey(tournamentId, recorded.round(),
                            recorded.whitePlayerId(), recorded.blackPlayerId()), env);
                    default -> {
                    }
                }
                state = TournamentEvolution.evolve(state, event);
            } catch (RuntimeException e) {
                out.add(new Decision(tournamentId, "replay", env.eventId(), env.sequence(), false, "",
                        "the tournament cannot be replayed past this event: " + e.getMessage(), typeOf(event)));
                return;
            }
        }
        lastRecorded.forEach((key, env) -> checkRecordedResult(tournamentId, env, latestResults.get(
                gameOfPairing.get(key)), gameOfPairing.get(key), out));
    }

    /** The round paired again by the tournament decider, from the state before it, with the logged seed. */
    private void checkPairing(String tournamentId, Envelope env, RoundPaired paired, TournamentState before,
                              List<Decision> out) {
        String subject = tournamentId + " round " + paired.round();
        String evidence = "system " + paired.system() + ", seed " + paired.seed() + "; logged " + describe(paired.boards(),
                paired.byes());
        List<TournamentEvent> again;
        try {
            again = tournamentDeciders.apply(before).decide(new TournamentCommand.PairNextRound(tournamentId,
                    paired.commandId(), paired.actor(), paired.at(), paired.seed()), before);
        } catch (RuntimeException e) {
            unchecked.add(subject + " pairing (" + paired.system() + ", event " + env.eventId()
                    + "): no engine for it in this audit (" + e.getClass().getSimpleName() + ")");
            return;
        }
        TournamentEvent.CommandRejected refused = again.stream().filter(e -> e instanceof TournamentEvent.CommandRejected)
                .map(e -> (TournamentEvent.CommandRejected) e).findFirst().orElse(null);
        if (refused != null) {
            out.add(new Decision(subject, "pairing", env.eventId(), env.sequence(), false, "C.04",
                    "re-pairing is refused: " + refused.message(), evidence));
            return;
        }
        RoundPaired due = again.stream().filter(e -> e instanceof RoundPaired).map(e -> (RoundPaired) e)
                .findFirst().orElse(null);
        boolean same = due != null && due.round() == paired.round() && sameBoards(due.boards(), paired.boards())
                && Objects.equals(Set.copyOf(due.byes()), Set.copyOf(paired.byes()));
        out.add(new Decision(subject, "pairing", env.eventId(), env.sequence(), same, "C.04 (" + paired.system() + ")",
                same ? "re-paired identically" : "re-pairing gives " + (due == null ? "nothing"
                        : describe(due.boards(), due.byes())), evidence));
    }

    private static boolean sameBoards(List<Board> a, List<Board> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i).number() != b.get(i).number() || !a.get(i).white().equals(b.get(i).white())
                    || !a.get(i).black().equals(b.get(i).black())) {
                return false;
            }
        }
        return true;
    }

    private static String describe(List<Board> boards, List<Bye> byes) {
        StringBuilder s = new StringBuilder();
        for (Board b : boards) {
            s.append(s.isEmpty() ? "" : ", ").append(b.number()).append(": ").append(b.white()).append("-")
                    .append(b.black());
        }
        for (Bye bye : byes) {
            s.append(s.isEmpty() ? "" : ", ").append("bye ").append(bye.playerId()).append(" (").append(bye.kind())
                    .append(")");
        }
        return s.toString();
    }

    /** The tournament's recorded result equals the game's result in force (its last correction included). */
    private static void checkRecordedResult(String tournamentId, Envelope env, LatestResult game, String gameId,
                                            List<Decision> out) {
        ResultRecorded recorded = (ResultRecorded) env.payload();
        int white = switch (recorded.result()) {
            case WHITE_WINS -> 2;
            case DRAW -> 1;
            case BLACK_WINS, DOUBLE_LOSS -> 0;
        };
        int black = switch (recorded.result()) {
            case BLACK_WINS -> 2;
            case DRAW -> 1;
            case WHITE_WINS, DOUBLE_LOSS -> 0;
        };
        String subject = tournamentId + " round " + recorded.round();
        String what = recorded.whitePlayerId() + "-" + recorded.blackPlayerId() + " " + recorded.result();
        if (game == null) {
            out.add(new Decision(subject, "result", env.eventId(), env.sequence(), true, "C.04 (scores)",
                    what + " (no game in the log: recorded by the arbiter)", "recorded by " + recorded.actor()));
            return;
        }
        boolean same = game.whiteHalfPoints() == white && game.blackHalfPoints() == black;
        out.add(new Decision(subject, "result", env.eventId(), env.sequence(), same, "FIDE 2018 8.7, 12.9",
                same ? what + " as game " + gameId + " ended" : what + ", but game " + gameId + " stands at "
                        + game.text(), "game result event " + game.eventId()));
    }

    static String pairingKey(String tournamentId, int round, String white, String black) {
        return tournamentId + "/" + round + "/" + white + "/" + black;
    }
}
