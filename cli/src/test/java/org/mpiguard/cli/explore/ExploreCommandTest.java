package org.mpiguard.cli.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.analyzer.ExploredRuns;
import org.mpiguard.cli.CommandExitCodes;
import org.mpiguard.cli.Mpiguard;
import picocli.CommandLine;

/** The command's options and its refusals, before any job starts: a clear line, never a stack trace or a hang. */
class ExploreCommandTest {

    @TempDir
    Path dir;

    private record Outcome(int code, String out, String err) {
        void isClear() {
            assertFalse(err.contains("Exception") || err.contains("\tat "), "no stack trace\n" + err);
        }
    }

    private static Outcome explore(String... args) {
        CommandLine cmd = Mpiguard.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cmd.setOut(new PrintWriter(out));
        cmd.setErr(new PrintWriter(err));
        String[] all = new String[args.length + 1];
        all[0] = "explore";
        System.arraycopy(args, 0, all, 1, args.length);
        return new Outcome(cmd.execute(all), out.toString(), err.toString());
    }

    @Test
    void helpNamesTheFormsOfTheJobAndTheExitCodes() {
        Outcome o = explore("--help");
        assertEquals(0, o.code);
        assertTrue(o.out.contains("mpiguard explore [OPTIONS] DIR [mpirun options] -- java"), o.out);
        assertTrue(o.out.contains("--max-replays=N") && o.out.contains("--replay-timeout=DURATION"), o.out);
        assertTrue(o.out.contains("65") && o.out.contains("observed schedule could not be replayed"), o.out);
    }

    @Test
    void badOptionsAreUsageErrors() {
        Outcome zero = explore("--max-replays", "0", dir.toString(), "--", "java", "-cp", "x", "Main");
        assertEquals(CommandExitCodes.USAGE, zero.code);
        assertTrue(zero.err.contains("--max-replays must be at least 1"), zero.err);
        zero.isClear();
        Outcome soon = explore("--replay-timeout", "soon", dir.toString(), "--", "java", "-cp", "x", "Main");
        assertEquals(CommandExitCodes.USAGE, soon.code);
        assertTrue(soon.err.contains("'soon' is not a duration of at least 1s"), soon.err);
        soon.isClear();
        Outcome noJob = explore(dir.toString());
        assertEquals(CommandExitCodes.USAGE, noJob.code, noJob.err);
        noJob.isClear();
        Outcome archive = explore("--class-archive", "maybe", dir.toString(), "--", "java", "-cp", "x", "Main");
        assertEquals(CommandExitCodes.USAGE, archive.code);
        assertTrue(archive.err.contains("--class-archive"), archive.err);
        archive.isClear();
        Outcome bogus = explore(dir.toString(), "--", "java");
        assertEquals(CommandExitCodes.USAGE, bogus.code);
        assertTrue(bogus.err.contains("the java command names no main class or jar"), bogus.err);
    }

    @Test
    void aMissingDirectoryOrOneWithoutWholeTracesIsSaid() throws Exception {
        Outcome missing = explore(dir.resolve("nowhere").toString(), "--", "java", "-cp", "x", "Main");
        assertEquals(CommandExitCodes.NO_INPUT, missing.code);
        assertTrue(missing.err.startsWith("mpiguard: no directory "), missing.err);
        missing.isClear();
        Outcome empty = explore(dir.toString(), "--", "java", "-cp", "x", "Main");
        assertEquals(CommandExitCodes.NO_INPUT, empty.code);
        assertTrue(empty.err.contains("no readable trace (trace-rank<N>.mpgt) in " + dir + ": run the job with"
                + " --trace on"), empty.err);
        Path cut = ExploredRuns.cut(Files.createDirectory(dir.resolve("cut")));
        Outcome notWhole = explore(cut.toString(), "--", "java", "-cp", "x", "Main");
        assertEquals(CommandExitCodes.NO_INPUT, notWhole.code);
        assertTrue(notWhole.err.contains("are not whole"), notWhole.err);
        notWhole.isClear();
    }

    @Test
    void aRunWithoutRacesHasNothingToExploreAndStartsNoJob() throws Exception {
        Path traces = ExploredRuns.noRace(dir);
        Outcome o = explore(traces.toString(), "--", "java", "-cp", "x", "Main");
        assertEquals(CommandExitCodes.OK, o.code, o.err);
        assertTrue(o.err.startsWith("mpiguard: nothing to explore: the traces in " + traces + " show no message race"),
                o.err);
        assertFalse(Files.exists(traces.resolve(ExploreCommand.REPLAYS_DIR)), "no replay ran");
    }

    @Test
    void aJobThatNamesItsOwnOutputFilesIsRefused() throws Exception {
        Path traces = ExploredRuns.masterWorker(dir, 2, 1);
        Outcome o = explore(traces.toString(), "--output-filename", "out", "-np", "3", "--", "java", "-cp", "x",
                "Main");
        assertEquals(CommandExitCodes.USAGE, o.code);
        assertTrue(o.err.contains("remove --output-filename from the job: explore keeps each rank's output itself"),
                o.err);
    }

    @Test
    void whatMaxReplaysLeftOutExcludesTheAlternativesOfALocationAlreadyConfirmed() throws Exception {
        org.mpiguard.analyzer.ReceiveSchedule observed = org.mpiguard.analyzer.ReceiveSchedule.read(
                ExploredRuns.masterWorker(dir, 4, 3, 2, 1));
        java.util.List<Alternatives.Alternative> all = Alternatives.ordered(observed.races());
        assertEquals(6, all.size(), "3 + 2 + 1 other senders at one location");
        ReplayOutcome equivalent = new ReplayOutcome(all.get(0), ReplayOutcome.Verdict.EQUIVALENT, "", "");
        assertEquals(5, ExploreCommand.unexplored(all, java.util.List.of(equivalent)));
        ReplayOutcome differs = new ReplayOutcome(all.get(1), ReplayOutcome.Verdict.DIFFERS, "", "");
        assertEquals(0, ExploreCommand.unexplored(all, java.util.List.of(equivalent, differs)),
                "the location is confirmed: nothing there is left to explore");
    }
}
