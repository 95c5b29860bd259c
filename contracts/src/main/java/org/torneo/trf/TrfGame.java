package org.torneo.trf;

import java.util.Objects;

/**
 * One round entry of a player record: opponent start number (0 when there is none), colour and result.
 * A forfeit keeps its opponent and colour (the pair was made) but is not a played game.
 */
public record TrfGame(int opponent, Colour colour, ResultCode result) {

    public static final TrfGame EMPTY = new TrfGame(0, Colour.NONE, ResultCode.BLANK);

    public TrfGame {
        Objects.requireNonNull(colour, "colour");
        Objects.requireNonNull(result, "result");
        if (opponent < 0 || opponent > 9999) {
            throw new IllegalArgumentException("opponent out of range: " + opponent);
        }
    }

    public static TrfGame bye(ResultCode code) {
        return new TrfGame(0, Colour.NONE, code);
    }

    /** True when the two players met over the board (colours and C1 count only these). */
    public boolean played() {
        return opponent != 0 && result.isPlayedGame();
    }

    /** True when the player took part in the pairing of that round: paired (even if forfeited) or got the PAB. */
    public boolean paired() {
        return opponent != 0 || result == ResultCode.PAIRING_ALLOCATED_BYE;
    }

    public boolean isEmpty() {
        return opponent == 0 && result == ResultCode.BLANK;
    }
}
