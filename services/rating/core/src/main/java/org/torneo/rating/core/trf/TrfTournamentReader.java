package org.torneo.rating.core.trf;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.torneo.rating.core.score.Colour;
import org.torneo.rating.core.score.Player;
import org.torneo.rating.core.score.PointSystem;
import org.torneo.rating.core.score.ResultKind;
import org.torneo.rating.core.score.RoundEntry;
import org.torneo.rating.core.score.Tournament;

/**
 * Reads the records of a TRF (TRF16 / TRF26) that results and tie-breaks need: 012 (name),
 * 001 (players and rounds), 162 (point system), XXR / 142 (number of rounds). Accepts CR, LF and
 * CRLF line ends. Other records are ignored. This is a deliberately small adapter private to the
 * rating core; the shared reader in contracts covers the whole format.
 */
public final class TrfTournamentReader {

    private TrfTournamentReader() {
    }

    public static Tournament read(String text) {
        String name = "";
        int declaredRounds = 0;
        PointSystem points = PointSystem.STANDARD;
        Map<Integer, Player> players = new TreeMap<>();
        String[] lines = text.split("\r\n|\r|\n", -1);
        int maxRounds = 0;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            int lineNo = i + 1;
            if (line.length() < 3) {
                continue;
            }
            String tag = line.substring(0, 3);
            switch (tag) {
                case "012" -> name = line.length() > 4 ? line.substring(4).trim() : "";
                case "XXR", "142" -> declaredRounds = parseInt(line.substring(3).trim(), lineNo, 5, "number of rounds");
                case "162" -> points = parsePointSystem(line, lineNo);
                case "001" -> {
                    Player p = parsePlayer(line, lineNo);
                    if (players.put(p.startNumber(), p) != null) {
                        throw new TrfInputException("line " + lineNo + ", column 5: start number " + p.startNumber()
                                + " appears twice");
                    }
                    maxRounds = Math.max(maxRounds, p.rounds().size());
                }
                default -> {
                    // records not needed for results and tie-breaks
                }
            }
        }
        int n = players.size();
        List<Player> list = new ArrayList<>(n);
        for (int sn = 1; sn <= n; sn++) {
            Player p = players.get(sn);
            if (p == null) {
                throw new TrfInputException("start numbers must run 1.." + n + " without gaps; " + sn + " is missing");
            }
            list.add(p);
        }
        try {
            return new Tournament(name, Math.max(declaredRounds, maxRounds), points, list);
        } catch (IllegalArgumentException e) {
            throw new TrfInputException("inconsistent cross table: " + e.getMessage());
        }
    }

    private static Player parsePlayer(String line, int lineNo) {
        if (line.length() < 84) {
            line = pad(line, 84);
        }
        int startNo = parseInt(line.substring(4, 8).trim(), lineNo, 5, "start number");
        String playerName = line.substring(14, Math.min(47, line.length())).trim();
        String ratingField = line.substring(48, 52).trim();
        int rating = ratingField.isEmpty() ? 0 : parseInt(ratingField, lineNo, 49, "rating");
        List<RoundEntry> rounds = new ArrayList<>();
        for (int start = 91; start < line.length(); start += 10) {
            String cell = pad(line.substring(start, Math.min(start + 8, line.length())), 8);
            int column = start + 1;
            if (cell.isBlank()) {
                rounds.add(RoundEntry.NOT_PAIRED);
                continue;
            }
            String opp = cell.substring(0, 4).trim();
            int opponent = opp.isEmpty() ? 0 : parseInt(opp, lineNo, column, "opponent start number");
            Colour colour;
            ResultKind kind;
            try {
                colour = Colour.fromTrf(cell.charAt(5));
            } catch (IllegalArgumentException e) {
                throw new TrfInputException("line " + lineNo + ", column " + (column + 5) + ": " + e.getMessage());
            }
            try {
                kind = ResultKind.fromTrf(cell.charAt(7));
            } catch (IllegalArgumentException e) {
                throw new TrfInputException("line " + lineNo + ", column " + (column + 7) + ": " + e.getMessage());
            }
            if (kind.overTheBoard() && opponent == 0) {
                throw new TrfInputException("line " + lineNo + ", column " + column + ": result '" + kind.trfCode()
                        + "' needs an opponent");
            }
            rounds.add(new RoundEntry(opponent, colour, kind));
        }
        while (!rounds.isEmpty() && rounds.get(rounds.size() - 1).equals(RoundEntry.NOT_PAIRED)) {
            rounds.remove(rounds.size() - 1);
        }
        return new Player(startNo, playerName, rating, rounds);
    }

    /** TRF26 162: code at column 6, points at columns 7-10, repeated every 9 columns. */
    private static PointSystem parsePointSystem(String line, int lineNo) {
        PointSystem ps = PointSystem.STANDARD;
        for (int pos = 5; pos < line.length(); pos += 9) {
            char code = Character.toUpperCase(line.charAt(pos));
            if (code == ' ') {
                continue;
            }
            String value = line.substring(pos + 1, Math.min(pos + 5, line.length())).trim();
            int centi;
            try {
                centi = new java.math.BigDecimal(value).movePointRight(2).intValueExact();
            } catch (RuntimeException e) {
                throw new TrfInputException("line " + lineNo + ", column " + (pos + 2) + ": '" + value
                        + "' is not a number of points");
            }
            ps = switch (code) {
                case 'W' -> ps.withWin(centi);
                case 'D' -> ps.withDraw(centi);
                case 'L' -> ps.withLoss(centi);
                case 'A', 'Z' -> ps.withAbsence(centi);
                case 'P' -> ps.withPab(centi);
                case 'X' -> ps;
                default -> throw new TrfInputException("line " + lineNo + ", column " + (pos + 1)
                        + ": unknown point-system code '" + code + "' (expected W, D, L, A, P or X)");
            };
        }
        return ps;
    }

    private static int parseInt(String s, int lineNo, int column, String what) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new TrfInputException("line " + lineNo + ", column " + column + ": '" + s + "' is not a valid " + what);
        }
    }

    private static String pad(String s, int len) {
        return s.length() >= len ? s : s + " ".repeat(len - s.length());
    }
}
