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
import org.torneo.trf.TrfLine;
import org.torneo.trf.TrfPlayer;
import org.torneo.trf.TrfReader;

/**
 * Turns a TRF into the rating core's cross table. The file is read and checked by the one TRF reader of the
 * project ({@link TrfReader#read}, in contracts: the same checks as {@code pair}, {@code check} and the pairing
 * service's import: duplicate start numbers, symmetric pairings, result and colour codes, the points column
 * against the results, every number in range). On top of those, the cross table needs start numbers 1..n
 * without gaps. The number of rounds is the larger of 142/XXR and the rounds written. Every error is a
 * {@link TrfFormatException} naming line and column.
 */
public final class TrfTournamentReader {

    private TrfTournamentReader() {
    }

    /** Reads, checks and converts a TRF text. @throws TrfFormatException naming line and column */
    public static Tournament read(String text) {
        return toTournament(TrfReader.read(text));
    }

    /** Converts a document, checking it first as {@link TrfReader#read} does (whoever parsed it). */
    public static Tournament toTournament(TrfDocument doc) {
        TrfReader.validate(doc);
        PointSystem points = pointSystem(doc.pointSystem());
        int rounds = Math.max(doc.totalRounds().orElse(0), doc.roundsWritten());
        Map<Integer, TrfPlayer> byId = doc.playersById();
        int n = byId.size();
        List<Player> players = new ArrayList<>(n);
        for (int sn = 1; sn <= n; sn++) {
            TrfPlayer p = byId.get(sn);
            if (p == null) {
                throw new TrfFormatException(lineOfFirstAbove(doc, n), 5, "start numbers must run 1.." + n
                        + " without gaps; " + sn + " is missing");
            }
            List<RoundEntry> entries = new ArrayList<>(p.games().size());
            for (TrfGame g : p.games()) {
                entries.add(new RoundEntry(g.opponent(), colour(g.colour()), ResultKind.fromTrf(g.result().code())));
            }
            players.add(new Player(sn, p.name(), p.rating(), entries));
        }
        String name = doc.header("012").orElse("");
        return new Tournament(name, rounds, points, players);
    }

    /** The line of the first player numbered above {@code n}: where a gap shows. */
    private static int lineOfFirstAbove(TrfDocument doc, int n) {
        for (int i = 0; i < doc.lines().size(); i++) {
            if (doc.lines().get(i) instanceof TrfLine.PlayerRecord r && r.player().startNumber() > n) {
                return i + 1;
            }
        }
        return 1;
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
