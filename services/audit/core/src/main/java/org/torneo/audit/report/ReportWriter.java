package org.torneo.audit.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.torneo.audit.AuditReport;
import org.torneo.audit.chain.ChainFinding;
import org.torneo.audit.verify.AuthorityCheck;
import org.torneo.audit.verify.Decision;

/**
 * The audit in three forms: JSON for machines, Markdown and HTML for the appeals committee. The readable forms put
 * the chain breaks and the discrepancies first, then one table per game or round.
 */
public final class ReportWriter {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ReportWriter() {
    }

    public static String json(AuditReport report) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("decisionsChecked", report.decisions().size());
        root.put("discrepant", report.discrepant());
        root.put("resignationsChecked", report.checked(org.torneo.audit.verify.ResignationAudit.KIND));
        root.put("rulingsChecked", report.checked(org.torneo.audit.verify.RulingAudit.KIND));
        root.put("standingsChecked", report.checked(org.torneo.audit.verify.StandingsAudit.STANDINGS));
        root.put("prizeListsChecked", report.checked(org.torneo.audit.verify.StandingsAudit.PRIZES));
        root.put("chainIntact", report.chainIntact());
        root.put("aggregates", report.chain().aggregates());
        root.put("events", report.chain().events());
        ArrayNode breaks = root.putArray("chainFindings");
        for (ChainFinding f : report.chainFindings()) {
            ObjectNode n = breaks.addObject();
            n.put("aggregateId", f.aggregateId());
            n.put("sequence", f.sequence());
            n.put("eventId", f.eventId() == null ? null : f.eventId().toString());
            n.put("kind", f.kind().name());
            n.put("detail", f.detail());
        }
        root.put("authorityChecked", report.authority().size());
        ArrayNode withoutAuthority = root.putArray("withoutAuthority");
        for (AuthorityCheck c : report.withoutAuthority()) {
            ObjectNode n = withoutAuthority.addObject();
            n.put("subject", c.subject());
            n.put("event", c.event());
            n.put("eventId", c.eventId().toString());
            n.put("sequence", c.sequence());
            n.put("actorRole", c.actor().role().name());
            n.put("actorId", c.actor().id());
            n.put("permission", c.permission().name());
            n.put("rule", c.verdict().rule());
            n.put("reason", c.verdict().reason());
        }
        ArrayNode unchecked = root.putArray("unchecked");
        report.unchecked().forEach(unchecked::add);
        ArrayNode decisions = root.putArray("decisions");
        for (Decision d : report.decisions()) {
            ObjectNode n = decisions.addObject();
            n.put("subject", d.subject());
            n.put("kind", d.kind());
            n.put("eventId", d.eventId() == null ? null : d.eventId().toString());
            n.put("sequence", d.sequence());
            n.put("status", d.confirmed() ? "confirmed" : "discrepant");
            n.put("article", d.article());
            n.put("finding", d.finding());
            n.put("evidence", d.evidence());
        }
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (Exception e) {
            throw new IllegalStateException("the report cannot be written as JSON: " + e.getMessage(), e);
        }
    }

    public static String markdown(AuditReport report) {
        StringBuilder md = new StringBuilder("# Audit\n\n").append(report.summaryLine()).append("\n\n")
                .append(report.recheckedLine()).append("\n\n");
        md.append("## Hash chains\n\n");
        if (report.chainIntact()) {
            md.append("All ").append(report.chain().aggregates()).append(" chains intact (")
                    .append(report.chain().events()).append(" events).\n\n");
        } else {
            md.append("| aggregate | # | event | what | detail |\n|---|---|---|---|---|\n");
            for (ChainFinding f : report.chainFindings()) {
                md.append("| ").append(cell(f.aggregateId())).append(" | ").append(f.sequence()).append(" | ")
                        .append(f.eventId() == null ? "-" : f.eventId()).append(" | ").append(f.kind()).append(" | ")
                        .append(cell(f.detail())).append(" |\n");
            }
            md.append("\n");
        }
        List<Decision> discrepant = report.decisions().stream().filter(d -> !d.confirmed()).toList();
        md.append("## Discrepancies\n\n");
        if (discrepant.isEmpty()) {
            md.append("None.\n\n");
        } else {
            table(md, discrepant, true);
        }
        md.append("## Decisions without authority\n\n");
        if (report.withoutAuthority().isEmpty()) {
            md.append("None (").append(report.authority().size()).append(" decisions checked).\n\n");
        } else {
            md.append("| subject | # | event | actor | needed | reason | rule |\n|---|---|---|---|---|---|---|\n");
            for (AuthorityCheck c : report.withoutAuthority()) {
                md.append("| ").append(cell(c.subject())).append(" | ").append(c.sequence()).append(" | ")
                        .append(cell(c.event())).append(" ").append(c.eventId()).append(" | ")
                        .append(c.actor().role()).append(' ').append(cell(c.actor().id())).append(" | ")
                        .append(c.permission()).append(" | ").append(cell(c.verdict().reason())).append(" | ")
                        .append(cell(c.verdict().rule())).append(" |\n");
            }
            md.append("\n");
        }
        if (!report.unchecked().isEmpty()) {
            md.append("## Not re-derived\n\n");
            report.unchecked().forEach(u -> md.append("- ").append(u).append("\n"));
            md.append("\n");
        }
        for (Map.Entry<String, List<Decision>> group : bySubject(report).entrySet()) {
            md.append("## ").append(group.getKey()).append("\n\n");
            table(md, group.getValue(), false);
        }
        return md.toString();
    }

    private static void table(StringBuilder md, List<Decision> decisions, boolean withSubject) {
        md.append(withSubject ? "| subject " : "").append("| decision | # | event | status | article | finding | evidence |\n")
                .append(withSubject ? "|---" : "").append("|---|---|---|---|---|---|---|\n");
        for (Decision d : decisions) {
            if (withSubject) {
                md.append("| ").append(cell(d.subject())).append(" ");
            }
            md.append("| ").append(cell(d.kind())).append(" | ").append(d.sequence()).append(" | ")
                    .append(d.eventId()).append(" | ").append(d.confirmed() ? "confirmed" : "**discrepant**")
                    .append(" | ").append(cell(d.article())).append(" | ").append(cell(d.finding())).append(" | ")
                    .append(cell(d.evidence())).append(" |\n");
        }
        md.append("\n");
    }

    public static String html(AuditReport report) {
        StringBuilder h = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<title>Torneo audit</title><style>body{font-family:sans-serif}table{border-collapse:collapse;"
                + "margin-bottom:1.5em}td,th{border:1px solid #999;padding:2px 6px;vertical-align:top;font-size:90%}"
                + ".discrepant{background:#fdd}.broken{background:#fdd}</style></head><body>\n");
        h.append("<h1>Audit</h1>\n<p>").append(esc(report.summaryLine())).append("</p>\n<h2>Hash chains</h2>\n");
        if (report.chainIntact()) {
            h.append("<p>All ").append(report.chain().aggregates()).append(" chains intact (")
                    .append(report.chain().events()).append(" events).</p>\n");
        } else {
            h.append("<table><tr><th>aggregate</th><th>#</th><th>event</th><th>what</th><th>detail</th></tr>\n");
            for (ChainFinding f : report.chainFindings()) {
                h.append("<tr class=\"broken\"><td>").append(esc(f.aggregateId())).append("</td><td>")
                        .append(f.sequence()).append("</td><td>").append(f.eventId() == null ? "-" : f.eventId())
                        .append("</td><td>").append(f.kind()).append("</td><td>").append(esc(f.detail()))
                        .append("</td></tr>\n");
            }
            h.append("</table>\n");
        }
        List<Decision> discrepant = report.decisions().stream().filter(d -> !d.confirmed()).toList();
        h.append("<h2>Discrepancies</h2>\n");
        if (discrepant.isEmpty()) {
            h.append("<p>None.</p>\n");
        } else {
            htmlTable(h, discrepant);
        }
        h.append("<h2>Decisions without authority</h2>\n");
        if (report.withoutAuthority().isEmpty()) {
            h.append("<p>None (").append(report.authority().size()).append(" decisions checked).</p>\n");
        } else {
            h.append("<table><tr><th>subject</th><th>#</th><th>event</th><th>actor</th><th>needed</th><th>reason</th>"
                    + "<th>rule</th></tr>\n");
            for (AuthorityCheck c : report.withoutAuthority()) {
                h.append("<tr class=\"discrepant\"><td>").append(esc(c.subject())).append("</td><td>")
                        .append(c.sequence()).append("</td><td>").append(esc(c.event())).append(' ')
                        .append(c.eventId()).append("</td><td>").append(c.actor().role()).append(' ')
                        .append(esc(c.actor().id())).append("</td><td>").append(c.permission()).append("</td><td>")
                        .append(esc(c.verdict().reason())).append("</td><td>").append(esc(c.verdict().rule()))
                        .append("</td></tr>\n");
            }
            h.append("</table>\n");
        }
        if (!report.unchecked().isEmpty()) {
            h.append("<h2>Not re-derived</h2>\n<ul>\n");
            report.unchecked().forEach(u -> h.append("<li>").append(esc(u)).append("</li>\n"));
            h.append("</ul>\n");
        }
        for (Map.Entry<String, List<Decision>> group : bySubject(report).entrySet()) {
            h.append("<h2>").append(esc(group.getKey())).append("</h2>\n");
            htmlTable(h, group.getValue());
        }
        return h.append("</body></html>\n").toString();
    }

    private static void htmlTable(StringBuilder h, List<Decision> decisions) {
        h.append("<table><tr><th>subject</th><th>decision</th><th>#</th><th>event</th><th>status</th><th>article</th>"
                + "<th>finding</th><th>evidence</th></tr>\n");
        for (Decision d : decisions) {
            h.append("<tr").append(d.confirmed() ? "" : " class=\"discrepant\"").append("><td>").append(esc(d.subject()))
                    .append("</td><td>").append(esc(d.kind())).append("</td><td>").append(d.sequence())
                    .append("</td><td>").append(d.eventId()).append("</td><td>")
                    .append(d.confirmed() ? "confirmed" : "<b>discrepant</b>").append("</td><td>")
                    .append(esc(d.article())).append("</td><td>").append(esc(d.finding())).append("</td><td>")
                    .append(esc(d.evidence())).append("</td></tr>\n");
        }
        h.append("</table>\n");
    }

    /** Decisions grouped by game or round, discrepant first within each group. */
    private static Map<String, List<Decision>> bySubject(AuditReport report) {
        Map<String, List<Decision>> groups = new LinkedHashMap<>();
        for (Decision d : report.decisions()) {
            groups.computeIfAbsent(d.subject(), k -> new ArrayList<>()).add(d);
        }
        groups.replaceAll((k, v) -> v.stream().sorted(Comparator.comparing(Decision::confirmed)).toList());
        return groups;
    }

    private static String cell(String text) {
        return text == null ? "" : text.replace("|", "\\|").replace("\n", " ");
    }

    private static String esc(String text) {
        return text == null ? "" : text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                .replace("\"", "&quot;");
    }
}
