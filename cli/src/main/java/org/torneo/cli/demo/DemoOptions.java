package org.torneo.cli.demo;

import java.util.List;

import org.torneo.cli.Command.UsageException;

/** The options of {@code ./torneo demo}. */
record DemoOptions(int players, int rounds, int halls, double speed, long seed, boolean exit, String category) {

    static final String USAGE = "usage: demo [--players 300] [--rounds 7] [--halls 4] [--speed X (default 1: clocks of 6+0.06 s, more for big fields; 0.5 = twice as much time)] [--seed S] "
            + "[--rapid] [--exit]";

    static DemoOptions parse(List<String> args) {
        int players = 300;
        int rounds = 7;
        int halls = 4;
        double speed = 1;
        long seed = 2026;
        boolean exit = false;
        String category = "STANDARD";
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            switch (arg) {
                case "--exit" -> exit = true;
                case "--rapid" -> category = "RAPID";
                case "--players", "--rounds", "--halls", "--speed", "--seed" -> {
                    if (i + 1 >= args.size()) {
                        throw new UsageException(arg + " needs a value; " + USAGE);
                    }
                    String value = args.get(++i);
                    try {
                        switch (arg) {
                            case "--players" -> players = Integer.parseInt(value);
                            case "--rounds" -> rounds = Integer.parseInt(value);
                            case "--halls" -> halls = Integer.parseInt(value);
                            case "--speed" -> speed = Double.parseDouble(value);
                            default -> seed = Long.parseLong(value);
                        }
                    } catch (NumberFormatException e) {
                        throw new UsageException(arg + " '" + value + "' is not a number; " + USAGE);
                    }
                }
                default -> throw new UsageException("unknown option '" + arg + "'; " + USAGE);
            }
        }
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
