package org.torneo.cli.eboard;

import java.io.PrintStream;
import java.util.List;

import org.torneo.cli.Command;
import org.torneo.cli.identity.CliCredentials;
import org.torneo.eboard.EboardBridge;

/**
 * {@code ./torneo eboard OPTIONS}: carries the moves of a hall's DGT boards from LiveChess 2 to the game service as
 * the signed-in account (a device assigned to those boards: {@code ./torneo login --user device-1} first); its token
 * is renewed as the session goes on. See services/eboard/README.md.
 */
public final class EboardCommand implements Command {

    @Override
    public String summary() {
        return "follow DGT e-boards through LiveChess 2 and submit their moves as the signed-in device: "
                + EboardBridge.USAGE.substring("usage: eboard ".length());
    }

    @Override
    public String usage() {
        return EboardBridge.USAGE;
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
        if (args.contains("--help")) {
            out.println(EboardBridge.USAGE);
            return 0;
        }
        EboardBridge.Config config;
        try {
            CliCredentials credentials = CliCredentials.ofUser();
            config = EboardBridge.parse(args, credentials::accessToken);
            credentials.current(); // signed in (a UsageException says how to sign in otherwise)
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        EboardBridge.run(config, out);
        return 0;
    }
}
