package org.torneo.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scanner measures what the size limits mean, braces in strings and comments and types' headers aside. */
class SourceScanTest {

    @Test
    void measuresEachMethodFromItsDeclarationToItsClosingBrace(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("Sample.java");
        Files.writeString(file, """
                package x;

                /** A sample. { */
                public record Sample(int a) {
                    private static final String BRACES = "}}}{";

                    /** Javadoc is not counted. */
                    static int twice(int a) {
                        char open = '{';
                        // a comment with a brace }
                        return 2 * a;
                    }

                    Sample {
                        if (a < 0) {
                            throw new IllegalArgumentException("negative: {" + a);
                        }
                    }

                    abstract static class Inner {
                        abstract void nothing();

                        void something(int x,
                                       int y) {
                            Runnable r = () -> {
                            };
                        }
                    }
                }
                """);
        List<String> methods = SourceScan.methods(file).stream().map(m -> m.name() + "@" + m.line() + ":" + m.lines())
                .toList();
        assertEquals(List.of("twice@8:5", "something@23:5"), methods);
        assertEquals(29, SourceScan.lineCount(file));
    }
}
