package org.torneo.eboard;

import java.util.List;

/**
 * One message of LiveChess 2's {@code eboardevent} feed (its local API, {@code ws://localhost:1982/api/v1.0}): the
 * board's serial number, the placement its sensors read ({@code board}: a FEN piece-placement field; null when the
 * message leaves it out because it did not change), the clock (null when unchanged or absent), the start position
 * LiveChess reconstructs from ({@code start}, a full FEN, null when absent), every move it reconstructed since
 * ({@code san}, null when absent) and whether the physical board equals that reconstruction ({@code match}).
 */
public record EboardEvent(String serialnr, boolean flipped, String board, Clock clock, String start, List<String> san,
                          boolean match) {

    public EboardEvent {
        san = san == null ? null : List.copyOf(san);
    }

    /**
     * The DGT clock as LiveChess reads it: remaining seconds of each side, which one runs ({@code true} White,
     * {@code false} Black, null stopped) and when it was read (epoch ms).
     */
    public record Clock(long whiteSeconds, long blackSeconds, Boolean run, long time) {
    }
}
