package org.torneo.console;

import java.util.Locale;

/**
 * One entry of the hall arbiters' result field, as Swiss-Manager users type it: the board number, then the result,
 * then Enter ({@code 12 1}, {@code 121}, {@code 7=}, {@code 30-}). The last character is the result: {@code 1} White
 * won, {@code 0} Black won, {@code =} (or {@code ½}) a draw, {@code +} White won by forfeit, {@code -} Black won by
 * forfeit (FIDE 2018 6.7.1: a player absent at the default time loses; C.04.1: "+" / "-" as the pairing lists write
 * forfeits); the digits before it, spaces allowed, are the board. Anything else is refused with what is wrong and
 * where (the 1-based position in what was typed).
 */
public record ResultEntry(int board, Outcome outcome) {

    /** A result and the game service's {@code results.GameResult} name for it. */
    public enum Outcome {
        WHITE_WINS("1-0"), BLACK_WINS("0-1"), DRAW("½-½"), WHITE_WINS_BY_FORFEIT("+-"), BLACK_WINS_BY_FORFEIT("-+");

        private final String shown;

        Outcome(String shown) {
            this.shown = shown;
        }

        /** As the pairing lists show it, e.g. "1-0", "+-". */
        public String shown() {
            return shown;
        }
    }

    /** What was typed and why it is not an entry: the message names the position (1-based) where it goes wrong. */
    public static final class Malformed extends Exception {
        private final int position;

        Malformed(String message, int position) {
            super(message);
            this.position = position;
        }

        public int position() {
            return position;
        }
    }

    /** Reads one entry; {@link Malformed} says what is wrong and at which position. */
    public static ResultEntry parse(String typed) throws Malformed {
        String text = typed == null ? "" : typed.strip();
        if (text.isEmpty()) {
            throw new Malformed("nothing typed: type the board number, then 1, =, 0, + or - (e.g. 12 1)", 1);
        }
        int lead = typed.indexOf(text.charAt(0)); // positions are reported in what was typed
        char last = text.charAt(text.length() - 1);
        Outcome outcome = switch (last) {
            case '1' -> Outcome.WHITE_WINS;
            case '0' -> Outcome.BLACK_WINS;
            case '=', '½' -> Outcome.DRAW;
            case '+' -> Outcome.WHITE_WINS_BY_FORFEIT;
            case '-' -> Outcome.BLACK_WINS_BY_FORFEIT;
            default -> throw new Malformed("'" + text + "': the last character '" + last + "' (position "
                    + (lead + text.length()) + ") is not a result: end with 1, =, 0, + or -", lead + text.length());
        };
        String boardText = text.substring(0, text.length() - 1).replace(" ", "");
        if (boardText.isEmpty()) {
            throw new Malformed("'" + text + "': no board number before the result (type e.g. 12 " + last + ")", lead + 1);
        }
        for (int i = 0; i < text.length() - 1; i++) {
            char c = text.charAt(i);
            if (c != ' ' && !Character.isDigit(c)) {
                throw new Malformed("'" + text + "': '" + c + "' at position " + (lead + i + 1)
                        + " is not part of a board number (digits only, then the result)", lead + i + 1);
            }
        }
        if (boardText.length() > 6) {
            throw new Malformed("'" + text + "': board " + boardText + " is not a board number (too long)", lead + 1);
        }
        int board = Integer.parseInt(boardText);
        if (board < 1) {
            throw new Malformed("'" + text + "': board 0 does not exist (boards are numbered from 1)", lead + 1);
        }
        return new ResultEntry(board, outcome);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "board %d: %s", board, outcome.shown());
    }
}
