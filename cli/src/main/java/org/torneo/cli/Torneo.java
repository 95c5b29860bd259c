package org.torneo.cli;

import java.io.PrintStream;
import picocli.CommandLine;

/** {@code torneo}: the top command; its subcommands are the commands of the launcher, in the order of its list. */
@CommandLine.Command(name = "torneo", synopsisSubcommandLabel = "COMMAND",
        description = "Torneo's command line: the local stack, the Laws of Chess, pairings, standings, ratings, the audit.",
        commandListHeading = "%nCommands:%n",
        footer = {"", "./torneo help COMMAND (or ./torneo COMMAND --help) prints that command's usage;",
                "source <(./torneo completion) completes commands and options in bash.",
                "Exit codes: 0 done, 1 no result (e.g. no valid pairing), 2 bad usage or input."},
        subcommands = {
                // the local stack
                org.torneo.cli.stack.UpCommand.class,
                org.torneo.cli.stack.StatusCommand.class,
                org.torneo.cli.stack.DownCommand.class,
                // identity
                org.torneo.cli.identity.LoginCommand.class,
                org.torneo.cli.identity.TokenCommand.class,
                org.torneo.cli.identity.LogoutCommand.class,
                // the Laws of Chess engine
                org.torneo.cli.laws.PerftCommand.class,
                org.torneo.cli.laws.MovesCommand.class,
                org.torneo.cli.laws.ReplayCommand.class,
                org.torneo.cli.laws.CanMateCommand.class,
                org.torneo.cli.adjudicate.AdjudicateCommand.class,
                org.torneo.cli.bench.BenchCommand.class,
                // clocks
                org.torneo.cli.clock.TimeControlCommand.class,
                // pairing
                org.torneo.cli.pairing.PairCommand.class,
                org.torneo.cli.pairing.CheckCommand.class,
                org.torneo.cli.pairing.GenerateCommand.class,
                // rating
                org.torneo.cli.rating.StandingsCommand.class,
                org.torneo.cli.rating.RatingCommand.class,
                // whole system
                org.torneo.cli.demo.DemoCommand.class,
                org.torneo.cli.demo.ChaosCommand.class,
                org.torneo.cli.audit.ExportCommand.class,
                org.torneo.cli.audit.AuditCommand.class,
                // devices
                org.torneo.cli.eboard.EboardCommand.class,
                // the command line itself
                HelpCommand.class,
                CompletionCommand.class})
public final class Torneo extends Command {

    /** {@code torneo} alone: the list of commands, and exit 2 (a command was expected). */
    @Override
    public int execute(PrintStream out, PrintStream err) {
        spec.commandLine().usage(out);
        return 2;
    }
}
