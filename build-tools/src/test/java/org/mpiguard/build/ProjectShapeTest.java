package org.mpiguard.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The shape the project keeps: a class name says which class it is across every module,
 * and no production class grows past what one reader takes in (400 lines). The programs of
 * test-programs are fixtures named after what they do, and are left out.
 */
class ProjectShapeTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final int MAX_LINES = 400;
    /** Generated (NioAccess): this list may only shrink. */
    private static final Set<String> OVER_THE_LIMIT = Set.of("NioAccess.java");

    private static List<Path> productionSources() throws IOException {
        List<Path> sources = new ArrayList<>();
        try (Stream<Path> modules = Files.list(ROOT)) {
            for (Path module : modules.filter(Files::isDirectory).toList()) {
                Path main = module.resolve("src/main/java");
                if (module.getFileName().toString().equals("test-programs") || !Files.isDirectory(main)) {
                    continue;
                }
                try (Stream<Path> files = Files.walk(main)) {
                    files.filter(p -> p.toString().endsWith(".java") && !p.getFileName().toString().equals(
                            "package-info.java")).forEach(sources::add);
                }
            }
        }
        return sources;
    }

    @Test
    void noClassNameIsUsedTwiceAcrossModules() throws IOException {
        Map<String, List<String>> byName = new TreeMap<>();
        List<Path> sources = productionSources();
        for (Path p : sources) {
            byName.computeIfAbsent(p.getFileName().toString(), k -> new ArrayList<>()).add(ROOT.relativize(p).toString());
        }
        byName.values().removeIf(paths -> paths.size() == 1);
        assertTrue(sources.size() > 100, "the sources were found: " + sources.size());
        assertEquals(Map.of(), byName, "class names used twice");
    }

    /**
     * Only mpi-adapter talks to the bindings: no other module of the checker names package
     * {@code mpi} in code (an import, a qualified name); prose and strings may. The
     * benchmarks and the JUnit extension are programs of the bindings, not the checker.
     */
    @Test
    void onlyTheAdapterNamesTheBindings() throws IOException {
        Set<String> programs = Set.of("mpi-adapter", "jmh-benchmarks", "mpiguard-junit");
        Pattern binding = Pattern.compile("(^|[^\\w.])mpi\\.[A-Za-z_]");
        Map<String, String> naming = new TreeMap<>();
        int read = 0;
        for (Path p : productionSources()) {
            if (programs.contains(ROOT.relativize(p).getName(0).toString())) {
                continue;
            }
            read++;
            List<String> lines = Files.readAllLines(p);
            for (int i = 0; i < lines.size(); i++) {
                String code = codeOf(lines.get(i));
                if (binding.matcher(code).find()) {
                    naming.put(ROOT.relativize(p) + ":" + (i + 1), lines.get(i).strip());
                }
            }
        }
        assertTrue(read > 100, "the sources were found: " + read);
        assertEquals(Map.of(), naming, "code outside mpi-adapter that names the bindings");
    }

    /** A line without its string literals and its comment; a line of a block comment is no code. */
    private static String codeOf(String line) {
        String t = line.strip();
        if (t.startsWith("*") || t.startsWith("/*") || t.startsWith("//")) {
            return "";
        }
        String noStrings = t.replaceAll("\"([^\"\\\\]|\\\\.)*\"", "\"\"");
        int comment = noStrings.indexOf("//");
        return comment < 0 ? noStrings : noStrings.substring(0, comment);
    }

    @Test
    void noProductionClassIsLongerThanFourHundredLines() throws IOException {
        Map<String, Long> tooLong = new TreeMap<>();
        for (Path p : productionSources()) {
            long lines;
            try (Stream<String> s = Files.lines(p)) {
                lines = s.count();
            }
            if (lines > MAX_LINES && !OVER_THE_LIMIT.contains(p.getFileName().toString())) {
                tooLong.put(ROOT.relativize(p).toString(), lines);
            }
        }
        assertEquals(Map.of(), tooLong, "classes over " + MAX_LINES + " lines: split them by job");
    }
}
