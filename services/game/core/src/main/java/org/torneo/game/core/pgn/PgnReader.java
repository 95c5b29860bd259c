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
 * (not played, kept as text on the move they follow, so that a writer can give them back), {@code %} escape lines and the termination markers {@code 1-0 0-1 1/2-1/2 *}.
 * Lenient where no meaning is lost: a missing final marker takes the Result tag (or {@code *}), a missing blank
 * line between games is accepted. Anything unreadable raises a {@link PgnException} naming game, line, column,
 * token and reason.
 *
 * <p>An error costs its game, never the file: {@link #readGames} skips to the next game (a tag line after a blank
 * line or after a termination marker) and reads on, returning the games read and the games rejected with their
 * reasons. Every number is bounded before it is converted: NAGs $0..$255 (PGN 8.2.4), clock and elapsed-time
 * commands {@code [%clk h:mm:ss]}/{@code [%emt h:mm:ss]} up to {@value #MAX_CLOCK_HOURS} hours with minutes and
 * seconds below 60, move numbers up to {@value #MAX_MOVE_NUMBER}, and the numeric tags (WhiteElo, BlackElo,
 * PlyCount, SetUp), so that no value in a file ends in a NumberFormatException or an ArithmeticException.
 */
public final class PgnReader {
    /** The largest NAG (PGN 8.2.4: 0 to 255). */
    public static final int MAX_NAG = 255;
    /** The largest clock or elapsed-time reading in hours: no time control gives a player more than days. */
    public static final int MAX_CLOCK_HOURS = 999;
    /** The largest move number: far beyond any game (the longest possible game has under 9,000 moves). */
    public static final int MAX_MOVE_NUMBER = 9999;
    /** The largest rating in WhiteElo/BlackElo. */
    public static final int MAX_ELO = 4000;
    /** The largest PlyCount. */
    public static final int MAX_PLY_COUNT = 99_999;

    /** The en passant mark written as a token of its own: "e.p." (English) or "a.p." (Spanish, FIDE 1997). */
    private static final Pattern EN_PASSANT_MARK = Pattern.compile("(?i)[ea]\\.p\\.?");
    private static final Pattern CLOCK_COMMAND = Pattern.compile("\\[%(clk|emt)(?:\\s+([^\\]]*))?]");
    private static final Pattern CLOCK = Pattern.compile("([0-9]{1,3}):([0-9]{1,2}):([0-9]{1,2})(?:\\.([0-9]{1,9}))?");
    private static final Pattern MOVE_NUMBER = Pattern.compile("[0-9]+(\\.+)?");
    private static final Pattern CASTLING_WITH_ZEROS = Pattern.compile("0-0(-0)?[+#!?]*");
    /** PGN 10: the traditional glyphs, in the order of their NAGs $1 to $6. */
    private static final List<String> GLYPHS = List.of("!", "?", "!!", "??", "!?", "?!");
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
    private List<String> pendingVariations;
    // the variation being read (depth > 0): its tokens, nested variations included
    private int variationDepth;
    private List<String> variationTokens;

    private PgnReader(String text) {
        this.text = text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    /**
     * The games of a PGN text read, and the games rejected: an error costs its game only.
     *
     * @param games    the games read, each with its number in the file
     * @param rejected one error per rejected game (game number, line, column, token, reason), in file order
     */
    public record PgnFile(List<PgnGame> games, List<PgnException> rejected) {
        public PgnFile {
            games = List.copyOf(games);
            rejected = List.copyOf(rejected);
        }
    }

    /** Every game of a PGN text; an unreadable game is rejected with its reason and the next games are read. */
    public static PgnFile readGames(String text) {
        PgnReader reader = new PgnReader(text);
        List<PgnGame> games = new ArrayList<>();
        List<PgnException> rejected = new ArrayList<>();
        reader.readAll(games, rejected);
        return new PgnFile(games, rejected);
    }

    /**
     * All games of a PGN text, for texts that must be whole (the project's own resources).
     *
     * @throws PgnException the first rejected game's error
     */
    public static List<PgnGame> read(String text) {
        PgnFile file = readGames(text);
        if (!file.rejected().isEmpty()) {
            throw file.rejected().get(0);
        }
        return file.games();
    }

    private void readAll(List<PgnGame> games, List<PgnException> rejected) {
        startGame();
        while (true) {
            try {
                if (readUntilError(games)) {
                    return;
                }
            } catch (PgnException e) {
                rejected.add(e);
                skipToNextGame();
                startGame();
            }
        }
    }

    /**
     * After an error: on to the start of the next game, a line starting with '[' that follows a blank line or a
     * line ending in a termination marker (PGN 8: games are separated by a blank line; lenient files omit it).
     */
    private void skipToNextGame() {
        boolean previousEndsGame = false;
        skipLine();
        while (pos < text.length()) {
            advance(); // the '\n' ending the previous line
            int start = pos;
            skipBlanks();
            if (pos < text.length() && text.charAt(pos) == '[' && previousEndsGame) {
                return;
            }
            skipLine();
            String previous = text.substring(start, pos).strip();
            previousEndsGame = previous.isEmpty() || previous.endsWith("1-0") || previous.endsWith("0-1")
                    || previous.endsWith("1/2-1/2") || previous.endsWith("*");
        }
    }

    /** Reads games until the end (true) or throws the first error, leaving the failed game unfinished. */
    private boolean readUntilError(List<PgnGame> games) {
        variationDepth = 0;
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
            } else if (c == '{') {
                readBraceCommentHere(tokenLine, tokenColumn);
            } else if (c == ';') {
                readLineComment(tokenLine, tokenColumn);
            } else if (c == '(') {
                openVariation();
            } else if (c == ')') {
                closeVariation(tokenLine, tokenColumn);
            } else if (c == '[' && variationDepth == 0) {
                if (inMovetext) {
                    // a new game without a termination marker: close the previous one leniently
                    games.add(finishGame(null));
                    startGame();
                }
                readTag(tokenLine, tokenColumn);
            } else {
                readSymbol(games, c, tokenLine, tokenColumn);
            }
        }
        if (variationDepth > 0) {
            throw error(line, column, null, "the file ends inside a variation: " + variationDepth + " '(' not closed");
        }
        if (inMovetext || !tags.isEmpty()) {
            games.add(finishGame(null));
        }
        return true;
    }

    /** A brace comment: on the move before it (or the game), or kept as text inside a variation. */
    private void readBraceCommentHere(int tokenLine, int tokenColumn) {
        String comment = readBraceComment(tokenLine, tokenColumn);
        if (variationDepth == 0) {
            addComment(comment, tokenLine, tokenColumn);
        } else {
            variationTokens.add("{" + comment + "}");
        }
    }

    /** A semicolon comment, to the end of the line (PGN 5). */
    private void readLineComment(int tokenLine, int tokenColumn) {
        int start = pos;
        skipLine();
        String comment = text.substring(start + 1, pos).strip();
        if (variationDepth == 0) {
            addComment(comment, tokenLine, tokenColumn);
        } else if (!comment.isEmpty()) {
            variationTokens.add("{" + comment.replace("}", ")") + "}"); // a brace comment can be re-wrapped
        }
    }

    private void openVariation() {
        advance();
        if (variationDepth == 0) {
            variationTokens = new ArrayList<>();
        }
        variationTokens.add("(");
        variationDepth++;
        inMovetext = true;
    }

    /** The end of a variation; the outermost one is kept as text on the move it follows. */
    private void closeVariation(int tokenLine, int tokenColumn) {
        if (variationDepth == 0) {
            throw error(tokenLine, tokenColumn, ")", "closes a variation that was never opened");
        }
        advance();
        variationTokens.add(")");
        variationDepth--;
        if (variationDepth == 0 && pendingSan != null) {
            pendingVariations.add(String.join(" ", variationTokens).replace("( ", "(").replace(" )", ")"));
        }
    }

    /** A symbol token of the movetext: a termination marker, a glyph, a NAG, an e.p. mark, a move number or a move. */
    private void readSymbol(List<PgnGame> games, char c, int tokenLine, int tokenColumn) {
        String token = readToken();
        if (token.isEmpty()) {
            throw error(tokenLine, tokenColumn, String.valueOf(c), "is not allowed here");
        }
        if (variationDepth > 0) {
            variationTokens.add(token); // moves of variations are kept as text, not played
            return;
        }
        inMovetext = true;
        if (RESULT.matcher(token).matches()) {
            games.add(finishGame(token));
            startGame();
            return;
        }
        int glyph = GLYPHS.indexOf(token);
        if (glyph >= 0 && pendingSan != null) {
            pendingNags.add(glyph + 1); // "Rad1 !!": a glyph written apart from its move, as some programs do
            return;
        }
        if (token.charAt(0) == '$') {
            readNag(token, tokenLine, tokenColumn);
            return;
        }
        if (pendingSan != null && EN_PASSANT_MARK.matcher(token).matches()) {
            // FIDE 1997 Appendix (notation): "se añade 'a.p.'", often written apart from the capture
            // ("exf6 a.p."); the mark belongs to the move before it and is optional (2018 C.13)
            return;
        }
        if (CASTLING_WITH_ZEROS.matcher(token).matches()) {
            addMove(token, tokenLine, tokenColumn); // 0-0 / 0-0-0 (FIDE 2018 C.13 writes zeros)
            return;
        }
        int numberLength = moveNumberLength(token, tokenLine, tokenColumn);
        if (numberLength == token.length()) {
            return; // "12." or "12..." or a bare "12"
        }
        // "12.e4": number glued to the move
        String move = token.substring(numberLength);
        if (move.equals("--")) {
            throw error(tokenLine, tokenColumn + numberLength, move, "null moves are not part of the Laws of Chess");
        }
        addMove(move, tokenLine, tokenColumn + numberLength);
    }

    /** A NAG ($0 to $255, PGN 8.2.4) for the move before it. */
    private void readNag(String token, int tokenLine, int tokenColumn) {
        if (pendingSan == null || !token.substring(1).chars().allMatch(Character::isDigit) || token.length() == 1) {
            throw error(tokenLine, tokenColumn, token, pendingSan == null ? "a NAG must follow a move" : "is not a NAG ($ and digits)");
        }
        if (token.length() > 4 || Integer.parseInt(token.substring(1)) > MAX_NAG) {
            throw error(tokenLine, tokenColumn, token, "is out of range: NAGs are $0 to $" + MAX_NAG);
        }
        pendingNags.add(Integer.parseInt(token.substring(1)));
    }

    /**
     * The length of the move number that starts the token ("12." "12..." or a bare "12" when it is all of it), bounded
     * before it is converted; 0 when the token does not start with a digit.
     */
    private int moveNumberLength(String token, int tokenLine, int tokenColumn) {
        Matcher number = MOVE_NUMBER.matcher(token);
        if (!number.lookingAt() || !Character.isDigit(token.charAt(0))) {
            return 0;
        }
        int end = number.end();
        int digits = end - (number.group(1) == null ? 0 : number.group(1).length());
        if (number.group(1) != null && (digits > 4 || Integer.parseInt(token.substring(0, digits)) > MAX_MOVE_NUMBER)) {
            throw error(tokenLine, tokenColumn, token, "move number out of range 1.." + MAX_MOVE_NUMBER);
        }
        if (end == token.length()) {
            if (number.group(1) == null && token.length() > 3) {
                throw error(tokenLine, tokenColumn, token, "is not a move number or a move");
            }
            return end;
        }
        if (number.group(1) == null) {
            throw error(tokenLine, tokenColumn, token, "is not a move: it starts with a digit");
        }
        return end;
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
        // PGN 10: the glyph as its NAG ($1 ! $2 ? $3 !! $4 ?? $5 !? $6 ?!), which export format writes
        int glyph = GLYPHS.indexOf(token.substring(san.length()));
        if (glyph >= 0) {
            pendingNags.add(glyph + 1);
        }
        pendingComment = new StringBuilder();
        pendingClock = null;
        pendingElapsed = null;
        pendingVariations = new ArrayList<>();
    }

    private void addComment(String comment, int commentLine, int commentColumn) {
        if (pendingSan == null) {
            leadingComment = leadingComment.isEmpty() ? comment : leadingComment + " " + comment;
            return;
        }
        Matcher m = CLOCK_COMMAND.matcher(comment);
        StringBuilder rest = new StringBuilder();
        while (m.find()) {
            Duration d = clock(m.group(1), m.group(2) == null ? "" : m.group(2).strip(), commentLine, commentColumn);
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

    /** A {@code [%clk]} or {@code [%emt]} value, h:mm:ss[.fraction], bounded before it is converted. */
    private Duration clock(String command, String value, int commentLine, int commentColumn) {
        Matcher m = CLOCK.matcher(value);
        if (!m.matches()) {
            throw error(commentLine, commentColumn, "[%" + command + " " + value + "]",
                    "is not a time h:mm:ss with at most " + MAX_CLOCK_HOURS + " hours");
        }
        int minutes = Integer.parseInt(m.group(2));
        int seconds = Integer.parseInt(m.group(3));
        if (minutes > 59 || seconds > 59) {
            throw error(commentLine, commentColumn, "[%" + command + " " + value + "]",
                    "minutes and seconds must be below 60");
        }
        long nanos = m.group(4) == null ? 0 : Long.parseLong((m.group(4) + "00000000").substring(0, 9));
        return Duration.ofHours(Integer.parseInt(m.group(1))).plusMinutes(minutes).plusSeconds(seconds).plusNanos(nanos);
    }

    private void flushMove() {
        if (pendingSan != null) {
            moves.add(new PgnMove(pendingSan, pendingNags, pendingComment.toString(), Optional.ofNullable(pendingClock),
                    Optional.ofNullable(pendingElapsed), pendingLine, pendingColumn, pendingVariations));
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
        checkNumericTag(name, value.toString(), tagLine, tagColumn);
        tags.put(name, value.toString());
    }

    /** PGN 9.1.2, 9.8.1, 9.7.1: the numeric tags this project may read, bounded. */
    private void checkNumericTag(String name, String value, int tagLine, int tagColumn) {
        switch (name) {
            case "WhiteElo", "BlackElo" -> {
                if (!value.isEmpty() && !value.equals("-") && !value.equals("?") && !bounded(value, MAX_ELO)) {
                    throw error(tagLine, tagColumn, name, "must be a rating 0.." + MAX_ELO + " or '-', found '" + value + "'");
                }
            }
            case "PlyCount" -> {
                if (!value.isEmpty() && !value.equals("?") && !bounded(value, MAX_PLY_COUNT)) {
                    throw error(tagLine, tagColumn, name, "must be a number 0.." + MAX_PLY_COUNT + ", found '" + value + "'");
                }
            }
            case "SetUp" -> {
                if (!value.equals("0") && !value.equals("1")) {
                    throw error(tagLine, tagColumn, name, "must be 0 or 1, found '" + value + "'");
                }
            }
            default -> { }
        }
    }

    private static boolean bounded(String digits, int max) {
        return digits.length() <= 6 && digits.chars().allMatch(c -> c >= '0' && c <= '9') && Integer.parseInt(digits) <= max;
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
