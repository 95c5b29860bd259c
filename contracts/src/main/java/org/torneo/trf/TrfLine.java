package org.torneo.trf;

/**
 * One line of a TRF file with the terminator it had ("\r", "\n", "\r\n", or "" for a last line without one),
 * so that reading and writing an unchanged file gives back the same bytes.
 */
public sealed interface TrfLine permits TrfLine.Text, TrfLine.PlayerRecord {

    String terminator();

    /** The tag: the first three characters ("001", "012", "XXR", ...), or the whole line when shorter. */
    String tag();

    /** Any line other than a player record, kept verbatim (headers, unknown records, comments, blank lines). */
    record Text(String text, String terminator) implements TrfLine {
        @Override
        public String tag() {
            return text.length() >= 3 ? text.substring(0, 3) : text;
        }

        /** The value after the tag and one separator column, right-trimmed. */
        public String value() {
            return text.length() > 4 ? text.substring(4).stripTrailing() : "";
        }
    }

    /**
     * A 001 record. {@code original} is the text read from the file, or null when the player was created or
     * changed in memory; the writer then formats the player.
     */
    record PlayerRecord(TrfPlayer player, String original, String terminator) implements TrfLine {
        @Override
        public String tag() {
            return "001";
        }

        public String text() {
            return original != null ? original : player.format();
        }
    }
}
