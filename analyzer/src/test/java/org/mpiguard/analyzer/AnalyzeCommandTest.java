package org.mpiguard.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.core.ExitCodes;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingFormat;
import org.mpiguard.core.report.FindingKeys;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.report.SiteRef;
import org.mpiguard.core.trace.HandleKind;
import picocli.CommandLine;

class AnalyzeCommandTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int analyze(String... args) {
        AnalyzeCommand command = new AnalyzeCommand(new PrintStream(out, true), new PrintStream(err, true));
        return new CommandLine(command).execute(args);
    }

    private String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void findingsArePrintedAndWrittenAsContractJsonLinesAndErrorsSetTheExitCode() throws Exception {
        writeTypeMismatch();
        assertEquals(ExitCodes.ANALYSIS_FOUND_ERRORS, analyze(dir.toString()));
        assertTrue(stdout().contains("[MPIGuard] ERROR type-mismatch on ranks 0, 1: Comm.recv at Prog.java:20"),
                stdout());
        List<String> lines = Files.readAllLines(dir.resolve("findings-analysis.jsonl"));
        assertEquals(1, lines.size());
        JsonNode f = new ObjectMapper().readTree(lines.get(0));
        assertEquals("type-mismatch", f.get("kind").asText());
        assertEquals("error", f.get("severity").asText());
        assertEquals(20, f.get("site").get("line").asInt());
        assertEquals("Prog.java", f.get("site").get("file").asText());
        assertEquals(10, f.get("related").get(0).get("site").get("line").asInt());
        assertEquals(0, f.get("related").get(0).get("rank").asInt());

        // a second analysis of the same directory replaces the file rather than appending to it
        assertEquals(ExitCodes.ANALYSIS_FOUND_ERRORS, analyze(dir.toString()));
        assertEquals(1, Files.readAllLines(dir.resolve("findings-analysis.jsonl")).size());
    }

    @Test
    void whatTheRanksReportedOnlineIsNotRepeatedAndALostMessageOnlyAddsItsSender() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        RunBuilder.Rank zero = run.rank(0);
        zero.send(10, 1, 7, 5, 1);
        zero.rec.handle(zero.site("Intracomm.split", 11), HandleKind.CREATE, HandleKind.COMM, 1, 101, 0, 0, 0);
        zero.rec.handle(zero.site("Comm.getGroup", 12), HandleKind.CREATE, HandleKind.GROUP, 1, 102, 0, 0, 0);
        run.write(true);
        // the ranks' online findings: rank 0's leak of the communicator, rank 1's lost message from rank 0
        SiteRef split = new SiteRef("demo.Prog", "main", "Prog.java", 11);
        Files.writeString(dir.resolve("findings-rank0.jsonl"), FindingFormat.json(new Finding(
                FindingKind.RESOURCE_LEAK, Severity.WARNING, List.of(0), "Intracomm.split", split, List.of(),
                "A communicator made at Prog.java:11 on rank 0 was never freed", List.of(),
                FindingKeys.leak(0, split))) + "\n");
        Files.writeString(dir.resolve("findings-rank1.jsonl"), FindingFormat.json(new Finding(
                FindingKind.RESOURCE_LEAK, Severity.WARNING, List.of(1), "MPI.Finalize",
                new SiteRef("demo.Prog", "main", "Prog.java", 30), List.of(), "A message (tag 7) sent by rank 0",
                List.of(), FindingKeys.lostMessage(1, 0, 7))) + "\n");
        assertEquals(0, analyze(dir.toString()));
        assertFalse(stdout().contains("Intracomm.split at Prog.java:11"), "rank 0 reported it\n" + stdout());
        assertTrue(stdout().contains("WARNING resource-leak on rank 0: Comm.getGroup at Prog.java:12"),
                "no rank reported this one\n" + stdout());
        assertTrue(stdout().contains("the traces add to a finding reported online: Lost message: the message sent by"
                + " rank 0 at Prog.java:10"), stdout());
        assertTrue(stdout().contains("2 of them the ranks reported online already"), stdout());
        String file = Files.readString(dir.resolve("findings-analysis.jsonl"));
        assertFalse(file.contains(FindingKeys.leak(0, split)), file);
        assertTrue(file.contains(FindingKeys.lostMessage(1, 0, 7)) && file.contains("Comm.getGroup"), file);
    }

    @Test
    void aCleanRunExitsZero() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).send(10, 1, 0, 5, 4);
        run.rank(1).recv(20, 0, 0, 5, 4);
        run.write(true);
        assertEquals(0, analyze(dir.toString()));
        assertTrue(stdout().contains("analysed 5 events of 2 ranks"), stdout());
        assertFalse(Files.exists(dir.resolve("findings-analysis.jsonl"))
                && Files.size(dir.resolve("findings-analysis.jsonl")) > 0);
    }

    @Test
    void aCorruptTraceIsNamedWithItsOffsetAndTheOtherRanksAreStillAnalysed() throws Exception {
        writeTypeMismatch();
        byte[] bytes = Files.readAllBytes(dir.resolve("trace-rank1.mpgt"));
        bytes[bytes.length - 3] = (byte) 0x7f; // an unknown record tag in place of the end record
        Files.write(dir.resolve("trace-rank1.mpgt"), bytes);
        assertEquals(0, analyze(dir.toString()));
        String said = stdout();
        assertTrue(said.contains("cannot read a trace: " + dir.resolve("trace-rank1.mpgt") + " at byte "), said);
        assertTrue(said.contains("no trace of rank 1"), said);
        assertFalse(said.contains("Exception") || stderr().contains("Exception"), said + stderr());
    }

    /**
     * {@code --np 3}: three analysing processes, each replaying its block of ranks and started
     * by the command, give the findings and races one process gives, byte for byte.
     */
    @Test
    void theAnalysisSpreadOverProcessesWritesWhatOneProcessWrites() throws Exception {
        RunBuilder.mismatchRaceAndLostMessage(dir);
        assertEquals(ExitCodes.ANALYSIS_FOUND_ERRORS, analyze("--predict", "off", dir.toString()));
        String findings = Files.readString(dir.resolve("findings-analysis.jsonl"));
        String races = Files.readString(dir.resolve("message-races.jsonl"));
        assertTrue(findings.contains("type-mismatch") && findings.contains("message-race")
                && findings.contains("never received") && findings.contains("call-ordering")
                && findings.contains("[rma.assert-noput]") && findings.contains("[rma.assert-nocheck]"), findings);
        out.reset();
        assertEquals(ExitCodes.ANALYSIS_FOUND_ERRORS, analyze("--predict", "off", "--np", "3", dir.toString()));
        assertEquals(findings, Files.readString(dir.resolve("findings-analysis.jsonl")));
        assertEquals(races, Files.readString(dir.resolve("message-races.jsonl")));
        assertTrue(stdout().contains("spread over 3 processes: CPU s per process "), stdout() + stderr());
        assertFalse(stderr().contains("instead"), stderr());
    }

    /** Two ranks: a send of one type received as another. */
    private void writeTypeMismatch() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).send(10, 1, 0, 5, 4);
        run.rank(1).recv(20, 0, 0, 7, 4);
        run.write(true);
    }

    /** Stands for an analysing process that fails before it connects. */
    public static final class FailingWorker {
        public static void main(String[] args) {
            System.exit(3);
        }
    }

    @Test
    void anAnalysingProcessThatFailsIsSaidAndTheAnalysisRunsInThisProcess() throws Exception {
        writeTypeMismatch();
        SpreadJob.workerClass = FailingWorker.class.getName();
        try {
            assertEquals(ExitCodes.ANALYSIS_FOUND_ERRORS, analyze("--predict", "off", "--np", "2", dir.toString()));
        } finally {
            SpreadJob.workerClass = SpreadWorker.class.getName();
        }
        assertTrue(stderr().contains("the analysis over 2 processes failed (java.io.IOException: analysing process ")
                && stderr().contains("(exit 3) before it connected); analysing in this process instead"), stderr());
        assertTrue(Files.readString(dir.resolve("findings-analysis.jsonl")).contains("type-mismatch"));
    }

    @Test
    void aLauncherThatCannotStartIsSaidAndTheAnalysisRunsInThisProcess() throws Exception {
        writeTypeMismatch();
        Path missing = dir.resolve("no-such-mpirun");
        assertEquals(ExitCodes.ANALYSIS_FOUND_ERRORS, analyze("--predict", "off", "--np", "2", "--launcher",
                missing + " --hostfile hosts", dir.toString()));
        assertTrue(stderr().contains("the analysis over 2 processes failed (java.io.IOException: cannot start the"
                + " launcher " + missing + ": "), stderr());
        assertTrue(stderr().contains("analysing in this process instead"), stderr());
        assertTrue(Files.readString(dir.resolve("findings-analysis.jsonl")).contains("type-mismatch"));
    }

    /** A launcher's job that ends before its processes connect (here one that starts none) fails the spread at once. */
    @Test
    void aLauncherJobThatEndsBeforeItsProcessesConnectIsSaid() throws Exception {
        writeTypeMismatch();
        assertEquals(ExitCodes.ANALYSIS_FOUND_ERRORS, analyze("--predict", "off", "--np", "2", "--launcher", "false",
                dir.toString()));
        assertTrue(stderr().contains("the launcher's job (false) ended (exit 1) before its 2 analysing processes"
                + " connected); analysing in this process instead"), stderr());
    }

    @Test
    void aLauncherWithoutProcessesToStartIsRefusedInOneLine() throws Exception {
        new RunBuilder(dir, 2).write(true);
        assertEquals(ExitCodes.NO_READABLE_TRACE, analyze("--launcher", "mpirun", dir.toString()));
        assertTrue(stderr().contains("--launcher starts the --np N analysing processes: give it a launcher's command"
                + " and --np 2 or more"), stderr());
    }

    @Test
    void eachLauncherIsToldHowManyProcessesInItsOwnWords() {
        assertEquals(java.util.List.of("-np", "4", "-x", "MPIGUARD_SPREAD_SECRET"),
                SpreadWorkers.processCount("/usr/bin/mpirun", 4));
        assertEquals(java.util.List.of("-np", "4", "-x", "MPIGUARD_SPREAD_SECRET"),
                SpreadWorkers.processCount("mpiexec", 4));
        assertEquals(java.util.List.of("-n", "8"), SpreadWorkers.processCount("srun", 8));
        assertEquals(java.util.List.of("-np", "2"), SpreadWorkers.processCount("mpiexec.hydra", 2));
    }

    @Test
    void theJobsRankVariablesNameAWorkersBlock() {
        assertEquals(3, SpreadWorker.blockOfJob(java.util.Map.of("OMPI_COMM_WORLD_RANK", "3", "PMIX_RANK", "7")));
        assertEquals(7, SpreadWorker.blockOfJob(java.util.Map.of("PMIX_RANK", "7")));
        assertEquals(2, SpreadWorker.blockOfJob(java.util.Map.of("SLURM_PROCID", "2")));
        IllegalStateException none = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> SpreadWorker.blockOfJob(java.util.Map.of()));
        assertTrue(none.getMessage().contains("not started by a launcher"), none.getMessage());
    }

    @Test
    void aNumberOfProcessesBelowOneIsRefusedInOneLine() throws Exception {
        new RunBuilder(dir, 2).write(true);
        assertEquals(ExitCodes.NO_READABLE_TRACE, analyze("--np", "0", dir.toString()));
        assertTrue(stderr().contains("--np takes a number of processes, 1 or more"), stderr());
    }

    @Test
    void aDirectoryWithoutTracesSaysSoAndExits66() {
        assertEquals(ExitCodes.NO_READABLE_TRACE, analyze(dir.toString()));
        assertTrue(stderr().contains("no readable trace"), stderr());
    }

    /** The analyzer alone (as in the agent) has no predictor: analyze says so, unless told not to predict. */
    @Test
    void withoutThePredictorOnTheClassPathPredictionIsANoteAndOffIsSilent() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).send(12, 1, 7, 5, 1).recv(13, 1, 7, 5, 1);
        run.rank(1).send(16, 0, 7, 5, 1).recv(17, 0, 7, 5, 1);
        run.write(true);
        assertEquals(0, analyze(dir.toString()));
        assertTrue(stdout().contains("note: predicted deadlocks not analysed: the predictor module is not on the class "
                + "path"), stdout());
        out.reset();
        assertEquals(0, analyze("--predict", "off", dir.toString()));
        assertFalse(stdout().contains("predicted"), stdout());
    }
}
