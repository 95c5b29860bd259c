package org.torneo.game.core.game;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent.ClaimFiled;
import org.torneo.contracts.game.ClaimEvent.ClaimRejected;
import org.torneo.contracts.game.ClaimEvent.ClaimUpheld;
import org.torneo.contracts.game.ClaimEvent.DrawOfferDeclined;
import org.torneo.contracts.game.ClaimEvent.DrawOffered;
import org.torneo.contracts.game.ClaimEvidence;
import org.torneo.contracts.game.ClockReading;
import org.torneo.contracts.game.DrawClaimKind;
import org.torneo.contracts.game.GameCommand.ClaimDraw;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.game.Penalty;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.PieceType;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.draw.GameRecord;
import org.torneo.game.core.notation.ParsedMove;
import org.torneo.game.core.ruleset.RepetitionIdentity;

import static org.torneo.game.core.game.Verdicts.ended;
import static org.torneo.game.core.game.Verdicts.readMove;
import static org.torneo.game.core.game.Verdicts.reject;
import static org.torneo.game.core.game.Verdicts.wrongPlayer;

/**
 * Draw claims on the position or a written intended move: repetition and fifty moves (FIDE 2018 9.2, 9.3), with the
 * evidence and the penalty of a wrong claim.
 */
final class DrawClaimDecisions {

    private final AutomaticEndings automaticEndings;
    private final QuickplayDecisions quickplay;

    DrawClaimDecisions(AutomaticEndings automaticEndings, QuickplayDecisions quickplay) {
        this.automaticEndings = automaticEndings;
        this.quickplay = quickplay;
    }

    List<EventMessage> claimDraw(GameRequest request, ClaimDraw claim, GameState state) {
        if (GameEvolution.isQuickplay(claim.kind())) {
            return quickplay.quickplayClaim(request, claim, state);
        }
        Side by = claim.by();
        EditionRules rules = state.rules();
        String article = claim.kind() == DrawClaimKind.THREEFOLD ? rules.threefoldArticle() : rules.fiftyMovesArticle();
        List<EventMessage> refused = refusedClaim(request, claim, state, article);
        if (refused != null) {
            return refused;
        }
        GameRecord judged = state.record();
        Move intended = null;
        if (claim.intendedMove() != null) {
            ParsedMove parsed = readMove(state.position(), claim.intendedMove());
            if (!parsed.isOk()) {
                return reject(claim, "the written intended move " + ((ParsedMove.Error) parsed).message(), article);
            }
            intended = parsed.move();
            judged = judged.play(intended);
        }
        Instant at = claim.observedAt();
        ClaimEvidence evidence = evidence(judged, rules.repetitionIdentity());
        String unrecorded = reliesOnMovesNotRecordedInTime(state, claim, evidence, judged.ply());
        if (unrecorded != null) {
            return reject(claim, unrecorded, "Code 1970 art. XIII-2");
        }
        int pliesNeeded = fiftyMovePliesNeeded(state, judged.position());
        boolean correct = claim.kind() == DrawClaimKind.THREEFOLD ? evidence.repetitionPlies().size() >= 3
                : judged.position().halfmoveClock() >= pliesNeeded;
        Penalty penalty = correct ? null : wrongClaimPenalty(state, by, claim.clock());
        List<EventMessage> events = new ArrayList<>();
        // the reading at the claim is recorded with it: the penalty of a wrong claim is computed from it (9.5b), so
        // a replay (the audit's) decides from the same reading. The claim is ruled here, at its own instant: the
        // clocks' stop for it and their restart (FIDE 2018 9.5.1, 6.11.3; 1997/2001 9.5a) are one instant, so the
        // clock records no pause, unless a wrong 1997/2001 claim's deduction is left to the clock (9.5b: the
        // claimant's time at the claim, which the clock measures on its paused clocks)
        events.add(new ClaimFiled(by, claim.kind(), claim.intendedMove(), state.ply(), rules.claimantClockRuns(), at,
                claim.clock(), "", correct || !penalty.deductionByTheClock()));
        if (correct) {
            events.add(new ClaimUpheld(by, claim.kind(), article, evidence, at));
            // the intended move is written and declared, not played: the claim is judged on the position after it
            events.add(ended(request, state, GameResult.DRAW, claim.kind() == DrawClaimKind.THREEFOLD
                    ? EndReason.THREEFOLD_CLAIM : EndReason.FIFTY_MOVES_CLAIM, article, true, at));
            return events;
        }
        String reason = claim.kind() == DrawClaimKind.THREEFOLD
                ? "the position occurred " + evidence.repetitionPlies().size() + " time(s), not three"
                : "only " + judged.position().halfmoveClock() + " plies without a capture or pawn move, not "
                + pliesNeeded + (pliesNeeded != FIFTY_MOVES_PLIES ? " (the number of moves raised for this position "
                + "before the start, Code 1970 art. XII-4)" : "");
        events.add(new ClaimRejected(by, claim.kind(), reason, rules.wrongClaimArticle(), penalty,
                rules.claimCountsAsOffer(), evidence, at));
        Side pendingOffer = state.offerBy();
        if (intended != null) {
            if (pendingOffer == by.opponent()) {
                // playing the move declines the opponent's pending offer (1997 9.1; 2001/2018: the touch already did)
                events.add(new DrawOfferDeclined(by, rules.offerDeclinedByAction(), at));
                pendingOffer = null;
            }
            // FIDE 2018 9.5.2.1 (1997/2001 9.5b, Code 1970 art. XII-3): the written move must then be played
            automaticEndings.playMove(request, state, intended, MoveSource.ARBITER, null, at, events);
        }
        boolean gameGoesOn = !(events.get(events.size() - 1) instanceof GameEnded);
        // with the opponent's offer still pending the claimant may simply accept it: no crossing offer is made
        if (rules.claimCountsAsOffer() && gameGoesOn && pendingOffer == null) {
            // FIDE 2001 9.2/9.3, 2018 9.2/9.3: the claim is also a draw offer
            events.add(new DrawOffered(by, state.ply() + (intended == null ? 0 : 1), true, true, at));
        }
        return events;
    }

    /** The refusal of a claim the claimant may not make now (FIDE 2018 9.2, 9.3, 9.4), or null. */
    private static List<EventMessage> refusedClaim(GameRequest request, ClaimDraw claim, GameState state,
                                                   String article) {
        Side by = claim.by();
        EditionRules rules = state.rules();
        String wrong = wrongPlayer(request, state, by);
        if (wrong != null) {
            return reject(claim, wrong + " claiming", article);
        }
        if (state.phase() == GameState.Phase.ADJOURNED) {
            return reject(claim, "the game is adjourned", rules.sealedMoveArticle());
        }
        if (by != state.sideToMove()) {
            return reject(claim, "only the player having the move may claim a draw", article);
        }
        if (claim.kind() == DrawClaimKind.FIFTY_MOVES && claim.intendedMove() != null
                && !rules.fiftyMoveClaimOnAnIntendedMove()) {
            // Code 1970 art. XII-4: the player shows that 50 moves have been made: an announced move does not count
            return reject(claim, "the fifty moves are counted on moves already made: an announced, unplayed move ("
                    + claim.intendedMove() + ") does not count; play it, then claim", article);
        }
        if (rules.claimRightLostByTouch() && state.touchedThisTurn()) {
            // FIDE 2018 9.4: the right is lost on this move once a piece is touched (it returns later)
            return reject(claim, "the right to claim on this move was lost when a piece was touched", "FIDE 2018 9.4");
        }
        return null;
    }

    /** FIDE 2018 9.3 (and every edition): fifty moves by each player, in plies. */
    static final int FIFTY_MOVES_PLIES = 100;

    /**
     * The plies without a capture or pawn move a fifty-move claim needs: 100, or, under the Code 1970 (art. XII-4),
     * twice the number of moves the regulations raised for the position's material before the start.
     */
    private static int fiftyMovePliesNeeded(GameState state, Position position) {
        if (state.rules().ruleset().edition() != Edition.CODE_1970) {
            return FIFTY_MOVES_PLIES;
        }
        String white = material(position, org.torneo.game.core.board.Side.WHITE);
        String black = material(position, org.torneo.game.core.board.Side.BLACK);
        for (var extension : state.regulations().fiftyMoveExtensionsOrNone()) {
            if (extension.matches(white, black)) {
                return 2 * extension.moves();
            }
        }
        return FIFTY_MOVES_PLIES;
    }

    /** A side's pieces as letters, king first: e.g. "KRB". */
    private static String material(Position position, org.torneo.game.core.board.Side side) {
        StringBuilder letters = new StringBuilder("K");
        for (PieceType type : new PieceType[] {PieceType.QUEEN, PieceType.ROOK, PieceType.BISHOP, PieceType.KNIGHT,
                PieceType.PAWN}) {
            char letter = switch (type) {
                case QUEEN -> 'Q';
                case ROOK -> 'R';
                case BISHOP -> 'B';
                case KNIGHT -> 'N';
                default -> 'P';
            };
            letters.append(String.valueOf(letter).repeat(Long.bitCount(position.pieces(side, type))));
        }
        return letters.toString();
    }

    /**
     * Code 1970 art. XIII-2: a player who, in time trouble, did not record moves in time may not claim a draw under
     * XII-3 on them. The claim rests on the moves from the first of the three occurrences it counts up to the judged
     * position; why it may not, or null. The later editions have no such rule: the field is ignored there.
     */
    private static String reliesOnMovesNotRecordedInTime(GameState state, ClaimDraw claim, ClaimEvidence evidence,
                                                         int judgedPly) {
        var unrecorded = claim.notRecordedInTime();
        List<Integer> plies = evidence.repetitionPlies();
        if (unrecorded == null || claim.kind() != DrawClaimKind.THREEFOLD || plies.size() < 3
                || state.rules().ruleset().edition() != Edition.CODE_1970) {
            return null;
        }
        int from = plies.get(plies.size() - 3) + 1;
        if (!unrecorded.overlaps(from, judgedPly)) {
            return null;
        }
        return "the repetition rests on plies " + from + "-" + judgedPly + ", and plies " + unrecorded.fromPly() + "-"
                + unrecorded.toPly() + " were not recorded in time by the claimant in time trouble: no claim may rest "
                + "on them";
    }

    /**
     * The plies at which the judged position occurred, under the edition's identity of positions. Positions before
     * the last capture or pawn move cannot be the same under any edition (material or pawns differ), so the walk
     * stops there.
     */
    static ClaimEvidence evidence(GameRecord judged, RepetitionIdentity identity) {
        List<Integer> plies = new ArrayList<>();
        String key = identity.key(judged.position());
        List<Position> positions = judged.positions(); // played again once, not once per ply walked back
        for (int ply = judged.ply(); ply >= 0; ply--) {
            Position position = positions.get(ply);
            if (identity.key(position).equals(key)) {
                plies.add(0, ply);
            }
            if (position.halfmoveClock() == 0) {
                break;
            }
        }
        int clock = judged.position().halfmoveClock();
        int last = judged.ply() - clock;
        return new ClaimEvidence(judged.position().toFen(), plies, last >= 0 ? last : -1, clock);
    }

    /**
     * The edition's penalty for an incorrect claim (FIDE 2018 9.5.3, B.2; 2001 9.5b; 1997 9.5b). The claimant's time
     * is the one on his clock when he stopped the clocks to claim (9.5: "debe inmediatamente detener ambos relojes";
     * 9.5b: "el tiempo remanente del reclamante"), i.e. the claim's reading; only without one does the reading after
     * the last move stand in for it (his time can only have gone down since, so the deduction is then an upper
     * bound the arbiter may correct).
     */
    private static Penalty wrongClaimPenalty(GameState state, Side claimant, ClockReading atTheClaim) {
        EditionRules rules = state.rules();
        long bonus = rules.wrongClaimOpponentBonusMillis();
        String article = rules.wrongClaimArticle();
        ClockReading reading = atTheClaim != null ? atTheClaim : state.lastClock();
        Long remaining = reading == null ? null
                : claimant == Side.WHITE ? reading.whiteRemainingMillis() : reading.blackRemainingMillis();
        return switch (rules.wrongClaimPenalty()) {
            case NONE -> new Penalty(0, 0, article, "no time penalty; the announced move must be played");
            case OPPONENT_BONUS -> new Penalty(bonus, 0, article, "opponent +" + bonus / 1000 + " s");
            case HALVING_1997 -> {
                if (remaining == null) {
                    yield new Penalty(bonus, 0, article, "opponent +180 s; the claimant's remaining time is halved "
                            + "(at most 3 min): no clock reading known, the clock service applies it", true);
                }
                long cut = Math.min(remaining / 2, 180_000);
                yield new Penalty(bonus, cut, article, "opponent +180 s; claimant -" + cut / 1000.0 + " s (half, at most 3 min)");
            }
            case PIECEWISE_2001 -> {
                if (remaining == null) {
                    yield new Penalty(bonus, 0, article, "opponent +180 s; claimant: over 2 min loses half (at most 3 min), "
                            + "1-2 min set to 1 min: no clock reading known, the clock service applies it", true);
                }
                long cut = remaining > 120_000 ? Math.min(remaining / 2, 180_000)
                        : remaining >= 60_000 ? remaining - 60_000 : 0;
                yield new Penalty(bonus, cut, article, "opponent +180 s; claimant -" + cut / 1000.0 + " s");
            }
        };
    }
}
