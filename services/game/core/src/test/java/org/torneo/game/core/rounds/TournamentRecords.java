package org.torneo.game.core.rounds;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.torneo.contracts.Actor;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentEvent.PairingCorrected;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;
import org.torneo.contracts.tournament.TournamentEvent.TournamentCreated;

/**
 * The tournament's events the round starts decide on, as the pairing service writes them: the core's tests and the
 * game app's round starter test (through this module's test jar) build them here, once.
 */
public final class TournamentRecords {

    public static final Actor ORGANISER = new Actor(Actor.Role.ORGANISER, "organiser");
    public static final Actor ARBITER = new Actor(Actor.Role.ARBITER, "chief-arbiter");
    public static final Instant PAIRED_AT = Instant.parse("2026-11-21T10:00:00Z");
    public static final Instant CORRECTED_AT = Instant.parse("2026-11-21T10:20:00Z");

    private TournamentRecords() {
    }

    /** A Dutch tournament of five rounds in one hall, created ten minutes before its rounds are paired. */
    public static TournamentCreated created(String tournament, String ruleset, TimeControl control) {
        return new TournamentCreated(tournament, UUID.randomUUID().toString(), ORGANISER, PAIRED_AT.minusSeconds(600),
                "Open " + tournament, PairingSystemKind.DUTCH, 5, Scoring.classic(), ruleset,
                List.of(new Hall("Hall A", 1, 10_000)), control, List.of());
    }

    /** A round paired at {@link #PAIRED_AT} on {@code boards}, nobody without a game. */
    public static RoundPaired paired(String tournament, int round, Board... boards) {
        return new RoundPaired(tournament, UUID.randomUUID().toString(), ORGANISER, PAIRED_AT, round,
                PairingSystemKind.DUTCH, 1, List.of(boards), List.<Bye>of());
    }

    /** The arbiter's correction of a round at {@link #CORRECTED_AT}: its boards now, nobody without a game. */
    public static PairingCorrected corrected(String tournament, int round, String reason, Board... boards) {
        return correctedWithByes(tournament, round, reason, List.of(), boards);
    }

    /** The arbiter's correction of a round at {@link #CORRECTED_AT}: its boards and byes now. */
    public static PairingCorrected correctedWithByes(String tournament, int round, String reason, List<Bye> byes,
                                                     Board... boards) {
        return new PairingCorrected(tournament, UUID.randomUUID().toString(), ARBITER, CORRECTED_AT, round,
                List.of(boards), byes, reason);
    }
}
