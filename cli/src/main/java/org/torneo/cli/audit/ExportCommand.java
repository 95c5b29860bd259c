package org.torneo.cli.audit;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import org.torneo.audit.log.TournamentExport;
import org.torneo.cli.Command;
import org.torneo.contracts.codec.JsonCodec;

/**
 * {@code torneo export --tournament T [--bootstrap host:port]}: the tournament's whole event history as JSON Lines
 * on stdout, one {@code {"topic":…,"envelope":{…}}} per line, envelopes byte for byte as on the topics.
 */
public final class ExportCommand implements Command {

    static final String USAGE = "usage: export --tournament T [--bootstrap host:port] > T.jsonl";

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        String tournament = null;
        String bootstrap = null;
        for (int i = 0; i < args.size(); i++) {
            switch (args.get(i)) {
                case "--tournament" -> tournament = value(args, ++i, "--tournament");
                case "--bootstrap" -> bootstrap = value(args, ++i, "--bootstrap");
                default -> throw new UsageException("unknown argument '" + args.get(i) + "'\n" + USAGE);
            }
        }
        if (tournament == null) {
            throw new UsageException("--tournament is required\n" + USAGE);
        }
        List<String> lines = read(tournament, bootstrap);
        lines.forEach(out::println);
        err.println("export: " + lines.size() + " events of tournament " + tournament);
        return lines.isEmpty() ? 1 : 0;
    }

    static List<String> read(String tournament, String bootstrap) {
        String server = bootstrap != null ? bootstrap : KafkaLogReader.defaultBootstrap();
        return TournamentExport.lines(JsonCodec.standard(), tournament,
                KafkaLogReader.readAll(server, Duration.ofSeconds(60)));
    }

    static String value(List<String> args, int i, String option) {
        if (i >= args.size() || args.get(i).startsWith("--")) {
            throw new UsageException(option + " needs a value");
        }
        return args.get(i);
    }

    @Override
    public String summary() {
        return "write a tournament's whole event history (every topic, hash chains included) as JSON Lines";
    }
}
