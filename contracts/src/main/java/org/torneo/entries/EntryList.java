package org.torneo.entries;

import java.util.List;

/** What a reader found: the players of the good lines in file order, and every problem in line order. */
public record EntryList(List<PlayerEntry> entries, List<EntryProblem> problems) {

    public EntryList {
        entries = List.copyOf(entries);
        problems = List.copyOf(problems);
    }

    /** The lines that have at least one problem (each gave no entry). */
    public long badLines() {
        return problems.stream().mapToInt(EntryProblem::line).distinct().count();
    }
}
