package org.torneo.cli.eboard;

import java.io.PrintStream;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

import org.torneo.cli.Command;
import org.torneo.cli.identity.CliCredentials;
import org.torneo.eboard.EboardBridge;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code ./torneo eboard OPTIONS}: carries the moves of a hall's DGT boards from LiveChess 2 to the game service as
 * the signed-in account (a device assigned to those boards: {@code ./torneo login --user device-1} first); its token
 * is renewed as the session goes on. See services/eboard/README.md.
 */
@CommandLine.Command(name = "eboard", description = {
        "follow DGT e-boards through LiveChess 2 and submit their moves as the signed-in device",
        "Sign in as a device assigned to those boards first (./torneo login --user device-1); its token is renewed"
                + " as the session goes on. See services/eboard/README.md."})
public final class EboardCommand extends Command {

    @Option(names = "--tournament", required = true, paramLabel = "T", description = "the tournament's id")
    String tournament;

    @Option(names = "--round", required = true, paramLabel = "N", description = "the round, from 1")
    int round;

    @Option(names = "--hall", paramLabel = "A", description = "the hall of the boards")
    String hall;

    @Option(names = "--board", required = true, paramLabel = "SERIAL=BOARD",
            description = "an e-board's serial number and the board it plays (repeatable), e.g. 7425=1")
    Map<String, Integer> boards = new LinkedHashMap<>();

    @Option(names = "--livechess", paramLabel = "URL", description = "LiveChess 2's API (default ${DEFAULT-VALUE})")
    URI liveChess = URI.create("ws://localhost:1982/api/v1.0");

    @Option(names = "--game", paramLabel = "URL", description = "the game service (default ${DEFAULT-VALUE})")
    URI game = URI.create("http://localhost:8081");

    @Override
    public int execute(PrintStream out, PrintStream err) throws Exception {
        if (round < 1) {
            throw usageError("--round: " + round + " is not a number from 1");
        }
        for (Map.Entry<String, Integer> board : boards.entrySet()) {
            if (board.getKey().isBlank() || board.getValue() < 1) {
                throw usageError("--board " + board.getKey() + "=" + board.getValue() + ": a serial and a board from 1");
            }
        }
        CliCredentials credentials = CliCredentials.ofUser();
        credentials.current(); // signed in (a UsageException says how to sign in otherwise)
        EboardBridge.run(new EboardBridge.Config(liveChess, game, credentials::accessToken, tournament, round, hall,
                boards, java.time.Duration.ofSeconds(30)), out);
        return 0;
    }
}
