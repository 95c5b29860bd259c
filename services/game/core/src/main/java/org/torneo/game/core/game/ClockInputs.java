package org.torneo.game.core.game;

import java.time.Instant;
import java.util.Optional;

import org.torneo.contracts.Actor;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.game.GameCommand;

/**
 * What the game decides from the clock stream: the clock events the game app turns into game commands (the clock
 * is conclusive, FIDE 2018 6.10.1; the game decides what a flag means). Other clock events concern only the clock.
 */
public final class ClockInputs {

    private ClockInputs() {
    }

    /** The request for the game of this clock event (clock id = game id), or empty when the game need not know. */
    public static Optional<GameRequest> toRequest(ClockEvent event) {
        Actor clock = Actor.system("clock");
        return switch (event) {
            case ClockEvent.ClockSwitched switched -> Optional.of(new GameRequest(switched.gameId(), clock,
                    new GameCommand.PressClock(switched.mover(), Instant.ofEpochMilli(switched.at()))));
            case ClockEvent.FlagFell flag -> Optional.of(new GameRequest(flag.gameId(), clock,
                    new GameCommand.ReportFlagFall(flag.side(), flag.requirementMet(), flag.finalPeriod(),
                            Instant.ofEpochMilli(flag.at()))));
            case ClockEvent.BothFlagsFell both -> Optional.of(new GameRequest(both.gameId(), clock,
                    new GameCommand.ReportBothFlagsFell(both.finalPeriod(), Instant.ofEpochMilli(both.at()))));
            case ClockEvent.PlayerDefaulted defaulted -> Optional.of(new GameRequest(defaulted.gameId(), clock,
                    new GameCommand.ReportDefault(defaulted.side(), Instant.ofEpochMilli(defaulted.at()))));
            default -> Optional.empty();
        };
    }
}
