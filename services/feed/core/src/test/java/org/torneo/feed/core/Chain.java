package org.torneo.feed.core;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Side;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.game.ClockReading;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.rating.RatingEvent;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Score;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentEvent;

/**
 * Builds the events other services publish, sealed into per-aggregate hash chains as they would be
 * (sequence from 1, previous hash), so tests feed the app exactly what it reads in production.
 */
public final class Chain {

    public static final JsonCodec CODEC = JsonCodec.standard();
    public static final Actor ARBITER = new Actor(Actor.Role.ARBITER, "arbiter-1");
    public static final Instant T0 = Instant.parse("2026-05-01T15:00:00Z");
    private static final Ruleset RULES = new Ruleset(Ruleset.Edition.FIDE_2018, Ruleset.Category.STANDARD);

    private final Map<String, Long> sequences = new HashMap<>();
    private final Map<String, String> hashes = new HashMap<>();

    public Envelope seal(String aggregateId, EventMessage event) {
        return seal(aggregateId, event, null);
    }

    /** Seals an event recorded at {@code occurredAt} (null: T0 plus its sequence in seconds). */
    public Envelope seal(String aggregateId, EventMessage event, Instant occurredAt) {
        long sequence = sequences.merge(aggregateId, 1L, Long::sum);
        Envelope unsealed = Envelope.event(UUID.randomUUID(), UUID.randomUUID(), null, aggregateId, sequence, ARBITER,
                occurredAt != null ? occurredAt : T0.plusSeconds(sequence), event);
        Envelope sealed = CODEC.seal(unsealed, hashes.getOrDefault(aggregateId, Envelope.GENESIS_HASH));
        hashes.put(aggregateId, sealed.hash());
        return sealed;
    }

    public static TournamentEvent.TournamentCreated created(String tournament, String name, List<Hall> halls) {
        return new TournamentEvent.TournamentCreated(tournament, "c-1", ARBITER, T0, name, PairingSystemKind.DUTCH,
                9, Scoring.classic(), "fide-2018", halls);
    }

    public static TournamentEvent.PlayerRegistered player(String tournament, String id, String name, int rating) {
        return new TournamentEvent.PlayerRegistered(tournament, "c-" + id, ARBITER, T0, id, name, rating, 1);
    }

    public static TournamentEvent.RoundPaired paired(String tournament, int round, List<Board> boards, List<String> byes) {
        return new TournamentEvent.RoundPaired(tournament, "c-r" + round, ARBITER, T0, round,
                PairingSystemKind.DUTCH, 1L, boards,
                byes.stream().map(p -> new Bye(p, ByeKind.PAIRING_BYE, Score.ONE)).toList());
    }

    public static MoveEvent.GameStarted started(String tournament, int round, int board, String white, String black,
                                                String hall) {
        return new MoveEvent.GameStarted(tournament, round, board, white, black, RULES,
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", hall, null, null, T0);
    }

    public static MoveEvent.MovePlayed move(int ply, String san, String uci, String fen, long white, long black,
                                            Instant at) {
        return new MoveEvent.MovePlayed(ply, ply % 2 == 1 ? Side.WHITE : Side.BLACK, san, uci, fen,
                MoveSource.BOARD, new ClockReading(white, black), at);
    }

    public static ResultEvent.GameEnded ended(String game, String tournament, int round, int board, String white,
                                              String black, GameResult result) {
        return ResultEvent.GameEnded.of(game, tournament, round, board, white, black, result,
                result == GameResult.DRAW ? EndReason.AGREEMENT : EndReason.RESIGNATION, "FIDE 2018 5.1.1", true,
                T0.plusSeconds(3600));
    }

    public static RatingEvent.StandingsComputed standings(String tournament, int afterRound,
                                                          List<RatingEvent.StandingRow> rows) {
        return new RatingEvent.StandingsComputed(tournament, afterRound, "2024", List.of("PTS", "BH", "SB"), rows,
                T0.plusSeconds(7200));
    }

    public static final String FEN_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    public static final String FEN_E4_E5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    public static final String FEN_NF3 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
}
