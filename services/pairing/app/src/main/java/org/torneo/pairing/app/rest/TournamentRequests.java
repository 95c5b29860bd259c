package org.torneo.pairing.app.rest;

import java.util.List;

import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.tournament.ByeRules;
import org.torneo.contracts.tournament.PrizeFund;

/**
 * Bodies of the POST endpoints. {@code commandId} is optional (a UUID; a retry with the same id is decided once). Who
 * asks is the verified bearer token's account: an {@code actor} field of earlier versions is ignored.
 */
public final class TournamentRequests {

    private TournamentRequests() {
    }

    public record HallBody(String name, int firstBoard, int lastBoard) {
    }

    /**
     * {@code timeControl} (optional, no clock when absent): {"periods":[{"moves":40,"baseMillis":5400000,
     * "mode":"FISCHER","bonusMillis":30000}, ...]}; {@code tieBreaks} (optional): C.07 codes in order;
     * {@code prizes} (optional): {"currency":"EUR","byPlaceCents":[100000,60000],"method":"EQUAL_SHARING"};
     * {@code eventId} and {@code eventName} (optional: the tournament is its own event) the event it belongs to;
     * {@code byeRules} (optional, no limits): {"maxHalfPointByes":2,"noHalfPointByeLastRounds":2};
     * {@code lastEntryRound} (optional, none): the last round a player may join.
     */
    public record Create(String tournamentId, String name, String system, int rounds, String rulesetId,
                         List<HallBody> halls, String commandId, TimeControl timeControl,
                         List<String> tieBreaks, PrizeFund prizes, String eventId, String eventName,
                         ByeRules byeRules, Integer lastEntryRound) {
    }

    /** {@code title} (GM, IM, FM, CM, WGM, WIM, WFM, WCM) and {@code federation} (e.g. ESP) may be left out. */
    public record Register(String playerId, String name, int rating, Integer joinsRound, String commandId, String title,
                           String federation) {
    }

    public record Withdraw(String reason, String commandId) {
    }

    public record RequestBye(String playerId, int round, String kind, String commandId) {
    }

    public record Forbid(String firstPlayerId, String secondPlayerId, String reason, String commandId) {
    }

    /** A change by hand: {@code kind} SWAP_PLAYERS, EXCHANGE_COLOURS or PAIR_UNPAIRED. */
    public record HandChangeBody(String kind, String firstPlayerId, String secondPlayerId, Integer board, String reason,
                                 String commandId) {
    }

    public record Plain(String commandId) {
    }

    public record PairNext(Long seed, String commandId) {
    }

    public record BoardBody(int number, String hall, String white, String black) {
    }

    public record ByeBody(String playerId, String kind, String points) {
    }

    public record Correct(List<BoardBody> boards, List<ByeBody> byes, String reason, String commandId) {
    }

    /** {@code chief} true: the chief arbiter (no halls); else the halls he serves (none without halls). */
    public record Appoint(String account, Boolean chief, List<String> halls, String commandId) {
    }

    public record Dismiss(String reason, String commandId) {
    }

    public record Link(String account, String commandId) {
    }

    /** {@code hall} null only in a tournament without halls; {@code boards} empty or null: every board of the hall. */
    public record AssignDevice(String account, String hall, List<Integer> boards, String commandId, String side) {
    }

    /**
     * The public broadcast's delay: {@code mode} NONE, FIXED or AFTER_GAME (any case), {@code seconds} 1..3600 with
     * FIXED, else 0 or absent.
     */
    public record SetBroadcastDelay(String mode, Integer seconds, String commandId) {
    }
}
