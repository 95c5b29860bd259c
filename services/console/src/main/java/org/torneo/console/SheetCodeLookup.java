package org.torneo.console;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.LongSupplier;

import com.fasterxml.jackson.databind.JsonNode;

import org.torneo.game.core.board.Side;
import org.torneo.identity.TournamentAuthority;

/**
 * Which sheet a typed board code denotes for a device: among the tournaments whose arbiter assigned the device
 * (DeviceAssigned), the sheet of that code in the tournament's last paired round, in the device's hall and boards.
 * <p>
 * Each tournament's round has its codes in a table per hall, read once from the game service and shared by every
 * device (an open's 2,500 boards bind in the minutes before the round without reading the hall again); the list of
 * tournaments with their last round is read again after {@link #LISTING_FOR_MILLIS}. A code not found is looked up
 * once more in fresh readings (a round paired, or games started, since): the list again, and each table older than
 * {@link #TABLE_FRESH_MILLIS}. A code is a sheet's own within its round
 * ({@link BoardCodes}), but the codes of two tournaments may meet: a device assigned in both is then refused with both
 * boards named ({@link AmbiguousCode}), never bound to one of them (it was once bound to whichever was read last, and
 * its moves went to the other board's game).
 */
final class SheetCodeLookup {

    /** How long a reading of the tournaments' list serves before it is read again. */
    static final long LISTING_FOR_MILLIS = 2_000;
    /** A table not found to hold a code is read again only when older than this (a wrong code typed again and again). */
    static final long TABLE_FRESH_MILLIS = 1_000;

    /** A tournament and its last paired round, as the pairing service lists them. */
    record TournamentRound(String tournamentId, int round) {
    }

    /** The device's assignment in a tournament, if any. */
    interface Assignments {
        Optional<TournamentAuthority.DeviceAssignment> of(String tournamentId);
    }

    /** What the lookup reads: the tournaments (null: not answered) and the games of a round in a hall. */
    interface Source {
        List<TournamentRound> tournaments();

        List<JsonNode> hallGames(String tournamentId, int round, String hall);
    }

    /** A code the sheet's routes refuse, with the HTTP status they answer and why. */
    abstract static class CodeRefused extends RuntimeException {
        private final int status;

        CodeRefused(int status, String message) {
            super(message);
            this.status = status;
        }

        jakarta.ws.rs.core.Response.Status status() {
            return jakarta.ws.rs.core.Response.Status.fromStatusCode(status);
        }
    }

    /** A device assigned as one player's scoresheet typed the other player's code (403). */
    static final class WrongSide extends CodeRefused {
        WrongSide(String message) {
            super(403, message);
        }
    }

    /** Two boards of tournaments the device serves have the code: it cannot tell which the player means (409). */
    static final class AmbiguousCode extends CodeRefused {
        AmbiguousCode(String message) {
            super(409, message);
        }
    }

    private record Table(int round, Map<String, Scoresheets.Binding> byCode, long readAt) {
    }

    private record Listing(List<TournamentRound> tournaments, long readAt) {
    }

    private final BoardCodes codes;
    private final Source source;
    private final LongSupplier millis;
    private final Map<String, Table> tables = new ConcurrentHashMap<>();
    private volatile Listing listing;

    SheetCodeLookup(BoardCodes codes, Source source, LongSupplier millis) {
        this.codes = codes;
        this.source = source;
        this.millis = millis;
    }

    /**
     * The sheet the code denotes for device {@code account} with these assignments; empty when none. Throws
     * {@link AmbiguousCode} when boards of two tournaments it serves have the code, {@link WrongSide} when the code is
     * the other player's sheet of a device assigned to one side.
     */
    Optional<Scoresheets.Binding> resolve(String code, String account, Assignments assignments) {
        if (code == null) {
            return Optional.empty();
        }
        List<Scoresheets.Binding> found = lookUp(code, assignments, false);
        if (found.isEmpty()) {
            found = lookUp(code, assignments, true);
        }
        if (found.size() > 1) {
            StringBuilder boards = new StringBuilder();
            for (Scoresheets.Binding b : found) {
                boards.append(boards.isEmpty() ? "" : " and ").append("tournament ").append(b.tournamentId())
                        .append(" board ").append(b.board()).append(" (").append(b.side() == Side.WHITE ? "White"
                                : "Black").append(")");
            }
            throw new AmbiguousCode("code " + code + " is the code of " + boards + ", and this device is assigned in"
                    + " both: ask the arbiter to assign it in the player's tournament only");
        }
        Optional<Scoresheets.Binding> binding = found.stream().findFirst();
        binding.ifPresent(b -> assignments.of(b.tournamentId()).map(TournamentAuthority.DeviceAssignment::side)
                .filter(only -> !only.name().equals(b.sideName())).ifPresent(only -> {
                    // FIDE 2023 8.1.1.2: each player records on his own scoresheet
                    throw new WrongSide("code " + code + " is " + (b.side() == Side.WHITE ? "White" : "Black")
                            + "'s sheet of board " + b.board() + ", and " + account + " is assigned as "
                            + (only == org.torneo.contracts.Side.WHITE ? "White" : "Black") + "'s scoresheet:"
                            + " a device keeps one player's sheet (FIDE 2023 8.1.1.2); ask the arbiter");
                }));
        return binding;
    }

    private List<Scoresheets.Binding> lookUp(String code, Assignments assignments, boolean fresh) {
        List<TournamentRound> tournaments = tournaments(fresh);
        List<Scoresheets.Binding> found = new ArrayList<>();
        for (TournamentRound t : tournaments) {
            Optional<TournamentAuthority.DeviceAssignment> assignment = assignments.of(t.tournamentId());
            if (assignment.isEmpty()) {
                continue;
            }
            String hall = assignment.get().hall();
            Scoresheets.Binding binding = table(t, hall, fresh).byCode().get(code);
            if (binding != null && (assignment.get().boards().isEmpty()
                    || assignment.get().boards().contains(binding.board()))) {
                found.add(binding);
            }
        }
        return found;
    }

    private List<TournamentRound> tournaments(boolean fresh) {
        Listing known = listing;
        long now = millis.getAsLong();
        if (known != null && !fresh && now - known.readAt() < LISTING_FOR_MILLIS) {
            return known.tournaments();
        }
        List<TournamentRound> read = source.tournaments();
        if (read == null) {
            return known == null ? List.of() : known.tournaments();
        }
        listing = new Listing(List.copyOf(read), now);
        return read;
    }

    private Table table(TournamentRound t, String hall, boolean fresh) {
        String key = t.tournamentId() + "\n" + hall;
        Table known = tables.get(key);
        long now = millis.getAsLong();
        if (known != null && known.round() == t.round() && !(fresh && now - known.readAt() >= TABLE_FRESH_MILLIS)) {
            return known;
        }
        Map<String, Scoresheets.Binding> byCode = new java.util.HashMap<>();
        for (JsonNode g : source.hallGames(t.tournamentId(), t.round(), hall)) {
            int board = g.path("board").asInt();
            for (Side side : Side.values()) {
                String name = side == Side.WHITE ? "WHITE" : "BLACK";
                String code = codes.code(t.tournamentId(), t.round(), board, name);
                byCode.put(code, new Scoresheets.Binding(code, t.tournamentId(), t.round(), hall, board, side,
                        g.path("gameId").asText(), g.path("whitePlayerId").asText(),
                        g.path("blackPlayerId").asText(), g.path("edition").asText("")));
            }
        }
        Table read = new Table(t.round(), Map.copyOf(byCode), now);
        tables.put(key, read);
        return read;
    }
}
