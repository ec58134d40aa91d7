package org.mpiguard.analyzer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.mpiguard.core.report.FindingFormat;

/**
 * {@code predicted-witnesses.jsonl}: every predicted deadlock whose witness has a wildcard
 * receive take another message than the run gave it (an unconfirmed warning), as a replay
 * needs it to force the witness's matches ({@code mpiguard explore}, and so {@code mpiguard
 * check}): its finding (whose {@code key} the replay's verdict carries), the buffering it was
 * predicted under, and each wildcard receive of the witness as its rank, the index of its
 * event in that rank's trace and the sender the witness gives it. Written whenever the traces
 * are analysed, empty when there is none, so a file never outlives the traces it speaks of.
 */
public final class WitnessLog {

    public static final String FILE = "predicted-witnesses.jsonl";

    private WitnessLog() {
    }

    static void write(Path file, List<DeadlockPredictor.Prediction> predictions) throws IOException {
        StringBuilder out = new StringBuilder();
        for (DeadlockPredictor.Prediction p : predictions) {
            out.append("{\"buffering\":\"").append(p.buffering().name().toLowerCase(Locale.ROOT))
                    .append("\",\"finding\":").append(FindingFormat.json(p.finding()).strip()).append(",\"matches\":[");
            for (int i = 0; i < p.matches().size(); i++) {
                DeadlockPredictor.WitnessMatch m = p.matches().get(i);
                out.append(i == 0 ? "" : ",").append("{\"rank\":").append(m.rank()).append(",\"event\":")
                        .append(m.event()).append(",\"sender\":").append(m.sender()).append(",\"changed\":")
                        .append(m.changed()).append('}');
            }
            out.append("]}\n");
        }
        Files.writeString(file, out, StandardCharsets.UTF_8);
    }
}
