package org.torneo.entries;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.torneo.trf.TrfFormatException;
import org.torneo.trf.TrfPlayer;
import org.torneo.trf.TrfReader;

/**
 * Reads the players of a FIDE TRF (TRF-16 or TRF-26: the static part of each line 001 is the same) as entries for a
 * tournament that exists already: another event's file or a federation's registration export. Only the 001 lines are
 * read (name, rating, title, federation, FIDE id, birth year); their start numbers, points and rounds belong to the
 * file's own event and are left out: the tournament numbers its players itself. A line 001 that does not read is a
 * problem with its line and column, as the TRF reader names it; the other lines still give their players.
 */
public final class TrfEntries {

    private TrfEntries() {
    }

    public static EntryList read(String text) {
        List<PlayerEntry> entries = new ArrayList<>();
        List<EntryProblem> problems = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        String[] lines = text.split("\r\n|\r|\n", -1);
        for (int i = 0; i < lines.length; i++) {
            int line = i + 1;
            if (!lines[i].startsWith("001")) {
                continue;
            }
            TrfPlayer p;
            try {
                p = TrfReader.parsePlayer(lines[i], line);
            } catch (TrfFormatException e) {
                problems.add(new EntryProblem(line, e.column(), "player record", e.reason()));
                continue;
            }
            if (p.name().isBlank()) {
                problems.add(new EntryProblem(line, 15, "name", "player " + p.startNumber() + " has no name (columns"
                        + " 15-47)"));
                continue;
            }
            // FIDE's title codes, older writers' short ones (g, m, wg ...) included (TRF-16 line 001, columns 11-13)
            String title = EntryFiles.fideTitle(p.title());
            if (title == null) {
                problems.add(new EntryProblem(line, 11, "title", "'" + p.title() + "' is not a FIDE title (GM, IM, FM,"
                        + " CM, WGM, WIM, WFM, WCM, or g, m, f, c, wg, wm, wf, wc)"));
                continue;
            }
            if (!p.federation().isEmpty() && !EntryFiles.isFederation(p.federation())) {
                problems.add(new EntryProblem(line, 54, "federation", "'" + p.federation() + "' is not a federation"
                        + " (three capital letters)"));
                continue;
            }
            if (p.rating() > EntryFiles.MAX_RATING) {
                problems.add(new EntryProblem(line, 49, "rating", p.rating() + " is above " + EntryFiles.MAX_RATING));
                continue;
            }
            String playerId = !p.fideId().isEmpty() ? p.fideId() : EntryFiles.idOf(p.name());
            if (!ids.add(playerId)) {
                problems.add(new EntryProblem(line, p.fideId().isEmpty() ? 15 : 58, "player id",
                        "'" + playerId + "' is already an earlier line's player"));
                continue;
            }
            // the birth date is yyyy/mm/dd (TRF-16) or yyyy (some writers): its year
            String born = p.birthDate().length() >= 4 ? p.birthDate().substring(0, 4) : "";
            int birthYear = born.chars().allMatch(Character::isDigit) && !born.isEmpty() ? Integer.parseInt(born) : 0;
            entries.add(new PlayerEntry(line, playerId, p.name(), p.rating(), p.fideId(), title, p.federation(),
                    birthYear));
        }
        if (entries.isEmpty() && problems.isEmpty()) {
            problems.add(new EntryProblem(1, 1, "file", "no player record: a TRF lists its players on lines starting"
                    + " with 001"));
        }
        return new EntryList(entries, problems);
    }
}
