package org.torneo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.cli.CliRun.run;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * {@code torneo help CMD} and {@code torneo CMD --help} print that command's usage (picocli's, from its options);
 * a wrong option prints the error and the usage on stderr and exits 2; {@code torneo} alone lists the commands.
 */
class HelpCommandTest {

    static List<String> commands() {
        return List.copyOf(Cli.commandLine(new Torneo()).getSubcommands().keySet());
    }

    private static CommandSpec spec(String name) {
        return Cli.commandLine(new Torneo()).getSubcommands().get(name).getCommandSpec();
    }

    @Test
    void helpPairPrintsPairsUsage() {
        CliRun r = run("help", "pair");
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());
        assertTrue(r.out().startsWith("Usage: torneo pair [-h] [--batch=LIST] [-o=OUT] [--seed=S]\n"
                + "                   [--system=dutch|harkness|roundrobin] [IN.trf]\n"), r.out());
        for (String option : List.of("--system=dutch|harkness|roundrobin", "--seed=S", "-o, --output=OUT", "--batch=LIST",
                "IN.trf", "-h, --help")) {
            assertTrue(r.out().contains(option), option + " in\n" + r.out());
        }
        assertNotEquals(run("help").out(), r.out());
        assertEquals(r, run("pair", "--help"), "help pair and pair --help print the same");
    }

    @Test
    void pairWithAWrongOptionPrintsTheErrorAndTheUsageOnStderrAndExits2() {
        CliRun r = run("pair", "--wrong-option", "in.trf");
        assertEquals(2, r.code());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("torneo pair: Unknown option: '--wrong-option'\n"), r.err());
        assertTrue(r.err().contains("Usage: torneo pair [-h] [--batch=LIST]"), r.err());
        CliRun badSystem = run("pair", "--system", "swiss", "in.trf");
        assertEquals(2, badSystem.code());
        assertTrue(badSystem.err().startsWith("torneo pair: --system: expected one of [dutch, harkness, roundrobin]"),
                badSystem.err());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void everyCommandsHelpIsItsUsageWithEveryOption(String name) {
        CliRun help = run("help", name);
        assertEquals(0, help.code(), help.err());
        assertTrue(help.out().startsWith("Usage: torneo " + name), help.out());
        CommandSpec spec = spec(name);
        for (OptionSpec option : spec.options()) {
            assertTrue(help.out().contains(option.longestName()), option.longestName() + " in\n" + help.out());
        }
        for (PositionalParamSpec parameter : spec.positionalParameters()) {
            assertTrue(help.out().contains(parameter.paramLabel()), parameter.paramLabel() + " in\n" + help.out());
        }
        for (String description : spec.usageMessage().description()) {
            assertTrue(help.out().replaceAll("\\s+", " ").contains(description.replaceAll("\\s+", " ")),
                    "the description in\n" + help.out());
        }
        assertEquals(help, run(name, "--help"), name + " --help prints the same");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void everyCommandRefusesAWrongOptionWithItsUsageAndExit2(String name) {
        CliRun r = run(name, "--no-such-option");
        assertEquals(2, r.code(), r.err());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("torneo " + name + ": Unknown option: '--no-such-option'"), r.err());
        assertTrue(r.err().contains("\nUsage: torneo " + name), r.err());
    }

    @Test
    void aValueThatDoesNotReadNamesItsOptionAndWhatItShouldBe() {
        CliRun r = run("generate", "--players", "many", "--rounds", "3", "--seed", "1");
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("torneo generate: --players: 'many' is not a whole number\n"), r.err());
        assertTrue(r.err().contains("Usage: torneo generate"), r.err());
        CliRun date = run("rating", "in.trf", "--date", "15/03/2026");
        assertEquals(2, date.code());
        assertTrue(date.err().startsWith("torneo rating: --date: '15/03/2026' is not a date like 2026-03-15\n"), date.err());
        CliRun missing = run("replay", "games.pgn");
        assertEquals(2, missing.code());
        assertTrue(missing.err().startsWith("torneo replay: Missing required option: '--format=tsv'"), missing.err());
    }

    @Test
    void torneoAloneListsTheCommandsAndExits2AndHelpExits0() {
        CliRun alone = run();
        assertEquals(2, alone.code());
        assertTrue(alone.out().startsWith("Usage: torneo [-h] COMMAND"), alone.out());
        for (String name : commands()) {
            assertTrue(alone.out().contains("\n  " + name + " "), name + " in\n" + alone.out());
        }
        CliRun help = run("help");
        assertEquals(0, help.code());
        assertEquals(alone.out(), help.out());
        assertEquals(0, run("--help").code());
    }

    @Test
    void helpForASubcommandOfACommand() {
        CliRun r = run("help", "bench", "pair");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("Usage: torneo bench pair"), r.out());
        assertTrue(r.out().contains("--generate=PLAYERS ROUNDS SEED"), r.out());
    }

    @Test
    void helpForAnUnknownCommandIsAnError() {
        CliRun r = run("help", "nope");
        assertEquals(2, r.code());
        assertEquals("", r.out());
        assertTrue(r.err().contains("unknown command 'nope'"), r.err());
        CliRun unknown = run("nope");
        assertEquals(2, unknown.code());
        assertEquals("", unknown.out());
        assertTrue(unknown.err().startsWith("torneo: unknown command 'nope' (try ./torneo help)"), unknown.err());
        CliRun near = run("pari");
        assertTrue(near.err().contains("pair"), "a suggestion: " + near.err());
    }

    /** The command objects picocli builds are the classes of the list, each with its name. */
    @Test
    void mainCommandGivesTheCommandOfThatName() {
        for (String name : commands()) {
            assertEquals(spec(name).userObject().getClass(), Main.command(name).getClass());
        }
        assertEquals(CommandLine.class, Cli.commandLine(Main.command("pair")).getClass());
    }
}
