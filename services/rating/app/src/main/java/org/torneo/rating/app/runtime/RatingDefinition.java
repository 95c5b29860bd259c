package org.torneo.rating.app.runtime;

import java.util.List;

import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.codec.MessageCatalog;
import org.torneo.contracts.codec.Streams;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.topics.TopicSpec;
import org.torneo.contracts.topics.Topics;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.platform.AggregateDefinition;
import org.torneo.rating.core.sheet.RatingDecider;
import org.torneo.rating.core.sheet.RatingSheet;
import org.torneo.rating.core.sheet.SheetFact;

/**
 * The rating aggregate (one per tournament) on the platform runtime. No command topic: its inputs
 * are the tournament stream and the results stream (both keyed and routed by tournament id). It
 * writes the published standings and rating changes on torneo.ratings and, in the same hash chain,
 * the facts it accepted on its internal topic torneo.rating.sheet; both are replayed on start.
 */
public final class RatingDefinition {

    public static final String NAME = "rating";

    /** The rating service's own log of accepted inputs (internal: only this service reads it). */
    public static final TopicSpec SHEET = Topics.RATING_SHEET;

    /** The contract catalogue plus the internal sheet facts. */
    public static final JsonCodec CODEC = new JsonCodec(MessageCatalog.builder().streams(Streams.ALL)
            .standardUpcasters().stream(SheetFact.class, SHEET).build());

    private RatingDefinition() {
    }

    public static AggregateDefinition<RatingDecider.Input, EventMessage, RatingSheet> definition(List<String> tieBreaks) {
        return new AggregateDefinition<>(NAME, new RatingDecider(tieBreaks), EventMessage.class, RatingDefinition::read,
                List.of(), List.of(Topics.RATINGS, SHEET), RatingDefinition::key)
                .reactingTo(List.of(Topics.TOURNAMENT, Topics.RESULTS), RatingDefinition::tournamentOf);
    }

    static RatingDecider.Input read(Envelope input) {
        if (input.payload() instanceof TournamentEvent || input.payload() instanceof ResultEvent) {
            return new RatingDecider.Input((EventMessage) input.payload(), input.occurredAt());
        }
        throw new IllegalArgumentException("the rating service reads tournament and result events, not "
                + input.payload().getClass().getSimpleName());
    }

    static String tournamentOf(Envelope input) {
        return switch (input.payload()) {
            case ResultEvent r -> r.tournamentId();
            case TournamentEvent t -> t.tournamentId();
            default -> input.aggregateId();
        };
    }

    /** Everything the rating aggregate writes is keyed by its tournament (= the aggregate id). */
    static String key(Envelope event) {
        return event.aggregateId();
    }
}
