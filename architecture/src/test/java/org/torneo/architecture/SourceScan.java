package org.torneo.architecture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads Java sources as text and measures them: the lines of a file, and the lines of each method or constructor from
 * its declaration to its closing brace (comments and blank lines inside it included, its Javadoc not). A small scanner,
 * not a parser: it skips strings, text blocks, character literals and comments when it counts braces, which is all the
 * measurement needs. Records' compact constructors (no parameter list) are not measured.
 */
final class SourceScan {

    /** A method or constructor and its length in lines. */
    record Method(Path file, String name, int line, int lines) {
        @Override
        public String toString() {
            return file + ":" + line + " " + name + " (" + lines + " lines)";
        }
    }

    // a member declaration: modifiers, a type (generics allowed) and a name followed by "(", or a constructor
    private static final Pattern DECLARATION = Pattern.compile(
            "^\\s*(?:@\\w+(?:\\([^)]*\\))?\\s+)*(?:(?:public|protected|private|static|final|abstract|synchronized|native"
                    + "|default|strictfp)\\s+)*(?:<[^>]+>\\s+)?(?:[\\w.$]+(?:<.*>)?(?:\\[\\])*\\s+)?(\\w+)\\s*\\(.*");
    private static final Pattern NOT_A_DECLARATION = Pattern.compile(
            "^\\s*(?:return|new|if|else|for|while|do|switch|case|catch|try|throw|synchronized|yield|assert|super|this)\\b.*"
                    + "|.*\\b(?:record|class|interface|enum)\\s+\\w+.*"); // a type's header is not a method

    private SourceScan() {
    }

    /** The Java files under the given source roots that exist. */
    static List<Path> javaFiles(List<Path> roots) {
        List<Path> files = new ArrayList<>();
        for (Path root : roots) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (Stream<Path> walk = Files.walk(root)) {
                walk.filter(p -> p.toString().endsWith(".java")).sorted().forEach(files::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return files;
    }

    static int lineCount(Path file) {
        return read(file).size();
    }

    /** Every method and constructor of the file with a body, nested classes' included. */
    static List<Method> methods(Path file) {
        List<String> lines = blankNonCode(read(file));
        List<Method> methods = new ArrayList<>();
        int depthAtLine = 0;
        int[] depthBefore = new int[lines.size() + 1];
        for (int i = 0; i < lines.size(); i++) {
            depthBefore[i] = depthAtLine;
            depthAtLine += braces(lines.get(i));
        }
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            var m = DECLARATION.matcher(line);
            if (!m.matches() || NOT_A_DECLARATION.matcher(line).matches() || line.contains("=")
                    && line.indexOf('=') < line.indexOf('(') || line.trim().startsWith(".")) {
                continue;
            }
            int open = findBodyStart(lines, i);
            if (open < 0) {
                continue;
            }
            int depth = depthBefore[i];
            int end = -1;
            int running = depth;
            for (int j = i; j < lines.size(); j++) {
                running += braces(lines.get(j));
                if (j >= open && running == depth) {
                    end = j;
                    break;
                }
            }
            if (end >= 0) {
                methods.add(new Method(file, m.group(1), i + 1, end - i + 1));
            }
        }
        return methods;
    }

    /** The line of the declaration's opening brace, or -1 when it ends in ";" first (abstract, interface). */
    private static int findBodyStart(List<String> lines, int from) {
        int parens = 0;
        for (int j = from; j < lines.size() && j < from + 30; j++) {
            for (char c : lines.get(j).toCharArray()) {
                if (c == '(') {
                    parens++;
                } else if (c == ')') {
                    parens--;
                } else if (c == '{' && parens == 0) {
                    return j;
                } else if (c == ';' && parens == 0) {
                    return -1;
                } else if ((c == '=' || c == '.' && j > from) && parens == 0) {
                    return -1; // a field initialised by a call, or a chained call: not a declaration
                }
            }
        }
        return -1;
    }

    private static int braces(String line) {
        int n = 0;
        for (char c : line.toCharArray()) {
            if (c == '{') {
                n++;
            } else if (c == '}') {
                n--;
            }
        }
        return n;
    }

    /** The lines with comments, strings, text blocks and character literals replaced by spaces. */
    static List<String> blankNonCode(List<String> source) {
        List<String> out = new ArrayList<>(source.size());
        boolean blockComment = false;
        boolean textBlock = false;
        for (String line : source) {
            StringBuilder code = new StringBuilder(line.length());
            int i = 0;
            while (i < line.length()) {
                char c = line.charAt(i);
                if (blockComment) {
                    if (line.startsWith("*/", i)) {
                        blockComment = false;
                        i += 2;
                    } else {
                        i++;
                    }
                    code.append(' ');
                } else if (textBlock) {
                    if (line.startsWith("\"\"\"", i)) {
                        textBlock = false;
                        i += 3;
                    } else {
                        i++;
                    }
                    code.append(' ');
                } else if (line.startsWith("//", i)) {
                    break;
                } else if (line.startsWith("/*", i)) {
                    blockComment = true;
                    i += 2;
                } else if (line.startsWith("\"\"\"", i)) {
                    textBlock = true;
                    i += 3;
                } else if (c == '"' || c == '\'') {
                    i = skipLiteral(line, i, c);
                    code.append(' ');
                } else {
                    code.append(c);
                    i++;
                }
            }
            out.add(code.toString());
        }
        return out;
    }

    private static int skipLiteral(String line, int start, char quote) {
        int i = start + 1;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (c == quote) {
                return i + 1;
            } else {
                i++;
            }
        }
        return i;
    }

    private static List<String> read(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
