package org.mpiguard.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Finds the line a test expects in a finding from a marker comment in the program's
 * source, so that editing a program never silently breaks what its test asserts.
 */
final class SourceMarkers {

    private static final Path SOURCES = Path.of("src/main/java");

    private SourceMarkers() {
    }

    static int line(String programClass, String marker) throws IOException {
        Path file = SOURCES.resolve(("org.mpiguard.programs." + programClass).replace('.', '/') + ".java");
        List<String> lines = Files.readAllLines(file);
        int found = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("// " + marker)) {
                if (found > 0) {
                    throw new IllegalStateException("marker " + marker + " twice in " + file);
                }
                found = i + 1;
            }
        }
        if (found < 0) {
            throw new IllegalStateException("no marker " + marker + " in " + file);
        }
        return found;
    }

    static String fileName(String programClass) {
        return programClass.substring(programClass.lastIndexOf('.') + 1) + ".java";
    }
}
