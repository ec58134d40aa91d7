package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpiguard.core.trace.TraceFile;
import org.mpiguard.core.trace.TraceFormat;
import org.mpiguard.core.trace.TraceReader;

/**
 * A program without bugs behaves exactly as it does without the agent: every rank writes
 * the same stdout and the same stderr, the job ends with the same exit code, and there is
 * no finding, on JDK 17 and JDK 25. Streams are compared rank by rank because mpirun
 * interleaves the ranks' output in whatever order it arrives.
 */
class TransparencyTest {

    static final List<String> CORRECT = List.of("PointToPoint", "Nonblocking", "Collectives", "SubCommunicators",
            "OneSided", "ExitCode", "WorkerThread");

    @BeforeAll
    static void bothJdksAreThere() {
        assertTrue(Files.isExecutable(Path.of(MpiRun.JDK25_JAVA)),
                "JDK 25 is expected at " + MpiRun.JDK25_JAVA + " on machines of this kind");
    }

    static Stream<Arguments> runs() {
        List<Arguments> runs = new ArrayList<>();
        for (String java : List.of(MpiRun.JDK17_JAVA, MpiRun.JDK25_JAVA)) {
            for (int ranks : new int[] {2, 4}) {
                for (String program : CORRECT) {
                    runs.add(Arguments.of(program, ranks, java));
                }
            }
        }
        return runs.stream();
    }

    @ParameterizedTest(name = "{0} at {1} ranks on {2}")
    @MethodSource("runs")
    void aCorrectProgramIsUnchangedByTheAgent(String program, int ranks, String java) throws Exception {
        MpiRun.Result plain = MpiRun.program("correct." + program).ranks(ranks).java(java).run();
        MpiRun.Result checked = MpiRun.program("correct." + program).ranks(ranks).java(java).withAgent("").run();
        assertFalse(plain.timedOut(), plain.toString());
        assertFalse(plain.stdout().isBlank(), "the program prints its results\n" + plain);
        assertEquals(plain.exitCode(), checked.exitCode(), checked.toString());
        for (int rank = 0; rank < ranks; rank++) {
            assertEquals(plain.ofRank(rank, "stdout"), checked.ofRank(rank, "stdout"), "stdout of rank " + rank);
            assertEquals(plain.ofRank(rank, "stderr"), checked.ofRank(rank, "stderr"), "stderr of rank " + rank);
        }
        assertFalse(checked.stderr().contains("MPIGuard"), checked.stderr());
        assertTrue(Findings.read(checked.reportDir()).isEmpty(), checked.toString());
        assertFalse(Files.exists(checked.reportDir()), "no report directory when there is nothing to report");
    }

    static Stream<Arguments> tracedRuns() {
        List<Arguments> runs = new ArrayList<>();
        for (int ranks : new int[] {2, 4}) {
            for (String program : CORRECT) {
                runs.add(Arguments.of(program, ranks));
            }
        }
        return runs.stream();
    }

    @ParameterizedTest(name = "{0} at {1} ranks with traces on")
    @MethodSource("tracedRuns")
    void aCorrectProgramIsUnchangedWithTracesOn(String program, int ranks) throws Exception {
        Path traces = Files.createTempDirectory("mpiguard-traces");
        MpiRun.Result plain = MpiRun.program("correct." + program).ranks(ranks).run();
        MpiRun.Result traced = MpiRun.program("correct." + program).ranks(ranks).withAgent("trace=" + traces).run();
        assertFalse(plain.timedOut(), plain.toString());
        assertEquals(plain.exitCode(), traced.exitCode(), traced.toString());
        for (int rank = 0; rank < ranks; rank++) {
            assertEquals(plain.ofRank(rank, "stdout"), traced.ofRank(rank, "stdout"), "stdout of rank " + rank);
            assertEquals(plain.ofRank(rank, "stderr"), traced.ofRank(rank, "stderr"), "stderr of rank " + rank);
        }
        assertTrue(Findings.read(traced.reportDir()).isEmpty(), traced.toString());
        for (int rank = 0; rank < ranks; rank++) {
            TraceFile file = TraceReader.read(
                    traces.resolve(TraceFormat.fileName(rank)));
            assertTrue(file.complete() && file.dropped() == 0, "rank " + rank + "'s trace is whole");
            assertFalse(file.events().isEmpty(), "rank " + rank + " recorded its calls");
        }
    }
}
