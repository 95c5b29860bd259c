package org.torneo.game.core.game;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.torneo.contracts.Actor;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent.RulingIssued;
import org.torneo.contracts.game.GameCommand.ArbiterRuling;
import org.torneo.contracts.game.GameCommand.CancelGame;
import org.torneo.contracts.game.GameCommand.CorrectPlayers;
import org.torneo.contracts.game.GameCommand.CorrectResult;
import org.torneo.contracts.game.GameCommand.ReportColoursReversed;
import org.torneo.contracts.game.MoveEvent.ColoursReversedFound;
import org.torneo.contracts.game.MoveEvent.MovesTakenBack;
import org.torneo.contracts.game.MoveEvent.GameCancelled;
import org.torneo.contracts.game.MoveEvent.PlayersCorrected;
import org.torneo.contracts.game.RulingKind;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.contracts.results.ResultEvent.ResultCorrected;
import org.torneo.game.core.draw.GameRecord;

import static org.torneo.game.core.game.Verdicts.MAX_HALF_POINTS_PER_GAME;
import static org.torneo.game.core.game.Verdicts.bothMoved;
import static org.torneo.game.core.game.Verdicts.ended;
import static org.torneo.game.core.game.Verdicts.reject;
import static org.torneo.game.core.game.Verdicts.winFor;

/**
 * The arbiter's decisions: rulings from the sanction catalogue, reversed colours, pairing corrections (players
 * corrected, game cancelled) and corrected results.
 */
final class ArbiterDecisions {

    private final QuickplayDecisions quickplay;

    ArbiterDecisions(QuickplayDecisions quickplay) {
        this.quickplay = quickplay;
    }

    /** The rules on correcting a pairing made public (the seeds are silent: current FIDE practice). */
    static final String PAIRING_CORRECTION_ARTICLE = "C.04.2; C.04.3 (2017) F.6-F.7";

    List<EventMessage> coloursReversed(GameRequest request, ReportColoursReversed report, GameState state) {
        if (request.actor().role() != Actor.Role.ARBITER) {
            return reject(report, "only the arbiter establishes reversed colours", state.rules().coloursReversedArticle());
        }
        int movesEach = Math.min(state.movesMadeBy(Side.WHITE), state.movesMadeBy(Side.BLACK));
        int limit = state.rules().coloursReversedNewGameBelowMovesEach();
        // FIDE 2018 7.3: fewer than 10 moves each: a new game with the correct colours; else it goes on.
        // FIDE 1997/2001 7.2, Code 1970: the game goes on (the arbiter may decide otherwise by a ruling)
        boolean newGame = limit > 0 && movesEach < limit;
        return List.of(new ColoursReversedFound(movesEach, newGame, state.rules().coloursReversedArticle(),
                report.observedAt()));
    }

    List<EventMessage> ruling(GameRequest request, ArbiterRuling ruling, GameState state) {
        if (request.actor().role() != Actor.Role.ARBITER) {
            return reject(ruling, "only an arbiter may rule (" + request.actor().role().name().toLowerCase(java.util.Locale.ROOT)
                    + " " + request.actor().id() + " is not one)", "FIDE 2018 12.1");
        }
        if (ruling.article().isBlank()) {
            return reject(ruling, "a ruling must name the article it applies", "FIDE 2018 11.9");
        }
        Instant at = ruling.observedAt();
        RulingIssued issued = new RulingIssued(ruling.kind(), ruling.article(), ruling.details(), ruling.side(),
                ruling.result(), ruling.whiteHalfPoints(), ruling.blackHalfPoints(), ruling.restoreToPly(),
                ruling.timeMillis(), at, ruling.playedOverTheBoard());
        if (state.quickplayClaim() != null
                && (ruling.kind() == RulingKind.UPHOLD_CLAIM || ruling.kind() == RulingKind.REJECT_CLAIM)) {
            return quickplay.quickplayRuling(request, ruling, state, issued);
        }
        String outside = outsideTheCatalogue(state.rules().sanctions(), ruling);
        if (outside != null) {
            return reject(ruling, outside, state.rules().sanctions().article());
        }
        List<EventMessage> events = new ArrayList<>();
        events.add(issued);
        switch (ruling.kind()) {
            case WARNING, FINE, EXCLUDE_FROM_ROUNDS, OTHER, REJECT_CLAIM -> {
                // recorded for the audit (and for the tournament's next pairings); the game goes on
            }
            case ADD_TIME, DEDUCT_TIME -> {
                if (ruling.side() == null || ruling.timeMillis() <= 0) {
                    return reject(ruling, ruling.kind() + " needs the player and a positive time", ruling.article());
                }
            }
            case RESTORE_POSITION -> {
                if (ruling.restoreToPly() < 0 || ruling.restoreToPly() > state.ply()) {
                    return reject(ruling, "cannot restore ply " + ruling.restoreToPly() + ": " + state.ply()
                            + " plies have been played", ruling.article());
                }
                GameRecord r = state.record();
                while (r.ply() > ruling.restoreToPly()) {
                    r = r.previous();
                }
                events.add(new MovesTakenBack(r.ply(), r.position().toFen(), ruling.details(), ruling.article(), at));
            }
            case ANNUL_GAME -> {
                // the game is replayed from its start (e.g. wrong initial position, FIDE 2018 7.2.1): see evolve
            }
            case UPHOLD_CLAIM -> events.add(ended(request, state, GameResult.DRAW, EndReason.ARBITER_DECISION,
                    ruling.article(), true, at));
            case LOSS_OF_GAME, EXPEL -> {
                if (ruling.side() == null) {
                    return reject(ruling, ruling.kind() + " needs the player it concerns", ruling.article());
                }
                events.add(ended(request, state, winFor(ruling.side().opponent()), EndReason.ARBITER_DECISION,
                        ruling.article(), bothMoved(state), at));
            }
            case DECLARE_RESULT, ADJUDICATE -> {
                if (ruling.kind() == RulingKind.ADJUDICATE && !state.rules().adjudicationAllowed()) {
                    return reject(ruling, "adjudication is not part of this edition of the Laws", ruling.article());
                }
                if (ruling.result() == null) {
                    return reject(ruling, ruling.kind() + " needs the result", ruling.article());
                }
                GameResult result = ruling.result();
                int white = result.hasFixedScores() ? result.whiteHalfPoints() : ruling.whiteHalfPoints();
                int black = result.hasFixedScores() ? result.blackHalfPoints() : ruling.blackHalfPoints();
                // FIDE 2018 8.7: a result the arbiter enters from the signed scoresheets is of a game played on the
                // board, though no move reached Torneo; unsaid, Torneo's record tells. A forfeit is never played.
                boolean played = result.playedByDefault() && (ruling.playedOverTheBoard() != null
                        ? ruling.playedOverTheBoard() : bothMoved(state));
                String bad = badScores(result, white, black);
                if (bad != null) {
                    return reject(ruling, bad, ruling.article());
                }
                events.add(Verdicts.withCompletedPlies(new GameEnded(request.gameId(), state.started().tournamentId(),
                        state.started().round(), state.started().board(), state.whitePlayerId(), state.blackPlayerId(),
                        result, white, black, EndReason.ARBITER_DECISION, ruling.article(), played, at), state));
            }
        }
        return events;
    }

    /**
     * Why a sanction is not one the edition's arbiter may impose (FIDE 1997 13.4, 2001 13.4, 2018 12.9), or null.
     * Scores other than a result's: in 1997 only those of a declared loss (of one or both players) or a draw.
     */
    private static String outsideTheCatalogue(EditionRules.SanctionCatalogue catalogue, ArbiterRuling ruling) {
        if (catalogue.notInCatalogue().contains(ruling.kind())) {
            return ruling.kind() + " is not among the sanctions of " + catalogue.article()
                    + " (the catalogue of this edition)";
        }
        if (ruling.kind() == RulingKind.DECLARE_RESULT && ruling.result() == GameResult.ARBITER_SCORES
                && !catalogue.scoresMayChange()) {
            int white = ruling.whiteHalfPoints();
            int black = ruling.blackHalfPoints();
            boolean aResultsScores = white + black == 0 || white + black == 2 && (white == 0 || white == 1 || white == 2);
            if (!aResultsScores) {
                return "changing a game's points (" + white + "-" + black + " half points) is not among the "
                        + "sanctions of " + catalogue.article() + ": the arbiter may declare the game lost (13.4d)";
            }
        }
        return null;
    }

    /**
     * The arbiter's correction of a pairing made public reaches the game it changes. The seeds are silent; current FIDE
     * practice is followed (C.04.2; C.04.3 of 2017 F.6-F.7): a pairing made public is changed only by the arbiter,
     * whether a correction affects a pairing made public but not yet played is his decision, and a game that has begun
     * is played as paired (he may then annul it or correct its result). So the players change only while no move,
     * legal or illegal, has been made; naming the players the game already has changes nothing (a repeat is harmless).
     */
    List<EventMessage> correctPlayers(GameRequest request, CorrectPlayers correct, GameState state) {
        Actor actor = request.actor();
        String notTheArbiters = notTheArbitersCorrection(actor, correct.pairingCorrection(),
                "corrects a pairing made public");
        if (notTheArbiters != null) {
            return reject(correct, notTheArbiters, PAIRING_CORRECTION_ARTICLE);
        }
        if (correct.whitePlayerId().equals(correct.blackPlayerId())) {
            return reject(correct, "white and black are the same player " + correct.whitePlayerId(),
                    PAIRING_CORRECTION_ARTICLE);
        }
        String begun = howTheGameBegan(state);
        if (begun != null) {
            // C.04.3 (2017) F.7: a correction affects only a pairing not yet played
            return reject(correct, "the game has begun: it is played as paired; the arbiter may annul it or correct"
                    + " the result (" + begun + ")", PAIRING_CORRECTION_ARTICLE);
        }
        if (correct.whitePlayerId().equals(state.whitePlayerId())
                && correct.blackPlayerId().equals(state.blackPlayerId())) {
            return List.of();
        }
        String correctedBy = actor.role() == Actor.Role.ARBITER || correct.correctedBy() == null ? actor.id()
                : correct.correctedBy();
        return List.of(new PlayersCorrected(correct.whitePlayerId(), correct.blackPlayerId(), state.whitePlayerId(),
                state.blackPlayerId(), correct.reason(), correctedBy, correct.pairingCorrection(),
                PAIRING_CORRECTION_ARTICLE, correct.observedAt()));
    }

    /**
     * The arbiter's correction of a pairing made public no longer has this game (its board was removed, or both its
     * players now have byes). The seeds are silent; current FIDE practice is followed (C.04.2; C.04.3 of 2017
     * F.6-F.7): the arbiter may correct a pairing made public, and a game that has begun is played as paired. So a game
     * not yet begun (no move, legal or illegal, made; not over) is cancelled: it is not played and has no result, so
     * no GameEnded (the pairing service scores the byes of the corrected round itself). One that has begun is refused:
     * the arbiter may annul it or set its result.
     */
    List<EventMessage> cancelGame(GameRequest request, CancelGame cancel, GameState state) {
        Actor actor = request.actor();
        String notTheArbiters = notTheArbitersCorrection(actor, cancel.pairingCorrection(),
                "cancels a game of a pairing made public");
        if (notTheArbiters != null) {
            return reject(cancel, notTheArbiters, PAIRING_CORRECTION_ARTICLE);
        }
        String begun = howTheGameBegan(state);
        if (begun != null) {
            // C.04.3 (2017) F.7: a correction affects only a pairing not yet played; a game begun is played as paired
            return reject(cancel, "the game has begun: it is played as paired; the arbiter may annul it or set its"
                    + " result (" + begun + ")", PAIRING_CORRECTION_ARTICLE);
        }
        String cancelledBy = actor.role() == Actor.Role.ARBITER || cancel.cancelledBy() == null ? actor.id()
                : cancel.cancelledBy();
        return List.of(new GameCancelled(cancel.reason(), cancelledBy, cancel.pairingCorrection(),
                PAIRING_CORRECTION_ARTICLE, cancel.observedAt()));
    }

    /**
     * Why the sender may not apply a pairing correction to this game, or null. C.04.2; C.04.3 (2017) F.6: only the
     * arbiter changes a pairing made public; the game service (SYSTEM) acts only on a correction he published.
     */
    private static String notTheArbitersCorrection(Actor actor, UUID pairingCorrection, String action) {
        if (actor.role() != Actor.Role.ARBITER && actor.role() != Actor.Role.SYSTEM) {
            return "only the arbiter " + action + ", not a " + actor.role().name().toLowerCase(java.util.Locale.ROOT)
                    + " (" + actor.id() + ")";
        }
        if (actor.role() == Actor.Role.SYSTEM && pairingCorrection == null) {
            return "the game service applies only a pairing correction the arbiter published: the correction's"
                    + " event id (pairingCorrection) is missing";
        }
        return null;
    }

    /** Why the game counts as begun for a pairing correction (a move made, legal or illegal), or null. */
    private static String howTheGameBegan(GameState state) {
        if (state.ply() > 0) {
            return state.ply() + (state.ply() == 1 ? " ply has" : " plies have") + " been played";
        }
        if (state.whiteIllegalMoves() + state.blackIllegalMoves() > 0 || state.illegalMoveNotCompleted() != null) {
            return "an illegal move has been made";
        }
        return null;
    }

    List<EventMessage> correctResult(GameRequest request, CorrectResult correct, GameState state) {
        if (request.actor().role() != Actor.Role.ARBITER) {
            return reject(correct, "only an arbiter or the appeals committee may correct a result", "FIDE 2018 8.7");
        }
        if (!state.isOver()) {
            return reject(correct, "the game has no result yet", "FIDE 2018 8.7");
        }
        String bad = badScores(correct.result(), correct.whiteHalfPoints(), correct.blackHalfPoints());
        if (bad != null) {
            return reject(correct, bad, "FIDE 2018 8.7");
        }
        return List.of(new ResultCorrected(request.gameId(), state.started().tournamentId(), state.started().round(),
                state.started().board(), correct.result(), correct.whiteHalfPoints(), correct.blackHalfPoints(),
                correct.played(), correct.supersedes(), request.actor().id(), correct.why(), correct.observedAt()));
    }

    /** Why these half points cannot go with this result (FIDE 2018 10.2, 12.9; 2001 13.4f), or null. */
    private static String badScores(GameResult result, int white, int black) {
        if (result.hasFixedScores()) {
            return white == result.whiteHalfPoints() && black == result.blackHalfPoints() ? null
                    : "result " + result.notation() + " scores " + result.whiteHalfPoints() + "-"
                    + result.blackHalfPoints() + " half points, not " + white + "-" + black;
        }
        if (white < 0 || white > 2 || black < 0 || black > 2) {
            return "arbiter scores must be 0..2 half points each (never above the game's maximum), not "
                    + white + "-" + black;
        }
        // FIDE 2001 13.4f: the opponent's score is raised "up to the maximum possible for that game"; FIDE 2018
        // 12.9.4 likewise: a game is worth one point, so both together never get more than two half points
        return white + black <= MAX_HALF_POINTS_PER_GAME ? null
                : "a game is worth at most one point (" + MAX_HALF_POINTS_PER_GAME + " half points) between the two "
                + "players: " + white + "-" + black + " half points is above the maximum";
    }
}
