package org.torneo.entries;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads FIDE's rating list in its fixed-width TXT form. The first line is the header, e.g. the combined list's
 * <pre>
 * ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag
 * </pre>
 * or a single list's {@code ... OTit           FOA SEP26 Gms K  B-day Flag}; each column of a player's line runs from
 * where its name starts in the header to where the next name starts, so the reader follows the header rather than
 * fixed offsets (FIDE has widened the name and added columns before). The rating taken is the standard one
 * ({@code SRtng}), else the single list's month column ({@code SEP26}); the title is {@code Tit}, else the women's
 * title {@code WTit}. An empty rating is unrated (0). With {@code wanted} FIDE ids, only their lines are read (the
 * whole list has over a million lines) and an id not found is a problem.
 */
public final class FideRatingList {

    private static final Pattern MONTH_COLUMN = Pattern.compile("[A-Z]{3}\\d{2}");

    /** A column of the header: its name and where it starts (0-based). */
    record Column(String name, int start) {
    }

    private FideRatingList() {
    }

    public static EntryList read(String text) {
        return read(text, Set.of());
    }

    public static EntryList read(String text, Set<String> wanted) {
        List<PlayerEntry> entries = new ArrayList<>();
        List<EntryProblem> problems = new ArrayList<>();
        String[] lines = text.split("\r\n|\r|\n", -1);
        int headerLine = 0;
        while (headerLine < lines.length && lines[headerLine].isBlank()) {
            headerLine++;
        }
        if (headerLine == lines.length || !lines[headerLine].toLowerCase(Locale.ROOT).startsWith("id number")) {
            problems.add(new EntryProblem(headerLine < lines.length ? headerLine + 1 : 0, 1, "header",
                    "not a FIDE rating list: its first line is the header 'ID Number      Name   ...   Fed Sex Tit'"));
            return new EntryList(entries, problems);
        }
        List<Column> columns = columns(lines[headerLine]);
        Column id = find(columns, "ID Number");
        Column name = find(columns, "Name");
        Column fed = find(columns, "Fed");
        Column title = find(columns, "Tit");
        Column womensTitle = find(columns, "WTit");
        Column rating = standardRating(columns);
        Column born = find(columns, "B-day");
        if (name == null || rating == null) {
            problems.add(new EntryProblem(headerLine + 1, 0, "header", "the header has no " + (name == null ? "Name"
                    : "standard rating (SRtng, or the month's column such as SEP26)") + " column: '"
                    + lines[headerLine].strip() + "'"));
            return new EntryList(entries, problems);
        }
        Set<String> found = new HashSet<>();
        for (int i = headerLine + 1; i < lines.length; i++) {
            String text1 = lines[i];
            if (text1.isBlank() || text1.toLowerCase(Locale.ROOT).startsWith("id number")) {
                continue;
            }
            int line = i + 1;
            String fideId = cell(text1, columns, id);
            if (!wanted.isEmpty() && !wanted.contains(fideId)) {
                continue;
            }
            int before = problems.size();
            if (fideId.isEmpty() || EntryFiles.fideIdProblem(fideId) != null) {
                problems.add(new EntryProblem(line, id.start() + 1, "FIDE id", fideId.isEmpty() ? "no FIDE id"
                        : EntryFiles.fideIdProblem(fideId)));
            }
            String playerName = cell(text1, columns, name);
            if (playerName.isEmpty()) {
                problems.add(new EntryProblem(line, name.start() + 1, "name", text1.length() <= name.start()
                        ? "the line ends at column " + text1.length() + ", before the name column"
                        : "the name is empty"));
            }
            String federation = cell(text1, columns, fed);
            reason(line, fed, "federation", EntryFiles.federationProblem(federation), problems);
            String playerTitle = cell(text1, columns, title);
            if (playerTitle.isEmpty()) {
                playerTitle = cell(text1, columns, womensTitle);
            }
            reason(line, playerTitle.equals(cell(text1, columns, title)) ? title : womensTitle, "title",
                    EntryFiles.titleProblem(playerTitle), problems);
            String ratingText = cell(text1, columns, rating);
            reason(line, rating, "rating " + rating.name(), EntryFiles.ratingProblem(ratingText), problems);
            String year = cell(text1, columns, born);
            reason(line, born, "birth year", EntryFiles.birthYearProblem(year), problems);
            if (problems.size() > before) {
                continue;
            }
            if (!found.add(fideId)) {
                problems.add(new EntryProblem(line, id.start() + 1, "FIDE id", "'" + fideId
                        + "' is already an earlier line's player"));
                continue;
            }
            entries.add(new PlayerEntry(line, fideId, playerName, EntryFiles.rating(ratingText), fideId,
                    playerTitle.toUpperCase(Locale.ROOT), federation.toUpperCase(Locale.ROOT),
                    EntryFiles.birthYear(year.equals("0000") ? "" : year)));
        }
        reportMissing(wanted, found, problems);
        return new EntryList(entries, problems);
    }

    /** The standard rating's column: SRtng in the combined list, the month's (e.g. SEP26) in a single list. */
    private static Column standardRating(List<Column> columns) {
        Column rating = find(columns, "SRtng");
        return rating != null ? rating : columns.stream()
                .filter(c -> MONTH_COLUMN.matcher(c.name().toUpperCase(Locale.ROOT)).matches()).findFirst().orElse(null);
    }

    /** Each FIDE id the organiser asked for that the list does not hold. */
    private static void reportMissing(Set<String> wanted, Set<String> found, List<EntryProblem> problems) {
        Set<String> missing = new LinkedHashSet<>(wanted);
        missing.removeAll(found);
        for (String m : missing) {
            problems.add(new EntryProblem(0, 0, "FIDE id", "'" + m + "' is not in the list"));
        }
    }

    private static void reason(int line, Column column, String field, String reason, List<EntryProblem> problems) {
        if (reason != null) {
            problems.add(new EntryProblem(line, column == null ? 0 : column.start() + 1, field, reason));
        }
    }

    /** The header's columns where their names start; "ID Number" is one column of two words. */
    static List<Column> columns(String header) {
        List<Column> columns = new ArrayList<>();
        int i = 0;
        while (i < header.length()) {
            while (i < header.length() && header.charAt(i) == ' ') {
                i++;
            }
            int start = i;
            while (i < header.length() && header.charAt(i) != ' ') {
                i++;
            }
            if (i > start) {
                String word = header.substring(start, i);
                if (!columns.isEmpty() && word.equalsIgnoreCase("Number")
                        && columns.get(columns.size() - 1).name().equalsIgnoreCase("ID")) {
                    columns.set(columns.size() - 1, new Column("ID Number", columns.get(columns.size() - 1).start()));
                } else {
                    columns.add(new Column(word, start));
                }
            }
        }
        return columns;
    }

    private static Column find(List<Column> columns, String name) {
        return columns.stream().filter(c -> c.name().equalsIgnoreCase(name)).findFirst().orElse(null);
    }

    private static String cell(String line, List<Column> columns, Column column) {
        if (column == null || line.length() <= column.start()) {
            return "";
        }
        int index = columns.indexOf(column);
        int end = index + 1 < columns.size() ? columns.get(index + 1).start() : line.length();
        return line.substring(column.start(), Math.min(end, line.length())).strip();
    }
}
