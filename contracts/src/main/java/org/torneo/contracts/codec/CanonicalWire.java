package org.torneo.contracts.codec;

/**
 * Where a sealed record's root "hash" member lies in its wire bytes, when the bytes without it are already the
 * canonical form ({@link Canonical}): then they are exactly the bytes the hash was taken over, and the reader hashes
 * them as read instead of building a tree and writing its canonical form again (the codec writes every record so).
 * <p>
 * One pass over the bytes, nothing allocated. Conservative: whatever it is not sure the canonical writer would write
 * byte for byte (whitespace, any escape, a fraction or exponent, "-0", members out of name order, a member name that
 * is not ASCII, UTF-8 that is not in its shortest form, deep nesting, trailing bytes) answers "not canonical", and the
 * reader takes the tree route, which canonicalises and words any error. So a record read this way gets the verdict
 * the tree route would give it.
 */
final class CanonicalWire {

    /** Deeper records take the tree route (a message nests a few levels). */
    static final int MAX_DEPTH = 32;

    private static final byte[] HASH = {'h', 'a', 's', 'h'};

    private final byte[] bytes;
    private int at;
    /** The root "hash" member: from its name's quote to the end of its value; -1 until met. */
    private int hashStart = -1;
    private int hashEnd = -1;

    private CanonicalWire(byte[] bytes) {
        this.bytes = bytes;
    }

    /**
     * The span {@code [start, end)} to leave out of {@code wire} to get the canonical bytes without the hash: the root
     * "hash" member (a string) with one comma next to it; null when the rest is not canonical or there is no such
     * member.
     */
    static int[] hashMember(byte[] wire) {
        CanonicalWire scan = new CanonicalWire(wire);
        if (wire.length == 0 || wire[0] != '{' || !scan.object(1, true) || scan.at != wire.length
                || scan.hashStart < 0) {
            return null;
        }
        if (wire[scan.hashStart - 1] == ',') {
            return new int[]{scan.hashStart - 1, scan.hashEnd};
        }
        // the first member: the comma after it goes (or none, when it is the only one)
        return new int[]{scan.hashStart, wire[scan.hashEnd] == ',' ? scan.hashEnd + 1 : scan.hashEnd};
    }

    private boolean value(int depth) {
        if (at >= bytes.length) {
            return false;
        }
        return switch (bytes[at]) {
            case '{' -> depth < MAX_DEPTH && object(depth + 1, false);
            case '[' -> depth < MAX_DEPTH && array(depth + 1);
            case '"' -> string(false);
            case 't' -> literal("true");
            case 'f' -> literal("false");
            case 'n' -> literal("null");
            default -> number();
        };
    }

    /** At '{': members in strictly increasing name order (the root "hash" member aside), no whitespace. */
    private boolean object(int depth, boolean root) {
        at++;
        if (at < bytes.length && bytes[at] == '}') {
            at++;
            return true;
        }
        int previousStart = -1;
        int previousEnd = -1;
        while (true) {
            int memberStart = at;
            if (at >= bytes.length || bytes[at] != '"' || !string(true)) {
                return false;
            }
            int nameStart = memberStart + 1;
            int nameEnd = at - 1;
            if (at >= bytes.length || bytes[at++] != ':') {
                return false;
            }
            if (root && isHash(nameStart, nameEnd)) {
                if (hashStart >= 0 || at >= bytes.length || bytes[at] != '"' || !string(false)) {
                    return false;
                }
                hashStart = memberStart;
                hashEnd = at;
            } else {
                // ASCII names: byte order is the UTF-16 code unit order of the definition
                if (previousStart >= 0 && compare(previousStart, previousEnd, nameStart, nameEnd) >= 0) {
                    return false;
                }
                previousStart = nameStart;
                previousEnd = nameEnd;
                if (!value(depth)) {
                    return false;
                }
            }
            if (at >= bytes.length) {
                return false;
            }
            byte next = bytes[at++];
            if (next == '}') {
                return true;
            }
            if (next != ',') {
                return false;
            }
        }
    }

    private boolean array(int depth) {
        at++;
        if (at < bytes.length && bytes[at] == ']') {
            at++;
            return true;
        }
        while (true) {
            if (!value(depth) || at >= bytes.length) {
                return false;
            }
            byte next = bytes[at++];
            if (next == ']') {
                return true;
            }
            if (next != ',') {
                return false;
            }
        }
    }

    /**
     * At '"': no escape and no control character (the writer escapes only those), UTF-8 in its shortest form (what
     * the writer's encoder gives back); a name ASCII only. Leaves {@code at} after the closing quote.
     */
    private boolean string(boolean name) {
        at++;
        while (at < bytes.length) {
            int c = bytes[at] & 0xFF;
            if (c == '"') {
                at++;
                return true;
            }
            if (c == '\\' || c < 0x20) {
                return false;
            }
            if (c < 0x80) {
                at++;
            } else if (name || !utf8Sequence(c)) {
                return false;
            }
        }
        return false;
    }

    /** One multi-byte UTF-8 sequence from {@code lead}, well formed and shortest (no surrogates, at most U+10FFFF). */
    private boolean utf8Sequence(int lead) {
        int length;
        int low = 0x80;
        int high = 0xBF;
        if (lead >= 0xC2 && lead <= 0xDF) {
            length = 2;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            length = 3;
            low = lead == 0xE0 ? 0xA0 : 0x80;
            high = lead == 0xED ? 0x9F : 0xBF;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            length = 4;
            low = lead == 0xF0 ? 0x90 : 0x80;
            high = lead == 0xF4 ? 0x8F : 0xBF;
        } else {
            return false;
        }
        if (at + length > bytes.length) {
            return false;
        }
        int second = bytes[at + 1] & 0xFF;
        if (second < low || second > high) {
            return false;
        }
        for (int i = 2; i < length; i++) {
            int continuation = bytes[at + i] & 0xFF;
            if (continuation < 0x80 || continuation > 0xBF) {
                return false;
            }
        }
        at += length;
        return true;
    }

    /** An integer in decimal as the writer writes it: an optional minus, no leading zero, no "-0", no fraction. */
    private boolean number() {
        int start = at;
        if (bytes[at] == '-') {
            at++;
        }
        int digits = at;
        while (at < bytes.length && bytes[at] >= '0' && bytes[at] <= '9') {
            at++;
        }
        int count = at - digits;
        if (count == 0 || bytes[digits] == '0' && (count > 1 || digits > start)) {
            return false;
        }
        return at >= bytes.length || bytes[at] != '.' && bytes[at] != 'e' && bytes[at] != 'E';
    }

    private boolean literal(String word) {
        if (at + word.length() > bytes.length) {
            return false;
        }
        for (int i = 0; i < word.length(); i++) {
            if (bytes[at + i] != word.charAt(i)) {
                return false;
            }
        }
        at += word.length();
        return true;
    }

    private boolean isHash(int start, int end) {
        return java.util.Arrays.equals(bytes, start, end, HASH, 0, HASH.length);
    }

    private int compare(int aStart, int aEnd, int bStart, int bEnd) {
        return java.util.Arrays.compareUnsigned(bytes, aStart, aEnd, bytes, bStart, bEnd);
    }
}
