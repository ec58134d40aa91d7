package org.mpiguard.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the line a test expects in a finding from a marker comment in the program's
 * source, so that editing a program never silently breaks what its test asserts.
 */
final class SourceMarkers {

    private static final Path SOURCES = Path.of("src/main/java");

    private SourceMarkers() {
    }

    /** The one line carrying {@code marker}; an error if there is none or more than one. */
    static int line(String programClass, String marker) throws IOException {
        List<Integer> found = lines(programClass, marker);
        if (found.size() != 1) {
            throw new IllegalStateException("marker " + marker + " on " + found.size() + " lines of "
                    + file(programClass) + ", not one");
        }
        return found.get(0);
    }

    /** Every line carrying {@code marker}, in order; empty when the program has none. */
    static List<Integer> lines(String programClass, String marker) throws IOException {
        List<String> source = Files.readAllLines(file(programClass));
        List<Integer> found = new ArrayList<>();
        for (int i = 0; i < source.size(); i++) {
            if (source.get(i).contains("// " + marker)) {
                found.add(i + 1);
            }
        }
        return found;
    }

    /** The text of line {@code line} (1-based) of the program's source. */
    static String text(String programClass, int line) throws IOException {
        return Files.readAllLines(file(programClass)).get(line - 1);
    }

    private static Path file(String programClass) {
        return SOURCES.resolve(("org.mpiguard.programs." + programClass).replace('.', '/') + ".java");
    }

    static String fileName(String programClass) {
        return programClass.substring(programClass.lastIndexOf('.') + 1) + ".java";
    }
}
