package org.torneo.pairing.harkness;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.torneo.contracts.tournament.Score;
import org.torneo.pairing.swiss.MatchScore;
import org.torneo.pairing.swiss.SwissMatch;
import org.torneo.pairing.swiss.SwissPlayer;
import org.torneo.pairing.swiss.SwissTournament;
import org.torneo.pairing.tournament.Colour;
import org.torneo.pairing.tournament.Entrant;
import org.torneo.pairing.tournament.PairingRequest;
import org.torneo.pairing.tournament.PastRound;
import org.torneo.trf.TrfDocument;
import org.torneo.trf.TrfPlayer;

/**
 * Builds the Harkness request for the next round of a TRF file (for {@code torneo pair --system harkness}):
 * the TRF start numbers are the pairing numbers (Code 1970: numbered by rating), the history and the
 * pre-assigned absences come from the Swiss model the Dutch engine reads ({@link SwissTournament#fromTrf}).
 */
public final class HarknessTrf {

    private HarknessTrf() {
    }

    /**
     * @throws IllegalArgumentException when the file lacks the number of rounds, is complete, or holds a
     *                                  score that is not a multiple of ½
     */
    public static PairingRequest request(TrfDocument doc, long seed) {
        SwissTournament swiss = SwissTournament.fromTrf(doc);
        Map<Integer, TrfPlayer> trfPlayers = doc.playersById();
        Set<Integer> toPair = new HashSet<>();
        swiss.playersToPair().forEach(p -> toPair.add(p.id()));
        List<Entrant> entrants = new ArrayList<>();
        Set<PairingRequest.ForbiddenPair> forbidden = new HashSet<>();
        for (SwissPlayer player : swiss.players()) {
            if (player == null) {
                continue;
            }
            TrfPlayer trf = trfPlayers.get(player.startNumber());
            if (player.score() % 5 != 0) {
                throw new org.torneo.trf.TrfFormatException(lineOf(doc, player.startNumber()), 81, "player "
                        + player.startNumber() + ": score " + player.score() / 10.0 + " is not a multiple of ½");
            }
            List<PastRound> history = new ArrayList<>();
            for (int r = 0; r < player.matches().size() && r < swiss.playedRounds(); r++) {
                history.add(pastRound(player, player.matches().get(r), r + 1));
            }
            boolean available = player.valid() && toPair.contains(player.id());
            entrants.add(new Entrant(player.startNumber(), trf.name(), trf.rating(), new Score(player.score() / 5),
                    history, available));
            for (SwissPlayer other : swiss.players()) {
                if (other != null && other.id() > player.id() && swiss.forbidden(player.id(), other.id())) {
                    forbidden.add(PairingRequest.ForbiddenPair.of(player.startNumber(), other.startNumber()));
                }
            }
        }
        return new PairingRequest(swiss.playedRounds() + 1, swiss.expectedRounds(), entrants, forbidden, seed);
    }

    private static PastRound pastRound(SwissPlayer player, SwissMatch match, int round) {
        if (match.opponent() == player.id()) {
            // no opponent: the pairing-allocated bye if he took part and scored, else an absence
            boolean pairingBye = match.participated() && match.score() == MatchScore.WIN;
            return pairingBye ? PastRound.bye(round) : PastRound.absent(round);
        }
        Colour colour = switch (match.colour()) {
            case WHITE -> Colour.WHITE;
            case BLACK -> Colour.BLACK;
            case NONE -> null;
        };
        return new PastRound(round, match.opponent() + 1, match.played() ? colour : null, match.played(), false);
    }

    private static int lineOf(TrfDocument doc, int startNumber) {
        for (int i = 0; i < doc.lines().size(); i++) {
            if (doc.lines().get(i) instanceof org.torneo.trf.TrfLine.PlayerRecord r && r.player().startNumber() == startNumber) {
                return i + 1;
            }
        }
        return 1;
    }
}
