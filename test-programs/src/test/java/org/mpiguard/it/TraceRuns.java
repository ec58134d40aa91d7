package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Programs run under mpirun with {@code trace=on} and what the analyses of their traces
 * say: rank 0's end-of-run findings, or {@code mpiguard analyze} (the packaged jar, no MPI)
 * on a copy of the traces; findings picked by kind and checked against marked lines.
 * Programs are named from {@code org.mpiguard.programs}, e.g. {@code "trace.IntAsFloat"}.
 */
final class TraceRuns {

    private TraceRuns() {
    }

    static final ObjectMapper JSON = new ObjectMapper();
    static final Path ANALYZE_JAR = Path.of(System.getProperty("mpiguard.analyzeJar",
            "../analyzer/target/mpiguard-analyze.jar"));

    static MpiRun.Result traced(String program, int ranks, String... args) throws Exception {
        MpiRun run = MpiRun.program(program).ranks(ranks).withAgent("trace=on");
        for (String a : args) {
            run = run.programArg(a);
        }
        MpiRun.Result r = run.run();
        assertFalse(r.timedOut(), r.toString());
        return r;
    }

    /** Rank 0's end-of-run findings. */
    static List<JsonNode> endOfRun(MpiRun.Result r) throws IOException {
        return read(r.reportDir().resolve("findings-analysis.jsonl"));
    }

    static List<JsonNode> read(Path file) throws IOException {
        List<JsonNode> findings = new ArrayList<>();
        if (Files.exists(file)) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                findings.add(JSON.readTree(line));
            }
        }
        return findings;
    }

    /** {@code mpiguard analyze} (the packaged jar, no MPI) on a copy of the run's traces. */
    static List<JsonNode> analyzeCopy(MpiRun.Result r) throws Exception {
        Path copy = copyOfTraces(r);
        Process p = new ProcessBuilder(MpiRun.JDK17_JAVA, "-jar", ANALYZE_JAR.toAbsolutePath().toString(),
                "--quiet", copy.toString()).redirectErrorStream(true)
                .redirectOutput(copy.resolve("analyze.out").toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "analyze finished");
        String out = Files.readString(copy.resolve("analyze.out"));
        assertFalse(out.contains("Exception"), out);
        return read(copy.resolve("findings-analysis.jsonl"));
    }

    /** A new directory holding a copy of the run's traces, and nothing else. */
    static Path copyOfTraces(MpiRun.Result r) throws IOException {
        Path copy = Files.createTempDirectory("mpiguard-traces-copy");
        try (Stream<Path> files = Files.list(r.reportDir())) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".mpgt")).toList()) {
                Files.copy(f, copy.resolve(f.getFileName()));
            }
        }
        return copy;
    }

    static List<JsonNode> ofKind(List<JsonNode> findings, String kind) {
        return findings.stream().filter(f -> f.get("kind").asText().equals(kind)).collect(Collectors.toList());
    }

    static JsonNode one(List<JsonNode> findings, String kind, MpiRun.Result r) {
        List<JsonNode> of = ofKind(findings, kind);
        assertEquals(1, of.size(), "one " + kind + " finding in " + findings + "\n" + r);
        return of.get(0);
    }

    static void assertSite(JsonNode site, String program, String marker) throws IOException {
        assertEquals(SourceMarkers.fileName(program), site.get("file").asText(), site.toString());
        assertEquals(SourceMarkers.line(program, marker), site.get("line").asInt(), marker + ": " + site);
    }

    static List<Integer> ranks(JsonNode f) {
        List<Integer> ranks = new ArrayList<>();
        f.get("ranks").forEach(n -> ranks.add(n.asInt()));
        return ranks;
    }

    /** The related sites as "rank:line". */
    static Set<String> related(JsonNode f) {
        Set<String> sides = new TreeSet<>();
        f.get("related").forEach(n -> sides.add(n.get("rank").asInt() + ":" + n.get("site").get("line").asInt()));
        return sides;
    }

    static Set<String> summary(List<JsonNode> findings, Set<String> kinds) {
        return findings.stream().filter(f -> kinds.contains(f.get("kind").asText()))
                .map(f -> f.get("kind").asText() + " " + f.get("ranks") + " " + f.get("site").get("line") + " "
                        + related(f))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    static void assertSilent(MpiRun.Result r) throws Exception {
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(endOfRun(r).isEmpty(), "no end-of-run finding\n" + r);
        assertFalse(r.stderr().contains("[MPIGuard]"), r.toString());
        assertTrue(Files.exists(r.reportDir().resolve("trace-rank0.mpgt")), "traces written\n" + r);
    }

}
