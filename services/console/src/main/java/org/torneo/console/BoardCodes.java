package org.torneo.console;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Locale;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The board codes a player types on an electronic scoresheet to tie it to his board and colour for the round: six
 * characters derived from the tournament, round, board and side with the console's key (HMAC-SHA256), printed on the
 * hall arbiter's board list. A code changes with the round (a device serves one board for one round) and cannot be
 * worked out from the public pairings without the key; it only chooses the board: whether the signed-in device may
 * serve it is the tournament's DeviceAssigned, checked by the game service at every command.
 */
final class BoardCodes {

    /** No 0/O, 1/I/L: read aloud or typed from a printed list without doubt. */
    private static final String ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
    static final int LENGTH = 6;

    private final byte[] key;

    BoardCodes(String key) {
        if (key == null || key.isBlank()) {
            throw new IllegalArgumentException("torneo.console.board-code-key: empty; set a secret of the event");
        }
        this.key = key.getBytes(StandardCharsets.UTF_8);
    }

    String code(String tournamentId, int round, int board, String side) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            byte[] digest = mac.doFinal((tournamentId + "\n" + round + "\n" + board + "\n" + side)
                    .getBytes(StandardCharsets.UTF_8));
            StringBuilder code = new StringBuilder(LENGTH);
            for (int i = 0; i < LENGTH; i++) {
                code.append(ALPHABET.charAt((digest[i] & 0xff) % ALPHABET.length()));
            }
            return code.toString();
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
