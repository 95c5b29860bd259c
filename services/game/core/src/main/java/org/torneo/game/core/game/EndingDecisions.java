package org.torneo.game.core.game;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.torneo.contracts.Actor;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent.FlagFellDuringPostponedClaim;
import org.torneo.contracts.game.GameCommand.ReportBothFlagsFell;
import org.torneo.contracts.game.GameCommand.ReportDefault;
import org.torneo.contracts.game.GameCommand.ReportFlagFall;
import org.torneo.contracts.game.GameCommand.Resign;
import org.torneo.contracts.game.MoveEvent.GameResumed;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.game.QuickplayFinishGuidelines;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.game.core.board.PieceType;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.deadposition.CanMate;
import org.torneo.game.core.draw.GameRecord;
import org.torneo.game.core.notation.ParsedMove;

import static org.torneo.game.core.game.Verdicts.articleFor;
import static org.torneo.game.core.game.Verdicts.bothMoved;
import static org.torneo.game.core.game.Verdicts.ended;
import static org.torneo.game.core.game.Verdicts.isPlayer;
import static org.torneo.game.core.game.Verdicts.readMove;
import static org.torneo.game.core.game.Verdicts.reject;
import static org.torneo.game.core.game.Verdicts.winFor;
import static org.torneo.game.core.game.Verdicts.wrongPlayer;

/** Games ended by a player or the clock: resignation, a flag fall, both flags, a default (FIDE 2018 5.1.2, 6.9, 6.7). */
final class EndingDecisions {

    private final long canMateNodeLimit;
    private final AutomaticEndings automaticEndings;

    EndingDecisions(long canMateNodeLimit, AutomaticEndings automaticEndings) {
        this.canMateNodeLimit = canMateNodeLimit;
        this.automaticEndings = automaticEndings;
    }

    List<EventMessage> resign(GameRequest request, Resign resign, GameState state) {
        String wrong = wrongPlayer(request, state, resign.by());
        if (wrong != null) {
            return reject(resign, wrong + " resigning", state.rules().resignationArticle());
        }
        return List.of(ended(request, state, winFor(resign.by().opponent()), EndReason.RESIGNATION,
                state.rules().resignationArticle(), bothMoved(state), resign.observedAt()));
    }

    List<EventMessage> flagFall(GameRequest request, ReportFlagFall flag, GameState state) {
        EditionRules rules = state.rules();
        if (state.phase() == GameState.Phase.ADJOURNED && state.resumption().absentClock() != flag.side()) {
            // only the clock of a player absent at the resumption runs before the envelope is opened (2018 I.9.2)
            return reject(flag, "the clocks are stopped while the game is adjourned", rules.sealedMoveArticle());
        }
        if (flag.requirementMet() && !flag.finalPeriod()) {
            return reject(flag, "the flag fell after the required number of moves was completed: the game goes on",
                    articleFor(state, "6.4", "6.3", "6.3", "XIV"));
        }
        GameState.QuickplayClaim open = state.quickplayClaim();
        if (open != null && !open.postponed() && state.regulations().noArbiterPresent()) {
            // FIDE 1997 D, 2018 III.6.1: the claim, made before the flag fell, ended the game
            return reject(flag, "the quickplay-finish claim made with no arbiter present ended the game before the "
                    + "flag fell: the designated arbiter decides it", rules.noArbiterClaimArticle());
        }
        boolean claimed = rules.flagCountsOnlyWhenClaimed();
        if (claimed && request.actor().role() != Actor.Role.PLAYER) {
            // FIDE 1997 B.6 (C.2): the clock's flag, or the arbiter's eye, decides nothing by itself
            return reject(flag, "a flag is considered fallen only when a player claims it validly; the arbiter does "
                    + "not point it out: the opponent stops both clocks and claims (B.7)", "FIDE 1997 B.6");
        }
        if (claimed && !isPlayer(request, state, flag.side().opponent())) {
            return reject(flag, "only the opponent of the player whose flag fell claims the win on time, with his own "
                    + "flag still up", "FIDE 1997 B.7");
        }
        GameState.QuickplayClaim pending = state.quickplayClaim();
        if (pending != null && pending.postponed() && pending.by() == flag.side()) {
            if (pending.flagFell()) {
                return reject(flag, "the flag has already fallen: the arbiter declares the result",
                        rules.quickplayFinish().afterFlagArticle());
            }
            // FIDE 2018 III.5.2, 2001 10.2b, 1997 10.2c: after a postponement the arbiter decides once the flag fell
            return List.of(new FlagFellDuringPostponedClaim(flag.side(), rules.quickplayFinish().afterFlagArticle(),
                    flag.observedAt()));
        }
        GameEnded ended = flagFallResult(request, state, flag.side(), rules.flagFallArticle()
                + (claimed ? ", B.6, B.7" : ""), flag.observedAt());
        if (ended.reason() == EndReason.FLAG_FALL && state.resumption().sealerAbsent() == flag.side().opponent()
                && rules.ruleset().edition() == Edition.FIDE_1997) {
            // FIDE 1997 A.10c: the player present lost by 6.9 while waiting for the absent sealer, so the sealer's
            // lateness decides nothing (a later default is refused: the game is over). 2018 I.10 has no such clause:
            // there too the flag fall ends the game first (6.9), and the arbiter may decide otherwise
            ended = ended(request, state, ended.result(), ended.reason(), ended.article() + ", A.10c", ended.played(),
                    ended.endedAt());
        }
        return List.of(ended);
    }

    /** FIDE 2018 6.9 (per edition): the flag fall loses, or draws when the opponent cannot win. */
    GameEnded flagFallResult(GameRequest request, GameState state, Side loser, String article, Instant at) {
        Side opponent = loser.opponent();
        boolean canWin = switch (state.rules().flagFallRule()) {
            case LOSES_REGARDLESS -> true; // Code 1970 art. XIV: no exception for lack of mating material
            case MATING_POTENTIAL -> hasMatingPotential(state.position(), opponent, canMateNodeLimit);
            case HELPMATE -> !CanMate.canMate(state.position(), GameState.toBoard(opponent), canMateNodeLimit).unwinnable();
        };
        return canWin
                ? ended(request, state, winFor(opponent), EndReason.FLAG_FALL, article, bothMoved(state), at)
                : ended(request, state, GameResult.DRAW, EndReason.FLAG_FALL_NO_MATE_POSSIBLE, article,
                bothMoved(state), at);
    }

    /**
     * FIDE 1997 C.4: "mating potential" is enough power to reach, eventually and possibly by a helpmate, a legal
     * position where the opponent, to move, cannot avoid being mated in one. C.4 names one case only: king and two
     * knights against a lone king is insufficient (the defender, to move, always has a move that avoids the mate in
     * one), while a rook against a knight is sufficient. So material alone decides nothing against an opponent who
     * has more than his king: two knights, a knight or a bishop can mate a king hemmed in by its own pawn, which the
     * helpmate search finds. Against a lone king, minor pieces that are two knights or fewer and no bishop (or one
     * bishop alone) have none. Elsewhere the helpmate answer of 6.9 is used: the seed defines no other case, and
     * current FIDE practice (2018 6.9, A.4, B) judges by the helpmate.
     */
    static boolean hasMatingPotential(Position position, Side side, long nodeLimit) {
        org.torneo.game.core.board.Side s = GameState.toBoard(side);
        if (opponentHasALoneKing(position, s) && minorPiecesOnlyWithoutMatingPotential(position, s)) {
            return false; // FIDE 1997 C.4: K+N+N v K (and less) is insufficient
        }
        return !CanMate.canMate(position, s, nodeLimit).unwinnable();
    }

    /** The opponent of {@code side} has nothing but his king. */
    private static boolean opponentHasALoneKing(Position position, org.torneo.game.core.board.Side side) {
        org.torneo.game.core.board.Side other = side.opponent();
        for (PieceType type : PieceType.values()) {
            if (type != PieceType.KING && position.pieces(other, type) != 0) {
                return false;
            }
        }
        return true;
    }

    /** No pawn, rook or queen, and at most two knights without a bishop, or one bishop alone (FIDE 1997 C.4). */
    private static boolean minorPiecesOnlyWithoutMatingPotential(Position position, org.torneo.game.core.board.Side s) {
        long pawns = position.pieces(s, PieceType.PAWN);
        long heavy = position.pieces(s, PieceType.ROOK) | position.pieces(s, PieceType.QUEEN);
        int knights = Long.bitCount(position.pieces(s, PieceType.KNIGHT));
        int bishops = Long.bitCount(position.pieces(s, PieceType.BISHOP));
        return pawns == 0 && heavy == 0 && (bishops == 0 && knights <= C4_INSUFFICIENT_KNIGHTS
                || bishops == 1 && knights == 0);
    }

    /** FIDE 1997 C.4: "dos caballos y un rey contra un rey solo es material insuficiente". */
    private static final int C4_INSUFFICIENT_KNIGHTS = 2;

    List<EventMessage> bothFlags(GameRequest request, ReportBothFlagsFell both, GameState state) {
        EditionRules rules = state.rules();
        if (rules.bothFlagsArbiterDecides()) {
            return reject(both, "this edition has no rule for both flags down: the arbiter decides by a ruling",
                    rules.bothFlagsArticle());
        }
        if (rules.ruleset().edition() == Edition.FIDE_2018) {
            // FIDE 2018 III.2.1-III.2.2: the rule of both flags (III.3.1) is one of the Guidelines III, used only if
            // announced in advance, and never in blitz; otherwise the arbiter establishes which flag fell first
            if (rules.isBlitz()) {
                return reject(both, "the Guidelines III (where both flags down in the last period draw) do not apply "
                        + "to blitz games: the arbiter establishes which flag fell first, or rules", "FIDE 2018 III.2.2");
            }
            if (state.regulations().quickplayFinish() == QuickplayFinishGuidelines.NOT_ANNOUNCED) {
                return reject(both, "the Guidelines III (where both flags down in the last period draw) were not "
                        + "announced in advance: the arbiter establishes which flag fell first, or rules",
                        "FIDE 2018 III.2.1");
            }
        }
        if (both.finalPeriod() || rules.bothFlagsAlwaysDraw()) {
            return List.of(ended(request, state, GameResult.DRAW, EndReason.BOTH_FLAGS_FELL, rules.bothFlagsArticle(),
                    true, both.observedAt()));
        }
        return reject(both, "both flags fell in a period that is not the last: the game goes on",
                rules.bothFlagsArticle());
    }

    List<EventMessage> reportDefault(GameRequest request, ReportDefault report, GameState state) {
        EditionRules rules = state.rules();
        Actor.Role role = request.actor().role();
        if (role != Actor.Role.ARBITER && role != Actor.Role.SYSTEM && role != Actor.Role.ORGANISER) {
            return reject(report, "a default is established by the arbiter or the clock service, not by a "
                    + role.name().toLowerCase(java.util.Locale.ROOT), rules.defaultArticle());
        }
        Instant at = report.observedAt();
        // FIDE 2018 I.10, 1997 A.10: lateness at the resumption, also of a sealer absent when the envelope was opened
        boolean resumption = state.phase() == GameState.Phase.ADJOURNED
                || report.absent() != null && report.absent() == state.resumption().sealerAbsent();
        String article = resumption ? articleFor(state, "I.10", "6.7", "A.10", "XVII") : rules.defaultArticle();
        if (!resumption && state.ply() > 0) {
            return reject(report, "the game is under way: a default applies before the first move or at resumption",
                    article);
        }
        if (report.absent() == null) {
            // both absent: both lose (FIDE 2018 6.7.1 / 11.8; 1997/2001 12.8)
            return List.of(ended(request, state, GameResult.DOUBLE_FORFEIT, EndReason.DEFAULT_TIME, article,
                    false, at));
        }
        Side absent = report.absent();
        // FIDE 1997 A.10a-b: when the late player is the sealer, a sealed mate, stalemate or dead position stands;
        // FIDE 2018 I.10: whoever is late, if the sealed move ends the game, that ending stands
        boolean sealedEndingStands = absent == state.sealedBy()
                || rules.ruleset().edition() == Edition.FIDE_2018;
        if (resumption && state.phase() == GameState.Phase.ADJOURNED && sealedEndingStands) {
            ParsedMove sealed = readMove(state.position(), state.sealedMove());
            if (sealed.isOk()) {
                GameRecord after = state.record().play(sealed.move());
                GameEnded ending = automaticEndings.automaticEnding(request, state, after, state.sealedBy(), at);
                if (ending != null) {
                    List<EventMessage> events = new ArrayList<>();
                    events.add(new GameResumed(at));
                    automaticEndings.playMove(request, state, sealed.move(), MoveSource.ARBITER, null, at, events);
                    return events;
                }
            }
        }
        GameResult result = resumption
                ? winFor(absent.opponent())
                : absent == Side.WHITE ? GameResult.BLACK_WINS_BY_FORFEIT : GameResult.WHITE_WINS_BY_FORFEIT;
        return List.of(ended(request, state, result, EndReason.DEFAULT_TIME, article, resumption, at));
    }
}
