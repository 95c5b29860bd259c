package org.torneo.contracts.signing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * The audit's trust file: which public key may sign for which service, and when. Plain text, one key a line:
 * <pre>
 * # service  key-id    public key (raw, base64)                      valid from            valid until (- = open)
 * game       1a2b3c4d  MCowBQYDK2VwAyEA...                           2026-11-25T00:00:00Z  -
 * </pre>
 * Blank lines and lines starting with {@code #} are ignored. A key is valid from its first instant (inclusive) to its
 * last (exclusive); a head or checkpoint counts only when its stated signing time falls in that window. Rotating a
 * key: close the old key's window at the switch and add the new key from that instant (see the audit's README).
 */
public final class TrustedKeys {

    /** One trusted key. */
    public record TrustedKey(String service, String keyId, byte[] rawPublicKey, Instant validFrom, Instant validUntil) {

        public boolean validAt(Instant when) {
            return !when.isBefore(validFrom) && (validUntil == null || when.isBefore(validUntil));
        }

        /** This key as a trust-file line. */
        public String line() {
            return service + " " + keyId + " " + Base64.getEncoder().encodeToString(rawPublicKey) + " " + validFrom + " "
                    + (validUntil == null ? "-" : validUntil.toString());
        }
    }

    /** What checking a note's signature against this file found. */
    public enum Verdict {
        /** A trusted key of the service signed it, inside its validity. */
        VALID,
        /** No key with that service and key id is in the trust file. */
        UNTRUSTED_KEY,
        /** The key is trusted but the signature does not verify: the text was changed after signing. */
        BAD_SIGNATURE,
        /** The key is trusted and the signature good, but it was made outside the key's validity. */
        OUTSIDE_VALIDITY
    }

    public static final String HEADER = "# service key-id public-key(raw,base64) valid-from valid-until(-=open)";

    private final List<TrustedKey> keys;

    public TrustedKeys(List<TrustedKey> keys) {
        this.keys = List.copyOf(keys);
    }

    public static TrustedKeys none() {
        return new TrustedKeys(List.of());
    }

    public List<TrustedKey> keys() {
        return keys;
    }

    public boolean isEmpty() {
        return keys.isEmpty();
    }

    public static TrustedKeys read(Path file) throws IOException {
        try {
            return parse(Files.readAllLines(file, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    /** Reads the lines of a trust file; a clear error naming the line and field when one is wrong. */
    public static TrustedKeys parse(List<String> lines) {
        List<TrustedKey> keys = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String where = "line " + (i + 1);
            String[] f = line.split("\\s+");
            if (f.length != 5) {
                throw new IllegalArgumentException(where + ": expected 5 fields (service key-id public-key valid-from"
                        + " valid-until), got " + f.length);
            }
            String service;
            try {
                service = ServiceKey.requireName(f[0]);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + ", service: " + e.getMessage());
            }
            byte[] raw;
            try {
                raw = Base64.getDecoder().decode(f[2]);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + ", public key: not base64");
            }
            if (raw.length != 32) {
                throw new IllegalArgumentException(where + ", public key: an Ed25519 key has 32 bytes, not " + raw.length);
            }
            String keyId = ServiceKey.keyId(service, raw);
            if (!keyId.equals(f[1])) {
                throw new IllegalArgumentException(where + ", key id: " + f[1] + " is not this key's id (" + keyId + ")");
            }
            Instant from = instant(f[3], where + ", valid from");
            Instant until = f[4].equals("-") ? null : instant(f[4], where + ", valid until");
            if (until != null && !until.isAfter(from)) {
                throw new IllegalArgumentException(where + ": valid until " + until + " is not after valid from " + from);
            }
            keys.add(new TrustedKey(service, keyId, raw, from, until));
        }
        return new TrustedKeys(keys);
    }

    /** The trust file's text. */
    public String text() {
        StringBuilder out = new StringBuilder(HEADER).append('\n');
        keys.forEach(k -> out.append(k.line()).append('\n'));
        return out.toString();
    }

    /** This file with {@code key} trusted for its service from {@code from} on. */
    public TrustedKeys with(ServiceKey key, Instant from, Instant until) {
        List<TrustedKey> more = new ArrayList<>(keys);
        more.add(new TrustedKey(key.service(), key.keyId(), key.rawPublicKey(), from, until));
        return new TrustedKeys(more);
    }

    /**
     * Judges {@code note}'s signature by {@code service} made at {@code signedAt}: the best verdict over its
     * signatures named {@code service} (a signed note may carry others; those are ignored).
     */
    public Verdict judge(SignedNote note, String service, Instant signedAt) {
        Verdict best = Verdict.UNTRUSTED_KEY;
        for (SignedNote.NoteSignature signature : note.signatures()) {
            if (!signature.keyName().equals(service)) {
                continue;
            }
            Optional<TrustedKey> key = keys.stream()
                    .filter(k -> k.service().equals(service) && k.keyId().equals(signature.keyId())).findFirst();
            if (key.isEmpty()) {
                continue;
            }
            if (!note.verifies(signature, key.get().rawPublicKey())) {
                best = best == Verdict.UNTRUSTED_KEY ? Verdict.BAD_SIGNATURE : best;
                continue;
            }
            if (!key.get().validAt(signedAt)) {
                best = Verdict.OUTSIDE_VALIDITY;
                continue;
            }
            return Verdict.VALID;
        }
        return best;
    }

    private static Instant instant(String text, String where) {
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(where + ": '" + text + "' is not an ISO-8601 instant such as"
                    + " 2026-11-25T00:00:00Z");
        }
    }
}
