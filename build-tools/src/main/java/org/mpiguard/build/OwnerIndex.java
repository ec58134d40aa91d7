package org.mpiguard.build;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.mpiguard.core.index.OwnerCount;
import org.mpiguard.core.index.TrampolineEntry;

/**
 * Writes the index split by owner, the form the agent reads at start-up: a resource per class
 * calls can name ({@link TrampolineEntry#ownerResource}) and the list of owners with their
 * counts ({@link TrampolineEntry#OWNERS_RESOURCE}). The agent then reads the list and, when a
 * rewritten class first calls a class, that class's few lines, not the whole 184 kB index.
 * Lines end in {@code \n} whatever the build's platform (the agent splits on it).
 */
final class OwnerIndex {

    private OwnerIndex() {
    }

    static void write(Path classesOut, List<TrampolineEntry> bindings, List<TrampolineEntry> nio) throws IOException {
        Map<String, List<TrampolineEntry>> byOwner = new TreeMap<>();
        for (List<TrampolineEntry> part : List.of(bindings, nio)) {
            for (TrampolineEntry e : part) {
                byOwner.computeIfAbsent(e.owner(), o -> new ArrayList<>()).add(e);
            }
        }
        List<String> owners = new ArrayList<>();
        for (Map.Entry<String, List<TrampolineEntry>> owner : byOwner.entrySet()) {
            List<String> lines = new ArrayList<>();
            int constructors = 0;
            for (TrampolineEntry e : owner.getValue()) {
                lines.add(e.format());
                constructors += e.isConstructor() ? 1 : 0;
            }
            lines.sort(null);
            Path file = classesOut.resolve(TrampolineEntry.ownerResource(owner.getKey()));
            Files.createDirectories(file.getParent());
            write(file, lines);
            owners.add(new OwnerCount(owner.getKey(), lines.size() - constructors, constructors).format());
        }
        Path list = classesOut.resolve(TrampolineEntry.OWNERS_RESOURCE);
        Files.createDirectories(list.getParent());
        write(list, owners);
    }

    private static void write(Path file, List<String> lines) throws IOException {
        Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    }
}
