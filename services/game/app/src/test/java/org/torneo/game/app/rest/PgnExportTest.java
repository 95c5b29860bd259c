package org.torneo.game.app.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.torneo.game.app.projection.GameRow;
import org.torneo.game.app.projection.IncidentRow;
import org.torneo.game.app.projection.MoveRow;

class PgnExportTest {

    private static final String START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    private static MoveRow move(long sequence, int ply, String uci, Long white, Long black) {
        MoveRow row = new MoveRow();
        row.sequence = sequence;
        row.ply = ply;
        row.uci = uci;
        row.side = ply % 2 == 1 ? "WHITE" : "BLACK";
        row.whiteMillis = white;
        row.blackMillis = black;
        return row;
    }

    private static IncidentRow takeback(long sequence, int kept) {
        IncidentRow row = new IncidentRow();
        row.sequence = sequence;
        row.keptPlies = kept;
        return row;
    }

    private static GameRow game(String resultName) {
        GameRow g = new GameRow();
        g.gameId = "g-1";
        g.tournamentId = "Open 2026";
        g.round = 3;
        g.board = 4;
        g.whitePlayerId = "Anna";
        g.blackPlayerId = "Boris";
        g.edition = "FIDE_2018";
        g.category = "STANDARD";
        g.initialFen = START;
        g.startedAt = Instant.parse("2026-05-01T15:00:00Z");
        g.resultName = resultName;
        g.whiteHalfPoints = 0;
        g.blackHalfPoints = 2;
        return g;
    }

    @Test
    void movesTakenBackAreNotOnTheBoardButStayInTheHistory() {
        List<MoveRow> moves = new ArrayList<>(List.of(move(2, 1, "e2e4", null, null), move(3, 2, "e7e5", null, null),
                move(4, 3, "e1e3", null, null), move(7, 3, "g1f3", null, null)));
        List<MoveRow> standing = PgnExport.standingMoves(moves, List.of(takeback(6, 2)));
        assertEquals(List.of("e2e4", "e7e5", "g1f3"), standing.stream().map(m -> m.uci).toList());
        assertEquals(List.of("e2e4"), PgnExport.standingMoves(moves.subList(0, 3), List.of(takeback(5, 1)))
                .stream().map(m -> m.uci).toList());
    }

    @Test
    void writesSevenTagRosterMovesClocksAndResult() {
        List<MoveRow> line = List.of(move(2, 1, "f2f3", 5_390_000L, 5_400_000L), move(3, 2, "e7e5", 5_390_000L, 5_393_000L),
                move(4, 3, "g2g4", 5_380_000L, 5_393_000L), move(5, 4, "d8h4", 5_380_000L, 5_386_000L));
        GameRow game = game("BLACK_WINS");
        game.endReason = "CHECKMATE";
        game.endArticle = "FIDE 2018 5.1.1";
        String pgn = PgnExport.write(game, line);
        assertTrue(pgn.startsWith("[Event \"Open 2026\"]\n[Site \"?\"]\n[Date \"2026.05.01\"]\n[Round \"3\"]\n"
                + "[White \"Anna\"]\n[Black \"Boris\"]\n[Result \"0-1\"]\n"), pgn);
        assertTrue(pgn.contains("[Board \"4\"]") && pgn.contains("[Termination \"CHECKMATE (FIDE 2018 5.1.1)\"]"), pgn);
        assertTrue(pgn.contains("[%clk 1:29:50]") && pgn.contains("[%clk 1:29:46]"), pgn);
        assertTrue(pgn.contains("Qh4#"), pgn);
        assertTrue(pgn.trim().endsWith("0-1"), pgn);
        assertTrue(!pgn.contains("[FEN "), pgn);
    }

    @Test
    void resultTokensFollowThePgnStandard() {
        assertEquals("*", PgnExport.result(game(null)));
        assertEquals("1-0", PgnExport.result(game("WHITE_WINS_BY_FORFEIT")));
        assertEquals("1/2-1/2", PgnExport.result(game("DRAW")));
        assertEquals("0-1", PgnExport.result(game("ARBITER_SCORES")));
        assertEquals("*", PgnExport.result(game("DOUBLE_FORFEIT")));
        GameRow noClock = game(null);
        noClock.initialFen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
        String pgn = PgnExport.write(noClock, List.of(move(2, 1, "e1g1", null, null)));
        assertTrue(pgn.contains("[SetUp \"1\"]") && pgn.contains("[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]"), pgn);
        assertTrue(pgn.contains("1. O-O") && !pgn.contains("%clk"), pgn);
    }

    @Test
    void aGameAPairingCorrectionCancelledHasNoResultAndIsLeftOutOfTheRound() {
        GameRow cancelled = game(null);
        cancelled.phase = "CANCELLED";
        cancelled.endReason = "CANCELLED_BY_PAIRING_CORRECTION";
        cancelled.endArticle = "C.04.2; C.04.3 (2017) F.6-F.7";
        String pgn = PgnExport.write(cancelled, List.of());
        assertTrue(pgn.contains("[Result \"*\"]"), pgn);
        assertTrue(pgn.contains("[Termination \"CANCELLED_BY_PAIRING_CORRECTION (C.04.2; C.04.3 (2017) F.6-F.7)\"]"),
                pgn);
        assertTrue(pgn.trim().endsWith("*"), pgn);
        assertTrue(!PgnExport.inRoundPgn(cancelled), "not played: not in the round's PGN");

        GameRow played = game("BLACK_WINS");
        played.phase = "ENDED";
        assertTrue(PgnExport.inRoundPgn(played));
        GameRow playing = game(null);
        playing.phase = "IN_PROGRESS";
        assertTrue(PgnExport.inRoundPgn(playing));
    }
}
