package org.torneo.cli.demo;

import org.torneo.cli.Command.UsageException;

/** The options of {@code ./torneo demo}. */
record DemoOptions(int players, int rounds, int halls, double speed, long seed, boolean exit, String category) {

    /** The options, checked: values out of their range are a usage error naming the option. */
    static DemoOptions of(int players, int rounds, int halls, double speed, long seed, boolean exit, String category) {
        if (players < 4 || players > 5000) {
            throw new UsageException("--players must be 4 to 5000, not " + players);
        }
        if (rounds < 1 || rounds > 15) {
            throw new UsageException("--rounds must be 1 to 15, not " + rounds);
        }
        if (halls < 1 || halls > players / 2) {
            throw new UsageException("--halls must be 1 to players/2, not " + halls);
        }
        if (!(speed >= 0.05 && speed <= 2)) {
            // faster clocks than twice the default leave less time than the services need to record a move
            throw new UsageException("--speed must be 0.05 to 2, not " + speed);
        }
        return new DemoOptions(players, rounds, halls, speed, seed, exit, category);
    }
}
