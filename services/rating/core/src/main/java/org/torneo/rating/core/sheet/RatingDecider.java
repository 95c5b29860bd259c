package org.torneo.rating.core.sheet;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import org.torneo.contracts.Decider;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.MessageType;
import org.torneo.contracts.rating.RatingEvent;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.rating.core.tiebreak.TieBreakRules;
import org.torneo.rating.core.tiebreak.TieBreakSpec;

/**
 * The rating service's aggregate, one per tournament: it takes the tournament's and the results'
 * events as inputs, records what it accepted as {@link SheetFact}s, and publishes the standings
 * (rating.StandingsComputed) whenever a round has all its results or is closed, and the rating
 * changes (rating.RatingChangesComputed) when a round is closed ({@link Publications}). Standings
 * between those moments are served live from the state. Pure: the moment of computation is the
 * input's own time.
 *
 * <p>An input that cannot be placed (a correction of a game never seen, a round outside the event, a
 * game reported in two rounds) yields one {@link RatingEvent.CommandRejected} naming the reason and
 * the rule; decide never throws on such input, and the sheet is unchanged.
 */
public final class RatingDecider implements Decider<RatingDecider.Input, EventMessage, RatingSheet> {

    /** Another service's event and the moment it happened. */
    public record Input(EventMessage event, Instant at) {
    }

    // C.04.1 a (FIDE practice; the seeds' Swiss and round robin alike fix them): the rounds are declared beforehand
    static final String ROUNDS_DECLARED = "C.04.1 a: the number of rounds is declared beforehand";
    // FIDE 2001 8.7: the arbiter corrects a result the game service published
    static final String CORRECTION_OF_A_RESULT = "FIDE 2001 8.7: a correction replaces a result already published";
    // one pairing, one game: a game id names one board of one round
    static final String ONE_ROUND_PER_GAME = "a game belongs to the one round whose pairing made it";

    private final List<String> defaultTieBreaks;

    /** @param defaultTieBreaks the tie-breaks announced for events created from now on (C.07 codes) */
    public RatingDecider(List<String> defaultTieBreaks) {
        defaultTieBreaks.forEach(TieBreakSpec::parse); // a bad code fails at start, not per event
        this.defaultTieBreaks = List.copyOf(defaultTieBreaks);
    }

    /**
     * The tie-breaks of a new sheet: those announced with the tournament, else this service's default. The
     * score comes first whatever was announced (C.07 2: the tie-breaks part players with equal points).
     */
    private List<String> announced(List<String> tieBreaks) {
        if (tieBreaks.isEmpty()) {
            return defaultTieBreaks;
        }
        List<String> codes = new ArrayList<>(tieBreaks.stream().map(String::trim).toList());
        codes.removeIf(code -> code.equalsIgnoreCase("PTS"));
        codes.addFirst("PTS");
        return List.copyOf(codes);
    }

    @Override
    public RatingSheet initialState() {
        return RatingSheet.EMPTY;
    }

    // ------------------------------------------------------------------------------------------------ decide

    /**
     * The runtime's input type is the open {@link EventMessage}: this aggregate reads two sealed roots in two packages
     * ({@link TournamentEvent} and {@link ResultEvent}), so the input is narrowed here, once, to those roots, and each
     * root's switch names every event with no default: the compiler proves a new event is considered. Anything else is
     * not an input of this aggregate (the app reads only those two topics): a bug, so it throws.
     */
    @Override
    public List<EventMessage> decide(Input input, RatingSheet state) {
        // The tournament and results streams are two topics: after a restart or a lag their records
        // can arrive in any order between them, so results and pairings naming players (or a
        // tournament) not known yet are kept; the standings wait until the sheet is whole.
        if (input.event() instanceof TournamentEvent tournament) {
            return decide(tournament, state, input.at());
        }
        if (input.event() instanceof ResultEvent result) {
            return decide(result, state, input.at());
        }
        throw new IllegalArgumentException("the rating service reads tournament and result events, not "
                + input.event().getClass().getName());
    }

    private List<EventMessage> decide(TournamentEvent event, RatingSheet state, Instant at) {
        return switch (event) {
            case TournamentEvent.TournamentCreated created -> state.opened() ? List.of() : opened(state, created, at);
            case TournamentEvent.PlayerRegistered p -> state.knows(p.playerId()) ? List.of()
                    : withStandings(state, new SheetFact.PlayerEntered(p.playerId(), p.name(), Math.max(p.rating(), 0)),
                    at);
            case TournamentEvent.PairingNumbersAssigned a -> List.of(new SheetFact.NumbersFixed(a.numbers()));
            case TournamentEvent.RoundPaired p -> scheduled(state, p, p.round(), p.boards(), p.byes(), at);
            case TournamentEvent.PairingCorrected p -> scheduled(state, p, p.round(), p.boards(), p.byes(), at);
            case TournamentEvent.PlayerWithdrew w -> List.of(new SheetFact.PlayerLeft(w.playerId(), state.lastRound() + 1));
            case TournamentEvent.RoundClosed c -> roundClosed(state, c, at);
            // a requested bye scores only once the round is paired: the round's byes (RoundPaired) carry it
            case TournamentEvent.ByeRequested requested -> List.of();
            // who may meet whom shapes the pairings, which arrive as RoundPaired; the score table is unchanged
            case TournamentEvent.PairingForbidden forbidden -> List.of();
            case TournamentEvent.PairingAllowed allowed -> List.of();
            // presence before round 1 decides who is paired; a player absent from the pairings scores nothing here
            case TournamentEvent.PlayerCheckedIn checkedIn -> List.of();
            case TournamentEvent.CheckInCancelled cancelled -> List.of();
            // the pairing's copy of a result, made from the results stream's GameEnded and ResultCorrected (its
            // ResultsIntake): the sheet scores those themselves, so counting this copy too would count a game twice
            case TournamentEvent.ResultRecorded recorded -> List.of();
            case TournamentEvent.ResultAmended amended -> List.of();
            // a refused tournament command changed nothing in the tournament, so nothing on the sheet
            case TournamentEvent.CommandRejected rejected -> List.of();
            // offices, accounts, devices and the broadcast delay decide who may act and see, not what anyone scored
            case TournamentEvent.ArbiterAppointed appointed -> List.of();
            case TournamentEvent.ArbiterDismissed dismissed -> List.of();
            case TournamentEvent.PlayerAccountLinked linked -> List.of();
            case TournamentEvent.DeviceAssigned device -> List.of();
            case TournamentEvent.BroadcastDelaySet delay -> List.of();
        };
    }

    private List<EventMessage> decide(ResultEvent event, RatingSheet state, Instant at) {
        return switch (event) {
            case ResultEvent.GameEnded g -> gameEnded(state, g, at);
            case ResultEvent.ResultCorrected c -> resultCorrected(state, c, at);
        };
    }

    private List<EventMessage> opened(RatingSheet state, TournamentEvent.TournamentCreated created, Instant at) {
        // the C.07 edition in force on the day the event was created (2026-03-01 adds the 16.4 caps)
        String rules = TieBreakRules.inForceOn(created.at().atZone(ZoneOffset.UTC).toLocalDate())
                == TieBreakRules.C07_2024 ? "2024" : "2026";
        // the tie-breaks announced with the tournament (C.07 2), else this service's default
        return withStandings(state, new SheetFact.SheetOpened(created.tournamentId(), created.name(),
                created.rounds(), created.scoring(), rules, announced(created.tieBreaks()), created.prizes()), at);
    }

    private List<EventMessage> scheduled(RatingSheet state, TournamentEvent pairing, int round, List<Board> boards,
                                         List<Bye> byes, Instant at) {
        String outside = outsideTheEvent(state, round);
        if (outside != null) {
            return refuse(pairing, pairing.tournamentId(), outside, ROUNDS_DECLARED, at);
        }
        List<SheetFact.ByeEntry> entries = new ArrayList<>();
        for (Bye bye : byes) {
            entries.add(new SheetFact.ByeEntry(bye.playerId(), bye.kind(), bye.points().halves()));
        }
        return withStandings(state, new SheetFact.RoundScheduled(round, boards.size(), entries), at);
    }

    private List<EventMessage> gameEnded(RatingSheet state, ResultEvent.GameEnded g, Instant at) {
        String outside = outsideTheEvent(state, g.round());
        if (outside != null) {
            return refuse(g, g.tournamentId(), outside, ROUNDS_DECLARED, at);
        }
        SheetFact.GameScored earlier = findGame(state, g.gameId());
        if (earlier != null && earlier.round() != g.round()) {
            return refuse(g, g.tournamentId(), "game " + g.gameId() + " ended in round " + earlier.round()
                    + " already; a GameEnded for round " + g.round() + " cannot be placed", ONE_ROUND_PER_GAME, at);
        }
        SheetFact.GameScored fact = new SheetFact.GameScored(g.gameId(), g.round(), g.whitePlayerId(), g.blackPlayerId(),
                g.whiteHalfPoints(), g.blackHalfPoints(), g.played(), !g.result().playedByDefault(),
                !g.result().hasFixedScores(), "");
        return withStandings(state, fact, at);
    }

    private List<EventMessage> resultCorrected(RatingSheet state, ResultEvent.ResultCorrected c, Instant at) {
        // a game's results share its tournament's partition of torneo.results, so the GameEnded came first
        SheetFact.GameScored earlier = findGame(state, c.gameId());
        if (earlier == null) {
            return refuse(c, c.tournamentId(), "correction of game " + c.gameId() + " of tournament " + c.tournamentId()
                    + ", whose result the rating service never saw", CORRECTION_OF_A_RESULT, at);
        }
        // FIDE 2001 8.7: the corrected result replaces the published one
        SheetFact.GameScored fact = new SheetFact.GameScored(c.gameId(), earlier.round(), earlier.white(), earlier.black(),
                c.whiteHalfPoints(), c.blackHalfPoints(), c.played(), !c.result().playedByDefault(),
                !c.result().hasFixedScores(),
                c.by() + ": " + c.why());
        return withStandings(state, fact, at);
    }

    /**
     * The fact, then the standings when it completes a round (or makes the sheet whole) or changes
     * a result of the rounds already complete.
     */
    private List<EventMessage> withStandings(RatingSheet state, SheetFact fact, Instant at) {
        RatingSheet after = state.apply(fact);
        int through = after.completeThrough();
        boolean completes = through > state.completeThrough();
        boolean changesComplete = fact instanceof SheetFact.GameScored g && g.round() <= through;
        if (after.entrants().isEmpty() || !(completes || changesComplete)) {
            return List.of(fact);
        }
        List<EventMessage> events = new ArrayList<>(List.of(fact, Publications.standingsEvent(after, through, at)));
        Publications.prizesEvent(after, through, at).ifPresent(events::add);
        return events;
    }

    private List<EventMessage> roundClosed(RatingSheet state, TournamentEvent.RoundClosed c, Instant at) {
        String outside = outsideTheEvent(state, c.round());
        if (outside != null) {
            return refuse(c, c.tournamentId(), outside, ROUNDS_DECLARED, at);
        }
        LocalDate date = c.at().atZone(ZoneOffset.UTC).toLocalDate();
        SheetFact.RoundEnded ended = new SheetFact.RoundEnded(c.round(), date.toString());
        RatingSheet after = state.apply(ended);
        if (!after.opened() || after.entrants().isEmpty()) {
            return List.of(ended);
        }
        int through = Math.max(c.round(), after.completeThrough());
        List<EventMessage> events = new ArrayList<>(List.of(ended, Publications.standingsEvent(after, through, at),
                Publications.ratingChangesEvent(after, through, date, at)));
        if (after.completeThrough() < through) {
            // the last round closed with games missing: the prizes were not published with its last result
            Publications.prizesEvent(after, through, at).ifPresent(events::add);
        }
        return events;
    }

    private static SheetFact.GameScored findGame(RatingSheet state, String gameId) {
        for (RatingSheet.Round round : state.rounds().values()) {
            SheetFact.GameScored g = round.games().get(gameId);
            if (g != null) {
                return g;
            }
        }
        return null;
    }

    /** Why {@code round} is not a round of the event, or null when it is (any round from 1 before the event is known). */
    private static String outsideTheEvent(RatingSheet state, int round) {
        if (round < 1) {
            return "round " + round + " is not a round: rounds are numbered from 1";
        }
        if (state.opened() && round > state.frame().rounds()) {
            return "round " + round + " is outside 1.." + state.frame().rounds();
        }
        return null;
    }

    /** The refusal of an input: the sheet stays as it is. */
    private static List<EventMessage> refuse(EventMessage input, String tournamentId, String reason, String rule,
                                             Instant at) {
        MessageType type = input.getClass().getAnnotation(MessageType.class);
        return List.of(new RatingEvent.CommandRejected(tournamentId,
                type != null ? type.name() : input.getClass().getSimpleName(), reason, rule, at));
    }

    // ------------------------------------------------------------------------------------------------ evolve

    /**
     * The sheet after an event this aggregate wrote. The runtime's event type is the open {@link EventMessage}: this
     * aggregate writes two sealed roots in two packages ({@link SheetFact} here, {@link RatingEvent} in contracts), so
     * the event is narrowed here, once, to those roots; anything else is not a rating event.
     */
    @Override
    public RatingSheet evolve(RatingSheet state, EventMessage event) {
        if (event instanceof SheetFact fact) {
            return evolve(state, fact);
        }
        if (event instanceof RatingEvent published) {
            return evolve(state, published);
        }
        throw new IllegalArgumentException("not a rating event: " + event.getClass().getName());
    }

    /** Only the facts change the sheet ({@link RatingSheet#apply}, one exhaustive switch over the sealed root). */
    private static RatingSheet evolve(RatingSheet state, SheetFact fact) {
        return state.apply(fact);
    }

    /**
     * What it published and refused is derived from the facts and changes nothing; every event of the sealed root is
     * named, with no default, so the compiler proves each is handled.
     */
    private static RatingSheet evolve(RatingSheet state, RatingEvent published) {
        return switch (published) {
            case RatingEvent.StandingsComputed standings -> state;
            case RatingEvent.RatingChangesComputed changes -> state;
            case RatingEvent.PrizesDistributed prizes -> state;
            case RatingEvent.CommandRejected refused -> state;
        };
    }
}
