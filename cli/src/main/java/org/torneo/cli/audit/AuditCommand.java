package org.torneo.cli.audit;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.torneo.audit.Audit;
import org.torneo.audit.AuditReport;
import org.torneo.audit.chain.ChainFinding;
import org.torneo.audit.chain.SignatureAudit;
import org.torneo.contracts.signing.TrustedKeys;
import org.torneo.audit.report.ReportWriter;
import org.torneo.audit.verify.AuthorityCheck;
import org.torneo.audit.verify.Decision;
import org.torneo.cli.Command;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code torneo audit FILE.jsonl [--html OUT] [--md OUT] [--json OUT]} or
 * {@code torneo audit --tournament T [--bootstrap host:port] ...}: every claim, penalty, flag fall, clock
 * adjustment, result, correction and pairing re-verified from the log, and every hash chain checked. Prints the
 * chain breaks and the discrepancies; the last line is the summary. Exit 0 when clean, 1 otherwise.
 */
@CommandLine.Command(name = "audit", description = {"re-verify every claim, penalty, flag fall, clock adjustment,"
        + " resignation, ruling, result, pairing, standings and prize list of a tournament's log",
        "From an exported log (FILE.jsonl) or read from Kafka (--tournament); prints the chain breaks and the"
                + " discrepancies, the last line is the summary. Exit 0 when clean, 1 otherwise."})
public final class AuditCommand extends Command {

    @Parameters(arity = "0..1", paramLabel = "FILE.jsonl", description = "the log ./torneo export wrote")
    String file;

    @Option(names = "--tournament", paramLabel = "T", description = "read the tournament's log from Kafka instead")
    String tournament;

    @Option(names = "--bootstrap", paramLabel = "host:port", description = "with --tournament: Kafka (default: the local stack's)")
    String bootstrap;

    @Option(names = "--trust", paramLabel = "FILE", description = {"the services' public keys and their validity: every"
            + " event must match a head its service signed (with --tournament on the local stack: the stack's trust"
            + " file unless given)"})
    String trustFile;

    @Option(names = "--anchor", paramLabel = "FILE", description = {"a round's signed checkpoint the arbiter saved: every"
            + " head in it must be in the log (repeatable)"})
    List<String> anchorFiles = new ArrayList<>();

    @Option(names = "--html", paramLabel = "OUT", description = "write the report as HTML")
    String html;

    @Option(names = "--md", paramLabel = "OUT", description = "write the report as Markdown")
    String md;

    @Option(names = "--json", paramLabel = "OUT", description = "write the report as JSON")
    String json;

    @Override
    public int execute(PrintStream out, PrintStream err) throws IOException {
        String trustFile = this.trustFile;
        if ((file == null) == (tournament == null)) {
            throw usageError("give either a log file or --tournament T (read from Kafka)");
        }
        if (file != null && bootstrap != null) {
            throw usageError("--bootstrap reads Kafka: use it with --tournament, not with a file");
        }
        if (trustFile == null && tournament != null && bootstrap == null) {
            trustFile = localTrustFile();
        }
        if (!anchorFiles.isEmpty() && trustFile == null) {
            throw usageError("--anchor needs --trust FILE (the key that signed the anchor)");
        }
        TrustedKeys trust = trustFile == null ? null : readTrust(trustFile);
        List<SignatureAudit.Anchor> anchors = new ArrayList<>();
        for (String anchor : anchorFiles) {
            anchors.add(new SignatureAudit.Anchor(anchor, String.join("\n", readFile(anchor)) + "\n"));
        }
        List<String> lines = file != null ? readFile(file) : ExportCommand.read(tournament, bootstrap);
        AuditReport report = trust == null ? new Audit().ofLines(lines) : new Audit().ofLines(lines, trust, anchors);
        write(html, ReportWriter.html(report));
        write(md, ReportWriter.markdown(report));
        write(json, ReportWriter.json(report));
        for (ChainFinding f : report.chainFindings()) {
            out.println("chain " + f.kind().name().toLowerCase() + ": " + f.aggregateId() + " #" + f.sequence()
                    + (f.eventId() == null ? "" : " (" + f.eventId() + ")") + ": " + f.detail());
        }
        for (Decision d : report.decisions()) {
            if (!d.confirmed()) {
                out.println("discrepant " + d.kind() + ": " + d.subject() + " #" + d.sequence() + " (" + d.eventId()
                        + ") " + d.article() + ": " + d.finding() + " [" + d.evidence() + "]");
            }
        }
        for (AuthorityCheck check : report.withoutAuthority()) {
            out.println("without authority: " + check.describe());
        }
        for (String note : report.unchecked()) {
            out.println("not re-derived: " + note);
        }
        out.println(report.signatures().summary());
        report.firstFailure().ifPresent(f -> out.println("first failing event: " + f.aggregateId() + " #" + f.sequence()
                + (f.eventId() == null ? "" : " (" + f.eventId() + ")") + ": " + f.kind().name().toLowerCase()
                + ": " + f.detail()));
        out.println(report.recheckedLine());
        out.println(report.summaryLine());
        return report.clean() ? 0 : 1;
    }

    private static List<String> readFile(String file) throws IOException {
        try {
            return new ArrayList<>(Files.readAllLines(Path.of(file), StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            throw new UsageException("no such file: " + file);
        } catch (java.nio.charset.MalformedInputException e) {
            throw new UsageException(file + " is not UTF-8 text");
        }
    }

    /** The running local stack's trust file, when there is one. */
    private static String localTrustFile() {
        try {
            String trust = org.torneo.stack.supervisor.StackHome.fromSystem().readState().getProperty("signing.trust");
            return trust != null && Files.exists(Path.of(trust)) ? trust : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static TrustedKeys readTrust(String file) throws IOException {
        try {
            return TrustedKeys.read(Path.of(file));
        } catch (NoSuchFileException e) {
            throw new UsageException("no such trust file: " + file);
        } catch (IllegalArgumentException e) {
            throw new UsageException("trust file " + e.getMessage());
        }
    }

    private static void write(String path, String text) throws IOException {
        if (path != null) {
            Files.writeString(Path.of(path), text, StandardCharsets.UTF_8);
        }
    }
}
