package org.torneo.cli;

import java.io.PrintStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * How every command line of {@code torneo} is built and run with picocli: the same settings, value converters with
 * messages that say what was wrong, a {@code -h, --help} option on every command, and the errors turned into what
 * the user reads (the message, then the usage for bad usage; never a stack trace).
 */
public final class Cli {

    private Cli() {
    }

    /** A command line over {@code command} (and its subcommands) with the settings of every torneo command. */
    public static CommandLine commandLine(Object command) {
        CommandLine line = new CommandLine(command);
        line.setExpandAtFiles(false)              // an argument starting with @ is a value (a file name), not a file of arguments
                .setOverwrittenOptionsAllowed(true)   // an option given twice: the last one counts (`--rules auto --rules 2026`)
                .setColorScheme(CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF)); // plain text, also in files
        line.registerConverter(Integer.class, wholeNumber(Integer::valueOf))
                .registerConverter(Integer.TYPE, wholeNumber(Integer::valueOf))
                .registerConverter(Long.class, wholeNumber(Long::valueOf))
                .registerConverter(Long.TYPE, wholeNumber(Long::valueOf))
                .registerConverter(Double.class, Cli::number)
                .registerConverter(Double.TYPE, Cli::number)
                .registerConverter(LocalDate.class, Cli::date)
                .registerConverter(Duration.class, Cli::duration)
                .registerConverter(URI.class, Cli::uri)
                .registerConverter(Path.class, Cli::path);
        addHelpOptionAndFooter(line);
        return line;
    }

    /** {@link Command#run}: parse into the command's fields, then help or the work; bad usage as UsageException. */
    static int run(Command command, List<String> args, PrintStream out, PrintStream err) throws Exception {
        CommandLine line = command.spec != null ? command.spec.commandLine() : commandLine(command);
        try {
            return execute(parse(line, args), out, err);
        } catch (ParameterException e) {
            throw new Command.UsageException(message(e));
        }
    }

    /**
     * The arguments parsed by {@code line}; the first error thrown is the one the user needs first: a wrong option
     * or an argument too many rather than the missing ones ({@code check --wrong} says that --wrong is unknown, not
     * that IN.trf is missing), then the others in the order of the arguments. Picocli checks what is required before
     * what is unknown; the parsers collect every error (below) and the choice is made here.
     */
    static ParseResult parse(CommandLine line, List<String> args) {
        ParseResult parsed = line.parseArgs(args.toArray(String[]::new));
        List<Exception> errors = new java.util.ArrayList<>();
        for (ParseResult p = parsed; p != null; p = p.hasSubcommand() ? p.subcommand() : null) {
            errors.addAll(p.errors());
        }
        Exception first = errors.stream().filter(UnmatchedArgumentException.class::isInstance).findFirst()
                .orElse(errors.isEmpty() ? null : errors.get(0));
        if (first instanceof ParameterException parameter) {
            throw parameter;
        }
        if (first != null) {
            throw new ParameterException(named(parsed).commandLine(), first.getMessage(), first, null, null);
        }
        return parsed;
    }

    /** The command the arguments name (the last subcommand): its usage when asked for, else its work. */
    static int execute(ParseResult parsed, PrintStream out, PrintStream err) throws Exception {
        for (ParseResult p = parsed; p != null; p = p.hasSubcommand() ? p.subcommand() : null) {
            if (p.isUsageHelpRequested()) {
                p.commandSpec().commandLine().usage(out);
                return 0;
            }
        }
        return ((Command) named(parsed).userObject()).execute(out, err);
    }

    /** The command the arguments name: the last subcommand parsed. */
    static CommandSpec named(ParseResult parsed) {
        ParseResult last = parsed;
        while (last.hasSubcommand()) {
            last = last.subcommand();
        }
        return last.commandSpec();
    }

    /**
     * Bad usage as the user reads it on stderr: "torneo pair: Unknown option: '--wrong'", picocli's suggestions
     * ("Did you mean ...") and the usage of the command concerned. Returns the exit code, 2.
     */
    static int printUsageError(ParameterException e, PrintStream err) {
        CommandLine at = e.getCommandLine();
        err.println(at.getCommandSpec().qualifiedName() + ": " + message(e));
        UnmatchedArgumentException.printSuggestions(e, err);
        at.usage(err);
        return 2;
    }

    /**
     * The message of a parse error; a value that does not convert is named by its option or parameter and says what
     * it should be ("--round: 'x' is not a whole number") rather than picocli's "Invalid value for option ...".
     */
    static String message(ParameterException e) {
        ArgSpec arg = e.getArgSpec();
        if (e.getCause() instanceof TypeConversionException conversion && arg != null) {
            String name = arg instanceof OptionSpec option ? option.longestName() : arg.paramLabel();
            return name + ": " + conversion.getMessage();
        }
        return e.getMessage();
    }

    /**
     * Every command gets {@code -h, --help}; its footer (notes, examples, a script format) is printed as written,
     * line for line: examples keep their lines however long, where picocli would rewrap them to the usage's width.
     */
    private static void addHelpOptionAndFooter(CommandLine line) {
        CommandSpec spec = line.getCommandSpec();
        spec.parser().collectErrors(true); // every error of the arguments, the one to show is chosen in parse()
        if (spec.findOption("--help") == null) {
            spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true)
                    .description("print this usage and exit").build());
        }
        line.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_FOOTER, help -> {
            String[] footer = help.commandSpec().usageMessage().footer();
            return footer.length == 0 ? "" : String.join("\n", footer) + "\n";
        });
        line.getSubcommands().values().forEach(Cli::addHelpOptionAndFooter);
    }

    // ------------------------------------------------------------------------------------------------ converters

    private static <T> ITypeConverter<T> wholeNumber(java.util.function.Function<String, T> parse) {
        return text -> {
            try {
                return parse.apply(text.strip());
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + text + "' is not a whole number");
            }
        };
    }

    private static Double number(String text) {
        try {
            double value = Double.parseDouble(text.strip());
            if (Double.isNaN(value) || Double.isInfinite(value)) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + text + "' is not a number");
        }
    }

    private static LocalDate date(String text) {
        try {
            return LocalDate.parse(text.strip());
        } catch (DateTimeParseException e) {
            throw new TypeConversionException("'" + text + "' is not a date like 2026-03-15");
        }
    }

    private static Duration duration(String text) {
        try {
            return Duration.parse(text.strip());
        } catch (DateTimeParseException e) {
            throw new TypeConversionException("'" + text + "' is not a duration like PT180S or PT3M (ISO-8601)");
        }
    }

    private static URI uri(String text) {
        try {
            return new URI(text.strip());
        } catch (URISyntaxException e) {
            throw new TypeConversionException("'" + text + "' is not a URI: " + e.getReason() + " at index " + e.getIndex());
        }
    }

    private static Path path(String text) {
        try {
            return Path.of(text);
        } catch (InvalidPathException e) {
            throw new TypeConversionException("'" + text + "' is not a file name: " + e.getReason());
        }
    }
}
