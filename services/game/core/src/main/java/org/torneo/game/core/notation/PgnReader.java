package org.torneo.game.core.notation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A minimal PGN reader (many games per text): tag pairs, movetext with move numbers, comments ({...} and ;...),
 * NAGs ($n), annotation glyphs, "e.p." marks, recursive variations (skipped), "%" escape lines and the result
 * token. Moves are kept as written; {@link PgnGame#replay} reads them with {@link MoveParser}.
 * Syntax errors name the line and column.
 */
public final class PgnReader {
    private final String text;
    private int pos;
    private int line = 1;
    private int column = 1;

    private PgnReader(String text) {
        this.text = text;
    }

    /** One written move with where it stands in the text. */
    public record PgnMove(String text, int line, int column) {
    }

    /** A syntax error in the PGN text. */
    public static final class PgnSyntaxException extends IllegalArgumentException {
        public PgnSyntaxException(int line, int column, String reason) {
            super("line " + line + ", column " + column + ": " + reason);
        }
    }

    /** @throws PgnSyntaxException naming line and column */
    public static List<PgnGame> read(String text) {
        return new PgnReader(text).readAll();
    }

    private List<PgnGame> readAll() {
        List<PgnGame> games = new ArrayList<>();
        Map<String, String> tags = new LinkedHashMap<>();
        List<PgnMove> moves = new ArrayList<>();
        int gameLine = -1;
        int variationDepth = 0;
        int variationLine = 0;
        int variationColumn = 0;
        while (true) {
            skipWhitespace();
            if (pos >= text.length()) {
                break;
            }
            char c = text.charAt(pos);
            int tokenLine = line;
            int tokenColumn = column;
            if (c == '%' && (pos == 0 || text.charAt(pos - 1) == '\n')) {
                skipToEndOfLine();
            } else if (c == '[' && variationDepth == 0) {
                if (!moves.isEmpty()) {
                    games.add(new PgnGame(tags, moves, "*", gameLine));
                    tags = new LinkedHashMap<>();
                    moves = new ArrayList<>();
                }
                if (gameLine < 0 || tags.isEmpty()) {
                    gameLine = tokenLine;
                }
                readTag(tags);
            } else if (c == '{') {
                advance();
                while (pos < text.length() && text.charAt(pos) != '}') {
                    advance();
                }
                if (pos >= text.length()) {
                    throw new PgnSyntaxException(tokenLine, tokenColumn, "comment opened here is never closed with }");
                }
                advance();
            } else if (c == ';') {
                skipToEndOfLine();
            } else if (c == '(') {
                if (variationDepth == 0) {
                    variationLine = tokenLine;
                    variationColumn = tokenColumn;
                }
                variationDepth++;
                advance();
            } else if (c == ')') {
                if (variationDepth == 0) {
                    throw new PgnSyntaxException(tokenLine, tokenColumn, "')' closes a variation that was never opened");
                }
                variationDepth--;
                advance();
            } else {
                String token = readSymbol();
                if (variationDepth > 0) {
                    continue;
                }
                if (gameLine < 0) {
                    gameLine = tokenLine;
                }
                if (token.equals("1-0") || token.equals("0-1") || token.equals("1/2-1/2") || token.equals("*")) {
                    games.add(new PgnGame(tags, moves, token, gameLine));
                    tags = new LinkedHashMap<>();
                    moves = new ArrayList<>();
                    gameLine = -1;
                    continue;
                }
                if (token.startsWith("$")) {
                    continue; // NAG
                }
                int i = 0;
                while (i < token.length() && Character.isDigit(token.charAt(i))) {
                    i++;
                }
                if (i > 0 && i < token.length() && token.charAt(i) == '.') {
                    while (i < token.length() && token.charAt(i) == '.') {
                        i++;
                    }
                    token = token.substring(i);
                    tokenColumn += i;
                } else if (i == token.length()) {
                    continue; // a bare move number without dot
                }
                if (token.isEmpty() || token.equalsIgnoreCase("e.p.") || token.equalsIgnoreCase("a.p.") || isGlyph(token)) {
                    continue;
                }
                moves.add(new PgnMove(token, tokenLine, tokenColumn));
            }
        }
        if (variationDepth > 0) {
            throw new PgnSyntaxException(variationLine, variationColumn, "variation opened here is never closed with )");
        }
        if (!moves.isEmpty() || !tags.isEmpty()) {
            games.add(new PgnGame(tags, moves, "*", gameLine));
        }
        return Collections.unmodifiableList(games);
    }

    /** "!", "?", "!?", ... written apart from the move. */
    private static boolean isGlyph(String token) {
        for (int i = 0; i < token.length(); i++) {
            if (token.charAt(i) != '!' && token.charAt(i) != '?') {
                return false;
            }
        }
        return true;
    }

    private void readTag(Map<String, String> tags) {
        int tagLine = line;
        int tagColumn = column;
        advance(); // [
        skipWhitespace();
        int start = pos;
        while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
            advance();
        }
        String name = text.substring(start, pos);
        if (name.isEmpty()) {
            throw new PgnSyntaxException(line, column, "tag name expected after [");
        }
        skipWhitespace();
        if (pos >= text.length() || text.charAt(pos) != '"') {
            throw new PgnSyntaxException(line, column, "tag " + name + ": value in double quotes expected");
        }
        advance();
        StringBuilder value = new StringBuilder();
        while (pos < text.length() && text.charAt(pos) != '"') {
            char ch = text.charAt(pos);
            if (ch == '\n') {
                throw new PgnSyntaxException(tagLine, tagColumn, "tag " + name + ": value is not closed with \" on its line");
            }
            if (ch == '\\' && pos + 1 < text.length()) {
                advance();
                ch = text.charAt(pos);
            }
            value.append(ch);
            advance();
        }
        if (pos >= text.length()) {
            throw new PgnSyntaxException(tagLine, tagColumn, "tag " + name + ": value is not closed with \"");
        }
        advance(); // closing quote
        skipWhitespace();
        if (pos >= text.length() || text.charAt(pos) != ']') {
            throw new PgnSyntaxException(line, column, "tag " + name + ": ] expected");
        }
        advance();
        tags.put(name, value.toString());
    }

    private String readSymbol() {
        int start = pos;
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (Character.isWhitespace(c) || "{}()[];".indexOf(c) >= 0) {
                break;
            }
            advance();
        }
        if (pos == start) {
            throw new PgnSyntaxException(line, column, "unexpected character '" + text.charAt(pos) + "'");
        }
        return text.substring(start, pos);
    }

    private void skipWhitespace() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            advance();
        }
    }

    private void skipToEndOfLine() {
        while (pos < text.length() && text.charAt(pos) != '\n') {
            advance();
        }
    }

    private void advance() {
        if (text.charAt(pos) == '\n') {
            line++;
            column = 1;
        } else {
            column++;
        }
        pos++;
    }
}
