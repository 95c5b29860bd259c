package org.torneo.audit.verify;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;

import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.game.ClaimEvent.CommandRejected;
import org.torneo.contracts.game.MoveEvent.GameCancelled;
import org.torneo.contracts.game.MoveEvent.GameStarted;
import org.torneo.contracts.game.MoveEvent.IllegalMoveNotCompleted;
import org.torneo.contracts.game.MoveEvent.IllegalMoveRecorded;
import org.torneo.contracts.game.MoveEvent.MovePlayed;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.contracts.results.ResultEvent.ResultCorrected;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.TournamentEvent.PairingCorrected;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;
import org.torneo.game.core.game.GameState;

/**
 * Games cancelled by a pairing correction, checked from both sides. The seeds are silent; current FIDE practice
 * (C.04.2: only the arbiter changes a pairing made public; C.04.3 of 2017 F.6-F.7: a correction affects only a pairing
 * not yet played, a game that has begun is played as paired):
 * <ul>
 * <li>every {@code GameCancelled} follows a {@code PairingCorrected} of the game's tournament and round that removed
 *     the game's board (its number is gone, or both its players now have byes), was decided by the arbiter (or by the
 *     game service applying his published correction), came before the game began (no move, legal or illegal, made)
 *     and is followed by no result and no move;</li>
 * <li>every board a {@code PairingCorrected} removed whose game had not begun got a {@code GameCancelled}, or a
 *     recorded refusal of the cancellation ({@code CommandRejected} of {@code game.CancelGame}) that is right because
 *     the game had begun by then.</li>
 * </ul>
 * Which came first across aggregates (a correction on the tournament stream, a move in the game) is judged by the
 * events' times; within a game by its sequence.
 */
final class GameCancellations {

    static final String ARTICLE = "C.04.2, C.04.3 (2017) F.6-F.7";
    private static final String CANCEL_COMMAND = "game.CancelGame";

    /** A published correction with the boards of its round just before it. */
    private record Correction(Envelope envelope, PairingCorrected event, Set<Integer> removed) {

        String tournamentId() {
            return event.tournamentId();
        }

        Instant at() {
            return envelope.occurredAt();
        }

        boolean removes(int board, String white, String black) {
            boolean numberGone = event.boards().stream().noneMatch(b -> b.number() == board);
            Set<String> byes = event.byes().stream().map(Bye::playerId).collect(Collectors.toSet());
            return numberGone || (byes.contains(white) && byes.contains(black));
        }

        String text() {
            // the event's actor is optional on the wire: a correction without one is still reported, never a crash
            String by = event.actor() == null ? "no recorded actor" : event.actor().role() + " " + event.actor().id();
            return "correction " + envelope.eventId() + " of " + tournamentId() + " round " + event.round() + " at "
                    + at() + " by " + by + " (reason: " + event.reason() + ")";
        }
    }

    /** What the log shows of one game, for the check of the corrections that removed its board. */
    private static final class GameFacts {
        final String gameId;
        String tournamentId;
        int round;
        int board;
        /** The first move made (legal or illegal), or null: the game never began. */
        Envelope begun;
        final List<Envelope> cancellations = new ArrayList<>();
        /** Refused cancellations, each with whether the game had begun (or was over) when it was refused. */
        final Map<Envelope, Boolean> refusals = new LinkedHashMap<>();

        GameFacts(String gameId) {
            this.gameId = gameId;
        }
    }

    private final Map<UUID, Correction> byEventId = new HashMap<>();
    private final List<Correction> corrections = new ArrayList<>();
    private final Map<String, GameFacts> games = new LinkedHashMap<>();
    private final Map<String, Envelope> cancelledIn = new HashMap<>();

    /** Indexes the corrections of every tournament, each tournament's events given in sequence order. */
    GameCancellations(Map<String, List<Envelope>> tournamentsInSequence) {
        tournamentsInSequence.forEach((id, events) -> {
            Map<Integer, Map<Integer, Board>> published = new HashMap<>();
            for (Envelope env : events) {
                switch (env.payload()) {
                    case RoundPaired paired -> published.put(paired.round(), byNumber(paired.boards()));
                    case PairingCorrected corrected -> {
                        Map<Integer, Board> before = published.getOrDefault(corrected.round(), Map.of());
                        Map<Integer, Board> after = byNumber(corrected.boards());
                        Set<Integer> removed = before.keySet().stream().filter(n -> !after.containsKey(n))
                                .collect(Collectors.toCollection(java.util.TreeSet::new));
                        Correction correction = new Correction(env, corrected, removed);
                        byEventId.put(env.eventId(), correction);
                        corrections.add(correction);
                        published.put(corrected.round(), after);
                    }
                    default -> {
                    }
                }
            }
        });
    }

    private static Map<Integer, Board> byNumber(List<Board> boards) {
        Map<Integer, Board> map = new TreeMap<>();
        boards.forEach(b -> map.put(b.number(), b));
        return map;
    }

    /** One event of a game, with the game's state before it (folded by the game core). */
    void observe(String gameId, Envelope env, EventMessage event, GameState before, List<Decision> out) {
        GameFacts facts = games.computeIfAbsent(gameId, GameFacts::new);
        Envelope cancelled = cancelledIn.get(gameId);
        if (cancelled != null && (event instanceof GameEnded || event instanceof ResultCorrected
                || event instanceof MovePlayed)) {
            // the game core's GameCancelled: "not played, no result"; no GameEnded may follow it
            out.add(new Decision(gameId, "game cancelled", env.eventId(), env.sequence(), false, ARTICLE,
                    "the game was cancelled by a pairing correction (event " + cancelled.eventId() + ", #"
                            + cancelled.sequence() + "), yet the log records " + event.getClass().getSimpleName()
                            + " after it: a cancelled game is not played and has no result",
                    describe(event)));
        }
        switch (event) {
            case GameStarted started -> {
                facts.tournamentId = started.tournamentId();
                facts.round = started.round();
                facts.board = started.board();
            }
            case MovePlayed m when facts.begun == null -> facts.begun = env;
            case IllegalMoveRecorded m when facts.begun == null -> facts.begun = env;
            case IllegalMoveNotCompleted m when facts.begun == null -> facts.begun = env;
            case GameCancelled cancel -> {
                checkCancellation(gameId, env, cancel, before, out);
                facts.cancellations.add(env);
                cancelledIn.putIfAbsent(gameId, env);
            }
            case CommandRejected rejected when rejected.commandType().equals(CANCEL_COMMAND) ->
                    facts.refusals.put(env, begun(before) != null || before.isOver());
            default -> {
            }
        }
    }

    /**
     * Why the game counts as begun (a move made, legal or illegal), or null: exactly the game core's rule
     * (GameDecider.howTheGameBegan), which looks at the game as it stands; moves taken back to ply 0 (or an annulled
     * game not yet replayed) leave a game not begun, so its cancellation is right.
     */
    private static String begun(GameState state) {
        if (state.ply() > 0) {
            return state.ply() + (state.ply() == 1 ? " ply" : " plies") + " played";
        }
        if (state.whiteIllegalMoves() + state.blackIllegalMoves() > 0 || state.illegalMoveNotCompleted() != null) {
            return "an illegal move was made";
        }
        return null;
    }

    private void checkCancellation(String gameId, Envelope env, GameCancelled cancel, GameState before,
                                   List<Decision> out) {
        Actor actor = env.actor();
        GameStarted started = before.started();
        String evidence = "by " + actor.role() + " " + actor.id() + ", cancelledBy " + cancel.cancelledBy()
                + ", correction " + cancel.pairingCorrection() + ", at " + cancel.cancelledAt() + "; reason: "
                + cancel.reason();
        String why;
        if (actor.role() != Actor.Role.ARBITER && actor.role() != Actor.Role.SYSTEM) {
            // C.04.2: only the arbiter changes a pairing made public
            why = "cancelled by a " + actor.role().name().toLowerCase(java.util.Locale.ROOT) + ", not by the arbiter";
        } else if (actor.role() == Actor.Role.SYSTEM && cancel.pairingCorrection() == null) {
            why = "cancelled by the service without the arbiter's published correction";
        } else if (started == null) {
            why = "the game was never started";
        } else if (before.isOver()) {
            why = "the game was already over" + (before.ended() == null ? "" : " (" + before.ended().result().notation()
                    + ", " + before.ended().reason() + ")");
        } else if (begun(before) != null) {
            // C.04.3 (2017) F.7: a game that has begun is played as paired
            why = "the game had begun: " + begun(before) + "; it is played as paired";
        } else {
            why = correctionProblem(cancel, env, started, before);
            if (why == null && cancel.pairingCorrection() != null && actor.role() == Actor.Role.SYSTEM) {
                Correction c = byEventId.get(cancel.pairingCorrection());
                if (c.event().actor() == null) {
                    // C.04.2: only the arbiter changes a pairing made public; a correction naming nobody proves none
                    why = "it names " + cancel.cancelledBy() + " as the arbiter, but the correction records no actor";
                } else if (!c.event().actor().id().equals(cancel.cancelledBy())) {
                    why = "it names " + cancel.cancelledBy() + " as the arbiter, but the correction was made by "
                            + c.event().actor().id();
                }
            }
        }
        String board = started == null ? "" : started.tournamentId() + " round " + started.round() + " board "
                + started.board();
        out.add(new Decision(gameId, "game cancelled", env.eventId(), env.sequence(), why == null,
                cancel.article().isBlank() ? ARTICLE : cancel.article(), why == null ? "cancelled before it began: "
                + board + " was removed by the arbiter's pairing correction; not played, no result" : why, evidence));
    }

    /**
     * Why no correction of the game's tournament and round, made before the cancellation, removed its board; or null.
     */
    private String correctionProblem(GameCancelled cancel, Envelope env, GameStarted started, GameState before) {
        String white = before.whitePlayerId();
        String black = before.blackPlayerId();
        String where = started.tournamentId() + " round " + started.round();
        if (cancel.pairingCorrection() != null) {
            Correction c = byEventId.get(cancel.pairingCorrection());
            if (c == null) {
                return "it names pairing correction " + cancel.pairingCorrection() + ", which is not in the log";
            }
            if (!c.tournamentId().equals(started.tournamentId()) || c.event().round() != started.round()) {
                return "it names " + c.text() + ", but the game is of " + where;
            }
            if (c.at().isAfter(env.occurredAt())) {
                return "it precedes the correction it names (" + c.text() + "; cancelled at " + env.occurredAt() + ")";
            }
            if (!c.removes(started.board(), white, black)) {
                return c.text() + " keeps board " + started.board() + " (" + boardOf(c.event(), started.board())
                        + ") and does not give both " + white + " and " + black + " a bye";
            }
            return null;
        }
        boolean removedBefore = corrections.stream().anyMatch(c -> c.tournamentId().equals(started.tournamentId())
                && c.event().round() == started.round() && !c.at().isAfter(env.occurredAt())
                && c.removes(started.board(), white, black));
        return removedBefore ? null : "no pairing correction of " + where + " before it removed board "
                + started.board() + " (" + white + " - " + black + ")";
    }

    private static String boardOf(PairingCorrected correction, int number) {
        return correction.boards().stream().filter(b -> b.number() == number).findFirst()
                .map(b -> b.white() + " - " + b.black()).orElse("absent");
    }

    /**
     * C.04.3 (2017) F.7: every board a correction removed whose game had not begun must have had its game cancelled
     * (or the cancellation refused, rightly: the game had begun by then).
     */
    void checkRemovedBoards(List<Decision> out) {
        for (Correction c : corrections) {
            for (int board : c.removed()) {
                GameFacts game = games.values().stream().filter(g -> c.tournamentId().equals(g.tournamentId)
                        && g.round == c.event().round() && g.board == board).findFirst().orElse(null);
                if (game != null) {
                    checkRemovedBoard(c, board, game, out);
                }
            }
        }
    }

    private static void checkRemovedBoard(Correction c, int board, GameFacts game, List<Decision> out) {
        String subject = c.tournamentId() + " round " + c.event().round();
        String kind = "board removed by a pairing correction";
        String evidence = c.text() + "; game " + game.gameId + (game.begun == null ? ", never begun"
                : ", first move " + game.begun.eventId() + " at " + game.begun.occurredAt());
        Envelope cancellation = game.cancellations.stream().filter(e -> answers((GameCancelled) e.payload(), e, c))
                .findFirst().orElse(null);
        if (cancellation != null) {
            out.add(new Decision(subject, kind, c.envelope().eventId(), c.envelope().sequence(), true, ARTICLE,
                    "board " + board + " removed: game " + game.gameId + " cancelled (event "
                            + cancellation.eventId() + ")", evidence));
            return;
        }
        if (!game.cancellations.isEmpty()) {
            // cancelled, but not by this correction (e.g. before it): the game's own decision names what was wrong
            Envelope earlier = game.cancellations.get(0);
            out.add(new Decision(subject, kind, c.envelope().eventId(), c.envelope().sequence(), true, ARTICLE,
                    "board " + board + " removed: game " + game.gameId + " had been cancelled already (event "
                            + earlier.eventId() + ", checked with the game)", evidence));
            return;
        }
        Map.Entry<Envelope, Boolean> refusal = game.refusals.entrySet().stream()
                .filter(r -> !r.getKey().occurredAt().isBefore(c.at()))
                .min(Comparator.comparing(r -> r.getKey().sequence())).orElse(null);
        if (refusal != null) {
            CommandRejected rejected = (CommandRejected) refusal.getKey().payload();
            boolean right = refusal.getValue();
            out.add(new Decision(subject, kind, c.envelope().eventId(), c.envelope().sequence(), right, ARTICLE,
                    right ? "board " + board + " removed: game " + game.gameId + " had begun, its cancellation was "
                            + "refused and it is played as paired"
                            : "board " + board + " removed: the cancellation of game " + game.gameId + " was refused ("
                            + rejected.reason() + "), but the game had not begun",
                    evidence + "; refusal " + refusal.getKey().eventId()));
            return;
        }
        boolean begunBefore = game.begun != null && !game.begun.occurredAt().isAfter(c.at());
        if (begunBefore) {
            out.add(new Decision(subject, kind, c.envelope().eventId(), c.envelope().sequence(), true, ARTICLE,
                    "board " + board + " removed: game " + game.gameId + " had begun before the correction and is "
                            + "played as paired", evidence));
            return;
        }
        out.add(new Decision(subject, kind, c.envelope().eventId(), c.envelope().sequence(), false, ARTICLE,
                "board " + board + " was removed while its game " + game.gameId + " had not begun, but the game was "
                        + "neither cancelled nor its cancellation refused"
                        + (game.begun == null ? "" : "; it was played after the correction"), evidence));
    }

    /** A cancellation answers the correction it names, or (naming none) any correction made before it. */
    private static boolean answers(GameCancelled cancel, Envelope env, Correction c) {
        return cancel.pairingCorrection() != null ? cancel.pairingCorrection().equals(c.envelope().eventId())
                : !env.occurredAt().isBefore(c.at());
    }

    private static String describe(EventMessage event) {
        return switch (event) {
            case GameEnded ended -> "GameEnded " + ended.result().notation() + " (" + ended.reason() + ")";
            case ResultCorrected corrected -> "ResultCorrected " + corrected.result().notation();
            case MovePlayed move -> "MovePlayed " + move.san() + " (ply " + move.ply() + ")";
            default -> event.getClass().getSimpleName();
        };
    }
}
