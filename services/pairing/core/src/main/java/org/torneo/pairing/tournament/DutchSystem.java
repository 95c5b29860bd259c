package org.torneo.pairing.tournament;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.torneo.contracts.tournament.ByeKind;
import org.torneo.pairing.dutch.DutchPairer;
import org.torneo.pairing.swiss.NoValidPairingException;
import org.torneo.pairing.swiss.SwissTournament;
import org.torneo.pairing.tournament.TournamentState.Player;
import org.torneo.trf.ResultCode;
import org.torneo.trf.TrfDocument;
import org.torneo.trf.TrfGame;
import org.torneo.trf.TrfPlayer;

/**
 * The FIDE Dutch engine (C.04.3, bbpPairings-identical) as a tournament pairing system. The engine
 * reads a tournament the way bbpPairings does, from a TRF: every earlier round with its results
 * (scores of earlier rounds decide floats, C.04.3 C14–C21), the pre-assigned absences of the round
 * to pair and the forbidden pairs. The pairing request alone has no per-round results, so the
 * system is bound to the tournament state it pairs (a pure function of that state).
 */
public final class DutchSystem implements PairingSystem {

    private final TournamentState state;

    public DutchSystem(TournamentState state) {
        this.state = state;
    }

    @Override
    public PairingOutcome pair(PairingRequest request) {
        SwissTournament tournament;
        try {
            tournament = SwissTournament.fromTrf(document(state, request));
        } catch (IllegalArgumentException e) {
            return new PairingOutcome.NoValidPairing(e.getMessage());
        }
        List<org.torneo.pairing.swiss.Pairing> pairs;
        try {
            pairs = DutchPairer.pair(tournament);
        } catch (NoValidPairingException e) {
            return new PairingOutcome.NoValidPairing(e.getMessage());
        }
        List<Pairing> games = new ArrayList<>();
        List<Integer> byes = new ArrayList<>();
        for (org.torneo.pairing.swiss.Pairing p : pairs) {
            if (p.isBye()) {
                byes.add(p.white()); // C.04.3 C2: the pairing-allocated bye
            } else {
                games.add(new Pairing(p.white(), p.black()));
            }
        }
        return new PairingOutcome.Paired(games, byes);
    }

    /**
     * The TRF the engine pairs: start numbers are the request's pairing numbers; an entrant not
     * available this round gets his absence as an entry in the round to pair (H for a requested
     * half-point bye, Z otherwise), which the engine treats as pre-assigned.
     */
    static TrfDocument document(TournamentState state, PairingRequest request) {
        return document(state, request, true);
    }

    /**
     * The tournament as the Dutch engine saw it when it paired round {@code round}: every earlier round with its
     * results, the round's requested byes as pre-assigned absences. The colour drawn by lot before round 1 is not in
     * the state (only the command's seed drew it): for round 1 it is left unknown.
     */
    public static SwissTournament beforeRound(TournamentState state, int round) {
        Map<Integer, TournamentState.Round> earlier = new LinkedHashMap<>();
        state.rounds().forEach((number, r) -> {
            if (number < round) {
                earlier.put(number, r);
            }
        });
        TournamentState before = new TournamentState(state.tournamentId(), state.name(), state.system(),
                state.plannedRounds(), state.scoring(), state.rulesetId(), state.halls(), state.players(),
                state.numbers(), state.forbidden(), earlier, state.requestedByes(), Set.of(), state.settings(),
                state.authority());
        PairingRequest request = RoundPairing.request(before, round, 0);
        SwissTournament t = SwissTournament.fromTrf(document(before, request, false));
        if (round > 1) {
            return t; // the colour of round 1's lot is read back from round 1's boards, as bbpPairings does
        }
        return new SwissTournament(t.players(), t.playedRounds(), t.expectedRounds(), t.pointsForWin(),
                t.pointsForDraw(), t.pointsForLoss(), t.pointsForZeroPointBye(), t.pointsForForfeitLoss(),
                t.pointsForPairingAllocatedBye(), org.torneo.trf.Colour.NONE, t.forbiddenPairs(), t.accelerations());
    }

    private static TrfDocument document(TournamentState state, PairingRequest request, boolean drawInitialColour) {
        Map<Integer, String> idOf = idsByNumber(state, request);
        Map<String, Integer> numbers = new LinkedHashMap<>();
        idOf.forEach((number, id) -> numbers.put(id, number));
        Map<String, ByeKind> requested = state.requestedByes().getOrDefault(request.round(), Map.of());
        List<TrfPlayer> players = new ArrayList<>();
        for (Entrant entrant : request.entrants()) {
            String id = idOf.get(entrant.number());
            Player player = state.players().get(id);
            List<TrfGame> games = new ArrayList<>(gamesOf(state, player, numbers));
            if (!entrant.available()) {
                games.add(TrfGame.bye(requested.get(id) == ByeKind.HALF_POINT ? ResultCode.HALF_POINT_BYE
                        : ResultCode.ZERO_POINT_BYE));
            }
            players.add(new TrfPlayer(entrant.number(), "", "", entrant.name(), entrant.rating(), "", "", "",
                    entrant.score().halves() * 5, 0, games));
        }
        players.sort(java.util.Comparator.comparingInt(TrfPlayer::startNumber));
        List<String> headers = new ArrayList<>();
        headers.add("012 " + state.name());
        headers.add("XXR " + request.plannedRounds());
        headers.add("XXS W=" + points(state.scoring().win().halves()) + " D=" + points(state.scoring().draw().halves())
                + " L=" + points(state.scoring().loss().halves()) + " FW=" + points(state.scoring().forfeitWin().halves())
                + " FL=" + points(state.scoring().forfeitLoss().halves()) + " ZPB="
                + points(state.scoring().zeroPointBye().halves()) + " HPB=" + points(state.scoring().halfPointBye().halves())
                + " PAB=" + points(state.scoring().pairingBye().halves()));
        for (PairingRequest.ForbiddenPair pair : request.forbidden()) {
            headers.add("XXP " + pair.low() + " " + pair.high());
        }
        if (request.round() == 1 && drawInitialColour) {
            // C.04.3 5.2.5 / A.6: the colour of the top seed in round 1 is drawn by lot (here from the command's seed);
            // later rounds infer it from the first round's colours, as bbpPairings does
            headers.add("XXC " + (new Random(request.seed()).nextBoolean() ? "white1" : "black1"));
        }
        return TrfDocument.of(headers, players, "\n");
    }

    private static List<TrfGame> gamesOf(TournamentState state, Player player, Map<String, Integer> numbers) {
        return TournamentTrf.roundEntries(state, player, numbers);
    }

    private static String points(int halves) {
        return org.torneo.trf.PointSystem.format(halves * 5);
    }

    /**
     * Pairing numbers to player ids. Numbers frozen before this decision come from the state; the
     * ones assigned by this very PairNextRound are not in the state the system was bound to, so
     * those entrants (never paired before, hence without history) are matched by name and rating.
     */
    static Map<Integer, String> idsByNumber(TournamentState state, PairingRequest request) {
        Map<Integer, String> idOf = new HashMap<>();
        state.numbers().forEach((id, number) -> idOf.put(number, id));
        Set<String> used = new HashSet<>(state.numbers().keySet());
        for (Entrant entrant : request.entrants()) {
            if (idOf.containsKey(entrant.number())) {
                continue;
            }
            String match = null;
            for (Player p : state.players().values()) {
                if (!used.contains(p.id()) && p.name().equals(entrant.name()) && p.rating() == entrant.rating()) {
                    match = p.id();
                    break;
                }
            }
            if (match == null) {
                throw new IllegalStateException("pairing number " + entrant.number() + " (" + entrant.name()
                        + ") matches no registered player");
            }
            used.add(match);
            idOf.put(entrant.number(), match);
        }
        return idOf;
    }
}
