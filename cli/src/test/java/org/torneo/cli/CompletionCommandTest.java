package org.torneo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.cli.CliRun.run;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code torneo completion}: a bash script that completes the commands, their options and the options' values. */
class CompletionCommandTest {

    @TempDir
    Path dir;

    @Test
    void theScriptCompletesCommandsOptionsAndValuesInBash() throws Exception {
        CliRun r = run("completion");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("complete -F _complete_torneo"), "registers the function for torneo");
        Path script = dir.resolve("torneo-completion.bash");
        Files.writeString(script, r.out(), StandardCharsets.UTF_8);
        assertEquals("pair", complete(script, "./torneo", "pa"), "a command, also typed as ./torneo");
        assertEquals("--system", complete(script, "torneo", "pair", "--sy"), "an option of that command");
        assertEquals("dutch harkness roundrobin", complete(script, "torneo", "pair", "--system", ""), "its values");
        assertEquals("perft pair", complete(script, "torneo", "bench", "p"), "a subcommand of a command");
        assertEquals("perft pair", complete(script, "torneo", "help", "p"), "the commands help knows");
        assertTrue(complete(script, "torneo", "standings", "--tiebreaks", "").contains("BH"), "the tie-break codes");
    }

    /** What bash completes for the last word, as it would on TAB (the script's function, run with those words). */
    private static String complete(Path script, String... words) throws Exception {
        StringBuilder array = new StringBuilder();
        for (String word : words) {
            array.append(" '").append(word).append('\'');
        }
        String line = String.join(" ", words);
        String bash = "source '" + script + "'; COMP_WORDS=(" + array + "); COMP_CWORD=" + (words.length - 1)
                + "; COMP_LINE='" + line + "'; COMP_POINT=" + line.length()
                + "; _complete_torneo 2>/dev/null; echo \"${COMPREPLY[*]}\"";
        Process process = new ProcessBuilder("bash", "-c", bash).redirectErrorStream(false).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
        return out.strip();
    }
}
