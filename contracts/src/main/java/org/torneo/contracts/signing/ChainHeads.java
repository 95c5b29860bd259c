package org.torneo.contracts.signing;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * What one service transaction wrote, signed by the service: the published record of torneo.chain.heads. One note
 * per committed transaction (one Ed25519 signature, about a millisecond), listing every event the transaction added
 * to any chain, so the audit can name the exact event that differs from what was signed:
 * <pre>
 * torneo/heads/game
 * signed 2026-11-25T21:40:00.123Z
 * torneo.game.moves 12 9f2c…e1 t-1-r1-b3
 * torneo.results 13 41aa…07 t-1-r1-b3
 *
 * — game BASE64(key hash ‖ signature)
 * </pre>
 * The last head of each aggregate is its chain head after the transaction.
 *
 * @param service  the writer (the trust file's service name, the note's key name)
 * @param signedAt when the service signed (its clock: the trust file's validity windows are judged on it)
 * @param heads    every event the transaction wrote, in the order written
 */
public record ChainHeads(String service, Instant signedAt, List<ChainHead> heads) {

    /** Heads per note: a transaction that writes more gets several notes (a record must stay below 1 MiB). */
    public static final int MAX_HEADS_PER_NOTE = 4_000;

    private static final String ORIGIN = "torneo/heads/";

    public ChainHeads {
        ServiceKey.requireName(service);
        heads = List.copyOf(heads);
        if (heads.isEmpty()) {
            throw new IllegalArgumentException("chain heads list at least one event");
        }
    }

    /** The notes for one transaction's events: one, or several of at most MAX_HEADS_PER_NOTE heads. */
    public static List<ChainHeads> of(String service, Instant signedAt, List<ChainHead> heads) {
        List<ChainHeads> notes = new ArrayList<>();
        for (int from = 0; from < heads.size(); from += MAX_HEADS_PER_NOTE) {
            notes.add(new ChainHeads(service, signedAt, heads.subList(from, Math.min(heads.size(),
                    from + MAX_HEADS_PER_NOTE))));
        }
        return notes;
    }

    public String text() {
        StringBuilder out = new StringBuilder(ORIGIN).append(service).append('\n');
        out.append("signed ").append(signedAt).append('\n');
        heads.forEach(h -> out.append(h.line()).append('\n'));
        return out.toString();
    }

    public SignedNote sign(ServiceKey key) {
        if (!key.service().equals(service)) {
            throw new IllegalArgumentException("the heads of " + service + " cannot be signed with " + key);
        }
        return SignedNote.sign(text(), key);
    }

    /** Reads the heads a note states (its signature is not judged here: see TrustedKeys.judge). */
    public static ChainHeads read(SignedNote note) {
        List<String> lines = note.lines();
        if (lines.size() < 3 || !lines.get(0).startsWith(ORIGIN)) {
            throw new IllegalArgumentException("line 1: chain heads start with '" + ORIGIN + "<service>'");
        }
        String service = lines.get(0).substring(ORIGIN.length());
        Instant signedAt = signedLine(lines.get(1), "line 2");
        List<ChainHead> heads = new ArrayList<>();
        for (int i = 2; i < lines.size(); i++) {
            heads.add(ChainHead.parse(lines.get(i), "line " + (i + 1)));
        }
        try {
            return new ChainHeads(service, signedAt, heads);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("line 1: " + e.getMessage());
        }
    }

    static Instant signedLine(String line, String where) {
        if (!line.startsWith("signed ")) {
            throw new IllegalArgumentException(where + ": expected 'signed <instant>'");
        }
        try {
            return Instant.parse(line.substring(7));
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(where + ": '" + line.substring(7) + "' is not an ISO-8601 instant");
        }
    }
}
