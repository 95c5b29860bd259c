package org.torneo.feed.core;

/**
 * One push-stream event of a tournament. {@code id} is the tournament's feed sequence (1, 2, ...)
 * in the order the feed applied the facts; it is the SSE id a client sends back as Last-Event-ID.
 * {@code round}, {@code hall} and {@code board} say where it belongs (0 / null: the whole
 * tournament or the whole round, so it passes those filters). {@code json} is serialised once and
 * sent to every subscriber as is. {@code at} is the instant of the game fact it tells (a move's recorded instant, a
 * result's end, a claim's or a clock's record; epoch ms), by which a broadcast delay holds it back from the public
 * (FeedModel); 0 for facts no delay holds (players, pairings, a round closed).
 */
public record FeedEvent(long id, String type, int round, String hall, int board, String json, long at) {

    /** An event no broadcast delay holds back. */
    public FeedEvent(long id, String type, int round, String hall, int board, String json) {
        this(id, type, round, hall, board, json, 0);
    }

    public boolean matches(FeedFilter filter) {
        return (filter.round() == null || round == 0 || round == filter.round())
                && (filter.hall() == null || hall == null || hall.equals(filter.hall()))
                && (filter.board() == null || board == 0 || board == filter.board());
    }

    /** The SSE wire form: id, event and one data line (the JSON has no line breaks). */
    public String sse() {
        return "id: " + id + "\nevent: " + type + "\ndata: " + json + "\n\n";
    }
}
