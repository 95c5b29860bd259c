package org.torneo.console;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Locale;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The board codes a player types on an electronic scoresheet to tie it to his board and colour for the round: six
 * characters derived from the tournament, round, board and side with the console's key, printed on the hall arbiter's
 * board list. A code changes with the round (a device serves one board for one round) and cannot be worked out from the
 * public pairings without the key; it only chooses the board: whether the signed-in device may serve it is the
 * tournament's DeviceAssigned, checked by the game service at every command.
 * <p>
 * Two sheets of one round never share a code: the sheet's place in the round (board and side) is enciphered, not
 * hashed. A keyed permutation of the 31^6 codes (a Feistel network of eight rounds over two halves of 31^3, its round
 * function HMAC-SHA256 with a key of the console's key, the tournament and the round) maps each place to its own code.
 * Six characters taken from a hash, as before, gave two of a 2,500-board round's 5,000 sheets the same code in about
 * one round in seventy, and the device that typed it was bound to the other board: its moves went to another game
 * (the 2,500-board benchmark's two lost moves, session 16). Codes of different tournaments may still meet: a device
 * assigned in both is then told so rather than bound to either ({@link Scoresheets}).
 */
final class BoardCodes {

    /** No 0/O, 1/I/L: read aloud or typed from a printed list without doubt. */
    private static final String ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
    static final int LENGTH = 6;
    /** Each half of a code: 31^3 values. */
    private static final int HALF = 31 * 31 * 31;
    private static final int FEISTEL_ROUNDS = 8;

    private final byte[] key;

    BoardCodes(String key) {
        if (key == null || key.isBlank()) {
            throw new IllegalArgumentException("torneo.console.board-code-key: empty; set a secret of the event");
        }
        this.key = key.getBytes(StandardCharsets.UTF_8);
    }

    /** The code of a sheet: board from 1, side WHITE or BLACK. */
    String code(String tournamentId, int round, int board, String side) {
        if (board < 1 || !(side.equals("WHITE") || side.equals("BLACK"))) {
            throw new IllegalArgumentException("board " + board + " " + side + ": boards count from 1, sides are "
                    + "WHITE and BLACK");
        }
        long place = 2L * (board - 1) + (side.equals("WHITE") ? 0 : 1);
        if (place >= (long) HALF * HALF) {
            throw new IllegalArgumentException("board " + board + ": beyond the codes' range");
        }
        Mac roundKey = mac(mac(key).doFinal((tournamentId + "\n" + round).getBytes(StandardCharsets.UTF_8)));
        long value = permute(place, roundKey);
        char[] code = new char[LENGTH];
        for (int i = LENGTH - 1; i >= 0; i--) {
            code[i] = ALPHABET.charAt((int) (value % ALPHABET.length()));
            value /= ALPHABET.length();
        }
        return new String(code);
    }

    /** A bijection of [0, 31^6): each Feistel round adds a keyed function of one half to the other, modulo 31^3. */
    private static long permute(long place, Mac roundKey) {
        int left = (int) (place / HALF);
        int right = (int) (place % HALF);
        byte[] input = new byte[5];
        for (int round = 0; round < FEISTEL_ROUNDS; round++) {
            input[0] = (byte) round;
            input[1] = (byte) (right >>> 24);
            input[2] = (byte) (right >>> 16);
            input[3] = (byte) (right >>> 8);
            input[4] = (byte) right;
            byte[] digest = roundKey.doFinal(input);
            long f = ((digest[0] & 0xffL) << 24 | (digest[1] & 0xffL) << 16 | (digest[2] & 0xffL) << 8
                    | (digest[3] & 0xffL)) % HALF;
            int next = (int) ((left + f) % HALF);
            left = right;
            right = next;
        }
        return (long) left * HALF + right;
    }

    private static Mac mac(byte[] key) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    /** The code as typed: spaces and dashes dropped, upper case; null when it cannot be a code (says nothing more). */
    static String normalise(String typed) {
        if (typed == null) {
            return null;
        }
        String code = typed.replaceAll("[\\s-]", "").toUpperCase(Locale.ROOT);
        if (code.length() != LENGTH) {
            return null;
        }
        for (char ch : code.toCharArray()) {
            if (ALPHABET.indexOf(ch) < 0) {
                return null;
            }
        }
        return code;
    }
}
