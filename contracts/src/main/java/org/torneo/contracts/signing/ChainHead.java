package org.torneo.contracts.signing;

import java.util.Objects;

/**
 * One event as its writer vouches for it: the event of {@code aggregateId} with {@code sequence} on {@code topic}
 * (the catalogue name) has {@code hash}. A head commits to the whole chain before it, since each hash covers the
 * previous one.
 */
public record ChainHead(String topic, String aggregateId, long sequence, String hash) {

    public ChainHead {
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(aggregateId, "aggregateId");
        Objects.requireNonNull(hash, "hash");
        if (topic.isEmpty() || topic.contains(" ") || topic.contains("\n")) {
            throw new IllegalArgumentException("a topic name has no spaces: '" + topic + "'");
        }
        if (hash.isEmpty() || hash.contains(" ") || hash.contains("\n")) {
            throw new IllegalArgumentException("a hash has no spaces: '" + hash + "'");
        }
    }

    /** The note line: {@code <topic> <sequence> <hash> <aggregate id>} (the id last, escaped, so it may hold spaces). */
    String line() {
        return topic + " " + sequence + " " + hash + " " + escape(aggregateId);
    }

    static ChainHead parse(String line, String where) {
        String[] f = line.split(" ", 4);
        if (f.length != 4) {
            throw new IllegalArgumentException(where + ": expected '<topic> <sequence> <hash> <aggregate id>'");
        }
        long sequence;
        try {
            sequence = Long.parseLong(f[1]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + ", sequence: '" + f[1] + "' is not a number");
        }
        if (sequence < 1) {
            throw new IllegalArgumentException(where + ", sequence: " + sequence + " is below 1");
        }
        return new ChainHead(f[0], unescape(f[3], where), sequence, f[2]);
    }

    static String escape(String id) {
        return id.replace("%", "%25").replace("\n", "%0A").replace("\r", "%0D");
    }

    static String unescape(String text, String where) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '%') {
                out.append(c);
                continue;
            }
            String code = i + 2 < text.length() ? text.substring(i + 1, i + 3) : "";
            switch (code) {
                case "25" -> out.append('%');
                case "0A" -> out.append('\n');
                case "0D" -> out.append('\r');
                default -> throw new IllegalArgumentException(where + ": bad escape '%" + code + "' in an aggregate id");
            }
            i += 2;
        }
        return out.toString();
    }
}
