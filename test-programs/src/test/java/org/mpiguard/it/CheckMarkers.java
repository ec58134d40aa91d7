package org.mpiguard.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The {@code // CHECK: <id> <Op> <argument>} markers of the argument-check programs:
 * each marks the line a finding must name, the check id its message must carry, the
 * op it must report and the argument its message must name.
 */
final class CheckMarkers {

    static final Path PROGRAMS = Path.of("src/main/java/org/mpiguard/programs/args");
    private static final Pattern MARKER = Pattern.compile("// CHECK: (\\S+) (\\S+) (.+)$");

    /** {@code refused}: the marked call is made through {@code Refused.expect}, so an error refuses it. */
    record Marker(String program, int line, String id, String op, String argument, boolean refused) {
        String file() {
            return program + ".java";
        }

        @Override
        public String toString() {
            return file() + ":" + line + " [" + id + "] " + op + " '" + argument + "'";
        }
    }

    private CheckMarkers() {
    }

    /** Markers of one program (simple class name in package org.mpiguard.programs.args). */
    static List<Marker> of(String program) throws IOException {
        List<String> lines = Files.readAllLines(PROGRAMS.resolve(program + ".java"));
        List<Marker> markers = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = MARKER.matcher(lines.get(i));
            if (m.find()) {
                markers.add(new Marker(program, i + 1, m.group(1), m.group(2), m.group(3).trim(),
                        lines.get(i).contains("expect(")));
            }
        }
        return markers;
    }

    /** Markers of every program. */
    static List<Marker> all() throws IOException {
        List<Marker> markers = new ArrayList<>();
        try (Stream<Path> files = Files.list(PROGRAMS)) {
            for (Path f : files.sorted().toList()) {
                String name = f.getFileName().toString();
                markers.addAll(of(name.substring(0, name.length() - ".java".length())));
            }
        }
        return markers;
    }
}
