package org.torneo.audit.verify;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.IntFunction;
import org.torneo.audit.log.LoggedEvent;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.Message;
import org.torneo.contracts.rating.RatingEvent;
import org.torneo.contracts.rating.RatingEvent.PrizesDistributed;
import org.torneo.contracts.rating.RatingEvent.StandingsComputed;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.contracts.results.ResultEvent.ResultCorrected;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.rating.core.events.RatingEvents;
import org.torneo.rating.core.prize.PrizeDistribution;
import org.torneo.rating.core.score.Colour;
import org.torneo.rating.core.score.Player;
import org.torneo.rating.core.score.PointSystem;
import org.torneo.rating.core.score.ResultKind;
import org.torneo.rating.core.score.RoundEntry;
import org.torneo.rating.core.score.ScoredEntries;
import org.torneo.rating.core.score.Tournament;
import org.torneo.rating.core.standings.Standings;
import org.torneo.rating.core.standings.StandingsCalculator;
import org.torneo.rating.core.tiebreak.TieBreakRules;
import org.torneo.rating.core.tiebreak.TieBreakSpec;

/**
 * Every published standings table ({@code rating.StandingsComputed}) and prize list ({@code rating.PrizesDistributed})
 * recomputed from the log: the tournament as created (scoring, rounds, announced tie-breaks and prize fund), the
 * players registered, the pairing numbers, each round's byes, and the results (GameEnded, replaced by a later
 * ResultCorrected) known when the publication was computed (events that occurred at or before its moment), with the
 * rating core's own scores, tie-breaks (FIDE C.07 of the edition in force on the day the event was created) and prize
 * distribution. Any row, value, rank or award that differs is reported. The cross table is built here from the log,
 * not taken from the rating service, so a fault in the service's own bookkeeping shows.
 */
public final class StandingsAudit {

    /** The kinds of the decisions this check adds (counted by the report). */
    public static final String STANDINGS = "standings";
    public static final String PRIZES = "prizes";

    private final List<String> unchecked = new ArrayList<>();

    /** What the last audit could not recompute (a publication for a tournament the log does not create). */
    public List<String> unchecked() {
        return List.copyOf(unchecked);
    }

    /** One input of the standings: its event, the moment it occurred, its place in its chain and in the log. */
    private record Input(UUID eventId, Instant at, long sequence, int line, Message payload) {

        boolean tournamentTopic() {
            return payload instanceof TournamentEvent;
        }
    }

    /** At most this many readings of the other topic are tried for one publication. */
    private static final int MAX_CANDIDATES = 64;

    public List<Decision> audit(List<LoggedEvent> events) {
        unchecked.clear();
        Map<String, List<Input>> inputs = new HashMap<>();
        List<Envelope> publications = new ArrayList<>();
        Set<UUID> seen = new HashSet<>();
        for (LoggedEvent e : events) {
            Envelope env = e.envelope();
            if (env.isCommand() || !seen.add(env.eventId())) {
                continue;
            }
            String tournament = switch (env.payload()) {
                case TournamentEvent t -> t.tournamentId();
                case GameEnded g -> g.tournamentId();
                case ResultCorrected c -> c.tournamentId();
                default -> null;
            };
            if (tournament != null) {
                inputs.computeIfAbsent(tournament, k -> new ArrayList<>()).add(new Input(env.eventId(),
                        env.occurredAt(), env.sequence(), e.line(), env.payload()));
            } else if (env.payload() instanceof StandingsComputed || env.payload() instanceof PrizesDistributed) {
                publications.add(env);
            }
        }
        inputs.values().forEach(list -> list.sort(Comparator.comparing(Input::at).thenComparingInt(Input::line)));
        // the tie-breaks the service published last, for prizes of a tournament that announced none (its default)
        Map<String, StandingsComputed> lastStandings = new HashMap<>();
        for (Envelope env : publications) {
            if (env.payload() instanceof StandingsComputed s) {
                lastStandings.merge(s.tournamentId(), s, (a, b) -> b.afterRound() >= a.afterRound() ? b : a);
            }
        }
        List<Decision> out = new ArrayList<>();
        for (Envelope env : publications) {
            RatingEvent published = (RatingEvent) env.payload();
            Instant at = published instanceof StandingsComputed s ? s.computedAt()
                    : ((PrizesDistributed) published).distributedAt();
            List<List<Input>> readings = readings(inputs.getOrDefault(published.tournamentId(), List.of()),
                    env.causationId(), at, published instanceof StandingsComputed s ? s.afterRound() : Integer.MAX_VALUE);
            Decision first = null;
            Decision confirmed = null;
            for (List<Input> reading : readings) {
                Sheet sheet = Sheet.of(reading);
                if (sheet == null) {
                    continue;
                }
                Decision d = switch (published) {
                    case StandingsComputed s -> checkStandings(env, s, sheet);
                    case PrizesDistributed p -> checkPrizes(env, p, sheet, lastStandings.get(p.tournamentId()));
                    default -> throw new IllegalStateException("not a publication: " + published);
                };
                first = first == null ? d : first;
                if (d.confirmed()) {
                    confirmed = d;
                    break;
                }
            }
            if (first == null) {
                unchecked.add((published instanceof StandingsComputed ? STANDINGS : PRIZES) + " of tournament "
                        + published.tournamentId() + " (event " + env.eventId() + ") not recomputed: the log does not"
                        + " create that tournament before " + at);
                continue;
            }
            out.add(confirmed != null ? confirmed : first);
        }
        return out;
    }

    /**
     * What the rating service may have read when it published: it reads the tournament and the results topics, each
     * in its order, but the two interleave as they arrive. So its reading is every event of the topic of the event
     * that caused the publication up to that event, and some prefix of the other topic (in the order the events
     * occurred). The prefix of events that occurred by the publication's moment comes first; then, nearest first,
     * the shorter and longer prefixes that differ in an event that matters (a result or correction of a round the
     * publication covers, a registration, pairing numbers, a pairing of such a round). When the cause is not in the
     * log, both topics are read by the moment alone.
     */
    private static List<List<Input>> readings(List<Input> inputs, UUID cause, Instant at, int afterRound) {
        List<Input> tournament = inputs.stream().filter(Input::tournamentTopic)
                .sorted(Comparator.comparingLong(Input::sequence).thenComparingInt(Input::line)).toList();
        List<Input> results = inputs.stream().filter(i -> !i.tournamentTopic())
                .sorted(Comparator.comparing(Input::at).thenComparingInt(Input::line)).toList();
        int inTournament = indexOf(tournament, cause);
        int inResults = indexOf(results, cause);
        // a round is published complete only once every result of it was read, whenever those results say they
        // occurred (a game's instants are its own, not the order the results were written in): every GameEnded of the
        // rounds covered, with the corrections made by the moment, and the tournament topic as it stood then
        List<Input> complete = new ArrayList<>(inTournament >= 0 ? tournament.subList(0, inTournament + 1)
                : tournament.stream().filter(i -> !i.at().isAfter(at)).toList());
        complete.addAll(results.stream().filter(i -> i.payload() instanceof GameEnded g ? g.round() <= afterRound
                : i.payload() instanceof ResultCorrected c && c.round() <= afterRound && !i.at().isAfter(at)).toList());
        List<List<Input>> readings = new ArrayList<>();
        readings.add(complete);
        List<Input> known;
        List<Input> other;
        if (inTournament >= 0) {
            known = tournament.subList(0, inTournament + 1);
            other = results;
        } else if (inResults >= 0) {
            known = results.subList(0, inResults + 1);
            other = tournament;
        } else {
            List<Input> byTime = new ArrayList<>(tournament.stream().filter(i -> !i.at().isAfter(at)).toList());
            byTime.addAll(results.stream().filter(i -> !i.at().isAfter(at)).toList());
            readings.add(0, byTime);
            return readings;
        }
        int byMoment = (int) other.stream().filter(i -> !i.at().isAfter(at)).count();
        List<Integer> cuts = new ArrayList<>(List.of(byMoment));
        for (int below = byMoment, above = byMoment; cuts.size() < MAX_CANDIDATES && (below > 0 || above < other.size()); ) {
            while (below > 0 && !matters(other.get(below - 1), afterRound)) {
                below--;
            }
            if (below > 0) {
                cuts.add(--below);
            }
            while (above < other.size() && !matters(other.get(above), afterRound)) {
                above++;
            }
            if (above < other.size()) {
                cuts.add(++above);
            }
        }
        for (int cut : new LinkedHashSet<>(cuts)) {
            List<Input> reading = new ArrayList<>(known.getFirst().tournamentTopic() ? known : other.subList(0, cut));
            reading.addAll(known.getFirst().tournamentTopic() ? other.subList(0, cut) : known);
            readings.add(reading);
        }
        return readings;
    }

    private static int indexOf(List<Input> inputs, UUID eventId) {
        for (int i = 0; i < inputs.size(); i++) {
            if (inputs.get(i).eventId().equals(eventId)) {
                return i;
            }
        }
        return -1;
    }

    /** Whether reading this event can change the standings after {@code afterRound}. */
    private static boolean matters(Input input, int afterRound) {
        return switch (input.payload()) {
            case GameEnded g -> g.round() <= afterRound;
            case ResultCorrected c -> c.round() <= afterRound;
            case TournamentEvent.RoundPaired p -> p.round() <= afterRound;
            case TournamentEvent.PairingCorrected p -> p.round() <= afterRound;
            case TournamentEvent.PlayerRegistered p -> true;
            case TournamentEvent.PairingNumbersAssigned a -> true;
            case TournamentEvent.TournamentCreated c -> true;
            default -> false;
        };
    }

    // --------------------------------------------------------------------------------------------- standings

    private static Decision checkStandings(Envelope env, StandingsComputed published, Sheet sheet) {
        TieBreakRules rules = sheet.rules();
        List<String> codes = sheet.announcedTieBreaks().isEmpty() ? published.tieBreaks() : sheet.announcedTieBreaks();
        String article = "FIDE C.07 (" + (rules == TieBreakRules.C07_2024 ? "2024" : "2026") + ") tie-breaks "
                + codes + "; scoring as announced (FIDE 2018 10.1, 1997/2001 11.1)";
        String subject = "tournament " + published.tournamentId() + " after round " + published.afterRound();
        String evidence = sheet.evidence() + (sheet.announcedTieBreaks().isEmpty()
                ? "; no tie-breaks announced with the tournament: the service's default as published " + codes : "");
        List<String> wrong = new ArrayList<>();
        StandingsComputed due;
        try {
            Tournament table = sheet.table(published.afterRound());
            Standings standings = StandingsCalculator.compute(table, rules,
                    codes.stream().map(TieBreakSpec::parse).toList());
            due = RatingEvents.standingsComputed(published.tournamentId(), published.afterRound(), rules, standings,
                    sheet.ids(), published.computedAt());
        } catch (RuntimeException e) {
            return new Decision(subject, STANDINGS, env.eventId(), env.sequence(), false, article,
                    "the standings cannot be recomputed from the log: " + e.getMessage(), evidence);
        }
        if (!due.rules().equals(published.rules())) {
            wrong.add("published under the C.07 rules of " + published.rules() + ", due " + due.rules());
        }
        if (!due.tieBreaks().equals(published.tieBreaks())) {
            wrong.add("published tie-breaks " + published.tieBreaks() + ", announced " + due.tieBreaks());
        } else {
            int rows = Math.max(due.rows().size(), published.rows().size());
            for (int i = 0; i < rows && wrong.size() < 3; i++) {
                RatingEvent.StandingRow p = i < published.rows().size() ? published.rows().get(i) : null;
                RatingEvent.StandingRow d = i < due.rows().size() ? due.rows().get(i) : null;
                if (p == null || !p.equals(d)) {
                    wrong.add("line " + (i + 1) + " published " + row(p, published.tieBreaks()) + ", recomputed "
                            + row(d, due.tieBreaks()));
                }
            }
        }
        return new Decision(subject, STANDINGS, env.eventId(), env.sequence(), wrong.isEmpty(), article,
                wrong.isEmpty() ? published.rows().size() + " lines as recomputed from the results"
                        : String.join("; ", wrong), evidence);
    }

    private static String row(RatingEvent.StandingRow row, List<String> tieBreaks) {
        if (row == null) {
            return "nothing";
        }
        StringBuilder s = new StringBuilder("rank " + row.rank() + " #" + row.startNumber() + " " + row.playerId());
        for (int i = 0; i < row.values().size(); i++) {
            s.append(' ').append(i < tieBreaks.size() ? tieBreaks.get(i) : "?").append('=').append(row.values().get(i));
        }
        return s.toString();
    }

    // ------------------------------------------------------------------------------------------------ prizes

    private static Decision checkPrizes(Envelope env, PrizesDistributed published, Sheet sheet,
                                        StandingsComputed lastStandings) {
        String subject = "tournament " + published.tournamentId() + " prizes";
        String article = "prize fund announced with the tournament, " + published.method()
                + (published.method().equals("HORT") ? " (Hort system)" : " (Code 1970 rule IX: equal sharing)");
        if (sheet.created().prizes() == null) {
            return new Decision(subject, PRIZES, env.eventId(), env.sequence(), false, article,
                    "prizes published, but no prize fund was announced with the tournament", sheet.evidence());
        }
        List<String> wrong = new ArrayList<>();
        var fund = sheet.created().prizes();
        if (!fund.method().equals(published.method()) || !fund.currency().equals(published.currency())) {
            wrong.add("published " + published.method() + " in " + published.currency() + ", announced "
                    + fund.method() + " in " + fund.currency());
        }
        List<RatingEvent.PrizeAward> due;
        try {
            int through = sheet.created().rounds();
            Tournament table = sheet.table(through);
            List<String> codes = !sheet.announcedTieBreaks().isEmpty() ? sheet.announcedTieBreaks()
                    : lastStandings != null ? lastStandings.tieBreaks() : List.of("PTS");
            Standings standings = StandingsCalculator.compute(table, sheet.rules(),
                    codes.stream().map(TieBreakSpec::parse).toList());
            Map<Integer, Long> paid = PrizeDistribution.distribute(PrizeDistribution.scoreGroups(standings, table),
                    fund.byPlaceCents(), PrizeDistribution.Method.valueOf(fund.method()));
            IntFunction<String> ids = sheet.ids();
            due = new ArrayList<>();
            for (int sn : standings.startNumbersByRank()) {
                Long cents = paid.get(sn);
                if (cents != null && cents > 0) {
                    due.add(new RatingEvent.PrizeAward(sn, ids.apply(sn), cents));
                }
            }
        } catch (RuntimeException e) {
            return new Decision(subject, PRIZES, env.eventId(), env.sequence(), false, article,
                    "the prizes cannot be recomputed from the log: " + e.getMessage(), sheet.evidence());
        }
        if (!due.equals(published.awards())) {
            wrong.add("published " + awards(published.awards()) + ", recomputed " + awards(due));
        }
        return new Decision(subject, PRIZES, env.eventId(), env.sequence(), wrong.isEmpty(), article,
                wrong.isEmpty() ? published.awards().size() + " awards as recomputed from the final standings"
                        : String.join("; ", wrong), sheet.evidence());
    }

    private static String awards(List<RatingEvent.PrizeAward> awards) {
        return awards.stream().map(a -> "#" + a.startNumber() + " " + a.playerId() + " " + a.amountCents() + "c")
                .toList().toString();
    }

    // ------------------------------------------------------------------------------------------ the sheet

    /** A game's result as scored: the players, the half points, and how it was decided. */
    private record Scored(int round, String white, String black, int whiteHalves, int blackHalves, boolean played,
                          boolean forfeit, boolean arbiterScores) {
    }

    /** One round's byes and results (by game id: a correction replaces). */
    private static final class Round {
        List<Bye> byes = List.of();
        final Map<String, Scored> games = new LinkedHashMap<>();
    }

    /** The tournament as the log knows it at one moment. */
    private record Sheet(TournamentEvent.TournamentCreated created, List<TournamentEvent.PlayerRegistered> entrants,
                         Map<String, Integer> numbers, Map<Integer, Round> rounds, int results) {

        /** The sheet of these inputs, tournament events before results; null when they do not create it. */
        static Sheet of(List<Input> inputs) {
            TournamentEvent.TournamentCreated created = null;
            List<TournamentEvent.PlayerRegistered> entrants = new ArrayList<>();
            Set<String> known = new HashSet<>();
            Map<String, Integer> numbers = new HashMap<>();
            Map<Integer, Round> rounds = new HashMap<>();
            Map<String, Scored> byGame = new HashMap<>();
            int results = 0;
            for (Input input : inputs) {
                if (input.payload() instanceof TournamentEvent.TournamentCreated c) {
                    created = created == null ? c : created; // the first creation counts
                    continue;
                }
                switch (input.payload()) {
                    case TournamentEvent.PlayerRegistered p when known.add(p.playerId()) -> entrants.add(p);
                    case TournamentEvent.PairingNumbersAssigned a -> numbers.putAll(a.numbers());
                    case TournamentEvent.RoundPaired p ->
                            rounds.computeIfAbsent(p.round(), r -> new Round()).byes = p.byes();
                    case TournamentEvent.PairingCorrected p ->
                            rounds.computeIfAbsent(p.round(), r -> new Round()).byes = p.byes();
                    case GameEnded g -> {
                        Scored s = new Scored(g.round(), g.whitePlayerId(), g.blackPlayerId(), g.whiteHalfPoints(),
                                g.blackHalfPoints(), g.played(), !g.result().playedByDefault(),
                                !g.result().hasFixedScores());
                        byGame.put(g.gameId(), s);
                        rounds.computeIfAbsent(g.round(), r -> new Round()).games.put(g.gameId(), s);
                        results++;
                    }
                    case ResultCorrected c -> {
                        Scored earlier = byGame.get(c.gameId());
                        if (earlier != null) {
                            // FIDE 2001 8.7: the corrected result replaces the published one
                            Scored s = new Scored(earlier.round(), earlier.white(), earlier.black(),
                                    c.whiteHalfPoints(), c.blackHalfPoints(), c.played(),
                                    !c.result().playedByDefault(), !c.result().hasFixedScores());
                            byGame.put(c.gameId(), s);
                            rounds.get(earlier.round()).games.put(c.gameId(), s);
                            results++;
                        }
                    }
                    default -> {
                    }
                }
            }
            return created == null ? null : new Sheet(created, entrants, numbers, rounds, results);
        }

        TieBreakRules rules() {
            return TieBreakRules.inForceOn(created.at().atZone(ZoneOffset.UTC).toLocalDate());
        }

        /** The tie-breaks announced with the tournament, the score first (C.07 2); empty when none was announced. */
        List<String> announcedTieBreaks() {
            if (created.tieBreaks() == null || created.tieBreaks().isEmpty()) {
                return List.of();
            }
            List<String> codes = new ArrayList<>(created.tieBreaks().stream().map(String::trim).toList());
            codes.removeIf(code -> code.equalsIgnoreCase("PTS"));
            codes.addFirst("PTS");
            return List.copyOf(codes);
        }

        String evidence() {
            return entrants.size() + " players, " + results + " results and corrections, " + rounds.size()
                    + " rounds in the log at that moment; scoring " + created.scoring();
        }

        /** Start numbers: the pairing numbers when they cover the whole field, else registration order. */
        Map<String, Integer> startNumbers() {
            boolean pairingNumbers = numbers.size() == entrants.size()
                    && entrants.stream().allMatch(e -> numbers.containsKey(e.playerId()))
                    && numbers.values().stream().allMatch(n -> n >= 1 && n <= entrants.size())
                    && numbers.values().stream().distinct().count() == entrants.size();
            Map<String, Integer> result = new LinkedHashMap<>();
            for (int i = 0; i < entrants.size(); i++) {
                String id = entrants.get(i).playerId();
                result.put(id, pairingNumbers ? numbers.get(id) : i + 1);
            }
            return result;
        }

        IntFunction<String> ids() {
            String[] ids = new String[entrants.size() + 1];
            startNumbers().forEach((id, sn) -> ids[sn] = id);
            return sn -> ids[sn];
        }

        /** The cross table after rounds 1..{@code through}, in the rating core's terms. */
        Tournament table(int through) {
            Map<String, Integer> sn = startNumbers();
            int n = entrants.size();
            PointSystem points = pointSystem(created.scoring());
            RoundEntry[][] grid = new RoundEntry[n][Math.max(through, 0)];
            for (RoundEntry[] row : grid) {
                java.util.Arrays.fill(row, RoundEntry.NOT_PAIRED);
            }
            for (int r = 1; r <= through; r++) {
                Round round = rounds.get(r);
                if (round == null) {
                    continue;
                }
                for (Bye bye : round.byes) {
                    Integer number = sn.get(bye.playerId());
                    if (number != null) {
                        grid[number - 1][r - 1] = ScoredEntries.bye(bye.kind(), bye.points().halves(), points);
                    }
                }
                for (Scored game : round.games.values()) {
                    Integer w = sn.get(game.white());
                    Integer b = sn.get(game.black());
                    if (w == null || b == null) {
                        continue;
                    }
                    ResultKind[] kinds = ScoredEntries.gameKinds(game.whiteHalves(), game.blackHalves(), game.forfeit(),
                            game.played());
                    RoundEntry white = new RoundEntry(b, Colour.WHITE, kinds[0]);
                    RoundEntry black = new RoundEntry(w, Colour.BLACK, kinds[1]);
                    if (game.arbiterScores()) {
                        // FIDE 2018 12.9: the arbiter's scores replace the result's, in this event's point values
                        white = white.withArbiterPoints(game.whiteHalves() * points.win() / 2);
                        black = black.withArbiterPoints(game.blackHalves() * points.win() / 2);
                    }
                    grid[w - 1][r - 1] = white;
                    grid[b - 1][r - 1] = black;
                }
            }
            TournamentEvent.PlayerRegistered[] byNumber = new TournamentEvent.PlayerRegistered[n];
            for (TournamentEvent.PlayerRegistered e : entrants) {
                byNumber[sn.get(e.playerId()) - 1] = e;
            }
            List<Player> players = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                players.add(new Player(i + 1, byNumber[i].name(), Math.max(byNumber[i].rating(), 0), List.of(grid[i])));
            }
            return new Tournament(created.name(), Math.max(through, 1), points, players);
        }
    }

    /** The tournament's scoring in the core's hundredths (TRF26 162: W D L A F P, half-point byes). */
    static PointSystem pointSystem(Scoring s) {
        return new PointSystem(centi(s.win()), centi(s.draw()), centi(s.loss()), centi(s.zeroPointBye()),
                centi(s.forfeitLoss()), centi(s.pairingBye()), centi(s.forfeitWin()), centi(s.pairingBye()),
                centi(s.halfPointBye()));
    }

    private static int centi(org.torneo.contracts.tournament.Score score) {
        return score.halves() * 50;
    }
}
