package org.torneo.pairing.app.rest;

import java.util.List;

import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.tournament.PrizeFund;

/** Bodies of the POST endpoints. {@code commandId} is optional (a UUID; a retry with the same id is decided once). */
public final class TournamentRequests {

    private TournamentRequests() {
    }

    /** Who asks: role PLAYER, ARBITER, ORGANISER, BOARD, EBOARD or SYSTEM, and an id. */
    public record ActorBody(String role, String id) {
    }

    public record HallBody(String name, int firstBoard, int lastBoard) {
    }

    /**
     * {@code timeControl} (optional, no clock when absent): {"periods":[{"moves":40,"baseMillis":5400000,
     * "mode":"FISCHER","bonusMillis":30000}, ...]}; {@code tieBreaks} (optional): C.07 codes in order;
     * {@code prizes} (optional): {"currency":"EUR","byPlaceCents":[100000,60000],"method":"EQUAL_SHARING"}.
     */
    public record Create(String tournamentId, String name, String system, int rounds, String rulesetId,
                         List<HallBody> halls, ActorBody actor, String commandId, TimeControl timeControl,
                         List<String> tieBreaks, PrizeFund prizes) {
    }

    public record Register(String playerId, String name, int rating, Integer joinsRound, ActorBody actor,
                           String commandId) {
    }

    public record Withdraw(String reason, ActorBody actor, String commandId) {
    }

    public record RequestBye(String playerId, int round, String kind, ActorBody actor, String commandId) {
    }

    public record Forbid(String firstPlayerId, String secondPlayerId, String reason, ActorBody actor, String commandId) {
    }

    public record Plain(ActorBody actor, String commandId) {
    }

    public record PairNext(Long seed, ActorBody actor, String commandId) {
    }

    public record BoardBody(int number, String hall, String white, String black) {
    }

    public record ByeBody(String playerId, String kind, String points) {
    }

    public record Correct(List<BoardBody> boards, List<ByeBody> byes, String reason, ActorBody actor, String commandId) {
    }
}
