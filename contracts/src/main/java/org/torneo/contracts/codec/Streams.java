package org.torneo.contracts.codec;

import java.util.List;

import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.game.ClaimEvent;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.rating.RatingEvent;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.topics.Topics;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentEvent;

/**
 * THE LIST OF SEALED MESSAGE ROOTS the standard catalogue registers, one per stream.
 *
 * <p>LEAD: extend this list when a stream's sealed root lands, then regenerate and check
 * contracts/asyncapi.yaml (AsyncApiCompletenessTest names what is missing).
 */
public final class Streams {

    public static final List<Stream> ALL = List.of(
            new Stream(GameCommand.class, Topics.GAME_COMMANDS),
            new Stream(MoveEvent.class, Topics.MOVES),
            new Stream(ClaimEvent.class, Topics.CLAIMS),
            new Stream(ResultEvent.class, Topics.RESULTS),
            new Stream(ClockCommand.class, Topics.CLOCK_COMMANDS),
            new Stream(ClockEvent.class, Topics.CLOCK),
            new Stream(TournamentCommand.class, Topics.TOURNAMENT_COMMANDS),
            new Stream(TournamentEvent.class, Topics.TOURNAMENT),
            new Stream(RatingEvent.class, Topics.RATINGS),
            new Stream(org.torneo.contracts.scoresheet.ScoresheetEvent.class, Topics.SCORESHEET)
            // LEAD: add new stream roots here (see the class comment)
    );

    private Streams() {
    }
}
