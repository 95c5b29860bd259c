package org.torneo.cli.audit;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import org.torneo.audit.log.TournamentExport;
import org.torneo.cli.Command;
import org.torneo.contracts.codec.JsonCodec;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code torneo export --tournament T [--bootstrap host:port]}: the tournament's whole event history as JSON Lines
 * on stdout, one {@code {"topic":…,"envelope":{…}}} per line, envelopes byte for byte as on the topics.
 */
@CommandLine.Command(name = "export", description = {
        "write a tournament's whole event history (every topic, hash chains included) as JSON Lines",
        "One {\"topic\":...,\"envelope\":{...}} a line on stdout (e.g. > T.jsonl), envelopes byte for byte as on the"
                + " topics; exit 1 when the tournament has no event."})
public final class ExportCommand extends Command {

    @Option(names = "--tournament", required = true, paramLabel = "T", description = "the tournament's id")
    String tournament;

    @Option(names = "--bootstrap", paramLabel = "host:port", description = "Kafka (default: the local stack's)")
    String bootstrap;

    @Override
    public int execute(PrintStream out, PrintStream err) {
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
}
