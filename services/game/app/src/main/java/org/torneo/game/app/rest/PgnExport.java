package org.torneo.game.app.rest;

import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.torneo.game.app.projection.GameRow;
import org.torneo.game.app.projection.IncidentRow;
import org.torneo.game.app.projection.MoveRow;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.notation.MoveParser;
import org.torneo.game.core.notation.ParsedMove;
import org.torneo.game.core.pgn.PgnWriter;

/**
 * A projected game as PGN export text through the core's writer: the moves that stand (those taken back after
 * an illegal move are left out), each with the mover's {@code [%clk]} when the move carried a clock reading.
 *
 * <p>A game a pairing correction cancelled (phase CANCELLED) was not played: the round's PGN leaves it out
 * ({@link #inRoundPgn}); its own PGN has Result "*" (no result, PGN 8.2.6) and the Termination tag
 * "CANCELLED_BY_PAIRING_CORRECTION (article)".
 */
public final class PgnExport {

    private static final DateTimeFormatter PGN_DATE = DateTimeFormatter.ofPattern("yyyy.MM.dd").withZone(ZoneOffset.UTC);

    private PgnExport() {
    }

    /** Whether a game belongs in its round's PGN: every game but one a pairing correction cancelled (not played). */
    public static boolean inRoundPgn(GameRow game) {
        return !org.torneo.game.core.game.GameState.Phase.CANCELLED.name().equals(game.phase);
    }

    /** The moves on the board now: played moves in sequence order, truncated by every takeback. */
    public static List<MoveRow> standingMoves(List<MoveRow> moves, List<IncidentRow> incidents) {
        record Step(long sequence, MoveRow move, Integer keptPlies) {
        }
        List<Step> steps = new ArrayList<>();
        moves.forEach(m -> steps.add(new Step(m.sequence, m, null)));
        incidents.stream().filter(i -> i.keptPlies != null).forEach(i -> steps.add(new Step(i.sequence, null, i.keptPlies)));
        steps.sort(Comparator.comparingLong(Step::sequence));
        List<MoveRow> line = new ArrayList<>();
        for (Step step : steps) {
            int keep = step.move() != null ? step.move().ply - 1 : step.keptPlies();
            while (line.size() > Math.max(0, keep)) {
                line.removeLast();
            }
            if (step.move() != null) {
                line.add(step.move());
            }
        }
        return line;
    }

    /** One game; {@code standing} as given by {@link #standingMoves}. */
    public static String write(GameRow game, List<MoveRow> standing) {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("Event", game.tournamentId);
        tags.put("Site", game.hall == null ? "?" : game.hall);
        tags.put("Date", game.startedAt == null ? "????.??.??" : PGN_DATE.format(game.startedAt));
        tags.put("Round", game.round > 0 ? String.valueOf(game.round) : "-");
        tags.put("White", game.whitePlayerId);
        tags.put("Black", game.blackPlayerId);
        if (game.board > 0) {
            tags.put("Board", String.valueOf(game.board));
        }
        tags.put("GameId", game.gameId);
        tags.put("Rules", game.edition + " " + game.category);
        Position start = Position.fromFen(game.initialFen);
        if (!start.equals(Position.initial())) {
            tags.put("SetUp", "1");
            tags.put("FEN", game.initialFen);
        }
        if (game.endReason != null) {
            tags.put("Termination", game.endReason + (game.endArticle == null || game.endArticle.isEmpty() ? ""
                    : " (" + game.endArticle + ")"));
        }
        List<Move> moves = new ArrayList<>();
        List<Optional<Duration>> clocks = new ArrayList<>();
        boolean anyClock = false;
        Position position = start;
        for (MoveRow row : standing) {
            ParsedMove parsed = MoveParser.parse(position, row.uci);
            if (!(parsed instanceof ParsedMove.Ok ok)) {
                throw new IllegalStateException("game " + game.gameId + " ply " + row.ply + ": recorded move "
                        + row.uci + " does not replay: " + ((ParsedMove.Error) parsed).message());
            }
            Move move = ok.move();
            moves.add(move);
            Long remaining = "WHITE".equals(row.side) ? row.whiteMillis : row.blackMillis;
            clocks.add(Optional.ofNullable(remaining).map(Duration::ofMillis));
            anyClock |= remaining != null;
            position = position.play(move);
        }
        PgnWriter.GameText text = new PgnWriter.GameText(tags, start, moves, List.of(),
                anyClock ? clocks : List.of(), result(game));
        return PgnWriter.write(text, anyClock);
    }

    /** The PGN result token (PGN 8.2.6): forfeits keep their winner; an unfinished game is "*". */
    static String result(GameRow game) {
        if (game.resultName == null) {
            return "*";
        }
        return switch (game.resultName) {
            case "WHITE_WINS", "WHITE_WINS_BY_FORFEIT" -> "1-0";
            case "BLACK_WINS", "BLACK_WINS_BY_FORFEIT" -> "0-1";
            case "DRAW" -> "1/2-1/2";
            case "ARBITER_SCORES" -> game.whiteHalfPoints > game.blackHalfPoints ? "1-0"
                    : game.whiteHalfPoints < game.blackHalfPoints ? "0-1"
                    : game.whiteHalfPoints > 0 ? "1/2-1/2" : "*";
            default -> "*"; // a double forfeit (0-0) has no PGN result token
        };
    }
}
