package org.torneo.game.core.pgn;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One game of a PGN file as read: tag pairs in file order, the moves of the main line (variations are skipped),
 * the comment before the first move, the game termination marker, and where the game starts in the text.
 * Moves are not yet checked against the rules: {@link PgnReplay} does that.
 */
public record PgnGame(Map<String, String> tags, String leadingComment, List<PgnMove> moves, String result,
                      int number, int line) {
    /** The Seven Tag Roster (PGN standard 8.1.1), in its export order. */
    public static final List<String> SEVEN_TAG_ROSTER = List.of("Event", "Site", "Date", "Round", "White", "Black", "Result");

    public PgnGame {
        tags = Collections.unmodifiableMap(new LinkedHashMap<>(tags));
        leadingComment = leadingComment == null ? "" : leadingComment;
        moves = List.copyOf(moves);
    }

    public Optional<String> tag(String name) {
        return Optional.ofNullable(tags.get(name));
    }

    /** A short name for messages: the GameId tag, else "White - Black", else empty. */
    public String displayName() {
        if (tags.containsKey("GameId")) {
            return tags.get("GameId");
        }
        if (tags.containsKey("White") || tags.containsKey("Black")) {
            return tags.getOrDefault("White", "?") + " - " + tags.getOrDefault("Black", "?");
        }
        return "";
    }
}
