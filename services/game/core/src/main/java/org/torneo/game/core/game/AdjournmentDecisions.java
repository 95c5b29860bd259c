package org.torneo.game.core.game;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.torneo.contracts.Actor;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent.DrawOfferDeclined;
import org.torneo.contracts.game.ClaimEvent.RulingIssued;
import org.torneo.contracts.game.GameCommand.CorrectClockAtResumption;
import org.torneo.contracts.game.GameCommand.DeclareEnvelopeLost;
import org.torneo.contracts.game.GameCommand.ReportAbsentAtResumption;
import org.torneo.contracts.game.GameCommand.ResumeGame;
import org.torneo.contracts.game.GameCommand.SealMove;
import org.torneo.contracts.game.MoveEvent.EnvelopeLost;
import org.torneo.contracts.game.MoveEvent.PlayerAbsentAtResumption;
import org.torneo.contracts.game.MoveEvent.GameResumed;
import org.torneo.contracts.game.MoveEvent.MoveSealed;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.game.RulingKind;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.game.core.deadposition.CanMate;
import org.torneo.game.core.notation.ParsedMove;

import static org.torneo.game.core.game.Verdicts.articleFor;
import static org.torneo.game.core.game.Verdicts.ended;
import static org.torneo.game.core.game.Verdicts.minutes;
import static org.torneo.game.core.game.Verdicts.name;
import static org.torneo.game.core.game.Verdicts.readMove;
import static org.torneo.game.core.game.Verdicts.reject;
import static org.torneo.game.core.game.Verdicts.winFor;
import static org.torneo.game.core.game.Verdicts.wrongPlayer;

/**
 * Adjournment (FIDE 2018 Guidelines I, 1997 Appendix A): the sealed move, the resumption, a lost envelope, an absent
 * player and the clocks at the resumption.
 */
final class AdjournmentDecisions {

    private final long canMateNodeLimit;
    private final AutomaticEndings automaticEndings;

    AdjournmentDecisions(long canMateNodeLimit, AutomaticEndings automaticEndings) {
        this.canMateNodeLimit = canMateNodeLimit;
        this.automaticEndings = automaticEndings;
    }

    List<EventMessage> sealMove(GameRequest request, SealMove seal, GameState state) {
        if (state.phase() == GameState.Phase.ADJOURNED) {
            return reject(seal, "a move is already sealed", state.rules().sealedMoveArticle());
        }
        if (!state.rules().adjournmentAllowed()) {
            return reject(seal, "games of this category are not adjourned", state.rules().sealedMoveArticle());
        }
        String wrong = wrongPlayer(request, state, seal.by());
        if (wrong != null) {
            return reject(seal, wrong + " sealing", state.rules().sealedMoveArticle());
        }
        if (seal.by() != state.sideToMove()) {
            return reject(seal, "only the player having the move seals", articleFor(state, "I.1.1", "8.1", "A.1a", "XV-1"));
        }
        MoveSealed sealed = new MoveSealed(state.ply() + 1, seal.by(), seal.move(), seal.observedAt());
        Side absentSealer = state.resumption().sealerAbsent();
        if (absentSealer == seal.by().opponent()) {
            // FIDE 2018 I.9.3, 1997 A.9c: instead of moving, the reply goes into a new envelope, his clock is stopped
            // and the absent player's started; the arbiter keeps the envelope until he arrives
            return List.of(sealed, new PlayerAbsentAtResumption(state.ply() + 1, absentSealer, true,
                    adjournmentArticle(state, "I.9.3", "A.9c"), seal.observedAt()));
        }
        // the sealed move is judged when the envelope is opened (ambiguous or illegal loses: 2018 I.8, 1997 A.8)
        return List.of(sealed);
    }

    List<EventMessage> resume(GameRequest request, ResumeGame resume, GameState state) {
        if (state.phase() != GameState.Phase.ADJOURNED) {
            return reject(resume, "the game is not adjourned", state.rules().sealedMoveArticle());
        }
        return openEnvelope(request, state, resume.observedAt());
    }

    /**
     * The replying player is present: the envelope is opened (2018 I.7, 1997 A.7), the sealed move played and his
     * clock started (2018 I.9.1, 1997 A.9a); a sealed move that is ambiguous or illegal loses (2018 I.8, 1997 A.8).
     */
    private List<EventMessage> openEnvelope(GameRequest request, GameState state, Instant at) {
        ParsedMove sealed = readMove(state.position(), state.sealedMove());
        List<EventMessage> events = new ArrayList<>();
        events.add(new GameResumed(at));
        if (!sealed.isOk()) {
            String what = state.resumption().envelopeLost()
                    ? adjournmentArticle(state, "I.12.1", "A.11a") + ", " + state.rules().sealedMoveArticle()
                    + ": the move stated as sealed after the envelope was lost " : state.rules().sealedMoveArticle()
                    + ": the sealed move ";
            Side replier = state.sealedBy().opponent();
            // FIDE 2018 I.8 and 1997 A.8 except the case of 6.9: when the opponent cannot checkmate by any series of
            // legal moves the bad sealed move draws instead (the Code 1970 has no such exception, art. XIV)
            boolean replierCannotMate = state.rules().flagFallRule() != EditionRules.FlagFallRule.LOSES_REGARDLESS
                    && CanMate.canMate(state.position(), GameState.toBoard(replier), canMateNodeLimit).unwinnable();
            events.add(replierCannotMate
                    ? ended(request, state, GameResult.DRAW, EndReason.ARBITER_DECISION, what
                    + ((ParsedMove.Error) sealed).message() + "; drawn: the opponent cannot checkmate ("
                    + articleFor(state, "6.9", "6.10", "6.9", "XIV") + ")", true, at)
                    : ended(request, state, winFor(replier), EndReason.ARBITER_DECISION,
                    what + ((ParsedMove.Error) sealed).message(), true, at));
            return events;
        }
        if (state.offerBy() == state.sealedBy().opponent()) {
            events.add(new DrawOfferDeclined(state.sealedBy(), state.rules().offerDeclinedByAction(), at));
        }
        automaticEndings.playMove(request, state.with(GameState.Phase.IN_PROGRESS), sealed.move(), MoveSource.ARBITER, null, at, events);
        return events;
    }

    /**
     * FIDE 2018 I.12, 1997 A.11: the envelope is lost. The game resumes from the adjourned position with the times
     * recorded at adjournment (or those the arbiter sets) and the sealer's stated move in the sealed move's place; a
     * position that cannot be re-established annuls the game, which is replayed (the ANNUL_GAME ruling).
     */
    List<EventMessage> envelopeLost(GameRequest request, DeclareEnvelopeLost lost, GameState state) {
        String article = adjournmentArticle(state, "I.12.1", "A.11a");
        if (request.actor().role() != Actor.Role.ARBITER) {
            return reject(lost, "only the arbiter, who keeps the envelope, declares it lost", article);
        }
        if (state.resumption().envelopeLost()) {
            return reject(lost, "the envelope has already been declared lost", article);
        }
        Instant at = lost.observedAt();
        if (!lost.positionRestorable()) {
            return List.of(new RulingIssued(RulingKind.ANNUL_GAME, adjournmentArticle(state, "I.12.2", "A.11b"),
                    "the envelope with the sealed move is lost and the adjourned position cannot be re-established: "
                            + "the game is annulled and a new game is played", null, null, -1, -1, -1, 0, at));
        }
        // the stated move is judged when the game resumes, like the sealed move it replaces (2018 I.8, 1997 A.8)
        return List.of(new EnvelopeLost(state.ply() + 1, state.sealedBy(), lost.statedMove(), lost.clocks(), article,
                at));
    }

    /**
     * A player absent at the resumption (FIDE 2018 I.9.2, I.9.3, I.11; 1997 A.9b, A.9c). The replying player absent:
     * his clock is started and the envelope stays closed (it is opened only in his presence, I.7 / A.7). Neither
     * present: the same, the replying player loses the time until he arrives (2018 I.11; the 1997 seed has no such
     * article, and A.9b gives the same clock). The sealer absent: the envelope is opened and the sealed move played;
     * the replying player may then seal his reply in a new envelope.
     */
    List<EventMessage> absentAtResumption(GameRequest request, ReportAbsentAtResumption report,
                                          GameState state) {
        Actor.Role role = request.actor().role();
        String resumptionArticle = adjournmentArticle(state, "I.9", "A.9");
        if (role != Actor.Role.ARBITER && role != Actor.Role.SYSTEM && role != Actor.Role.ORGANISER) {
            return reject(report, "absence at the resumption is established by the arbiter or the clock service, not by a "
                    + role.name().toLowerCase(java.util.Locale.ROOT), resumptionArticle);
        }
        Side sealer = state.sealedBy();
        Side replier = sealer.opponent();
        Instant at = report.observedAt();
        Side absent = report.absent();
        if (absent == null || absent == replier) {
            if (state.resumption().absentClock() == replier) {
                return reject(report, "the clock of the replying player (" + name(replier) + ") is already running",
                        resumptionArticle);
            }
            String article = absent == null ? adjournmentArticle(state, "I.11", "A.9b")
                    : adjournmentArticle(state, "I.9.2", "A.9b");
            return List.of(new PlayerAbsentAtResumption(state.ply() + 1, replier, true, article, at));
        }
        List<EventMessage> events = new ArrayList<>(openEnvelope(request, state, at));
        if (!(events.get(events.size() - 1) instanceof GameEnded)) {
            events.add(new PlayerAbsentAtResumption(state.ply() + 2, sealer, false,
                    adjournmentArticle(state, "I.9.3", "A.9c"), at));
        }
        return events;
    }

    /**
     * FIDE 2018 I.13, 1997 A.12: a clock set to a wrong time at the resumption is corrected if shown before the
     * first move after it (the sealed move, played on opening, is not such a move); later the game continues
     * without correction unless the arbiter decides otherwise (2018) or finds the consequences too grave (1997).
     */
    List<EventMessage> correctClockAtResumption(GameRequest request, CorrectClockAtResumption correct,
                                                GameState state) {
        String article = adjournmentArticle(state, "I.13", "A.12");
        if (request.actor().role() != Actor.Role.ARBITER) {
            return reject(correct, "the arbiter corrects the clocks; a player shows him the error", article);
        }
        long difference = correct.correctMillis() - correct.shownMillis();
        Side side = correct.side();
        if (difference == 0) {
            return reject(correct, "the clock of " + name(side) + " already shows " + minutes(correct.shownMillis())
                    + ": there is nothing to correct", article);
        }
        int resumedAt = state.resumption().resumedAtPly();
        boolean beforeResumption = state.phase() == GameState.Phase.ADJOURNED;
        if (!beforeResumption && resumedAt < 0) {
            return reject(correct, "the game has not been resumed after an adjournment: a wrongly set clock is "
                    + "corrected by the arbiter's ADD_TIME or DEDUCT_TIME ruling", article);
        }
        if (!beforeResumption && state.ply() != resumedAt) {
            return reject(correct, "the error was pointed out after the first move following the resumption (ply "
                    + (resumedAt + 1) + "): the game continues without correction unless the arbiter decides "
                    + "otherwise, by an ADD_TIME or DEDUCT_TIME ruling", article);
        }
        String by = correct.pointedOutBy() == null ? "found by the arbiter" : "shown by " + name(correct.pointedOutBy());
        String details = "clock set wrongly at the resumption, " + by + ": " + name(side) + "'s clock showed "
                + minutes(correct.shownMillis()) + ", the times recorded at adjournment give "
                + minutes(correct.correctMillis());
        return List.of(new RulingIssued(difference > 0 ? RulingKind.ADD_TIME : RulingKind.DEDUCT_TIME, article,
                details, side, null, -1, -1, -1, Math.abs(difference), correct.observedAt()));
    }

    /** The adjournment articles: 2001 (appendices absent from the seed) and the 1970 Code follow FIDE 1997 App. A. */
    private static String adjournmentArticle(GameState state, String fide2018, String fide1997) {
        return switch (state.rules().ruleset().edition()) {
            case FIDE_2018 -> "FIDE 2018 " + fide2018;
            case FIDE_1997 -> "FIDE 1997 " + fide1997;
            case FIDE_2001 -> "FIDE 2001 App. A (not in the seed: as FIDE 1997 " + fide1997 + ")";
            case CODE_1970 -> "Code 1970 art. XV (as FIDE 1997 " + fide1997 + ")";
        };
    }
}
