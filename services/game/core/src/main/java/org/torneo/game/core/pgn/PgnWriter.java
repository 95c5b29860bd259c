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
 * comment or a variation, NAGs as {@code $n}, comments in braces, optional {@code [%clk h:mm:ss]} commands, the
 * variations of an imported game as they were read, and movetext lines of at most 80 characters: a line breaks
 * between tokens, a comment or variation that fits in a line moves whole, a longer one breaks between its words
 * (a reader takes the break for a space, PGN 8.2.5) but never inside a {@code [%...]} command; only a single word longer than a line (a long URL in a comment) stays whole.
 * Tag pairs keep one line each (PGN 8.1), however long their value.
 */
public final class PgnWriter {
    public static final int LINE_WIDTH = 80;

    private PgnWriter() {
    }

    /**
     * A game to write: tags, start position, moves, per-move comments, clocks, NAGs and variations (each the same
     * size as moves, or empty), and the comment before the first move.
     */
    public record GameText(Map<String, String> tags, Position start, List<Move> moves, List<String> comments,
                           List<Optional<Duration>> clocks, String result, String leadingComment,
                           List<List<Integer>> nags, List<List<String>> variations) {
        public GameText {
            tags = new LinkedHashMap<>(tags);
            moves = List.copyOf(moves);
            comments = List.copyOf(comments);
            clocks = List.copyOf(clocks);
            leadingComment = leadingComment == null ? "" : leadingComment;
            nags = nags.stream().map(List::copyOf).toList();
            variations = variations.stream().map(List::copyOf).toList();
            if (!nags.isEmpty() && nags.size() != moves.size()) {
                throw new IllegalArgumentException("nags: " + nags.size() + " for " + moves.size() + " moves");
            }
            if (!variations.isEmpty() && variations.size() != moves.size()) {
                throw new IllegalArgumentException("variations: " + variations.size() + " for " + moves.size()
                        + " moves");
            }
            if (!comments.isEmpty() && comments.size() != moves.size()) {
                throw new IllegalArgumentException("comments: " + comments.size() + " for " + moves.size() + " moves");
            }
            if (!clocks.isEmpty() && clocks.size() != moves.size()) {
                throw new IllegalArgumentException("clocks: " + clocks.size() + " for " + moves.size() + " moves");
            }
        }

        /** A game without NAGs, variations or a leading comment (a game played here). */
        public GameText(Map<String, String> tags, Position start, List<Move> moves, List<String> comments,
                        List<Optional<Duration>> clocks, String result) {
            this(tags, start, moves, comments, clocks, result, "", List.of(), List.of());
        }

        /** The text of a replayed game, with its comments, clocks, NAGs and variations as read. */
        public static GameText of(PgnReplay.Replayed replayed) {
            PgnGame game = replayed.game();
            List<PgnMove> read = game.moves().subList(0, replayed.moves().size());
            List<String> comments = read.stream().map(PgnMove::comment).toList();
            List<Optional<Duration>> clocks = read.stream().map(PgnMove::clock).toList();
            return new GameText(game.tags(), replayed.record().startPosition(), replayed.moves(), comments, clocks,
                    game.result(), game.leadingComment(), read.stream().map(PgnMove::nags).toList(),
                    read.stream().map(PgnMove::variations).toList());
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
        if (!game.leadingComment().isEmpty()) {
            unit("{" + game.leadingComment().replace("}", ")") + "}", tokens);
        }
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
            for (int nag : game.nags().isEmpty() ? List.<Integer>of() : game.nags().get(i)) {
                tokens.add("$" + nag);
            }
            String comment = game.comments().isEmpty() ? "" : game.comments().get(i);
            Optional<Duration> clock = game.clocks().isEmpty() ? Optional.empty() : game.clocks().get(i);
            String body = (withClocks && clock.isPresent() ? "[%clk " + clockText(clock.get()) + "]" : "")
                    + (withClocks && clock.isPresent() && !comment.isEmpty() ? " " : "") + comment;
            if (!body.isEmpty()) {
                unit("{" + body.replace("}", ")") + "}", tokens);
                needNumber = true; // PGN 8.2.2.2: a Black move after a comment repeats its number
            }
            for (String variation : game.variations().isEmpty() ? List.<String>of() : game.variations().get(i)) {
                unit(variation, tokens);
                needNumber = true; // and after a variation
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

    /** A comment or variation: whole when it fits in a line (it moves to the next line whole), else in words. */
    static void unit(String text, List<String> into) {
        if (text.length() <= LINE_WIDTH) {
            into.add(text);
        } else {
            words(text, into);
        }
    }

    /**
     * The words of a comment or variation, split at spaces so that the line can break there, except inside a
     * {@code [%...]} command, which stays one word.
     */
    static void words(String text, List<String> into) {
        StringBuilder word = new StringBuilder();
        int commandDepth = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '[' && i + 1 < text.length() && text.charAt(i + 1) == '%') {
                commandDepth++;
            } else if (c == ']' && commandDepth > 0) {
                commandDepth--;
            }
            if (Character.isWhitespace(c) && commandDepth == 0) {
                if (!word.isEmpty()) {
                    into.add(word.toString());
                    word.setLength(0);
                }
            } else {
                word.append(Character.isWhitespace(c) ? ' ' : c);
            }
        }
        if (!word.isEmpty()) {
            into.add(word.toString());
        }
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
