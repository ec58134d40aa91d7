package org.mpiguard.cli.explore;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.mpiguard.cli.report.ReportWriter;
import org.mpiguard.cli.report.RunInfo;
import org.mpiguard.cli.report.SourceFinder;

/**
 * Explore's findings in the report of the observed run: {@code mpiguard report} reads
 * {@code findings-explore.jsonl} beside the ranks' findings; when the directory already
 * holds a report (made by {@code mpiguard run}), it is written again with them, keeping
 * the run it describes.
 */
public final class ExploreReport {

    private ExploreReport() {
    }

    static void refresh(Path dir, PrintWriter out) throws IOException {
        Path json = dir.resolve(ReportWriter.JSON_FILE);
        if (!Files.isRegularFile(json)) {
            out.println("mpiguard report " + dir + " writes the HTML report with these findings");
            return;
        }
        ReportWriter.Written written = ReportWriter.write(dir, dir, SourceFinder.of(Path.of("."), null),
                runOf(new ObjectMapper().readTree(json.toFile())));
        out.println("Report:  " + written.html().toAbsolutePath());
    }

    /** The run an earlier report described, or null when it named none. */
    public static RunInfo runOf(JsonNode report) {
        JsonNode run = report.get("run");
        if (run == null || !run.has("command")) {
            return null;
        }
        List<String> command = new ArrayList<>();
        run.get("command").forEach(word -> command.add(word.asText()));
        return new RunInfo(command, run.path("exitCode").asInt());
    }
}
