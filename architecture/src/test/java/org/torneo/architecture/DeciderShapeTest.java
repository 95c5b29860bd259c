package org.torneo.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Decider;

/**
 * Issue 19, one decider shape: a core's {@code evolve} names every event of its sealed roots, so the compiler proves
 * each is handled; a {@code default} branch would hide a new event. The same holds for the {@code decide} methods of
 * a core's {@link Decider}s, whose switches are over their sealed input roots. Checked on the sources (a switch's
 * default leaves no trace the class files show reliably). {@code decide} is checked in Decider classes only: a
 * use case's static {@code decide} may switch over a state's enum (the clock's {@code NewGame}), which is no event
 * root. The apps' deciders left by name ({@link LayeringTest}) must still be deciders, so that list cannot go stale.
 */
class DeciderShapeTest {

    private static final Pattern EVOLVE = Pattern.compile("evolve\\w*");
    private static final Pattern DECIDE = Pattern.compile("decide");
    private static final Pattern DEFAULT_BRANCH = Pattern.compile("\\bdefault\\s*(->|:)");

    @Test
    void noCoreEvolveHasADefaultBranch() {
        List<String> withDefault = new ArrayList<>();
        int scanned = 0;
        for (Path file : CoreSizeTest.coreFiles()) {
            List<String> code = SourceScan.blankNonCode(read(file));
            for (SourceScan.Method method : SourceScan.methods(file)) {
                if (!EVOLVE.matcher(method.name()).matches()) {
                    continue;
                }
                scanned++;
                for (int line = method.line() - 1; line < method.line() - 1 + method.lines(); line++) {
                    if (DEFAULT_BRANCH.matcher(code.get(line)).find()) {
                        withDefault.add(method + " line " + (line + 1));
                    }
                }
            }
        }
        assertTrue(scanned >= 8, "the cores' evolve methods were not found: " + scanned);
        assertEquals(List.of(), withDefault, "evolve with a default branch: name every event of the sealed root, and"
                + " narrow an open event type to its sealed roots once, before the switch");
    }

    @Test
    void noCoreDecidersDecideHasADefaultBranch() {
        List<String> withDefault = new ArrayList<>();
        List<String> deciders = new ArrayList<>();
        for (Path file : CoreSizeTest.coreFiles()) {
            if (isDecider(file)) {
                deciders.add(file.getFileName().toString());
                withDefault.addAll(decideDefaultBranches(file));
            }
        }
        assertTrue(deciders.containsAll(List.of("GameDecider.java", "TournamentDecider.java", "RatingDecider.java")),
                "the cores' deciders were not found: " + deciders);
        assertEquals(List.of(), withDefault, "a decider's decide with a default branch: name every input of the sealed"
                + " root (an ignored one with why it changes nothing), and narrow an open input type to its sealed roots"
                + " once, before the switch");
    }

    @Test
    void theDecideScanSeesADefaultBranchInADecider() {
        Path fixture = CoreSizeTest.repositoryRoot()
                .resolve("architecture/src/test/java/org/torneo/architecture/DecideWithADefault.java");
        assertTrue(isDecider(fixture));
        List<String> found = decideDefaultBranches(fixture);
        assertEquals(1, found.size(), found.toString());
        assertTrue(found.get(0).contains(" decide "), found.get(0));
    }

    @Test
    void theScanSeesADefaultBranchWhereThereIsOne() throws Exception {
        Path file = Files.createTempFile("Evolving", ".java");
        try {
            Files.writeString(file, """
                    class Evolving {
                        static int evolve(Object event) {
                            // default -> in a comment is not a branch
                            return switch (event) {
                                case String s -> 1;
                                default -> 0;
                            };
                        }
                    }
                    """);
            List<String> code = SourceScan.blankNonCode(read(file));
            SourceScan.Method evolve = SourceScan.methods(file).get(0);
            assertEquals("evolve", evolve.name());
            long defaults = code.subList(evolve.line() - 1, evolve.line() - 1 + evolve.lines()).stream()
                    .filter(line -> DEFAULT_BRANCH.matcher(line).find()).count();
            assertEquals(1, defaults);
        } finally {
            Files.delete(file);
        }
    }

    /** Each line of a {@code decide} method of {@code file} that holds a default branch. */
    private static List<String> decideDefaultBranches(Path file) {
        List<String> found = new ArrayList<>();
        List<String> code = SourceScan.blankNonCode(read(file));
        for (SourceScan.Method method : SourceScan.methods(file)) {
            if (!DECIDE.matcher(method.name()).matches()) {
                continue;
            }
            for (int line = method.line() - 1; line < method.line() - 1 + method.lines(); line++) {
                if (DEFAULT_BRANCH.matcher(code.get(line)).find()) {
                    found.add(method + " line " + (line + 1));
                }
            }
        }
        return found;
    }

    /** Whether the top-level class of a source file under {@code src/main/java} or {@code src/test/java} is a Decider. */
    private static boolean isDecider(Path file) {
        String path = file.toString().replace('\\', '/');
        int root = Math.max(path.lastIndexOf("/src/main/java/"), path.lastIndexOf("/src/test/java/"));
        String name = path.substring(root + "/src/main/java/".length(), path.length() - ".java".length()).replace('/', '.');
        if (name.endsWith("package-info") || name.endsWith("module-info")) {
            return false;
        }
        try {
            return Decider.class.isAssignableFrom(Class.forName(name, false, DeciderShapeTest.class.getClassLoader()));
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(file + " is not on the architecture module's class path as " + name, e);
        }
    }

    private static List<String> read(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
