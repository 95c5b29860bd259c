package org.torneo.game.core.rounds;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

import org.torneo.contracts.Message;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.game.BoardGameId;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.GameCommand.CancelGame;
import org.torneo.contracts.game.GameCommand.CorrectPlayers;
import org.torneo.contracts.game.GameCommand.StartGame;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.TournamentEvent.PairingCorrected;
import org.torneo.contracts.tournament.TournamentEvent.RoundClosed;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;
import org.torneo.contracts.tournament.TournamentEvent.TournamentCreated;

/**
 * What the tournament's published rounds ask of the game service, decided from the tournament's events read in
 * partition order: one StartGame per board whose game does not exist yet, under the tournament's ruleset and time
 * control (FIDE 2018 6.3.1; none when the tournament has none: then no clock runs); a pairing correction's
 * CorrectPlayers and CancelGame. Every command id is derived from the game id or the correction's event id, so a
 * replay or a restart sends the same ids and the game service drops the repeats. The game service's app reads the
 * topic, asks this class and sends what it answers (the round starter); whether a game exists, and how many games a
 * tournament has, are the game service's answers, passed in.
 *
 * <p>A pairing the arbiter corrected (PairingCorrected: same players, boards rearranged) reaches the games it
 * changes: per board, a game neither paired before nor existing is started with the corrected players; a board
 * whose White and Black stay is left alone; any other gets CorrectPlayers with the corrected players, the arbiter's
 * reason and the correction's event id. The seeds are silent; current FIDE practice (C.04.2; C.04.3 of 2017
 * F.6-F.7): only the arbiter changes a pairing made public, it is his decision whether the correction affects a
 * pairing not yet played, and a game that has begun is played as paired (the game refuses the command once a move
 * has been made, and records the refusal). A board paired before whose game is not there yet gets the correction
 * too, not a second StartGame: its StartGame may still be on its way, and a start with the same command id would be
 * dropped as a repeat; the correction follows it on the game's partition. Byes need nothing from the game service.
 *
 * <p>A board of the round as published before whose number the correction no longer has (its players moved to other
 * boards, or both to byes) gets CancelGame, with a command id derived from the correction's event id and the board
 * (not the CorrectPlayers id of that board): the game, if no move has been made, is cancelled (not played, no result);
 * if it has begun, it refuses and records why, and the arbiter decides. A board number the correction reuses for
 * other players is not cancelled: its game gets CorrectPlayers, even when both of the players it had went to byes.
 *
 * <p>The service's bound on a tournament's games (issue 17; not a Law) holds here too: before it starts a round's
 * new games (or those a correction adds) it counts the tournament's games (those the game service holds, plus those
 * asked for and not held yet). When the new ones would pass the limit none of them is started and the outcome says
 * why; the corrections and cancellations of games that exist still go out. All or none, so that no round is half
 * played by the service's choice.
 *
 * <p>Not thread-safe: one reader calls it, in partition order.
 */
public final class RoundStarts {

    /** A command to one game, as the game service, with its idempotency key. */
    public sealed interface Dispatch permits Start, Correct, Cancel {
        UUID commandId();

        String gameId();

        GameCommand command();
    }

    /** One game to start: its id and the command. */
    public record Start(String gameId, StartGame command) implements Dispatch {
        @Override
        public UUID commandId() {
            return startCommandId(gameId);
        }
    }

    /** A game whose players the arbiter's correction changed. */
    public record Correct(UUID commandId, String gameId, CorrectPlayers command) implements Dispatch {
    }

    /** A game of a board the arbiter's correction removed. */
    public record Cancel(UUID commandId, String gameId, CancelGame command) implements Dispatch {
    }

    /**
     * What one event asks: the commands to send; why the event's new games were not started (the limit), or null;
     * a note for the operator (a ruleset id that names no edition), or null.
     */
    public record Outcome(List<Dispatch> dispatches, String refusal, String note) {
        static final Outcome NOTHING = new Outcome(List.of(), null, null);

        public Outcome {
            dispatches = List.copyOf(dispatches);
        }
    }

    /** What a tournament's games are played under, from its TournamentCreated. */
    private record Terms(Ruleset ruleset, TimeControl timeControl) {
    }

    private record RoundKey(String tournamentId, int round) {
    }

    private final Predicate<String> gameExists;
    private final ToLongFunction<String> gamesOf;
    private final long maxGamesPerTournament;
    private final String limitName;
    private final Map<String, Terms> tournaments = new HashMap<>();
    /** The boards of every open round as last published (paired or corrected), by round then board number. */
    private final Map<RoundKey, Map<Integer, Board>> published = new HashMap<>();
    /** The games asked to start, by tournament, until the game service holds them. */
    private final Map<String, Set<String>> asked = new HashMap<>();

    /**
     * @param gameExists            whether the game service holds a game
     * @param gamesOf               how many games a tournament has (those the game service holds)
     * @param maxGamesPerTournament the most games a tournament may have
     * @param limitName             the setting that sets that limit, named in a refusal
     */
    public RoundStarts(Predicate<String> gameExists, ToLongFunction<String> gamesOf, long maxGamesPerTournament,
                       String limitName) {
        if (maxGamesPerTournament < 1) {
            throw new IllegalArgumentException(limitName + " must be at least 1, not " + maxGamesPerTournament);
        }
        this.gameExists = gameExists;
        this.gamesOf = gamesOf;
        this.maxGamesPerTournament = maxGamesPerTournament;
        this.limitName = limitName;
    }

    /** Forgets every tournament: the topic is read again from its beginning. */
    public void startOver() {
        tournaments.clear();
        published.clear();
        asked.clear();
    }

    /** The game id of a tournament board: stable, so the same pairing always names the same game. */
    public static String gameId(String tournamentId, int round, int board) {
        return BoardGameId.of(tournamentId, round, board);
    }

    public static UUID startCommandId(String gameId) {
        return UUID.nameUUIDFromBytes(("StartGame:" + gameId).getBytes(StandardCharsets.UTF_8));
    }

    /** The id of the CorrectPlayers a pairing correction sends to one board's game: the same on every replay. */
    public static UUID correctionCommandId(UUID correctionEventId, int board) {
        return UUID.nameUUIDFromBytes(("CorrectPlayers:" + correctionEventId + ":" + board)
                .getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The id of the CancelGame a pairing correction sends to the game of a board it removed: the same on every replay,
     * and never the {@link #correctionCommandId} of that board.
     */
    public static UUID cancellationCommandId(UUID correctionEventId, int board) {
        return UUID.nameUUIDFromBytes(("CancelGame:" + correctionEventId + ":" + board)
                .getBytes(StandardCharsets.UTF_8));
    }

    /** What the tournament topic's event {@code eventId} asks of the game service (nothing for most events). */
    public Outcome on(UUID eventId, Message event) {
        return switch (event) {
            case TournamentCreated created -> created(created);
            case RoundPaired round -> starts(round);
            case PairingCorrected correction -> corrections(eventId, correction);
            case RoundClosed closed -> {
                // a closed round's pairings can no longer be corrected: forget its boards
                published.remove(new RoundKey(closed.tournamentId(), closed.round()));
                yield Outcome.NOTHING;
            }
            // the tournament topic's other events (players, byes, results ...) ask nothing of the games
            default -> Outcome.NOTHING;
        };
    }

    private Outcome created(TournamentCreated created) {
        var ruleset = RulesetIds.parse(created.rulesetId());
        tournaments.put(created.tournamentId(), new Terms(ruleset.orElse(Ruleset.DEFAULT), created.timeControl()));
        // the design's default ruleset (FIDE 2018 standard) when the id names no edition
        return ruleset.isPresent() ? Outcome.NOTHING : new Outcome(List.of(), null, "tournament "
                + created.tournamentId() + " ruleset '" + created.rulesetId() + "' names no edition; its games use"
                + " FIDE 2018 standard");
    }

    private Outcome starts(RoundPaired round) {
        Map<Integer, Board> boards = published.computeIfAbsent(new RoundKey(round.tournamentId(), round.round()),
                k -> new HashMap<>());
        List<Dispatch> starts = new ArrayList<>();
        for (Board board : round.boards()) {
            boards.put(board.number(), board);
            String gameId = gameId(round.tournamentId(), round.round(), board.number());
            if (gameExists.test(gameId)) {
                continue;
            }
            starts.add(start(round.tournamentId(), round.round(), board, round.at()));
        }
        return admitted(round.tournamentId(), round.round(), starts);
    }

    /**
     * The new games of one event, all of them when the tournament stays within its limit, none otherwise (then the
     * outcome's refusal says why). Not a Law: the service's bound on its work (issue 17), as at POST /games.
     */
    private Outcome admitted(String tournamentId, int round, List<Dispatch> dispatches) {
        long adding = dispatches.stream().filter(d -> d instanceof Start).count();
        if (adding == 0) {
            return new Outcome(dispatches, null, null);
        }
        Set<String> pending = asked.computeIfAbsent(tournamentId, t -> new HashSet<>());
        pending.removeIf(gameExists); // held by the service now: counted by gamesOf
        long has = gamesOf.applyAsLong(tournamentId) + pending.size();
        if (has + adding > maxGamesPerTournament) {
            String refusal = String.format(Locale.ROOT, "round %d of tournament %s would start %,d games where the "
                    + "tournament has %,d, past the limit set by %s (%,d): none of them is started", round,
                    tournamentId, adding, has, limitName, maxGamesPerTournament);
            return new Outcome(dispatches.stream().filter(d -> !(d instanceof Start)).toList(), refusal, null);
        }
        dispatches.stream().filter(d -> d instanceof Start).forEach(d -> pending.add(d.gameId()));
        return new Outcome(dispatches, null, null);
    }

    private Start start(String tournamentId, int round, Board board, Instant at) {
        Terms terms = tournaments.getOrDefault(tournamentId, new Terms(Ruleset.DEFAULT, null));
        // FIDE 2018 6.3.1: every game is played under the time control the event specified in advance
        return new Start(gameId(tournamentId, round, board.number()), new StartGame(tournamentId, round,
                board.number(), board.white(), board.black(), terms.ruleset(), null, null, board.hall(),
                terms.timeControl(), null, at));
    }

    /**
     * C.04.2; C.04.3 (2017) F.6-F.7 (the seeds are silent: current FIDE practice): the arbiter's correction of a
     * pairing made public reaches every game of the round whose White or Black it changes, and cancels the game of
     * every board it removes; whether a game has begun, and so is played as paired, the game itself decides.
     */
    private Outcome corrections(UUID correctionEventId, PairingCorrected correction) {
        Map<Integer, Board> boards = published.computeIfAbsent(
                new RoundKey(correction.tournamentId(), correction.round()), k -> new HashMap<>());
        String reason = correction.reason() == null || correction.reason().isBlank()
                ? "the arbiter corrected the pairing of round " + correction.round() : correction.reason();
        String correctedBy = correction.actor() == null ? null : correction.actor().id();
        List<Dispatch> dispatches = new ArrayList<>();
        Set<Integer> kept = new HashSet<>();
        for (Board board : correction.boards()) {
            kept.add(board.number());
            Board before = boards.put(board.number(), board);
            String gameId = gameId(correction.tournamentId(), correction.round(), board.number());
            if (before == null && !gameExists.test(gameId)) {
                dispatches.add(start(correction.tournamentId(), correction.round(), board, correction.at()));
            } else if (before == null || !before.white().equals(board.white()) || !before.black().equals(board.black())) {
                dispatches.add(new Correct(correctionCommandId(correctionEventId, board.number()), gameId,
                        new CorrectPlayers(board.white(), board.black(), reason, correctedBy, correctionEventId,
                                correction.at())));
            }
        }
        // C.04.2; C.04.3 (2017) F.6-F.7: a board the correction no longer has is not played; its game, if not begun,
        // is cancelled (a number reused for other players was corrected above, even if its players went to byes)
        List<Integer> removed = boards.keySet().stream().filter(number -> !kept.contains(number)).sorted().toList();
        for (int number : removed) {
            boards.remove(number);
            dispatches.add(new Cancel(cancellationCommandId(correctionEventId, number),
                    gameId(correction.tournamentId(), correction.round(), number),
                    new CancelGame(reason, correctedBy, correctionEventId, correction.at())));
        }
        return admitted(correction.tournamentId(), correction.round(), dispatches);
    }
}
