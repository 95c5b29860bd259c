package org.torneo.pairing.tournament;

import java.util.List;
import java.util.stream.Collectors;

import org.torneo.contracts.Actor;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.TournamentCommand.CloseRound;
import org.torneo.contracts.tournament.TournamentCommand.CorrectPairing;
import org.torneo.contracts.tournament.TournamentCommand.CorrectResult;
import org.torneo.contracts.tournament.TournamentCommand.RecordResult;
import org.torneo.contracts.tournament.TournamentEvent.ResultAmended;
import org.torneo.contracts.tournament.TournamentEvent.ResultRecorded;
import org.torneo.contracts.tournament.TournamentEvent.RoundClosed;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.pairing.tournament.TournamentState.Result;
import org.torneo.pairing.tournament.TournamentState.Round;

import static org.torneo.pairing.tournament.TournamentRefusals.reject;

/** Results recorded and corrected, rounds closed. */
final class ResultDecisions {

    ResultDecisions() {
    }

    List<TournamentEvent> recordResult(RecordResult c, TournamentState state) {
        Round round = state.round(c.round()).orElseThrow(() -> reject(RefusalReason.ROUND_NOT_PAIRED,
                "round " + c.round() + " has not been paired"));
        if (round.closed()) {
            throw reject(RefusalReason.ROUND_CLOSED, "round " + c.round() + " is closed; its results can no longer be recorded");
        }
        if (c.result() == null) {
            throw reject(RefusalReason.INVALID, "the result is missing");
        }
        Board board = round.boardOf(c.whitePlayerId(), c.blackPlayerId()).orElseThrow(() -> reject(RefusalReason.NO_SUCH_GAME,
                "round " + c.round() + " has no game " + c.whitePlayerId() + " (White) - " + c.blackPlayerId() + " (Black)"));
        Result existing = round.results().get(board.number());
        if (existing != null) {
            if (existing.equals(new Result(c.result(), c.played()))) {
                return List.of();
            }
            throw reject(RefusalReason.RESULT_ALREADY_RECORDED, "round " + c.round() + " board " + board.number()
                    + " already has the result " + existing.result() + "; a change needs an arbiter's correction");
        }
        return List.of(new ResultRecorded(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.round(),
                c.whitePlayerId(), c.blackPlayerId(), c.result(), c.played()));
    }

    /**
     * An arbiter's correction of a recorded result (FIDE 2018 8.7: the result stands unless the arbiter decides
     * otherwise), in an open or a closed round. The seeds are silent on Swiss corrections; current FIDE practice
     * is followed: the corrected score counts from the next pairing on, and a round already paired keeps its
     * published pairing (only an arbiter's CorrectPairing changes that).
     */
    List<TournamentEvent> correctResult(CorrectResult c, TournamentState state) {
        if (c.actor() == null || (c.actor().role() != Actor.Role.ARBITER && c.actor().role() != Actor.Role.SYSTEM)) {
            throw reject(RefusalReason.NOT_AN_ARBITER, "only an arbiter corrects a result (FIDE 2018 8.7)");
        }
        if (c.why() == null || c.why().isBlank()) {
            throw reject(RefusalReason.INVALID, "a result correction needs a reason");
        }
        if (c.result() == null) {
            throw reject(RefusalReason.INVALID, "the result is missing");
        }
        Round round = state.round(c.round()).orElseThrow(() -> reject(RefusalReason.ROUND_NOT_PAIRED,
                "round " + c.round() + " has not been paired"));
        Board board = round.boards().stream().filter(b -> b.number() == c.board()).findFirst()
                .orElseThrow(() -> reject(RefusalReason.NO_SUCH_GAME, "round " + c.round() + " has no board " + c.board()));
        Result existing = round.results().get(board.number());
        if (existing == null) {
            throw reject(RefusalReason.NO_RESULT_TO_CORRECT, "round " + c.round() + " board " + c.board()
                    + " has no result yet; record it instead of correcting it");
        }
        if (existing.equals(new Result(c.result(), c.played()))) {
            return List.of();
        }
        return List.of(new ResultAmended(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.round(), board.number(),
                board.white(), board.black(), existing.result(), existing.played(), c.result(), c.played(), c.why()));
    }

    List<TournamentEvent> closeRound(CloseRound c, TournamentState state) {
        Round round = state.round(c.round()).orElseThrow(() -> reject(RefusalReason.ROUND_NOT_PAIRED,
                "round " + c.round() + " has not been paired"));
        if (round.closed()) {
            throw reject(RefusalReason.ROUND_CLOSED, "round " + c.round() + " is already closed");
        }
        List<Integer> missing = round.boards().stream().map(Board::number)
                .filter(number -> !round.results().containsKey(number)).toList();
        if (!missing.isEmpty()) {
            throw reject(RefusalReason.RESULTS_MISSING, "round " + c.round() + " cannot close: no result yet on board"
                    + (missing.size() > 1 ? "s " : " ") + missing.stream().map(String::valueOf).collect(Collectors.joining(", ")));
        }
        return List.of(new RoundClosed(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.round()));
    }
}
