package org.torneo.game.core.pgn;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads PGN text (PGN standard, Steven J. Edwards 1994) with many games per file: tag pairs, movetext with move
 * numbers (also {@code 12...} when a game or a line starts with Black), brace and semicolon comments, NAGs
 * ({@code $n}) and the traditional glyphs ({@code ! ? !! ?? !? ?!}, kept out of the SAN), recursive variations
 * (skipped), {@code %} escape lines and the termination markers {@code 1-0 0-1 1/2-1/2 *}.
 * Lenient where no meaning is lost: a missing final marker takes the Result tag (or {@code *}), a missing blank
 * line between games is accepted. Anything unreadable raises a {@link PgnException} naming game, line, column,
 * token and reason.
 */
public final class PgnReader {
    private static final Pattern CLOCK = Pattern.compile("\\[%(clk|emt)\\s+([0-9]+):([0-9]{1,2}):([0-9]{1,2}(?:\\.[0-9]+)?)\\s*]");
    private static final Pattern MOVE_NUMBER = Pattern.compile("[0-9]+(\\.+)?");
    private static final Pattern CASTLING_WITH_ZEROS = Pattern.compile("0-0(-0)?[+#!?]*");
    private static final Pattern RESULT = Pattern.compile("1-0|0-1|1/2-1/2|\\*");

    private final String text;
    private int pos;
    private int line = 1;
    private int column = 1;

    // the game being read
    private int gameNumber;
    private Map<String, String> tags;
    private List<PgnMove> moves;
    private String leadingComment;
    private int gameLine;
    private boolean inMovetext;

    // the move awaiting its comments and NAGs
    private String pendingSan;
    private int pendingLine;
    private int pendingColumn;
    private List<Integer> pendingNags;
    private StringBuilder pendingComment;
    private Duration pendingClock;
    private Duration pendingElapsed;

    private PgnReader(String text) {
        this.text = text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    /** All games of a PGN text. @throws PgnException for the first unreadable place */
    public static List<PgnGame> read(String text) {
        return new PgnReader(text).readAll();
    }

    private List<PgnGame> readAll() {
        List<PgnGame> games = new ArrayList<>();
        startGame();
        int variationDepth = 0;
        while (true) {
            skipWhitespace();
            if (pos >= text.length()) {
                break;
            }
            char c = text.charAt(pos);
            int tokenLine = line;
            int tokenColumn = column;
            if (c == '%' && column == 1) {
                skipLine(); // PGN 6: escape mechanism, the line is ignored
                continue;
            }
            if (c == '{') {
                String comment = readBraceComment(tokenLine, tokenColumn);
                if (variationDepth == 0) {
                    addComment(comment);
                }
                continue;
            }
            if (c == ';') {
                int start = pos;
                skipLine();
                if (variationDepth == 0) {
                    addComment(text.substring(start + 1, pos).strip());
                }
                continue;
            }
            if (c == '(') {
                advance();
                variationDepth++;
                inMovetext = true;
                continue;
            }
            if (c == ')') {
                if (variationDepth == 0) {
                    throw error(tokenLine, tokenColumn, ")", "closes a variation that was never opened");
                }
                advance();
                variationDepth--;
                continue;
            }
            if (c == '[' && variationDepth == 0) {
                if (inMovetext) {
                    // a new game without a termination marker: close the previous one leniently
                    games.add(finishGame(null));
                    startGame();
                }
                readTag(tokenLine, tokenColumn);
                continue;
            }
            String token = readToken();
            if (token.isEmpty()) {
                throw error(tokenLine, tokenColumn, String.valueOf(c), "is not allowed here");
            }
            if (variationDepth > 0) {
                continue; // moves of variations are skipped unread
            }
            inMovetext = true;
            if (RESULT.matcher(token).matches()) {
                games.add(finishGame(token));
                startGame();
                continue;
            }
            if (token.charAt(0) == '$') {
                if (pendingSan == null || !token.substring(1).chars().allMatch(Character::isDigit) || token.length() == 1) {
                    throw error(tokenLine, tokenColumn, token, pendingSan == null ? "a NAG must follow a move" : "is not a NAG ($ and digits)");
                }
                pendingNags.add(Integer.parseInt(token.substring(1)));
                continue;
            }
            Matcher number = MOVE_NUMBER.matcher(token);
            if (CASTLING_WITH_ZEROS.matcher(token).matches()) {
                addMove(token, tokenLine, tokenColumn); // 0-0 / 0-0-0 (FIDE 2018 C.13 writes zeros)
                continue;
            }
            if (number.lookingAt() && Character.isDigit(token.charAt(0))) {
                int end = number.end();
                if (end == token.length()) {
                    if (number.group(1) == null && token.length() > 3) {
                        throw error(tokenLine, tokenColumn, token, "is not a move number or a move");
                    }
                    continue; // "12." or "12..." or a bare "12"
                }
                if (number.group(1) != null) {
                    // "12.e4": number glued to the move
                    token = token.substring(end);
                    tokenColumn += end;
                } else {
                    throw error(tokenLine, tokenColumn, token, "is not a move: it starts with a digit");
                }
            }
            if (token.equals("--")) {
                throw error(tokenLine, tokenColumn, token, "null moves are not part of the Laws of Chess");
            }
            addMove(token, tokenLine, tokenColumn);
        }
        if (variationDepth > 0) {
            throw error(line, column, null, "the file ends inside a variation: " + variationDepth + " '(' not closed");
        }
        if (inMovetext || !tags.isEmpty()) {
            games.add(finishGame(null));
        }
        return games;
    }

    private void startGame() {
        gameNumber++;
        tags = new LinkedHashMap<>();
        moves = new ArrayList<>();
        leadingComment = "";
        gameLine = -1;
        inMovetext = false;
        pendingSan = null;
    }

    private PgnGame finishGame(String marker) {
        flushMove();
        String result = marker != null ? marker : tags.getOrDefault("Result", "*");
        return new PgnGame(tags, leadingComment, moves, result, gameNumber, gameLine < 0 ? line : gameLine);
    }

    private void markGameStart(int atLine) {
        if (gameLine < 0) {
            gameLine = atLine;
        }
    }

    private void addMove(String token, int tokenLine, int tokenColumn) {
        flushMove();
        markGameStart(tokenLine);
        String san = token;
        // traditional suffix annotations (PGN 8.2.3.8) are not part of the SAN
        while (!san.isEmpty() && (san.endsWith("!") || san.endsWith("?"))) {
            san = san.substring(0, san.length() - 1);
        }
        if (san.isEmpty()) {
            throw error(tokenLine, tokenColumn, token, "is an annotation glyph without a move");
        }
        pendingSan = san;
        pendingLine = tokenLine;
        pendingColumn = tokenColumn;
        pendingNags = new ArrayList<>();
        pendingComment = new StringBuilder();
        pendingClock = null;
        pendingElapsed = null;
    }

    private void addComment(String comment) {
        if (pendingSan == null) {
            leadingComment = leadingComment.isEmpty() ? comment : leadingComment + " " + comment;
            return;
        }
        Matcher m = CLOCK.matcher(comment);
        StringBuilder rest = new StringBuilder();
        while (m.find()) {
            Duration d = Duration.ofHours(Long.parseLong(m.group(2))).plusMinutes(Long.parseLong(m.group(3)))
                    .plusNanos(Math.round(Double.parseDouble(m.group(4)) * 1_000_000_000L));
            if (m.group(1).equals("clk")) {
                pendingClock = d;
            } else {
                pendingElapsed = d;
            }
            m.appendReplacement(rest, "");
        }
        m.appendTail(rest);
        String plain = rest.toString().strip();
        if (!plain.isEmpty()) {
            if (!pendingComment.isEmpty()) {
                pendingComment.append(' ');
            }
            pendingComment.append(plain);
        }
    }

    private void flushMove() {
        if (pendingSan != null) {
            moves.add(new PgnMove(pendingSan, pendingNags, pendingComment.toString(), Optional.ofNullable(pendingClock),
                    Optional.ofNullable(pendingElapsed), pendingLine, pendingColumn));
            pendingSan = null;
        }
    }

    private void readTag(int tagLine, int tagColumn) {
        markGameStart(tagLine);
        advance(); // [
        skipBlanks();
        int nameStart = pos;
        while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
            advance();
        }
        String name = text.substring(nameStart, pos);
        if (name.isEmpty()) {
            throw error(tagLine, tagColumn, "[", "a tag pair needs a name (letters, digits, _)");
        }
        skipBlanks();
        if (pos >= text.length() || text.charAt(pos) != '"') {
            throw error(line, column, name, "tag value must be a quoted string");
        }
        advance();
        StringBuilder value = new StringBuilder();
        while (true) {
            if (pos >= text.length() || text.charAt(pos) == '\n') {
                throw error(tagLine, tagColumn, name, "tag value is not closed by '\"' on its line");
            }
            char ch = text.charAt(pos);
            advance();
            if (ch == '\\' && pos < text.length() && (text.charAt(pos) == '"' || text.charAt(pos) == '\\')) {
                value.append(text.charAt(pos));
                advance();
            } else if (ch == '"') {
                break;
            } else {
                value.append(ch);
            }
        }
        skipBlanks();
        if (pos >= text.length() || text.charAt(pos) != ']') {
            throw error(line, column, name, "tag pair is not closed by ']'");
        }
        advance();
        if (tags.containsKey(name)) {
            throw error(tagLine, tagColumn, name, "tag appears twice in the same game");
        }
        tags.put(name, value.toString());
    }

    private String readBraceComment(int startLine, int startColumn) {
        advance(); // {
        int start = pos;
        while (pos < text.length() && text.charAt(pos) != '}') {
            advance();
        }
        if (pos >= text.length()) {
            throw error(startLine, startColumn, "{", "comment is never closed by '}'");
        }
        String body = text.substring(start, pos);
        advance();
        return body.replaceAll("\\s+", " ").strip();
    }

    /** A symbol token: up to whitespace or a character that starts another construct. */
    private String readToken() {
        int start = pos;
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (Character.isWhitespace(c) || c == '{' || c == '}' || c == '(' || c == ')' || c == '[' || c == ']'
                    || c == ';' || (c == '$' && pos > start)) {
                break;
            }
            advance();
        }
        return text.substring(start, pos);
    }

    private void skipWhitespace() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            advance();
        }
    }

    private void skipBlanks() {
        while (pos < text.length() && (text.charAt(pos) == ' ' || text.charAt(pos) == '\t')) {
            advance();
        }
    }

    private void skipLine() {
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

    private PgnException error(int atLine, int atColumn, String token, String reason) {
        String name = tags == null ? "" : tags.containsKey("GameId") ? tags.get("GameId")
                : tags.containsKey("White") || tags.containsKey("Black")
                ? tags.getOrDefault("White", "?") + " - " + tags.getOrDefault("Black", "?") : "";
        return new PgnException(gameNumber, name, atLine, atColumn, token, reason);
    }
}
