package org.torneo.contracts.signing;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;

/**
 * A round's anchor: the head of every chain of a tournament when the round closed, signed, in the layout of a C2SP
 * tlog-checkpoint (origin, size, root hash) with the heads as extension lines, so the checkpoint alone says what the
 * log must hold. The arbiter prints or saves it; an audit of a later export must find every head in the log
 * ({@code torneo audit --anchor FILE}). A truncated log, a deleted last event or a re-sealed change all break it.
 * <pre>
 * torneo/t-1/round/3
 * 412
 * 3q2+7w…=
 * signed 2026-11-25T22:00:00Z
 * torneo.tournament 57 ab…12 t-1
 * torneo.game.moves 81 cd…34 t-1-r3-b1
 * …
 *
 * — pairing BASE64(key hash ‖ signature)
 * </pre>
 * Size: the events the anchored chains hold (per aggregate and writer, its highest sequence, summed). Root: base64
 * SHA-256 of the head lines, each with its newline. One line per chain and topic: the last event on that topic.
 *
 * @param tournamentId the tournament
 * @param round        the round whose close it anchors
 * @param signedAt     when it was signed
 * @param heads        the last event of each chain on each topic, sorted by topic then aggregate
 */
public record Checkpoint(String tournamentId, int round, Instant signedAt, List<ChainHead> heads) {

    public Checkpoint {
        heads = heads.stream().sorted(Comparator.comparing(ChainHead::topic).thenComparing(ChainHead::aggregateId))
                .toList();
        if (tournamentId.isEmpty() || tournamentId.contains("/") || tournamentId.contains("\n")) {
            throw new IllegalArgumentException("a tournament id in an origin has no '/' or newline: '" + tournamentId + "'");
        }
    }

    public String origin() {
        return "torneo/" + ChainHead.escape(tournamentId) + "/round/" + round;
    }

    /** Events covered: per aggregate and topic family the highest sequence, summed (chains of one aggregate kept apart by topic). */
    public long size() {
        java.util.Map<String, Long> highest = new java.util.HashMap<>();
        for (ChainHead h : heads) {
            highest.merge(family(h.topic()) + " " + h.aggregateId(), h.sequence(), Math::max);
        }
        return highest.values().stream().mapToLong(Long::longValue).sum();
    }

    public String rootHash() {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            heads.forEach(h -> sha.update((h.line() + "\n").getBytes(StandardCharsets.UTF_8)));
            return Base64.getEncoder().encodeToString(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public String text() {
        StringBuilder out = new StringBuilder(origin()).append('\n').append(size()).append('\n').append(rootHash())
                .append('\n').append("signed ").append(signedAt).append('\n');
        heads.forEach(h -> out.append(h.line()).append('\n'));
        return out.toString();
    }

    public SignedNote sign(ServiceKey key) {
        return SignedNote.sign(text(), key);
    }

    /** Reads a checkpoint note; its size and root must agree with its heads (a clear error naming the line if not). */
    public static Checkpoint read(SignedNote note) {
        List<String> lines = note.lines();
        if (lines.size() < 4) {
            throw new IllegalArgumentException("a checkpoint has an origin, a size, a root hash and a 'signed' line");
        }
        String[] origin = lines.get(0).split("/");
        if (origin.length != 4 || !origin[0].equals("torneo") || !origin[2].equals("round")) {
            throw new IllegalArgumentException("line 1: expected the origin 'torneo/<tournament>/round/<n>'");
        }
        int round;
        try {
            round = Integer.parseInt(origin[3]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("line 1: round '" + origin[3] + "' is not a number");
        }
        Instant signedAt = ChainHeads.signedLine(lines.get(3), "line 4");
        List<ChainHead> heads = new ArrayList<>();
        for (int i = 4; i < lines.size(); i++) {
            heads.add(ChainHead.parse(lines.get(i), "line " + (i + 1)));
        }
        Checkpoint checkpoint = new Checkpoint(ChainHead.unescape(origin[1], "line 1"), round, signedAt, heads);
        if (!lines.get(1).equals(Long.toString(checkpoint.size()))) {
            throw new IllegalArgumentException("line 2: size " + lines.get(1) + " but the heads cover " + checkpoint.size());
        }
        if (!lines.get(2).equals(checkpoint.rootHash())) {
            throw new IllegalArgumentException("line 3: root hash " + lines.get(2) + " is not that of the heads ("
                    + checkpoint.rootHash() + ")");
        }
        if (!checkpoint.text().equals(note.text())) {
            throw new IllegalArgumentException("the heads are not in the canonical order (topic, then aggregate)");
        }
        return checkpoint;
    }

    /** The clock and the rating service keep chains of their own under a game's or tournament's id. */
    private static String family(String topic) {
        if (topic.startsWith("torneo.clock")) {
            return "clock";
        }
        if (topic.startsWith("torneo.rating")) {
            return "rating";
        }
        return "main";
    }
}
