package org.torneo.cli.coverage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The coverage map of the Laws (issue 22): every article of each seed edition (docs/laws/articles-EDITION.tsv, taken
 * from the Spanish seed texts), with what the project does about it: the code's own article references
 * ({@code // FIDE 2018 9.2.2}, {@code Code 1970 art. XII-3}, {@code 1997/2001 10.2}, ranges such as {@code III.4-III.5})
 * scanned from services/* /core (main: implemented; tests: tested), and the hand-kept entries of
 * docs/laws/entries.tsv (not applicable to software, not implemented, or implemented/tested by a named method that
 * cites no article). {@link #render()} writes docs/laws-coverage.md; {@link #problems()} lists what keeps the map
 * from being true: an article with no entry, an entry for an article not in the list, an entry naming a class, method
 * or test that does not exist.
 */
public final class LawsCoverageMap {

    /** The editions, in the order of the map: key (as in file names and entries), title, seed file. */
    enum Edition {
        CODE_1970("1970", "Code 1970 (FIDE Code of 1952-1970, seed 001)"),
        FIDE_1997("1997", "FIDE Laws 1997 (seed 000)"),
        FIDE_2001("2001", "FIDE Laws 2001 (seed 003)"),
        FIDE_2018("2018", "FIDE Laws 2018 (seed 004)");

        final String key;
        final String title;

        Edition(String key, String title) {
            this.key = key;
            this.title = title;
        }

        static Edition of(String key) {
            for (Edition e : values()) {
                if (e.key.equals(key)) {
                    return e;
                }
            }
            throw new IllegalArgumentException("unknown edition " + key);
        }
    }

    enum Status {
        TESTED("tested"), IMPLEMENTED("implemented"), NOT_APPLICABLE("not applicable"),
        NOT_IMPLEMENTED("not implemented");

        final String text;

        Status(String text) {
            this.text = text;
        }

        static Status of(String text) {
            return switch (text) {
                case "tested" -> TESTED;
                case "implemented" -> IMPLEMENTED;
                case "n/a" -> NOT_APPLICABLE;
                case "not-implemented" -> NOT_IMPLEMENTED;
                default -> throw new IllegalArgumentException("status must be tested, implemented, n/a or "
                        + "not-implemented, not '" + text + "'");
            };
        }
    }

    /** One article of an edition's list. */
    record Article(Edition edition, String id, String seedText) {
    }

    /** A place in the code: a class and, when the reference sits in one, a method; test or main code; where. */
    record Place(String module, String className, String method, boolean test, String file, int line) {
        String name() {
            return method == null ? className : className + "#" + method;
        }
    }

    /** A hand-kept entry (docs/laws/entries.tsv). */
    record Entry(Edition edition, String article, Status status, String detail, int line) {
    }

    private static final String ENTRIES = "docs/laws/entries.tsv";
    private static final String MAP = "docs/laws-coverage.md";

    private final Path root;
    private final Map<Edition, List<Article>> articles = new LinkedHashMap<>();
    private final Map<Edition, Map<String, List<Place>>> references = new LinkedHashMap<>();
    private final Map<Edition, Map<String, Entry>> entries = new LinkedHashMap<>();
    private final List<String> problems = new ArrayList<>();
    /** Every class of the scanned sources: simple name to the methods it declares. */
    private final Map<String, Set<String>> declared = new HashMap<>();

    public LawsCoverageMap(Path root) {
        this.root = root;
        for (Edition e : Edition.values()) {
            articles.put(e, readArticles(e));
            references.put(e, new TreeMap<>());
            entries.put(e, new LinkedHashMap<>());
        }
        scanSources();
        readEntries();
        check();
    }

    /** The repository root: the first directory upwards from {@code from} with the parent pom and services/. */
    public static Path findRoot(Path from) {
        for (Path p = from.toAbsolutePath(); p != null; p = p.getParent()) {
            Path pom = p.resolve("pom.xml");
            try {
                if (Files.isDirectory(p.resolve("services")) && Files.exists(pom)
                        && Files.readString(pom).contains("<artifactId>torneo-parent</artifactId>")) {
                    return p;
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        throw new IllegalStateException("no torneo root (pom.xml of torneo-parent with services/) above " + from);
    }

    public List<String> problems() {
        return List.copyOf(problems);
    }

    public Path mapFile() {
        return root.resolve(MAP);
    }

    // ---------------------------------------------------------------------------------------------- inputs

    private List<Article> readArticles(Edition edition) {
        List<Article> list = new ArrayList<>();
        for (String line : lines(root.resolve("docs/laws/articles-" + edition.key + ".tsv")).stream().skip(1).toList()) {
            if (line.isBlank()) {
                continue;
            }
            String[] cells = line.split("\t", 2);
            list.add(new Article(edition, cells[0].trim(), cells.length > 1 ? cells[1].trim() : ""));
        }
        return list;
    }

    private void readEntries() {
        List<String> lines = lines(root.resolve(ENTRIES));
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank() || line.startsWith("#") || i == 0 && line.startsWith("edition\t")) {
                continue;
            }
            String[] cells = line.split("\t", -1);
            String where = ENTRIES + " line " + (i + 1);
            if (cells.length != 4) {
                problems.add(where + ": 4 tab-separated cells expected (edition, article, status, detail), found "
                        + cells.length);
                continue;
            }
            try {
                Edition edition = Edition.of(cells[0].trim());
                Status status = Status.of(cells[2].trim());
                String article = cells[1].trim();
                Entry entry = new Entry(edition, article, status, cells[3].trim(), i + 1);
                if (articles.get(edition).stream().noneMatch(a -> a.id().equals(article))) {
                    problems.add(where + ": " + edition.key + " " + article + " is not an article of the list "
                            + "docs/laws/articles-" + edition.key + ".tsv");
                } else if (entries.get(edition).put(article, entry) != null) {
                    problems.add(where + ": a second entry for " + edition.key + " " + article);
                }
                if (entry.detail().isBlank()) {
                    problems.add(where + ": " + edition.key + " " + article + " needs a why (or the method)");
                }
                if (status == Status.TESTED || status == Status.IMPLEMENTED) {
                    checkNamedMethods(where, entry);
                }
            } catch (IllegalArgumentException e) {
                problems.add(where + ": " + e.getMessage());
            }
        }
    }

    /** An implemented/tested entry starts with one or more {@code Class#method} (comma-separated) that must exist. */
    private void checkNamedMethods(String where, Entry entry) {
        Matcher m = Pattern.compile("^([A-Z]\\w*#\\w+(?:\\s*,\\s*[A-Z]\\w*#\\w+)*)").matcher(entry.detail());
        if (!m.find()) {
            problems.add(where + ": a " + entry.status().text + " entry starts with Class#method, not '"
                    + entry.detail() + "'");
            return;
        }
        for (String named : m.group(1).split("\\s*,\\s*")) {
            String[] parts = named.split("#");
            Set<String> methods = declared.get(parts[0]);
            if (methods == null) {
                problems.add(where + ": no class " + parts[0] + " in the sources");
            } else if (!methods.contains(parts[1])) {
                problems.add(where + ": class " + parts[0] + " declares no method " + parts[1]);
            }
        }
    }

    private void check() {
        for (Edition e : Edition.values()) {
            for (Article a : articles.get(e)) {
                if (!entries.get(e).containsKey(a.id()) && places(a).isEmpty()) {
                    problems.add(e.key + " " + a.id() + " has no entry: no code reference and no line in " + ENTRIES
                            + " (" + a.seedText() + ")");
                }
            }
        }
    }

    // ------------------------------------------------------------------------------------------ references

    private static final String EDITION = "(?:1970|1997|2001|2018)";
    private static final String ARTICLE = "(?:[A-E]\\.\\d+(?:\\.\\d+)*|I{1,3}\\.\\d+(?:\\.\\d+)*|[IVX]+(?:-A)?(?:[-.]\\d+)?"
            + "|\\d+\\.\\d+(?:\\.\\d+)*|14)[a-z]?";
    /** "2018 9.2.2", "1997/2001 10.2", "Code 1970 art. XII-3", "2018 Guidelines III.4-III.5", "1997 C.3, C.4". */
    private static final Pattern REFERENCE = Pattern.compile("(?<![\\d\\-/.])(" + EDITION + "(?:/" + EDITION + ")*)"
            + "(?:\\s+(?:art\\.|Art\\.|arts\\.|Arts\\.|article|Article|Articles|App\\.|Appendix|Guidelines|blitz|rapid))?"
            + "\\s+(" + ARTICLE + "(?:\\s*(?:,|-|–|and|y)\\s*" + ARTICLE + ")*)(?![\\w.]*\\d)");
    private static final Pattern ONE = Pattern.compile(ARTICLE);
    private static final Pattern CLASS = Pattern.compile(
            "^\\s*(?:(?:public|protected|private|static|final|abstract|sealed|non-sealed|strictfp)\\s+)*"
                    + "(?:class|interface|enum|record)\\s+(\\w+)");
    private static final Pattern METHOD = Pattern.compile(
            "^\\s*(?:@\\w+(?:\\([^)]*\\))?\\s+)*(?:(?:public|protected|private|static|final|abstract|synchronized|default"
                    + "|native)\\s+)*(?:<[^>]+>\\s+)?(?:[\\w.]+(?:<[^()]*>)?(?:\\[\\])*\\s+)?(\\w+)\\s*\\(");
    private static final Set<String> NOT_METHODS = Set.of("if", "for", "while", "switch", "catch", "return", "new",
            "else", "throw", "case", "synchronized", "try", "do", "yield", "assert", "super", "this");

    private void scanSources() {
        for (Path file : javaFiles()) {
            String rel = root.relativize(file).toString().replace('\\', '/');
            boolean test = rel.contains("/src/test/");
            boolean core = rel.matches("services/[^/]+/core/.*");
            String module = rel.substring(0, rel.indexOf("/src/"));
            List<String> lines = lines(file);
            String topClass = file.getFileName().toString().replace(".java", "");
            Set<String> methods = declared.computeIfAbsent(topClass, k -> new LinkedHashSet<>());
            String currentMethod = null;
            for (int i = 0; i < lines.size(); i++) {
                String method = declaredMethod(lines.get(i));
                if (method != null) {
                    methods.add(method);
                }
                Matcher c = CLASS.matcher(lines.get(i));
                if (c.find()) {
                    declared.computeIfAbsent(c.group(1), k -> new LinkedHashSet<>());
                }
            }
            if (!core) {
                continue; // other modules only for the names the entries may give
            }
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                String method = declaredMethod(line);
                if (method != null) {
                    currentMethod = method;
                }
                if (!line.contains("19") && !line.contains("20")) {
                    continue;
                }
                String owner = isComment(line) ? nextDeclaration(lines, i) : null;
                for (Reference r : references(line)) {
                    Place place = new Place(module, topClass, owner != null ? owner : currentMethod, test, rel, i + 1);
                    references.get(r.edition()).computeIfAbsent(r.article(), k -> new ArrayList<>()).add(place);
                }
            }
        }
    }

    /** The method a comment line belongs to: the next declaration when only comments and annotations come first. */
    private static String nextDeclaration(List<String> lines, int from) {
        for (int j = from + 1; j < lines.size(); j++) {
            String l = lines.get(j).strip();
            if (l.isEmpty() || isComment(l) || l.startsWith("@")) {
                continue;
            }
            return declaredMethod(lines.get(j));
        }
        return null;
    }

    private static boolean isComment(String line) {
        String l = line.strip();
        return l.startsWith("//") || l.startsWith("*") || l.startsWith("/*");
    }

    private static String declaredMethod(String line) {
        String l = line.strip();
        if (l.endsWith(";") || isComment(l) || l.startsWith("return") || l.startsWith("new ") || l.startsWith(".")
                || l.startsWith("case ") || l.contains(" = ") || l.contains("->")) {
            return null;
        }
        Matcher m = METHOD.matcher(line);
        if (!m.find() || NOT_METHODS.contains(m.group(1))) {
            return null;
        }
        // a declaration has a type or modifier before the name (a call at the start of a line has neither)
        String before = line.substring(0, m.start(1)).strip();
        return before.isEmpty() && !Character.isUpperCase(m.group(1).charAt(0)) ? null : m.group(1);
    }

    record Reference(Edition edition, String article) {
    }

    /** The references a line makes, each edition's articles normalised to the ids of its list; ranges expanded. */
    List<Reference> references(String line) {
        List<Reference> out = new ArrayList<>();
        Matcher m = REFERENCE.matcher(line);
        while (m.find()) {
            List<Edition> editions = Stream.of(m.group(1).split("/")).map(Edition::of).toList();
            String list = m.group(2);
            List<String> ids = new ArrayList<>();
            List<Boolean> rangeFromPrevious = new ArrayList<>();
            Matcher one = ONE.matcher(list);
            int last = 0;
            while (one.find()) {
                String between = list.substring(last, one.start());
                rangeFromPrevious.add(!ids.isEmpty() && between.strip().matches("[-–]"));
                ids.add(one.group());
                last = one.end();
            }
            for (Edition e : editions) {
                List<String> ordered = articles.get(e).stream().map(Article::id).toList();
                for (int k = 0; k < ids.size(); k++) {
                    String id = normalise(e, ids.get(k));
                    if (rangeFromPrevious.get(k)) {
                        int from = ordered.indexOf(normalise(e, ids.get(k - 1)));
                        int to = ordered.indexOf(id);
                        if (from >= 0 && to > from) {
                            ordered.subList(from + 1, to).forEach(a -> out.add(new Reference(e, a)));
                        }
                    }
                    out.add(new Reference(e, id));
                }
            }
        }
        return out;
    }

    /** "9.5b" -> "9.5" (1997/2001 lettered paragraphs belong to their article); "XII.3" -> "XII-3"; "XVII-A-2". */
    static String normalise(Edition edition, String id) {
        String s = id;
        if (s.matches(".*\\d[a-z]")) {
            s = s.substring(0, s.length() - 1);
        }
        if (edition == Edition.CODE_1970) {
            s = s.replace("-A-", "A-").replace('.', '-');
            if (s.endsWith("-A")) {
                s = s.substring(0, s.length() - 2) + "A";
            }
        }
        return s;
    }

    /** The code's places for an article: its own references, then (marked "via") those of its parent or children. */
    List<Place> places(Article a) {
        return new ArrayList<>(relatedReferences(a).values().stream().flatMap(List::stream).toList());
    }

    /** Article id (itself, an ancestor or a descendant in the list) to the places that cite it. */
    private Map<String, List<Place>> relatedReferences(Article a) {
        Map<String, List<Place>> out = new LinkedHashMap<>();
        Map<String, List<Place>> refs = references.get(a.edition());
        if (refs.containsKey(a.id())) {
            out.put(a.id(), refs.get(a.id()));
        }
        for (Map.Entry<String, List<Place>> r : refs.entrySet()) {
            // a whole appendix or Guidelines ("2018 III") stands for none of its articles; an article ("3.8.2",
            // "Code 1970 art. XIV") for its sub-articles
            boolean wholeAppendix = a.edition() != Edition.CODE_1970 && !r.getKey().matches(".*\\d.*");
            if (!r.getKey().equals(a.id()) && (isAncestor(r.getKey(), a.id()) && !wholeAppendix
                    || isAncestor(a.id(), r.getKey()))) {
                out.put(r.getKey(), r.getValue());
            }
        }
        return out;
    }

    /** "3.8.2" is an ancestor of "3.8.2.1"; "XIV" of "XIV-3"; "C.10" of "C.10.1.2". */
    private static boolean isAncestor(String ancestor, String id) {
        return id.startsWith(ancestor + ".") || id.startsWith(ancestor + "-");
    }

    // -------------------------------------------------------------------------------------------------- map

    /** The status of an article: its hand entry, else tested / implemented from the code's references. */
    Status status(Article a) {
        Entry entry = entries.get(a.edition()).get(a.id());
        if (entry != null) {
            return entry.status();
        }
        List<Place> places = places(a);
        if (places.isEmpty()) {
            return null;
        }
        return places.stream().anyMatch(Place::test) ? Status.TESTED : Status.IMPLEMENTED;
    }

    public String render() {
        StringBuilder md = new StringBuilder();
        md.append("# The Laws of Chess, article by article (coverage map)\n\n")
                .append("Generated: do not edit. `LawsCoverageMapTest` (cli tests) fails when this file differs from what "
                        + "`LawsCoverageMap` writes; `./mvnw -pl cli test -Dtest=LawsCoverageMapTest "
                        + "-Dtorneo.laws.writeMap=true` rewrites it. Inputs: the articles of each seed edition "
                        + "(`docs/laws/articles-<edition>.tsv`, taken from the Spanish seed texts), the article "
                        + "references in the sources of `services/*/core` (main code: implemented; tests: tested), and "
                        + "the hand-kept `docs/laws/entries.tsv` (not applicable to software, not implemented, or the "
                        + "method that implements or tests an article without citing it).\n\n")
                .append("Each article counts once: **tested** (a test cites it, or the entry names the test), "
                        + "**implemented** (main code cites it, no test does), **not applicable** (nothing for software "
                        + "to do, with why), **not implemented** (with why). A reference to a parent article (e.g. "
                        + "2018 3.8.2) also stands for its sub-articles, and one to a sub-article for its parent; such "
                        + "places are marked *via*. Lettered paragraphs (1997/2001 `9.5b`) belong to their article.\n\n");
        md.append("| edition | articles | tested | implemented, not tested | not applicable | not implemented |\n")
                .append("|---|---:|---:|---:|---:|---:|\n");
        for (Edition e : Edition.values()) {
            Map<Status, Integer> counts = counts(e);
            md.append("| ").append(e.title).append(" | ").append(articles.get(e).size());
            for (Status s : Status.values()) {
                md.append(" | ").append(counts.getOrDefault(s, 0));
            }
            md.append(" |\n");
        }
        md.append('\n');
        for (Edition e : Edition.values()) {
            md.append("## ").append(e.title).append("\n\n")
                    .append("| article | seed (first words) | status | where / why |\n|---|---|---|---|\n");
            for (Article a : articles.get(e)) {
                Status s = status(a);
                md.append("| ").append(a.id()).append(" | ").append(cell(a.seedText())).append(" | ")
                        .append(s == null ? "**no entry**" : s.text).append(" | ").append(cell(where(a))).append(" |\n");
            }
            md.append('\n');
        }
        md.append("## Articles the code cites that the seeds do not give\n\n")
                .append("The 2018 seed lacks Articles 5-12, App. A, B and C.1-C.7; the 2001 seed has no appendices. "
                        + "The code follows the official texts there (see the spec's GAP18 notes). Cited (headings whose "
                        + "sub-articles are listed above are left out):\n\n");
        for (Edition e : Edition.values()) {
            Set<String> listed = new LinkedHashSet<>(articles.get(e).stream().map(Article::id).toList());
            List<String> others = references.get(e).keySet().stream().filter(id -> !listed.contains(id))
                    .filter(id -> listed.stream().noneMatch(a -> isAncestor(id, a))) // a heading of listed articles
                    .sorted(Comparator.comparing(LawsCoverageMap::sortKey)).toList();
            md.append("- ").append(e.key).append(": ").append(others.isEmpty() ? "none" : String.join(", ", others))
                    .append('\n');
        }
        return md.toString();
    }

    Map<Status, Integer> counts(Edition e) {
        Map<Status, Integer> counts = new LinkedHashMap<>();
        for (Article a : articles.get(e)) {
            Status s = status(a);
            if (s != null) {
                counts.merge(s, 1, Integer::sum);
            }
        }
        return counts;
    }

    private String where(Article a) {
        List<String> parts = new ArrayList<>();
        Entry entry = entries.get(a.edition()).get(a.id());
        if (entry != null) {
            parts.add(entry.detail());
        }
        Map<String, List<Place>> related = relatedReferences(a);
        List<String> main = new ArrayList<>();
        List<String> tests = new ArrayList<>();
        for (Map.Entry<String, List<Place>> r : related.entrySet()) {
            String via = r.getKey().equals(a.id()) ? "" : " *via " + r.getKey() + "*";
            for (Place p : r.getValue()) {
                String text = "`" + p.name() + "`" + via;
                List<String> target = p.test() ? tests : main;
                if (!target.contains(text)) {
                    target.add(text);
                }
            }
        }
        if (!main.isEmpty()) {
            parts.add("code: " + capped(main));
        }
        if (!tests.isEmpty()) {
            parts.add("tests: " + capped(tests));
        }
        return String.join("; ", parts);
    }

    private static String capped(List<String> names) {
        int max = 4;
        return names.size() <= max ? String.join(", ", names)
                : String.join(", ", names.subList(0, max)) + " and " + (names.size() - max) + " more";
    }

    private static String cell(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }

    private static String sortKey(String id) {
        StringBuilder b = new StringBuilder();
        for (String part : id.split("[.\\-]")) {
            b.append(part.matches("\\d+") ? String.format(Locale.ROOT, "%04d", Integer.parseInt(part)) : part).append('.');
        }
        return b.toString();
    }

    // -------------------------------------------------------------------------------------------------- files

    private List<Path> javaFiles() {
        List<Path> files = new ArrayList<>();
        for (String top : List.of("services", "cli", "contracts")) {
            Path dir = root.resolve(top);
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> walk = Files.walk(dir)) {
                walk.filter(p -> p.toString().endsWith(".java"))
                        .filter(p -> {
                            String s = root.relativize(p).toString().replace('\\', '/');
                            return s.contains("/src/main/java/") || s.contains("/src/test/java/");
                        })
                        .sorted().forEach(files::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return files;
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
