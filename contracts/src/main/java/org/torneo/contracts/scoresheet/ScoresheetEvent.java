package org.torneo.contracts.scoresheet;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

import org.torneo.contracts.Actor;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.MessageType;
import org.torneo.contracts.Side;

/**
 * The electronic scoresheets' device log (issue 20), on torneo.scoresheet keyed by game id: every action a device
 * sent for a board, with the device as actor and the instant the player made it, and the alerts the comparison of the
 * two sheets raised for the hall arbiter. Written by the console (the sheets' edge) before it answers the device;
 * read back by the console at its start, so a restart loses nothing; kept for the arbiter's review and an appeals
 * committee's later (FIDE 2018 11.3.2: the arbiter approves the device; its log is the record of what was entered).
 */
public sealed interface ScoresheetEvent extends EventMessage {

    String gameId();

    /**
     * One action of a device's sheet, as the arbiter reviews it.
     *
     * @param gameId     the game of the board
     * @param sheet      whose sheet (the colour the board code bound), null for a device-wide action
     * @param device     the device's account (role EBOARD for a device account)
     * @param actionId   the id the device made for the action (the command id of what it sent to the game)
     * @param action     what the player did: bind, line, offer, accept, claim, resign, result
     * @param ply        for a line: the ply it records (1 = White's first move), else 0
     * @param san        for a line: the move as written, else null
     * @param text       the action as the log shows it
     * @param outcome    "received", or "refused: " and the reason
     * @param recordedAt the instant the player made it on the device (also while offline)
     * @param at         the instant the console received it
     */
    @MessageType(name = "scoresheet.DeviceActionLogged", version = 1)
    record DeviceActionLogged(String gameId, Side sheet, Actor device, String actionId, String action, int ply,
                              String san, String text, String outcome, Instant recordedAt, Instant at)
            implements ScoresheetEvent {
        public DeviceActionLogged {
            Objects.requireNonNull(gameId, "gameId");
            Objects.requireNonNull(device, "device");
            Objects.requireNonNull(actionId, "actionId");
            Objects.requireNonNull(action, "action");
            Objects.requireNonNull(recordedAt, "recordedAt");
            Objects.requireNonNull(at, "at");
            if (ply < 0) {
                throw new IllegalArgumentException("ply must be >= 0, was " + ply);
            }
        }

        public static DeviceActionLogged example() {
            return new DeviceActionLogged("t-r1-b3", Side.BLACK, new Actor(Actor.Role.EBOARD, "device-1"),
                    "7d0c1b62-3f0e-4a51-9a3e-2f6d5b1c9e01", "line", 10, "Bb4", "ply 10 (move 5): Bb4", "received",
                    Instant.parse("2026-05-01T15:04:01Z"), Instant.parse("2026-05-01T15:04:05.123Z"));
        }
    }

    /**
     * The comparison of the two sheets alerted the hall arbiter (FIDE 2018 8.1.1): the sheets disagree on a move, or
     * a sheet records an illegal move. Never blocks or corrects the player. Since version 2 the alert in structure
     * beside its words, so a page says it in its reader's language: a discrepancy has both sheets' lines
     * ({@code sheet} and {@code problem} null); an illegal line has its {@code sheet}, the line as written in that
     * sheet's field ({@code onWhiteSheet} or {@code onBlackSheet}, the other null) and the notation reader's
     * {@code problem} with it. An alert written before version 2 reads with all four null: its {@code text} is all it has.
     *
     * @param kind         "discrepancy" or "illegal"
     * @param moveNumber   the move number (from the standard start) of {@code ply}
     * @param actionId     the device action whose line raised it
     * @param text         the alert in words (English), as the log shows it
     * @param sheet        an illegal line's sheet; null for a discrepancy
     * @param onWhiteSheet the ply's line on White's sheet (a discrepancy; an illegal line on White's sheet)
     * @param onBlackSheet the ply's line on Black's sheet (a discrepancy; an illegal line on Black's sheet)
     * @param problem      an illegal line: why it is no legal move, in the notation reader's words; else null
     */
    @MessageType(name = "scoresheet.SheetAlertRaised", version = 2)
    record SheetAlertRaised(String gameId, String actionId, int ply, int moveNumber, String kind, String text,
                            Instant at, Side sheet, String onWhiteSheet, String onBlackSheet, String problem)
            implements ScoresheetEvent {
        /** The payload fields version 2 added. */
        public static final List<String> STRUCTURE_FIELDS = List.of("sheet", "onWhiteSheet", "onBlackSheet",
                "problem");

        public SheetAlertRaised {
            Objects.requireNonNull(gameId, "gameId");
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(at, "at");
        }

        /** An alert as version 1 recorded it: in words only. */
        public SheetAlertRaised(String gameId, String actionId, int ply, int moveNumber, String kind, String text,
                                Instant at) {
            this(gameId, actionId, ply, moveNumber, kind, text, at, null, null, null, null);
        }

        public static SheetAlertRaised example() {
            return new SheetAlertRaised("t-r1-b3", "7d0c1b62-3f0e-4a51-9a3e-2f6d5b1c9e01", 10, 5, "discrepancy",
                    "move 5 (Black): White's sheet Bb4, Black's sheet Bc5", Instant.parse("2026-05-01T15:04:05.123Z"),
                    null, "Bb4", "Bc5", null);
        }
    }

    /** A correction made the two sheets agree again on the ply's move: the discrepancy alert is lifted. */
    @MessageType(name = "scoresheet.SheetAlertLifted", version = 1)
    record SheetAlertLifted(String gameId, String actionId, int ply, String move, Instant at)
            implements ScoresheetEvent {
        public SheetAlertLifted {
            Objects.requireNonNull(gameId, "gameId");
            Objects.requireNonNull(at, "at");
        }

        public static SheetAlertLifted example() {
            return new SheetAlertLifted("t-r1-b3", "0b9d7a3c-52a4-4f55-8d0e-6a1f2b3c4d5e", 10, "Bb4",
                    Instant.parse("2026-05-01T15:06:00Z"));
        }
    }
}
