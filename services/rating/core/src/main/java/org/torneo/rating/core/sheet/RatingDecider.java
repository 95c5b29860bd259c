package org.torneo.rating.app.runtime;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

import org.torneo.contracts.Decider;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.rating.RatingEvent;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.PrizeFund;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.rating.app.sheet.CrossTable;
import org.torneo.rating.app.sheet.RatingSheet;
import org.torneo.rating.app.sheet.SheetFact;
import org.torneo.rating.core.elo.RatingReport;
import org.torneo.rating.core.events.RatingEvents;
import org.torneo.rating.core.prize.PrizeDistribution;
import org.torneo.rating.core.score.Tournament;
import org.torneo.rating.core.standings.Standings;
import org.torneo.rating.core.standings.StandingsCalculator;
import org.torneo.rating.core.tiebreak.TieBreakRules;
import org.torneo.rating.core.tiebreak.TieBreakSpec;

/**
 * The rating service's aggregate, one per tournament: it takes the tournament's and the results'
 * events as inputs, records what it accepted as {@link SheetFact}s, and publishes the standings
 * (rating.StandingsComputed) whenever a round has all its results or is closed, and the rating
 * changes (rating.RatingChangesComputed) when a round is closed. Standings between those moments
 * are served live from the state ({@link #standings}). Pure: the moment of computation is the
 * input's own time.
 *
 * <p>Inputs that cannot be placed (a correction of a game never seen, a round outside the event, a
 * game reported in two rounds) throw, so the platform dead-letters them with the reason.
 */
public final class RatingDecider implements Decider<RatingDecider.Input, EventMessage, RatingSheet> {

    /** Another service's event and the moment it happened. */
    public record Input(EventMessage event, Instant at) {
    }

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

    @Override
    public RatingSheet evolve(RatingSheet state, EventMessage event) {
        return event instanceof SheetFact fact ? state.apply(fact) : state; // published results change nothing
    }

    @Override
    public List<EventMessage> decide(Input input, RatingSheet state) {
        EventMessage event = input.event();
        // The tournament and results streams are two topics: after a restart or a lag their records
        // can arrive in any order between them, so results and pairings naming players (or a
        // tournament) not known yet are kept; the standings wait until the sheet is whole.
        return switch (event) {
            case TournamentEvent.TournamentCreated created -> {
                if (state.opened()) {
                    yield List.of();
                }
                // the C.07 edition in force on the day the event was created (2026-03-01 adds the 16.4 caps)
                String rules = TieBreakRules.inForceOn(created.at().atZone(ZoneOffset.UTC).toLocalDate())
                        == TieBreakRules.C07_2024 ? "2024" : "2026";
                // the tie-breaks announced with the tournament (C.07 2), else this service's default
                yield withStandings(state, new SheetFact.SheetOpened(created.tournamentId(), created.name(),
                        created.rounds(), created.scoring(), rules, announced(created.tieBreaks()), created.prizes()),
                        input.at());
            }
            case TournamentEvent.PlayerRegistered p -> state.knows(p.playerId()) ? List.of()
                    : withStandings(state, new SheetFact.PlayerEntered(p.playerId(), p.name(), Math.max(p.rating(), 0)),
                    input.at());
            case TournamentEvent.PairingNumbersAssigned a -> List.of(new SheetFact.NumbersFixed(a.numbers()));
            case TournamentEvent.RoundPaired p -> withStandings(state, schedule(state, p.round(), p.boards(), p.byes()),
                    input.at());
            case TournamentEvent.PairingCorrected p -> withStandings(state, schedule(state, p.round(), p.boards(),
                    p.byes()), input.at());
            case TournamentEvent.PlayerWithdrew w -> List.of(new SheetFact.PlayerLeft(w.playerId(), state.lastRound() + 1));
            case TournamentEvent.RoundClosed c -> roundClosed(state, c, input.at());
            case ResultEvent.GameEnded g -> gameEnded(state, g, input.at());
            case ResultEvent.ResultCorrected c -> resultCorrected(state, c, input.at());
            default -> List.of(); // byes requested, forbidden pairings, rejections: the round's schedule says it all
        };
    }

    private static SheetFact.RoundScheduled schedule(RatingSheet state, int round, List<Board> boards, List<Bye> byes) {
        requireRound(state, round);
        List<SheetFact.ByeEntry> entries = new ArrayList<>();
        for (Bye bye : byes) {
            entries.add(new SheetFact.ByeEntry(bye.playerId(), bye.kind(), bye.points().halves()));
        }
        return new SheetFact.RoundScheduled(round, boards.size(), entries);
    }

    private List<EventMessage> gameEnded(RatingSheet state, ResultEvent.GameEnded g, Instant at) {
        requireRound(state, g.round());
        SheetFact.GameScored earlier = findGame(state, g.gameId());
        if (earlier != null && earlier.round() != g.round()) {
            throw new IllegalArgumentException("game " + g.gameId() + " ended in round " + earlier.round()
                    + " already; a GameEnded for round " + g.round() + " cannot be placed");
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
            throw new IllegalArgumentException("correction of game " + c.gameId() + " of tournament " + c.tournamentId()
                    + ", whose result the rating service never saw");
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
        List<EventMessage> events = new ArrayList<>(List.of(fact, standingsEvent(after, through, at)));
        prizesEvent(after, through, at).ifPresent(events::add);
        return events;
    }

    /**
     * The prizes, once the last round is complete and when a fund was announced; published again when a
     * correction changes the final standings (the later publication replaces the earlier).
     */
    static java.util.Optional<RatingEvent.PrizesDistributed> prizesEvent(RatingSheet sheet, int through, Instant at) {
        PrizeFund fund = sheet.frame().prizes();
        if (fund == null || through < sheet.frame().rounds()) {
            return java.util.Optional.empty();
        }
        PrizeDistribution.Method method = PrizeDistribution.Method.valueOf(fund.method());
        return java.util.Optional.of(new RatingEvent.PrizesDistributed(sheet.frame().tournamentId(), fund.method(),
                fund.currency(), awards(sheet, through, fund.byPlaceCents(), method), at));
    }

    /** The prize of each player by the standings through {@code through}, in rank order (prize-less players left out). */
    public static List<RatingEvent.PrizeAward> awards(RatingSheet sheet, int through, List<Long> byPlaceCents,
                                                     PrizeDistribution.Method method) {
        Standings standings = standings(sheet, through);
        Tournament table = CrossTable.of(sheet, through);
        Map<Integer, Long> paid = PrizeDistribution.distribute(PrizeDistribution.scoreGroups(standings, table),
                byPlaceCents, method);
        IntFunction<String> ids = playerIds(sheet);
        List<RatingEvent.PrizeAward> awards = new ArrayList<>();
        for (int sn : standings.startNumbersByRank()) {
            Long cents = paid.get(sn);
            if (cents != null && cents > 0) {
                awards.add(new RatingEvent.PrizeAward(sn, ids.apply(sn), cents));
            }
        }
        return awards;
    }

    private List<EventMessage> roundClosed(RatingSheet state, TournamentEvent.RoundClosed c, Instant at) {
        requireRound(state, c.round());
        LocalDate date = c.at().atZone(ZoneOffset.UTC).toLocalDate();
        RatingSheet after = state.apply(new SheetFact.RoundEnded(c.round(), date.toString()));
        if (!after.opened() || after.entrants().isEmpty()) {
            return List.of(new SheetFact.RoundEnded(c.round(), date.toString()));
        }
        int through = Math.max(c.round(), after.completeThrough());
        Tournament table = CrossTable.of(after, through);
        IntFunction<String> ids = playerIds(after);
        List<EventMessage> events = new ArrayList<>(List.of(new SheetFact.RoundEnded(c.round(), date.toString()),
                standingsEvent(after, through, at), RatingEvents.ratingChangesComputed(c.tournamentId(), through, date,
                        RatingReport.compute(table, date, RatingReport.DEFAULT_K), ids, at)));
        if (after.completeThrough() < through) {
            // the last round closed with games missing: the prizes were not published with its last result
            prizesEvent(after, through, at).ifPresent(events::add);
        }
        return events;
    }

    /**
     * What the state stands for as publications: the standings through the last complete (or
     * closed) round and, once a round was closed, the rating changes through it (projection rebuilds).
     */
    public static List<RatingEvent> publications(RatingSheet sheet, Instant at) {
        if (!sheet.opened() || sheet.entrants().isEmpty()) {
            return List.of();
        }
        int through = Math.max(sheet.closedRound(), sheet.completeThrough());
        List<RatingEvent> events = new ArrayList<>();
        if (through > 0) {
            events.add(standingsEvent(sheet, through, at));
        }
        if (sheet.closedRound() > 0) {
            LocalDate date = LocalDate.parse(sheet.lastRatingDate());
            events.add(RatingEvents.ratingChangesComputed(sheet.frame().tournamentId(), sheet.closedRound(), date,
                    RatingReport.compute(CrossTable.of(sheet, sheet.closedRound()), date, RatingReport.DEFAULT_K),
                    playerIds(sheet), at));
        }
        return events;
    }

    /** The standings after rounds 1..{@code through}, as the live view computes them. */
    public static Standings standings(RatingSheet sheet, int through) {
        return StandingsCalculator.compute(CrossTable.of(sheet, through),
                TieBreakRules.parse(sheet.frame().rules()),
                sheet.frame().tieBreaks().stream().map(TieBreakSpec::parse).toList());
    }

    static RatingEvent.StandingsComputed standingsEvent(RatingSheet sheet, int through, Instant at) {
        return RatingEvents.standingsComputed(sheet.frame().tournamentId(), through, TieBreakRules.parse(sheet.frame().rules()),
                standings(sheet, through), playerIds(sheet), at);
    }

    /** Start number to player id. */
    public static IntFunction<String> playerIds(RatingSheet sheet) {
        String[] ids = new String[sheet.entrants().size() + 1];
        for (Map.Entry<String, Integer> e : sheet.startNumbers().entrySet()) {
            ids[e.getValue()] = e.getKey();
        }
        return sn -> ids[sn];
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

    private static void requireRound(RatingSheet state, int round) {
        if (round < 1 || state.opened() && round > state.frame().rounds()) {
            throw new IllegalArgumentException("round " + round + " is outside 1.." + state.frame().rounds());
        }
    }


}
