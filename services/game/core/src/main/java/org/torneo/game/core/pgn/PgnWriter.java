package org.torneo.game.core.pgn;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.board.Side;
import org.torneo.game.core.notation.San;

/**
 * Writes PGN export format (PGN standard 8): the Seven Tag Roster first in its order (missing ones as {@code "?"},
 * the date as {@code "????.??.??"}, the Result tag equal to the termination marker), then the other tags in their
 * order, a blank line, the movetext with SAN as the standard writes it (English letters, {@code O-O}, {@code e8=Q},
 * {@code +}/{@code #}, minimal disambiguation), {@code N...} before a Black move that starts the text or follows a
 * comment, comments in braces, optional {@code [%clk h:mm:ss]} commands, and lines of at most 80 characters.
 */
public final class PgnWriter {
    public static final int LINE_WIDTH = 80;

    private PgnWriter() {
    }

    /** A game to write: tags, start position, moves, per-move comments and clocks (same size as moves, or empty). */
    public record GameText(Map<String, String> tags, Position start, List<Move> moves, List<String> comments,
                           List<Optional<Duration>> clocks, String result) {
        public GameText {
            tags = new LinkedHashMap<>(tags);
            moves = List.copyOf(moves);
            comments = List.copyOf(comments);
            clocks = List.copyOf(clocks);
            if (!comments.isEmpty() && comments.size() != moves.size()) {
                throw new IllegalArgumentException("comments: " + comments.size() + " for " + moves.size() + " moves");
            }
            if (!clocks.isEmpty() && clocks.size() != moves.size()) {
                throw new IllegalArgumentException("clocks: " + clocks.size() + " for " + moves.size() + " moves");
            }
        }

        /** The text of a replayed game, with its comments and clocks as read. */
        public static GameText of(PgnReplay.Replayed replayed) {
            PgnGame game = replayed.game();
            List<String> comments = game.moves().stream().map(PgnMove::comment).toList();
            List<Optional<Duration>> clocks = game.moves().stream().map(PgnMove::clock).toList();
            return new GameText(game.tags(), replayed.record().startPosition(), replayed.moves(), comments, clocks,
                    game.result());
        }
    }

    /** One game, ending with a newline. {@code withClocks}: write the {@code [%clk]} commands that are known. */
    public static String write(GameText game, boolean withClocks) {
        StringBuilder out = new StringBuilder();
        Map<String, String> tags = new LinkedHashMap<>();
        for (String name : PgnGame.SEVEN_TAG_ROSTER) {
            String value = game.tags().get(name);
            if (name.equals("Result")) {
                value = game.result();
            }
            tags.put(name, value != null ? value : name.equals("Date") ? "????.??.??" : "?");
        }
        game.tags().forEach(tags::putIfAbsent);
        tags.forEach((name, value) -> out.append('[').append(name).append(" \"")
                .append(value.replace("\\", "\\\\").replace("\"", "\\\"")).append("\"]\n"));
        out.append('\n');

        List<String> tokens = new ArrayList<>();
        Position p = game.start();
        boolean needNumber = true;
        for (int i = 0; i < game.moves().size(); i++) {
            Move move = game.moves().get(i);
            if (p.sideToMove() == Side.WHITE) {
                tokens.add(p.fullmoveNumber() + ".");
            } else if (needNumber) {
                tokens.add(p.fullmoveNumber() + "...");
            }
            tokens.add(San.write(p, move));
            p = p.play(move);
            needNumber = false;
            String comment = game.comments().isEmpty() ? "" : game.comments().get(i);
            Optional<Duration> clock = game.clocks().isEmpty() ? Optional.empty() : game.clocks().get(i);
            String body = (withClocks && clock.isPresent() ? "[%clk " + clockText(clock.get()) + "]" : "")
                    + (withClocks && clock.isPresent() && !comment.isEmpty() ? " " : "") + comment;
            if (!body.isEmpty()) {
                tokens.add("{" + body.replace("}", ")") + "}");
                needNumber = true; // PGN 8.2.2.2: a Black move after a comment repeats its number
            }
        }
        tokens.add(game.result());
        StringBuilder line = new StringBuilder();
        for (String token : tokens) {
            if (line.length() > 0 && line.length() + 1 + token.length() > LINE_WIDTH) {
                out.append(line).append('\n');
                line.setLength(0);
            }
            if (line.length() > 0) {
                line.append(' ');
            }
            line.append(token);
        }
        out.append(line).append('\n');
        return out.toString();
    }

    /** Many games separated by one blank line (PGN 8). */
    public static String writeAll(List<GameText> games, boolean withClocks) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < games.size(); i++) {
            if (i > 0) {
                out.append('\n');
            }
            out.append(write(games.get(i), withClocks));
        }
        return out.toString();
    }

    /** h:mm:ss, with tenths when the clock has them. */
    static String clockText(Duration d) {
        long seconds = d.getSeconds();
        String text = String.format("%d:%02d:%02d", seconds / 3600, (seconds / 60) % 60, seconds % 60);
        int tenths = d.getNano() / 100_000_000;
        return tenths == 0 ? text : text + "." + tenths;
    }
}
