package org.mpiguard.core.explore;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.mpiguard.core.report.SiteRef;

/**
 * The forced matches of one replay ({@code force-matches=FILE}, written by
 * {@code mpiguard explore}): which wildcard receive takes which sender's message. A receive
 * is named as the traces name it in every run, by its rank, its source location (class,
 * method, file, line: site ids differ between runs) and its occurrence there (the n-th
 * receive this rank posted at that location, receives from MPI.PROC_NULL not counted); the
 * source is a world rank. One forced match a line, fields separated by tabs:
 * {@code rank occurrence source class method file line}; {@code #} starts a comment.
 */
public final class ForcedMatchPlan {

    /** One forced match. */
    public record Entry(int rank, SiteRef site, int occurrence, int source) {
        public Entry {
            if (rank < 0 || occurrence < 1 || source < 0) {
                throw new IllegalArgumentException("rank " + rank + ", occurrence " + occurrence + ", source " + source);
            }
        }
    }

    private static final String HEADER = "# rank\toccurrence\tsource\tclass\tmethod\tfile\tline";
    private static final String NO_FILE = "-";

    private final List<Entry> entries;

    public ForcedMatchPlan(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    public List<Entry> entries() {
        return entries;
    }

    /** The file's text, one line per forced match after a comment naming the fields. */
    public String text() {
        StringBuilder out = new StringBuilder("# forced matches of a replay (mpiguard explore)\n").append(HEADER)
                .append('\n');
        for (Entry e : entries) {
            SiteRef s = e.site();
            out.append(e.rank()).append('\t').append(e.occurrence()).append('\t').append(e.source()).append('\t')
                    .append(s.className()).append('\t').append(s.method()).append('\t')
                    .append(s.file() == null ? NO_FILE : s.file()).append('\t').append(s.line()).append('\n');
        }
        return out.toString();
    }

    public void write(Path file) throws IOException {
        Files.writeString(file, text(), StandardCharsets.UTF_8);
    }

    public static ForcedMatchPlan read(Path file) throws IOException {
        return parse(Files.readAllLines(file, StandardCharsets.UTF_8));
    }

    /** @throws IllegalArgumentException naming the first line that is not a forced match */
    public static ForcedMatchPlan parse(List<String> lines) {
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t", -1);
            try {
                if (f.length != 7) {
                    throw new IllegalArgumentException("7 fields expected, " + f.length + " found");
                }
                SiteRef site = new SiteRef(f[3], f[4], f[5].equals(NO_FILE) ? null : f[5], Integer.parseInt(f[6]));
                entries.add(new Entry(Integer.parseInt(f[0]), site, Integer.parseInt(f[1]), Integer.parseInt(f[2])));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("line " + (i + 1) + " is not 'rank occurrence source class method"
                        + " file line' separated by tabs (" + e.getMessage() + "): " + line, e);
            }
        }
        return new ForcedMatchPlan(entries);
    }
}
