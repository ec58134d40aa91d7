package org.mpiguard.cli.explore;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import org.mpiguard.analyzer.ReceiveSchedule;
import org.mpiguard.analyzer.WitnessLog;
import org.mpiguard.cli.report.ReportFinding;
import org.mpiguard.core.explore.ForcedMatchPlan;

/**
 * The unconfirmed predicted deadlocks of a traced run ({@code predicted-witnesses.jsonl},
 * written by {@code mpiguard analyze}), each with the forced matches of the replay that
 * would confirm it: every wildcard receive of its witness takes the sender the witness
 * gives it, the receive named as the traces name it (rank, site, occurrence). A witness
 * whose changed match a replay cannot force says why instead.
 */
final class PredictedWitnesses {

    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    /**
     * One prediction to replay.
     *
     * @param key       the prediction finding's key, which the replay's verdict carries
     * @param prediction the prediction's finding as analyze wrote it
     * @param zero      predicted under zero buffering: the replay makes standard sends synchronous
     * @param plan      the forced matches, or null when {@code refusal} says why there is none
     * @param changes   each changed match, described ({@code the 1st Comm.recv of rank 0 at X.java:25 takes rank 2's})
     */
    record Witness(String key, ReportFinding prediction, boolean zero, ForcedMatchPlan plan, String refusal,
                   List<String> changes) {

        /** The prediction's first rank and site, as its finding names it. */
        String where() {
            return "rank " + (prediction.ranks().isEmpty() ? "?" : prediction.ranks().get(0)) + " at "
                    + (prediction.site() == null ? "?" : prediction.site().location());
        }
    }

    private PredictedWitnesses() {
    }

    /**
     * The witnesses of {@code dir}, with their plans against the observed run's receives; none
     * without the file, or when a trace is newer than it (analyze has not seen this run).
     */
    static List<Witness> read(Path dir, ReceiveSchedule observed) throws IOException {
        Path file = dir.resolve(WitnessLog.FILE);
        List<Witness> out = new ArrayList<>();
        if (!Files.isRegularFile(file) || olderThanATrace(file, dir)) {
            return out;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                out.add(witness(JSON.readTree(line), observed));
            }
        }
        return out;
    }

    /** The event indices name the events of the traces analyze read: a newer trace is another run. */
    private static boolean olderThanATrace(Path file, Path dir) throws IOException {
        FileTime written = Files.getLastModifiedTime(file);
        try (var traces = Files.list(dir)) {
            return traces.filter(p -> p.getFileName().toString().matches("trace-rank\\d+\\.mpgt"))
                    .anyMatch(p -> {
                        try {
                            return Files.getLastModifiedTime(p).compareTo(written) > 0;
                        } catch (IOException e) {
                            return true;
                        }
                    });
        }
    }

    static Witness witness(JsonNode line, ReceiveSchedule observed) throws IOException {
        ReportFinding finding = JSON.treeToValue(line.path("finding"), ReportFinding.class);
        List<ForcedMatchPlan.Entry> entries = new ArrayList<>();
        List<String> changes = new ArrayList<>();
        String refusal = null;
        for (JsonNode m : line.path("matches")) {
            int rank = m.path("rank").asInt();
            int sender = m.path("sender").asInt();
            boolean changed = m.path("changed").asBoolean();
            ReceiveSchedule.Receive v = observed.receiveAt(rank, m.path("event").asInt(-1));
            if (v == null) {
                refusal = refusal != null || !changed ? refusal : "its wildcard receive on rank " + rank
                        + " is not one a replay can force (a receive of a message a matched probe took)";
                continue;
            }
            if (changed) {
                changes.add(v.describe() + " takes rank " + sender + "'s message");
            }
            if (v.anySource()) {
                entries.add(new ForcedMatchPlan.Entry(v.rank(), v.site(), v.occurrence(), sender));
            } else if (changed && refusal == null) {
                // the predictor took a probe's wildcard for the receive that names its source from the probe's Status
                refusal = v.describe() + " names its source (from a wildcard probe's Status, or a wildcard tag): a"
                        + " replay forces the sources of MPI.ANY_SOURCE receives only";
            }
        }
        boolean zero = line.path("buffering").asText().equals("zero");
        return new Witness(finding.key(), finding, zero,
                refusal == null ? new ForcedMatchPlan(entries) : null, refusal, changes);
    }
}
