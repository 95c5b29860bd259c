package org.torneo.rating.core.trf;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.torneo.rating.core.score.Colour;
import org.torneo.rating.core.score.Player;
import org.torneo.rating.core.score.PointSystem;
import org.torneo.rating.core.score.ResultKind;
import org.torneo.rating.core.score.RoundEntry;
import org.torneo.rating.core.score.Tournament;
import org.torneo.trf.TrfDocument;
import org.torneo.trf.TrfFormatException;
import org.torneo.trf.TrfGame;
import org.torneo.trf.TrfPlayer;
import org.torneo.trf.TrfReader;

/**
 * Turns a TRF (read by the shared reader in contracts, org.torneo.trf) into the rating core's cross
 * table. The syntax is checked by the shared reader; the points column is NOT required to equal the
 * sum of the results (standings recompute scores from the results and the point system), but the
 * pairings must be symmetric. The number of rounds is the larger of 142/XXR and the rounds written.
 */
public final class TrfTournamentReader {

    private TrfTournamentReader() {
    }

    public static Tournament read(String text) {
        TrfDocument doc;
        try {
            doc = TrfReader.parse(text);
        } catch (TrfFormatException e) {
            throw new TrfInputException(e.getMessage());
        }
        return toTournament(doc);
    }

    public static Tournament toTournament(TrfDocument doc) {
        PointSystem points;
        int rounds;
        try {
            points = pointSystem(doc.pointSystem());
            rounds = Math.max(doc.totalRounds().orElse(0), doc.roundsWritten());
        } catch (TrfFormatException e) {
            throw new TrfInputException(e.getMessage());
        }
        Map<Integer, TrfPlayer> byId = doc.playersById();
        int n = byId.size();
        checkPairings(doc, byId);
        List<Player> players = new ArrayList<>(n);
        for (int sn = 1; sn <= n; sn++) {
            TrfPlayer p = byId.get(sn);
            if (p == null) {
                throw new TrfInputException("start numbers must run 1.." + n + " without gaps; " + sn + " is missing");
            }
            List<RoundEntry> entries = new ArrayList<>(p.games().size());
            for (TrfGame g : p.games()) {
                entries.add(new RoundEntry(g.opponent(), colour(g.colour()), ResultKind.fromTrf(g.result().code())));
            }
            players.add(new Player(sn, p.name(), p.rating(), entries));
        }
        String name = doc.header("012").orElse("");
        try {
            return new Tournament(name, rounds, points, players);
        } catch (IllegalArgumentException e) {
            throw new TrfInputException("inconsistent cross table: " + e.getMessage());
        }
    }

    /** Every pairing must appear on both players' lines; the error names the line and the column. */
    private static void checkPairings(TrfDocument doc, Map<Integer, TrfPlayer> byId) {
        for (int i = 0; i < doc.lines().size(); i++) {
            if (!(doc.lines().get(i) instanceof org.torneo.trf.TrfLine.PlayerRecord record)) {
                continue;
            }
            TrfPlayer p = record.player();
            for (int r = 1; r <= p.games().size(); r++) {
                TrfGame g = p.game(r);
                if (g.opponent() == 0) {
                    continue;
                }
                int column = 92 + 10 * (r - 1);
                String where = "line " + (i + 1) + ", column " + column + ": round " + r + ": ";
                TrfPlayer o = byId.get(g.opponent());
                if (o == null) {
                    throw new TrfInputException(where + "opponent " + g.opponent() + " has no 001 record");
                }
                if (g.opponent() == p.startNumber()) {
                    throw new TrfInputException(where + "player " + p.startNumber() + " is paired with himself");
                }
                if (o.game(r).opponent() != p.startNumber()) {
                    throw new TrfInputException(where + "player " + p.startNumber() + " meets " + g.opponent()
                            + ", but " + g.opponent() + "'s line has " + (o.game(r).opponent() == 0 ? "no opponent"
                            : "opponent " + o.game(r).opponent()) + " in that round");
                }
            }
        }
    }

    private static Colour colour(org.torneo.trf.Colour c) {
        return switch (c) {
            case WHITE -> Colour.WHITE;
            case BLACK -> Colour.BLACK;
            default -> Colour.NONE;
        };
    }

    /** The shared reader counts tenths of a point; the rating core counts hundredths. */
    static PointSystem pointSystem(org.torneo.trf.PointSystem t) {
        return new PointSystem(t.win() * 10, t.draw() * 10, t.loss() * 10, t.zeroPointBye() * 10,
                t.forfeitLoss() * 10, t.pairingAllocatedBye() * 10, t.forfeitWin() * 10, t.fullPointBye() * 10,
                t.halfPointBye() * 10);
    }
}
