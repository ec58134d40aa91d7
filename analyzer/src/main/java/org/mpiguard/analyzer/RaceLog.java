package org.mpiguard.analyzer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.mpiguard.core.report.FindingFormat;
import org.mpiguard.core.report.SiteRef;
import org.mpiguard.core.site.CallSite;

/**
 * {@code message-races.jsonl}: every racing receive as a replay needs it to force another
 * match: the receiving rank, the receive's site (as its class, method, file and line, which
 * name it in every run) and its occurrence at that source line, the source it took, and the
 * sources that could have been taken instead. ({@code mpiguard explore} computes the same
 * races from the traces through {@link ReceiveSchedule}, which also gives every other
 * receive's match, for the replay of the observed schedule.)
 */
final class RaceLog {

    private RaceLog() {
    }

    static void write(Path file, TraceSet traces, List<MessageRaceAnalysis.Race> races) throws IOException {
        StringBuilder out = new StringBuilder();
        for (MessageRaceAnalysis.Race race : races) {
            RecvEvent v = race.receive();
            CallSite site = traces.rank(v.rank).site(v.site);
            out.append("{\"rank\":").append(v.rank).append(",\"site\":");
            FindingFormat.site(out, SiteRef.of(site));
            out.append(",\"occurrence\":").append(race.occurrence())
                    .append(",\"tag\":").append(v.tag).append(",\"matchedSource\":").append(v.matched.rank)
                    .append(",\"alternatives\":[");
            for (int i = 0; i < race.alternatives().size(); i++) {
                out.append(i == 0 ? "" : ",").append(race.alternatives().get(i).rank);
            }
            out.append("]}\n");
        }
        Files.writeString(file, out, StandardCharsets.UTF_8);
    }
}
