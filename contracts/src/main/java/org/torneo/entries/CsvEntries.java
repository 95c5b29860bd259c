package org.torneo.entries;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads an entry list from CSV: the first non-blank line is the header, whose names say which column is which
 * (case, accents, spaces, dots, dashes and underscores ignored; English or Spanish). Only the name is required.
 * The separator is the one of {@code ;} and {@code ,} the header holds more of (spreadsheets in Spanish write
 * {@code ;}); a field may be quoted with {@code "}, a quote inside it doubled. Columns not named here are ignored.
 */
public final class CsvEntries {

    /** The fields and the header names each is known by. */
    enum Field {
        NAME("name", "name", "nombre", "player", "playername", "jugador", "apellidosynombre", "fullname"),
        RATING("rating", "rating", "elo", "fiderating", "elofide", "srtng", "std", "standard"),
        FIDE_ID("FIDE id", "fideid", "fide", "idfide", "fidenumber", "fidenr", "fidecode", "codigofide"),
        PLAYER_ID("player id", "id", "playerid", "idjugador"),
        TITLE("title", "title", "titulo", "tit"),
        FEDERATION("federation", "federation", "fed", "federacion", "country", "pais", "nation"),
        BIRTH_YEAR("birth year", "birthyear", "birth", "born", "bday", "yearofbirth", "yob", "nacimiento",
                "anodenacimiento", "ano");

        final String label;
        final Set<String> headers;

        Field(String label, String... headers) {
            this.label = label;
            this.headers = Set.of(headers);
        }
    }

    private CsvEntries() {
    }

    public static EntryList read(String text) {
        List<PlayerEntry> entries = new ArrayList<>();
        List<EntryProblem> problems = new ArrayList<>();
        String[] lines = text.split("\r\n|\r|\n", -1);
        int headerLine = 0;
        while (headerLine < lines.length && lines[headerLine].isBlank()) {
            headerLine++;
        }
        if (headerLine == lines.length) {
            problems.add(new EntryProblem(0, 0, "", "the file is empty: a header line (e.g. name;rating;fide id) and "
                    + "one line per player are expected"));
            return new EntryList(entries, problems);
        }
        String header = lines[headerLine];
        char separator = count(header, ';') > count(header, ',') ? ';' : ',';
        List<Cell> names = new ArrayList<>();
        String headerProblem = split(header, separator, names);
        if (headerProblem != null) {
            problems.add(new EntryProblem(headerLine + 1, 0, "header", headerProblem));
            return new EntryList(entries, problems);
        }
        Map<Field, Integer> columns = columns(names, headerLine + 1, header, problems);
        if (!problems.isEmpty()) {
            return new EntryList(entries, problems);
        }
        Set<String> ids = new HashSet<>();
        for (int i = headerLine + 1; i < lines.length; i++) {
            if (lines[i].isBlank()) {
                continue;
            }
            int line = i + 1;
            List<Cell> cells = new ArrayList<>();
            String splitProblem = split(lines[i], separator, cells);
            if (splitProblem != null) {
                problems.add(new EntryProblem(line, 0, "", splitProblem));
                continue;
            }
            if (cells.size() > names.size()) {
                problems.add(new EntryProblem(line, cells.get(names.size()).column(), "", cells.size()
                        + " fields where the header has " + names.size() + " (a '" + separator + "' inside a field "
                        + "needs the field quoted)"));
                continue;
            }
            int before = problems.size();
            String name = value(cells, columns, Field.NAME);
            if (name.isEmpty()) {
                problems.add(new EntryProblem(line, column(cells, columns, Field.NAME, lines[i]), Field.NAME.label,
                        "the name is empty"));
            }
            String rating = check(line, cells, columns, Field.RATING, lines[i], EntryFiles::ratingProblem, problems);
            String fideId = check(line, cells, columns, Field.FIDE_ID, lines[i], EntryFiles::fideIdProblem, problems);
            String title = check(line, cells, columns, Field.TITLE, lines[i], EntryFiles::titleProblem, problems);
            String federation = check(line, cells, columns, Field.FEDERATION, lines[i], EntryFiles::federationProblem,
                    problems);
            String born = check(line, cells, columns, Field.BIRTH_YEAR, lines[i], EntryFiles::birthYearProblem,
                    problems);
            String given = value(cells, columns, Field.PLAYER_ID);
            if (problems.size() > before) {
                continue;
            }
            String playerId = !given.isEmpty() ? given : !fideId.isEmpty() ? fideId : EntryFiles.idOf(name);
            if (!ids.add(playerId)) {
                problems.add(new EntryProblem(line, columns.containsKey(Field.PLAYER_ID) || columns.containsKey(
                        Field.FIDE_ID) ? column(cells, columns, given.isEmpty() ? Field.FIDE_ID : Field.PLAYER_ID,
                        lines[i]) : column(cells, columns, Field.NAME, lines[i]), "player id",
                        "'" + playerId + "' is already an earlier line's player"));
                continue;
            }
            entries.add(new PlayerEntry(line, playerId, name, EntryFiles.rating(rating), fideId,
                    title.toUpperCase(Locale.ROOT), federation.toUpperCase(Locale.ROOT), born.equals("0000") ? 0
                    : EntryFiles.birthYear(born)));
        }
        return new EntryList(entries, problems);
    }

    /** Which column holds which field, from the header's names; two columns for one field or no name are problems. */
    private static Map<Field, Integer> columns(List<Cell> names, int line, String header, List<EntryProblem> problems) {
        Map<Field, Integer> columns = new HashMap<>();
        for (int i = 0; i < names.size(); i++) {
            String key = key(names.get(i).value());
            for (Field field : Field.values()) {
                if (field.headers.contains(key)) {
                    if (columns.putIfAbsent(field, i) != null) {
                        problems.add(new EntryProblem(line, names.get(i).column(), "header", "two columns are"
                                + " the " + field.label + ": '" + names.get(columns.get(field)).value() + "' and '"
                                + names.get(i).value() + "'"));
                    }
                }
            }
        }
        if (!columns.containsKey(Field.NAME)) {
            problems.add(new EntryProblem(line, 0, "header", "no name column: the header '" + header.strip()
                    + "' should name one (name or nombre), and may name rating, FIDE id, title, federation, birth year"));
        }
        return columns;
    }

    /** A field's text and the column (1-based) where it starts. */
    record Cell(String value, int column) {
    }

    private static String check(int line, List<Cell> cells, Map<Field, Integer> columns, Field field, String text,
                                java.util.function.Function<String, String> problem, List<EntryProblem> problems) {
        String value = value(cells, columns, field);
        String reason = problem.apply(value);
        if (reason != null) {
            problems.add(new EntryProblem(line, column(cells, columns, field, text), field.label, reason));
        }
        return value;
    }

    private static String value(List<Cell> cells, Map<Field, Integer> columns, Field field) {
        Integer i = columns.get(field);
        return i == null || i >= cells.size() ? "" : cells.get(i).value().strip();
    }

    private static int column(List<Cell> cells, Map<Field, Integer> columns, Field field, String text) {
        Integer i = columns.get(field);
        return i == null ? 0 : i < cells.size() ? cells.get(i).column() : text.length() + 1;
    }

    /** Splits one line into cells; the reason when a quote is not closed. */
    private static String split(String line, char separator, List<Cell> cells) {
        int i = 0;
        while (true) {
            int start = i;
            StringBuilder value = new StringBuilder();
            if (i < line.length() && line.charAt(i) == '"') {
                i++;
                while (true) {
                    if (i >= line.length()) {
                        return "column " + (start + 1) + ": the quote opened here is not closed";
                    }
                    char c = line.charAt(i);
                    if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                        value.append('"');
                        i += 2;
                    } else if (c == '"') {
                        i++;
                        break;
                    } else {
                        value.append(c);
                        i++;
                    }
                }
                while (i < line.length() && line.charAt(i) != separator) {
                    if (!Character.isWhitespace(line.charAt(i))) {
                        return "column " + (i + 1) + ": text after a quoted field's closing quote";
                    }
                    i++;
                }
            } else {
                while (i < line.length() && line.charAt(i) != separator) {
                    value.append(line.charAt(i++));
                }
            }
            cells.add(new Cell(value.toString(), start + 1));
            if (i >= line.length()) {
                return null;
            }
            i++; // the separator
        }
    }

    private static int count(String text, char c) {
        return (int) text.chars().filter(x -> x == c).count();
    }

    /** A header name as compared: "Año de nacimiento" is "anodenacimiento", "FIDE-ID" is "fideid". */
    static String key(String header) {
        String ascii = Normalizer.normalize(header.strip(), Normalizer.Form.NFD).replaceAll("\\p{M}", "");
        return ascii.toLowerCase(Locale.ROOT).replaceAll("[\\s._\\-/#]+", "");
    }
}
