package org.mpiguard.core.report;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The findings every rank makes at Finalize (leaks, requests left incomplete), printed once
 * for all ranks: each rank sends rank 0 what it found ({@link #encode}), and rank 0 prints
 * each finding of one kind at one site once, with the ranks that made it ({@link #merge}).
 * A lost message is a finding of its own rank (its site is Finalize's; its sender differs).
 * MPI-free; the exchange is the adapter's.
 */
public final class SharedFindings {

    private static final char FIELD = '\u0000';
    private static final char RECORD = '\u0001';

    private SharedFindings() {
    }

    /** What rank 0 needs to print a finding: kind, severity, rank, op, site, message, key. */
    public static byte[] encode(List<Finding> findings) {
        StringBuilder out = new StringBuilder();
        for (Finding f : findings) {
            SiteRef s = f.site() == null ? new SiteRef("?", "?", null, -1) : f.site();
            out.append(f.kind().name()).append(FIELD).append(f.severity().name()).append(FIELD)
                    .append(f.ranks().isEmpty() ? -1 : f.ranks().get(0)).append(FIELD).append(f.op()).append(FIELD)
                    .append(s.className()).append(FIELD).append(s.method()).append(FIELD)
                    .append(s.file() == null ? "" : s.file()).append(FIELD).append(s.line()).append(FIELD)
                    .append(clean(f.message())).append(FIELD).append(f.key() == null ? "" : clean(f.key()))
                    .append(RECORD);
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The findings of {@link #encode}; a record this version cannot read is skipped. */
    public static List<Finding> decode(byte[] bytes) {
        List<Finding> findings = new ArrayList<>();
        for (String record : new String(bytes, StandardCharsets.UTF_8).split(String.valueOf(RECORD))) {
            String[] f = record.split(String.valueOf(FIELD), -1);
            if (f.length != 10) {
                continue;
            }
            try {
                findings.add(new Finding(FindingKind.valueOf(f[0]), Severity.valueOf(f[1]),
                        List.of(Integer.parseInt(f[2])), f[3], new SiteRef(f[4], f[5], f[6].isEmpty() ? null : f[6],
                        Integer.parseInt(f[7])), List.of(), f[8], List.of(), f[9].isEmpty() ? null : f[9]));
            } catch (IllegalArgumentException e) {
                // another version's record: its rank printed nothing else, so skipping it loses only this line
            }
        }
        return findings;
    }

    /**
     * One finding per kind, severity, call and site, in the order first found, naming every
     * rank that made it; its message is the first rank's, with the others said alike.
     */
    public static List<Finding> merge(List<Finding> all) {
        Map<String, List<Finding>> bySite = new LinkedHashMap<>();
        for (Finding f : all) {
            String alone = FindingKeys.isLostMessage(f.key()) ? f.key() : "";
            String key = f.kind() + " " + f.severity() + " " + f.op() + " " + f.site() + " " + alone;
            List<Finding> same = bySite.get(key); // no lambdas here: Finalize links no call site
            if (same == null) {
                same = new ArrayList<>();
                bySite.put(key, same);
            }
            same.add(f);
        }
        List<Finding> merged = new ArrayList<>();
        for (List<Finding> same : bySite.values()) {
            Finding first = same.get(0);
            TreeSet<Integer> ranks = new TreeSet<>();
            for (Finding f : same) {
                ranks.addAll(f.ranks());
            }
            TreeSet<Integer> others = new TreeSet<>(ranks);
            others.removeAll(first.ranks());
            String message = others.isEmpty() ? first.message() : first.message() + " (The same on rank"
                    + (others.size() == 1 ? " " : "s ") + FindingFormat.join(new ArrayList<>(others)) + ".)";
            merged.add(new Finding(first.kind(), first.severity(), new ArrayList<>(ranks), first.op(), first.site(),
                    first.related(), message, first.status(), first.key()));
        }
        return merged;
    }

    private static String clean(String s) {
        return s.replace(FIELD, ' ').replace(RECORD, ' ');
    }
}
