package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code mpiguard analyze --np N --launcher "mpirun ..."}: the analysing processes started as
 * one job of a real mpirun, each taking its block from its rank in that job and reaching the
 * command over TCP. The findings and races are those of the analysis in one process, byte for
 * byte.
 */
class AnalysisOverLauncherTest {

    /** The packaged analyzer on {@code dir}, with {@code options}; its exit code and output. */
    private static String analyze(Path dir, String... options) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(MpiRun.JDK17_JAVA, "-jar",
                TraceRuns.ANALYZE_JAR.toAbsolutePath().toString(), "--predict", "off"));
        cmd.addAll(List.of(options));
        cmd.add(dir.toString());
        Path log = Files.createTempFile("mpiguard-analyze", ".out");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean ended = p.waitFor(240, TimeUnit.SECONDS);
        if (!ended) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        String out = Files.readString(log);
        assertTrue(ended, "analyze ended\n" + out);
        assertFalse(out.contains("Exception"), out);
        return "exit " + p.exitValue() + "\n" + out;
    }

    @Test
    void theProcessesOfAnMpirunJobFindWhatOneProcessFinds() throws Exception {
        MpiRun.Result r = MpiRun.program("trace.ThreeSenders").ranks(4).withAgent("trace=on,trace-analysis=off").run();
        assertEquals(0, r.exitCode(), r.toString());
        Path copy = TraceRuns.copyOfTraces(r);
        String alone = analyze(copy);
        String findings = Files.readString(copy.resolve("findings-analysis.jsonl"));
        String races = Files.readString(copy.resolve("message-races.jsonl"));
        assertTrue(findings.contains("message-race"), findings);
        Files.delete(copy.resolve("findings-analysis.jsonl"));
        Files.delete(copy.resolve("message-races.jsonl"));

        String out = analyze(copy, "--np", "2", "--launcher", "mpirun --allow-run-as-root --oversubscribe");

        assertEquals(alone.lines().findFirst(), out.lines().findFirst(), "the same exit code\n" + alone + "\n" + out);
        assertTrue(out.contains("spread over 2 processes: CPU s per process "), out);
        assertFalse(out.contains("analysing in this process instead"), out);
        assertEquals(findings, Files.readString(copy.resolve("findings-analysis.jsonl")));
        assertEquals(races, Files.readString(copy.resolve("message-races.jsonl")));
    }
}
