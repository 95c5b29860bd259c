package org.torneo.feed.core;

import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent;
import org.torneo.contracts.game.DrawClaimKind;
import org.torneo.contracts.game.MoveEvent;

/**
 * What the live board's incident list says about offers, claims, rulings and irregularities, in English
 * and Spanish. Built once per fact: the text goes into the pushed event ({@code text.en}, {@code text.es})
 * and into the game's notices, so a page rendered later says the same as one that saw it live. Reasons and
 * details written by the game service or the arbiter are shown as given.
 */
final class Notices {

    private Notices() {
    }

    /** The notice of a public claim event, or null for one that is not public (command rejections). */
    static Views.Notice claim(ClaimEvent event) {
        return switch (event) {
            case ClaimEvent.DrawOffered e -> notice("drawOffered", side(e.by(), true) + " offers a draw",
                    side(e.by(), false) + " ofrecen tablas");
            case ClaimEvent.DrawOfferDeclined e -> notice("drawDeclined", side(e.by(), true) + " declines the draw offer",
                    side(e.by(), false) + " rechazan la oferta de tablas");
            case ClaimEvent.DrawAgreed e -> notice("drawAgreed", "Draw agreed", "Tablas de mutuo acuerdo");
            // FIDE 2018 9.2 (threefold repetition), 9.3 (fifty moves): the claimant's draw claim
            // FIDE 2018 III.4: not a claim but a request (which is also a draw offer)
            case ClaimEvent.ClaimFiled e when e.kind() == DrawClaimKind.QUICKPLAY_INCREMENT -> notice("claimFiled",
                    side(e.by(), true) + " asks for a 5-second increment a move for both players (quickplay finish; "
                            + "also a draw offer)", side(e.by(), false) + " piden un incremento de 5 segundos por "
                            + "jugada para ambos (final a ritmo rápido; vale como oferta de tablas)");
            case ClaimEvent.ClaimFiled e -> notice("claimFiled", side(e.by(), true) + " claims a draw by "
                    + claimEn(e.kind()), side(e.by(), false) + " reclaman tablas por " + claimEs(e.kind()));
            case ClaimEvent.ClaimUpheld e -> notice("claimUpheld", "Claim by " + sideLower(e.by(), true) + " ("
                            + claimEn(e.kind()) + ") upheld: the game is drawn" + article(e.article()),
                    "Reclamación de " + sideLower(e.by(), false) + " (" + claimEs(e.kind())
                            + ") aceptada: la partida es tablas" + article(e.article()));
            // FIDE 2018 9.5.2: an incorrect claim; the penalty gives the opponent time
            case ClaimEvent.ClaimRejected e -> notice("claimRejected", "Claim by " + sideLower(e.by(), true) + " ("
                            + claimEn(e.kind()) + ") rejected: " + e.reason() + penaltyEn(e.by(), e.penalty().addedToOpponentMillis())
                            + article(e.article()),
                    "Reclamación de " + sideLower(e.by(), false) + " (" + claimEs(e.kind()) + ") rechazada: "
                            + e.reason() + penaltyEs(e.by(), e.penalty().addedToOpponentMillis()) + article(e.article()));
            // FIDE 1997/2001 10.2b, 2018 III.5.2: the arbiter postpones his decision; the game goes on
            case ClaimEvent.ClaimPostponed e -> notice("claimPostponed", "Arbiter postpones the decision on the claim by "
                            + sideLower(e.by(), true) + " (" + claimEn(e.kind()) + "): play on"
                            + penaltyEn(e.by(), e.penalty().addedToOpponentMillis()) + details(e.details())
                            + article(e.article()),
                    "El árbitro aplaza su decisión sobre la reclamación de " + sideLower(e.by(), false) + " ("
                            + claimEs(e.kind()) + "): se sigue jugando"
                            + penaltyEs(e.by(), e.penalty().addedToOpponentMillis()) + details(e.details())
                            + article(e.article()));
            // FIDE 2018 III.4: five seconds a move for both from now on, the opponent gets two minutes
            case ClaimEvent.QuickplayIncrementGranted e -> notice("incrementGranted", "Arbiter grants the request by "
                            + sideLower(e.by(), true) + ": " + seconds(e.incrementMillis()) + " s increment a move for both"
                            + penaltyEn(e.by(), e.penalty().addedToOpponentMillis()) + article(e.article()),
                    "El árbitro concede la petición de " + sideLower(e.by(), false) + ": incremento de "
                            + seconds(e.incrementMillis()) + " s por jugada para ambos"
                            + penaltyEs(e.by(), e.penalty().addedToOpponentMillis()) + article(e.article()));
            // FIDE 2018 III.5.2, 2001 10.2b, 1997 10.2c: the flag alone does not end the game; the arbiter decides
            case ClaimEvent.FlagFellDuringPostponedClaim e -> notice("flagDuringClaim", "Flag fell: "
                            + sideLower(e.side(), true) + ", whose claim is pending: the arbiter decides the result"
                            + article(e.article()),
                    "Cae la bandera de " + sideLower(e.side(), false) + ", con su reclamación pendiente: el árbitro "
                            + "decide el resultado" + article(e.article()));
            // FIDE 2018 Article 12: the arbiter's decisions are public
            case ClaimEvent.RulingIssued e -> notice("ruling", "Arbiter: " + rulingEn(e) + details(e.details())
                    + article(e.article()), "Árbitro: " + rulingEs(e) + details(e.details()) + article(e.article()));
            default -> null;
        };
    }

    static Views.Notice takeback(MoveEvent.MovesTakenBack e) {
        return notice("takeback", "Moves taken back to ply " + e.keptPlies() + ": " + e.reason() + article(e.article()),
                "Jugadas anuladas hasta la media jugada " + e.keptPlies() + ": " + e.reason() + article(e.article()));
    }

    static Views.Notice irregularity(MoveEvent.IllegalMoveRecorded e) {
        return notice("irregularity", "Illegal move by " + sideLower(e.by(), true) + ": " + e.reason()
                + article(e.article()), "Jugada ilegal de " + sideLower(e.by(), false) + ": " + e.reason()
                + article(e.article()));
    }

    static Views.Notice adjourned() {
        // FIDE 1997 8.1: the sealed move itself stays secret
        return notice("adjourned", "Game adjourned (the sealed move stays secret)",
                "Partida aplazada (la jugada secreta no se publica)");
    }

    static Views.Notice playersCorrected(org.torneo.contracts.game.MoveEvent.PlayersCorrected e) {
        return notice("playersCorrected", "Pairing corrected by the arbiter: " + e.whitePlayerId() + " (White) - "
                        + e.blackPlayerId() + " (Black)" + (e.reason().isBlank() ? "" : ": " + e.reason()),
                "Emparejamiento corregido por el árbitro: " + e.whitePlayerId() + " (blancas) - " + e.blackPlayerId()
                        + " (negras)" + (e.reason().isBlank() ? "" : ": " + e.reason()));
    }

    /**
     * C.04.2, C.04.3 (2017) F.6-F.7 (the seeds are silent: current FIDE practice): the arbiter's corrected pairing no
     * longer has this game, which had not begun: it is not played and has no result.
     */
    static Views.Notice cancelled(org.torneo.contracts.game.MoveEvent.GameCancelled e) {
        return notice("gameCancelled", "Game cancelled by a pairing correction of the arbiter: not played, no result"
                        + (e.reason().isBlank() ? "" : ": " + e.reason()),
                "Partida cancelada por una corrección del emparejamiento del árbitro: no se juega, sin resultado"
                        + (e.reason().isBlank() ? "" : ": " + e.reason()));
    }

    static Views.Notice resumed() {
        return notice("resumed", "Game resumed", "Se reanuda la partida");
    }

    static Views.Notice flag(Side side) {
        return notice("flag", "Flag fell: " + sideLower(side, true), "Cae la bandera de " + sideLower(side, false));
    }

    private static Views.Notice notice(String kind, String en, String es) {
        return new Views.Notice(kind, en, es);
    }

    private static String side(Side side, boolean english) {
        if (side == null) {
            return english ? "A player" : "Un jugador";
        }
        return english ? (side == Side.WHITE ? "White" : "Black") : (side == Side.WHITE ? "Las blancas" : "Las negras");
    }

    private static String sideLower(Side side, boolean english) {
        if (side == null) {
            return english ? "a player" : "un jugador";
        }
        return english ? (side == Side.WHITE ? "White" : "Black") : (side == Side.WHITE ? "las blancas" : "las negras");
    }

    private static String claimEn(DrawClaimKind kind) {
        return switch (kind) {
            case THREEFOLD -> "threefold repetition"; // FIDE 2018 9.2
            case FIFTY_MOVES -> "the fifty-move rule"; // FIDE 2018 9.3
            // FIDE 1997/2001 10.2, 2018 III.5: the opponent cannot win, or makes no effort to win, by normal means
            case QUICKPLAY_FINISH -> "the quickplay-finish rule (the opponent cannot win by normal means)";
            case QUICKPLAY_INCREMENT -> "the request for a 5-second increment"; // FIDE 2018 III.4
        };
    }

    private static String claimEs(DrawClaimKind kind) {
        return switch (kind) {
            case THREEFOLD -> "triple repetición";
            case FIFTY_MOVES -> "la regla de las cincuenta jugadas";
            case QUICKPLAY_FINISH -> "la regla del final a ritmo rápido (el rival no puede ganar por medios normales)";
            case QUICKPLAY_INCREMENT -> "la petición de un incremento de 5 segundos";
        };
    }

    private static String seconds(long millis) {
        return millis % 1000 == 0 ? String.valueOf(millis / 1000) : String.valueOf(millis / 1000.0);
    }

    private static String penaltyEn(Side claimant, long millis) {
        return millis <= 0 || claimant == null ? "" : "; " + duration(millis) + " added to "
                + sideLower(claimant.opponent(), true);
    }

    private static String penaltyEs(Side claimant, long millis) {
        return millis <= 0 || claimant == null ? "" : "; " + duration(millis) + " más para "
                + sideLower(claimant.opponent(), false);
    }

    private static String rulingEn(ClaimEvent.RulingIssued e) {
        String to = e.side() == null ? "" : " " + sideLower(e.side(), true);
        String time = e.timeMillis() > 0 ? " " + duration(e.timeMillis()) : "";
        return switch (e.kind()) {
            case DECLARE_RESULT -> "declares the result" + result(e);
            case RESTORE_POSITION -> "restores the position" + (e.restoreToPly() > 0 ? " after ply " + e.restoreToPly() : "");
            case ADD_TIME -> "adds" + time + " to" + (to.isEmpty() ? " a clock" : to);
            case DEDUCT_TIME -> "deducts" + time + " from" + (to.isEmpty() ? " a clock" : to);
            case WARNING -> "warns" + (to.isEmpty() ? " a player" : to);
            case UPHOLD_CLAIM -> "upholds the claim" + result(e);
            case REJECT_CLAIM -> "rejects the claim";
            case ANNUL_GAME -> "annuls the game";
            case LOSS_OF_GAME -> "declares the game lost by" + (to.isEmpty() ? " a player" : to) + result(e);
            case ADJUDICATE -> "adjudicates the game" + result(e);
            case EXCLUDE_FROM_ROUNDS -> "excludes" + (to.isEmpty() ? " a player" : to) + " from the next rounds";
            case EXPEL -> "expels" + (to.isEmpty() ? " a player" : to) + " from the competition";
            case FINE -> "fines" + (to.isEmpty() ? " a player" : to);
            case OTHER -> "rules";
        };
    }

    private static String rulingEs(ClaimEvent.RulingIssued e) {
        String a = e.side() == null ? " a un jugador" : " a " + sideLower(e.side(), false);
        String time = e.timeMillis() > 0 ? " " + duration(e.timeMillis()) : "";
        return switch (e.kind()) {
            case DECLARE_RESULT -> "declara el resultado" + result(e);
            case RESTORE_POSITION -> "restablece la posición" + (e.restoreToPly() > 0 ? " tras la media jugada "
                    + e.restoreToPly() : "");
            case ADD_TIME -> "añade" + (time.isEmpty() ? " tiempo" : time) + a;
            case DEDUCT_TIME -> "descuenta" + (time.isEmpty() ? " tiempo" : time) + a;
            case WARNING -> "amonesta" + a;
            case UPHOLD_CLAIM -> "acepta la reclamación" + result(e);
            case REJECT_CLAIM -> "rechaza la reclamación";
            case ANNUL_GAME -> "anula la partida";
            case LOSS_OF_GAME -> "declara perdida la partida de " + (e.side() == null ? "un jugador"
                    : sideLower(e.side(), false)) + result(e);
            case ADJUDICATE -> "adjudica la partida" + result(e);
            case EXCLUDE_FROM_ROUNDS -> "excluye de las próximas rondas" + a;
            case EXPEL -> "expulsa de la competición" + a;
            case FINE -> "multa" + a;
            case OTHER -> "decide";
        };
    }

    /** "2 min", or "1:30" (minutes:seconds) for a time that is not whole minutes. */
    static String duration(long millis) {
        long seconds = millis / 1000;
        return seconds % 60 == 0 ? seconds / 60 + " min" : seconds / 60 + ":" + String.format("%02d", seconds % 60);
    }

    private static String result(ClaimEvent.RulingIssued e) {
        return e.result() == null ? "" : " (" + e.result().notation() + ")";
    }

    private static String details(String details) {
        return details == null || details.isBlank() ? "" : ": " + details;
    }

    private static String article(String article) {
        return article == null || article.isBlank() ? "" : " — " + article;
    }
}
