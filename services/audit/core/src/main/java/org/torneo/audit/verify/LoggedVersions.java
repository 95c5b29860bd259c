package org.torneo.audit.verify;

import java.util.ArrayList;
import java.util.List;

import org.torneo.contracts.EventMessage;
import org.torneo.contracts.results.ResultEvent.GameEnded;

/**
 * The events the core decides again, as the version of the log wrote them, so that a field a later version added is
 * not reported as a discrepancy in a log written before it: results.GameEnded version 1 knew no completed plies (null
 * since the upcast), which the game core now sets.
 */
final class LoggedVersions {

    private LoggedVersions() {
    }

    static List<EventMessage> asLogged(List<EventMessage> due, List<EventMessage> logged) {
        List<EventMessage> out = new ArrayList<>(due);
        for (int i = 0; i < Math.min(due.size(), logged.size()); i++) {
            out.set(i, asLogged(due.get(i), logged.get(i)));
        }
        return out;
    }

    static EventMessage asLogged(EventMessage due, Object logged) {
        if (due instanceof GameEnded ended && ended.completedPlies() != null
                && logged instanceof GameEnded old && old.completedPlies() == null) {
            return new GameEnded(ended.gameId(), ended.tournamentId(), ended.round(), ended.board(),
                    ended.whitePlayerId(), ended.blackPlayerId(), ended.result(), ended.whiteHalfPoints(),
                    ended.blackHalfPoints(), ended.reason(), ended.article(), ended.played(), ended.endedAt());
        }
        return due;
    }
}
