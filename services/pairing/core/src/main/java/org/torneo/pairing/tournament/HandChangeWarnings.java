package org.torneo.pairing.tournament;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.PairingWarning;
import org.torneo.pairing.dutch.check.RoundCheck;
import org.torneo.pairing.swiss.SwissTournament;

/**
 * The Dutch checker's warnings for a change by hand ({@link RoundCheck}): what the round's boards after the change do
 * against C.04.3 that they did not do before it, by player id. Only for a tournament paired by the Dutch system; the
 * other Swiss systems have their own rules and get no warnings.
 */
final class HandChangeWarnings {

    private HandChangeWarnings() {
    }

    static List<PairingWarning> of(TournamentState state, int round, List<Board> before, List<Board> after) {
        if (state.system() != PairingSystemKind.DUTCH) {
            return List.of();
        }
        SwissTournament t = DutchSystem.beforeRound(state, round);
        Map<Integer, String> idOf = new HashMap<>();
        state.numbers().forEach((id, number) -> idOf.put(number, id));
        List<RoundCheck.Finding> added = RoundCheck.added(RoundCheck.check(t, numbered(state, before)),
                RoundCheck.check(t, numbered(state, after)));
        List<PairingWarning> warnings = new ArrayList<>();
        for (RoundCheck.Finding f : added) {
            warnings.add(new PairingWarning(f.criterion(), f.kind().name(), f.board(),
                    f.players().stream().map(idOf::get).toList(), f.detail()));
        }
        return warnings;
    }

    private static List<RoundCheck.Board> numbered(TournamentState state, List<Board> boards) {
        List<RoundCheck.Board> numbered = new ArrayList<>();
        for (Board b : boards) {
            numbered.add(new RoundCheck.Board(b.number(), state.numbers().get(b.white()), state.numbers().get(b.black())));
        }
        return numbered;
    }
}
