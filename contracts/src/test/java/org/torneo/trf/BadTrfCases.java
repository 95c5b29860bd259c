package org.torneo.trf;

import java.util.List;

/**
 * The checks of the one TRF reader, one bad file per check, each made from the same valid four-player event by a
 * single change, with the line and column the error must name. Every entry point (the reader, the commands, the
 * import route) is tested with these cases (this module's test-jar shares them).
 */
public final class BadTrfCases {

    public record Case(String name, String text, int line, int column, String reason) {
        @Override
        public String toString() {
            return name;
        }
    }

    private BadTrfCases() {
    }

    /** 1 beat 3 and 2, 2 beat 4, 3 and 4 drew in round 2; three rounds announced. Lines: 012, XXR, 042, 001 x 4. */
    public static String valid() {
        return lines(header("3", "2026/03/15"), List.of(
                player(1, 2000, "", 20, game(3, Colour.WHITE, ResultCode.WIN), game(2, Colour.BLACK, ResultCode.WIN)),
                player(2, 1900, "", 10, game(4, Colour.WHITE, ResultCode.WIN), game(1, Colour.WHITE, ResultCode.LOSS)),
                player(3, 1800, "1985", 5, game(1, Colour.BLACK, ResultCode.LOSS), game(4, Colour.BLACK, ResultCode.DRAW)),
                player(4, 1700, "", 5, game(2, Colour.BLACK, ResultCode.LOSS), game(3, Colour.WHITE, ResultCode.DRAW))));
    }

    public static List<Case> all() {
        String valid = valid();
        String p1 = player(1, 2000, "", 20, game(3, Colour.WHITE, ResultCode.WIN), game(2, Colour.BLACK, ResultCode.WIN));
        String p3 = player(3, 1800, "1985", 5, game(1, Colour.BLACK, ResultCode.LOSS), game(4, Colour.BLACK, ResultCode.DRAW));
        return List.of(
                new Case("a second player 1 rated 2800", valid + player(1, 2800, "", 0) + "\n", 8, 5,
                        "duplicate start number 1 (already used on line 4)"),
                new Case("points that are not the sum of the results", valid.replace(p1, p1.replace(" 2.0 ", " 2.5 ")),
                        4, 81, "points 2.5 of player 1 do not equal the sum of the results (2.0)"),
                new Case("an unknown result code", valid.replace(p1, p1.substring(0, 98) + "Q" + p1.substring(99)), 4, 99,
                        "unknown result code 'Q'"),
                new Case("an unknown colour code", valid.replace(p1, p1.substring(0, 96) + "x" + p1.substring(97)), 4, 97,
                        "colour must be w, b or -, found 'x'"),
                new Case("XXR of 2^31 - 1 rounds", valid.replace("XXR 3", "XXR 2147483647"), 2, 5,
                        "a number 1..99 expected, found '2147483647'"),
                new Case("XXR of 999,999 rounds", valid.replace("XXR 3", "XXR 999999"), 2, 5,
                        "number of rounds (XXR) 999999 is out of range 1..99"),
                new Case("XXR of 0 rounds", valid.replace("XXR 3", "XXR 0"), 2, 5,
                        "number of rounds (XXR) 0 is out of range 1..99"),
                new Case("XXR below the rounds written", valid.replace("XXR 3", "XXR 1"), 2, 5,
                        "2 rounds are written in the player records but XXR announces only 1"),
                new Case("a rating of 4001", valid.replace(p1, p1.replace(" 2000 ", " 4001 ")), 4, 49,
                        "rating 4001 is out of range 0..4000"),
                new Case("start number 0", valid.replace(p1, "001    0" + p1.substring(8)), 4, 5,
                        "start number must be 1..9999"),
                new Case("a start date that does not exist", valid.replace("042 2026/03/15", "042 2026/02/30"), 3, 5,
                        "start date (042): '2026/02/30' is not a date"),
                new Case("a birth date in month 13", valid.replace(p3, p3.replace("1985      ", "1985/13/01")), 6, 70,
                        "birth date (columns 70-79) '1985/13/01' is out of range"),
                new Case("an opponent that is not in the file", valid.replace(p3, p3.replace("   4 b =", "   9 b =")), 6,
                        102, "round 2: opponent 9 is not a player of this file"));
    }

    static String header(String rounds, String date) {
        return "012 Four players\nXXR " + rounds + "\n042 " + date + "\n";
    }

    static String lines(String header, List<String> players) {
        return header + String.join("\n", players) + "\n";
    }

    static TrfGame game(int opponent, Colour colour, ResultCode result) {
        return new TrfGame(opponent, colour, result);
    }

    static String player(int startNumber, int rating, String birth, int pointsTenths, TrfGame... games) {
        return new TrfPlayer(startNumber, "", "", "Player " + startNumber, rating, "", "", birth, pointsTenths,
                startNumber, List.of(games)).format();
    }
}
