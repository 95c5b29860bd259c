package org.torneo.contracts.signing;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;

/**
 * A signed note (C2SP signed-note): UTF-8 text ending in a newline, a blank line, then one line per signature
 * {@code — <key name> <base64(4-byte key hash ‖ 64-byte Ed25519 signature)>} (an em dash, U+2014). The signature
 * covers the text with its final newline. Chain heads and round checkpoints are both written this way, so anyone
 * can check them with a signed-note verifier and the trust file's keys.
 *
 * @param text       the signed text, ending in a newline
 * @param signatures its signatures, in order
 */
public record SignedNote(String text, List<NoteSignature> signatures) {

    private static final String DASH = "\u2014 ";

    /** One signature line. */
    public record NoteSignature(String keyName, byte[] keyHash, byte[] signature) {
        public String keyId() {
            return java.util.HexFormat.of().formatHex(keyHash);
        }
    }

    public SignedNote {
        signatures = List.copyOf(signatures);
    }

    /** {@code text} (ending in a newline, no blank line in it) signed by {@code key}. */
    public static SignedNote sign(String text, ServiceKey key) {
        requireText(text);
        byte[] signature = key.sign(text.getBytes(StandardCharsets.UTF_8));
        return new SignedNote(text, List.of(new NoteSignature(key.service(),
                ServiceKey.keyHash(key.service(), key.rawPublicKey()), signature)));
    }

    /** The note as published: the text, a blank line, the signature lines. */
    public String encode() {
        StringBuilder out = new StringBuilder(text).append('\n');
        for (NoteSignature s : signatures) {
            byte[] blob = Arrays.copyOf(s.keyHash(), 4 + s.signature().length);
            System.arraycopy(s.signature(), 0, blob, 4, s.signature().length);
            out.append(DASH).append(s.keyName()).append(' ').append(Base64.getEncoder().encodeToString(blob)).append('\n');
        }
        return out.toString();
    }

    /** Reads a note; a clear error naming the line when it is not one. */
    public static SignedNote parse(String note) {
        int split = note.lastIndexOf("\n\n");
        if (split < 0) {
            throw new IllegalArgumentException("a signed note has its text, a blank line and signature lines: no blank line");
        }
        String text = note.substring(0, split + 1);
        String[] lines = note.substring(split + 2).split("\n", -1);
        List<NoteSignature> signatures = new ArrayList<>();
        int textLines = (int) text.chars().filter(c -> c == '\n').count();
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.isEmpty() && i == lines.length - 1) {
                break;
            }
            int where = textLines + 2 + i;
            if (!line.startsWith(DASH)) {
                throw new IllegalArgumentException("line " + where + ": a signature line starts with '\u2014 '");
            }
            String[] parts = line.substring(DASH.length()).split(" ");
            if (parts.length != 2) {
                throw new IllegalArgumentException("line " + where + ": expected '\u2014 <key name> <base64>'");
            }
            byte[] blob;
            try {
                blob = Base64.getDecoder().decode(parts[1]);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("line " + where + ": the signature is not base64");
            }
            if (blob.length < 5) {
                throw new IllegalArgumentException("line " + where + ": the signature is too short");
            }
            signatures.add(new NoteSignature(parts[0], Arrays.copyOf(blob, 4), Arrays.copyOfRange(blob, 4, blob.length)));
        }
        if (signatures.isEmpty()) {
            throw new IllegalArgumentException("a signed note has at least one signature line");
        }
        return new SignedNote(text, signatures);
    }

    /** Whether {@code signature} of this note verifies with {@code rawPublicKey}. */
    public boolean verifies(NoteSignature signature, byte[] rawPublicKey) {
        return Arrays.equals(signature.keyHash(), ServiceKey.keyHash(signature.keyName(), rawPublicKey))
                && ServiceKey.verify(rawPublicKey, text.getBytes(StandardCharsets.UTF_8), signature.signature());
    }

    /** The text's lines, without the final newline. */
    public List<String> lines() {
        return List.of(text.substring(0, text.length() - 1).split("\n", -1));
    }

    private static void requireText(String text) {
        if (text.isEmpty() || !text.endsWith("\n") || text.contains("\n\n")) {
            throw new IllegalArgumentException("a note's text ends in a newline and has no blank line");
        }
    }
}
