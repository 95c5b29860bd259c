package org.torneo.feed.core;

/** What a subscriber wants: null = any. */
public record FeedFilter(Integer round, String hall, Integer board) {

    public static final FeedFilter ALL = new FeedFilter(null, null, null);

    /**
     * Parses query parameters; throws {@link BadRequest} naming the parameter and the reason.
     */
    public static FeedFilter parse(String round, String hall, String board) {
        return new FeedFilter(positive("round", round), blankToNull(hall), positive("board", board));
    }

    static Integer positive(String name, String text) {
        if (text == null || text.isEmpty()) {
            return null;
        }
        try {
            int value = Integer.parseInt(text.strip());
            if (value < 1) {
                throw new BadRequest(name, "'" + text + "' must be a whole number from 1");
            }
            return value;
        } catch (NumberFormatException e) {
            throw new BadRequest(name, "'" + text + "' is not a whole number");
        }
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text;
    }

    /** A malformed request parameter: becomes a 400 with {"error":..., "parameter":...}. */
    public static final class BadRequest extends RuntimeException {
        private final String parameter;

        public BadRequest(String parameter, String reason) {
            super(parameter + ": " + reason);
            this.parameter = parameter;
        }

        public String parameter() {
            return parameter;
        }
    }
}
