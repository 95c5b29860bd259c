package org.torneo.entries;

/**
 * What is wrong with a line of an entry file: its line (1-based; 0 for what the whole file lacks), the column where the
 * bad field starts (1-based, 0 when the whole line), the field's name and the reason.
 */
public record EntryProblem(int line, int column, String field, String reason) {

    /** "line 3, column 14 (rating): 'abc' is not a whole number". */
    public String text() {
        return (line > 0 ? "line " + line : "the file") + (column > 0 ? ", column " + column : "")
                + (field.isEmpty() ? "" : " (" + field + ")") + ": " + reason;
    }
}
