package org.torneo.feed.core;

import java.util.List;

import org.torneo.contracts.results.GameResult;

/**
 * PGN export (PGN standard, section 8: the seven-tag roster first) with {@code [%clk h:mm:ss]}
 * comments after each move, as lichess broadcasts read when polling a round URL.
 */
public final class Pgn {

    private Pgn() {
    }

    /** The PGN result token of an outcome; "*" while the game goes on (and for a double forfeit). */
    static String result(FeedState.Outcome outcome) {
        if (outcome == null) {
            return "*";
        }
        GameResult r = outcome.result();
        if (r == GameResult.DOUBLE_FORFEIT) {
            return "*"; // PGN has no token for 0-0; the crosstable keeps the double forfeit
        }
        int w = outcome.whiteHalves();
        int b = outcome.blackHalves();
        if (w == 2 && b == 0) {
            return "1-0";
        }
        if (w == 0 && b == 2) {
            return "0-1";
        }
        if (w == 1 && b == 1) {
            return "1/2-1/2";
        }
        return "*";
    }

    public static String games(List<Views.GameView> games) {
        StringBuilder out = new StringBuilder();
        for (Views.GameView g : games) {
            out.append(game(g)).append('\n');
        }
        return out.toString();
    }

    public static String game(Views.GameView g) {
        StringBuilder out = new StringBuilder();
        tag(out, "Event", g.tournamentName());
        tag(out, "Site", "?");
        tag(out, "Date", g.startedAt() == null ? "????.??.??" : g.startedAt().substring(0, 10).replace('-', '.'));
        tag(out, "Round", g.round() + "." + g.board());
        tag(out, "White", g.whiteName());
        tag(out, "Black", g.blackName());
        tag(out, "Result", g.pgnResult());
        if (g.whiteRating() > 0) {
            tag(out, "WhiteElo", String.valueOf(g.whiteRating()));
        }
        if (g.blackRating() > 0) {
            tag(out, "BlackElo", String.valueOf(g.blackRating()));
        }
        tag(out, "Board", String.valueOf(g.board()));
        tag(out, "GameId", g.gameId());
        if (!FeedModel.STANDARD_FEN.equals(g.initialFen())) {
            tag(out, "SetUp", "1");
            tag(out, "FEN", g.initialFen());
        }
        out.append('\n');
        // one unit per move number, move and clock comment: a line breaks between units, never inside a
        // "{ [%clk h:mm:ss] }" (a reader that takes the comment line by line would lose the clock)
        List<String> units = new java.util.ArrayList<>();
        boolean blackFirst = g.initialFen().contains(" b ");
        int fullMove = fullMoveOf(g.initialFen());
        boolean first = true;
        for (Views.MoveView m : g.moves()) {
            boolean white = m.side().equals("WHITE");
            if (white) {
                units.add(fullMove + ".");
            } else if (first && blackFirst) {
                units.add(fullMove + "...");
            }
            units.add(m.san());
            if (m.clockMillis() != null) {
                units.add("{ [%clk " + clock(m.clockMillis()) + "] }");
            }
            if (!white) {
                fullMove++;
            }
            first = false;
        }
        units.add(g.pgnResult());
        out.append(wrap(units)).append('\n');
        return out.toString();
    }

    private static int fullMoveOf(String fen) {
        String[] parts = fen.trim().split("\\s+");
        try {
            return parts.length >= 6 ? Integer.parseInt(parts[5]) : 1;
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    /** h:mm:ss, rounded down to the second (as the PGN clock comments of broadcasts). */
    public static String clock(long millis) {
        long seconds = Math.max(0, millis) / 1000;
        return String.format("%d:%02d:%02d", seconds / 3600, (seconds / 60) % 60, seconds % 60);
    }

    private static void tag(StringBuilder out, String name, String value) {
        String v = value == null ? "?" : value.replace("\\", "\\\\").replace("\"", "\\\"");
        out.append('[').append(name).append(" \"").append(v).append("\"]\n");
    }

    /** PGN export format keeps lines under 80 characters (PGN standard 8.2.2); a unit is never split. */
    static String wrap(List<String> units) {
        StringBuilder out = new StringBuilder();
        int column = 0;
        for (String unit : units) {
            if (column > 0 && column + 1 + unit.length() > 79) {
                out.append('\n');
                column = 0;
            } else if (column > 0) {
                out.append(' ');
                column++;
            }
            out.append(unit);
            column += unit.length();
        }
        return out.toString();
    }
}
