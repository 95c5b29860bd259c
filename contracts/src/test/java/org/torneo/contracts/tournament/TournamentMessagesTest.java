package org.torneo.contracts.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.MessageType;

class TournamentMessagesTest {

    @Test
    void scoresAreHalfPoints() {
        assertEquals(new Score(3), Score.parse("1.5"));
        assertEquals(new Score(3), Score.parse("1½"));
        assertEquals(Score.HALF, Score.parse("½"));
        assertEquals(Score.points(2), Score.parse("2"));
        assertEquals("1.5", new Score(3).toString());
        assertEquals("0.5", Score.HALF.toString());
        assertEquals("-0.5", new Score(-1).toString());
        assertEquals("3", Score.points(3).toString());
        assertEquals(Score.ONE, Score.HALF.plus(Score.HALF));
        assertTrue(Score.ONE.compareTo(Score.HALF) > 0);
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> Score.parse("1.25"));
        assertTrue(bad.getMessage().contains("1.25"));
        assertThrows(IllegalArgumentException.class, () -> Score.parse("x"));
    }

    @Test
    void classicScoringIsTheSeeds() {
        Scoring classic = Scoring.classic();
        assertEquals(Score.ONE, classic.win());
        assertEquals(Score.HALF, classic.draw());
        assertEquals(Score.ONE, classic.pairingBye(), "Code 1970 US rule III: the bye is a point");
        assertEquals(Score.ZERO, classic.lateEntryMissedRound(), "Code 1970 US rule III: lost by default");
    }

    @Test
    void systemsHaveStableWireNames() {
        for (PairingSystemKind kind : PairingSystemKind.values()) {
            assertEquals(kind, PairingSystemKind.fromWireName(kind.wireName()));
        }
        assertEquals(PairingSystemKind.HARKNESS, PairingSystemKind.fromWireName("harkness"));
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> PairingSystemKind.fromWireName("monrad"));
        assertTrue(unknown.getMessage().contains("monrad") && unknown.getMessage().contains("dutch"));
    }

    @Test
    void hallsAndBoardsRefuseNonsense() {
        assertThrows(IllegalArgumentException.class, () -> new Hall("A", 5, 4));
        assertThrows(IllegalArgumentException.class, () -> new Hall("A", 0, 4));
        assertTrue(new Hall("A", 3, 4).holds(4));
        assertThrows(IllegalArgumentException.class, () -> new Board(1, "A", "p1", "p1"));
        assertThrows(IllegalArgumentException.class, () -> new Board(0, "A", "p1", "p2"));
    }

    @Test
    void everyMessageHasAUniqueTournamentTypeName() {
        Set<String> names = new HashSet<>();
        for (Class<?> root : List.of(TournamentCommand.class, TournamentEvent.class)) {
            for (Class<?> type : root.getPermittedSubclasses()) {
                MessageType annotation = type.getAnnotation(MessageType.class);
                assertNotNull(annotation, type.getSimpleName() + " has no @MessageType");
                assertEquals("tournament." + type.getSimpleName(), annotation.name());
                // version 2 of the registration carries the title and federation, of PairingCorrected the Dutch
                // checker's warnings (version 3 the change in structure), of the creation the event, the bye rules and
                // the entry deadline (an upcaster reads each older version)
                assertEquals(type == TournamentEvent.PairingCorrected.class ? 3
                        : type == TournamentCommand.RegisterPlayer.class
                        || type == TournamentEvent.PlayerRegistered.class
                        || type == TournamentCommand.CreateTournament.class
                        || type == TournamentEvent.TournamentCreated.class ? 2 : 1, annotation.version(),
                        type.getSimpleName());
                assertTrue(names.add(annotation.name()));
            }
        }
        assertEquals(39, names.size()); // 19 commands (CheckInPlayer, CancelCheckIn the latest) and 20 events (PlayerCheckedIn,
        // CheckInCancelled)
    }
}
