package org.mpiguard.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.core.trace.ShippedHeader;
import org.mpiguard.core.trace.TraceFormat;
import org.mpiguard.core.trace.TraceStream;

/**
 * The end-of-run analysis spread over the job's ranks at Finalize, with the ranks as threads
 * and the private communicator as queues: the findings and races of the analysis in one
 * process, byte for byte, and no rank left waiting when a rank cannot analyse its trace.
 */
class FinalizeSpreadTest {

    @TempDir
    Path dir;

    /** Queues between rank 0 and each other rank, both ways. */
    private static final class Queues {
        final List<BlockingQueue<byte[]>> toRank = new ArrayList<>();
        final List<BlockingQueue<byte[]>> toZero = new ArrayList<>();

        Queues(int ranks) {
            for (int r = 0; r < ranks; r++) {
                toRank.add(new LinkedBlockingQueue<>());
                toZero.add(new LinkedBlockingQueue<>());
            }
        }

        FinalizeSpread.Channel of(int me) {
            return new FinalizeSpread.Channel() {
                @Override
                public void send(int rank, byte[] bytes) {
                    (me == 0 ? toRank.get(rank) : toZero.get(me)).add(bytes.clone());
                }

                @Override
                public byte[] receive(int rank) throws IOException {
                    try {
                        byte[] b = (me == 0 ? toZero.get(rank) : toRank.get(me)).poll(60, TimeUnit.SECONDS);
                        if (b == null) {
                            throw new IOException("nothing from rank " + rank + " in 60 s");
                        }
                        return b;
                    } catch (InterruptedException e) {
                        throw new IOException(e);
                    }
                }
            };
        }
    }

    private void writeRun() throws Exception {
        RunBuilder.mismatchRaceAndLostMessage(dir);
    }

    /** The run written, and its findings and races as rank 0 alone reports them. */
    private String[] oneProcessAnalysis() throws Exception {
        writeRun();
        RunAnalysis.atEndOfRun(dir, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        return new String[] {Files.readString(dir.resolve("findings-analysis.jsonl")),
                Files.readString(dir.resolve("message-races.jsonl"))};
    }

    /** Ranks 1 .. ranks - 1 as threads, each serving its block from its directory. */
    private static List<Thread> serveOthers(IntFunction<Path> served, Queues q, int ranks) {
        return serveOthers(served, q, ranks, null);
    }

    /** The same, with every rank's shipped header ({@code headers}, null: read from the directory). */
    private static List<Thread> serveOthers(IntFunction<Path> served, Queues q, int ranks, byte[][] headers) {
        List<Thread> servers = new ArrayList<>();
        for (int r = 1; r < ranks; r++) {
            int rank = r;
            Thread t = new Thread(() -> FinalizeSpread.serve(served.apply(rank), rank, ranks, q.of(rank), headers));
            t.setDaemon(true);
            t.start();
            servers.add(t);
        }
        return servers;
    }

    @Test
    void everyRankReplayingItsOwnTraceReportsWhatOneProcessReports() throws Exception {
        String[] oneProcess = oneProcessAnalysis();
        String findings = oneProcess[0];
        String races = oneProcess[1];
        assertTrue(findings.contains("type-mismatch") && findings.contains("message-race")
                && findings.contains("call-ordering") && findings.contains("[rma.assert-noput]")
                && findings.contains("[rma.assert-nocheck]"), findings);
        Files.delete(dir.resolve("findings-analysis.jsonl"));
        Files.delete(dir.resolve("message-races.jsonl"));

        Queues q = new Queues(4);
        List<Thread> servers = serveOthers(r -> dir, q, 4);
        ByteArrayOutputStream spreadSaid = new ByteArrayOutputStream();
        RunAnalysis.spreadAtFinalize(dir, 4, q.of(0), new PrintStream(spreadSaid, true, StandardCharsets.UTF_8),
                f -> false, "the traces hold 9 events, more than trace-analysis-max=1", null);
        for (Thread t : servers) {
            t.join(10_000);
            assertFalse(t.isAlive(), "every rank's block ended");
        }
        assertEquals(findings, Files.readString(dir.resolve("findings-analysis.jsonl")));
        assertEquals(races, Files.readString(dir.resolve("message-races.jsonl")));
        String text = spreadSaid.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("(spread over the 4 ranks: the traces hold 9 events, more than trace-analysis-max=1)"),
                text);
    }

    /**
     * Rank 2 cannot read its trace (its file is elsewhere): rank 0 learns it at the first
     * round, takes the replies still owed and stops every block, then says the traces are left
     * to {@code mpiguard analyze}; no rank is left waiting.
     */
    @Test
    void aRankThatCannotReadItsTraceStopsTheSpreadAndNoRankIsLeftWaiting() throws Exception {
        writeRun();
        Path elsewhere = Files.createDirectory(dir.resolve("elsewhere"));
        IntFunction<Path> rankTwoElsewhere = r -> r == 2 ? elsewhere : dir;
        Queues q = new Queues(4);
        List<Thread> servers = serveOthers(rankTwoElsewhere, q, 4);
        assertThrows(IOException.class, () -> FinalizeSpread.coordinate(dir, 4, q.of(0), null));
        for (Thread t : servers) {
            t.join(10_000);
            assertFalse(t.isAlive(), "every rank's block was stopped");
        }
        for (int r = 1; r < 4; r++) {
            assertTrue(q.toZero.get(r).isEmpty(), "rank 0 took every reply owed to it (rank " + r + ")");
        }

        Queues again = new Queues(4);
        List<Thread> others = serveOthers(rankTwoElsewhere, again, 4);
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        RunAnalysis.spreadAtFinalize(dir, 4, again.of(0), new PrintStream(said, true, StandardCharsets.UTF_8),
                f -> false, "the traces hold 9 events, more than trace-analysis-max=1", null);
        String text = said.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("the traces hold 9 events, more than trace-analysis-max=1, and the analysis spread over"
                + " the ranks failed (java.io.IOException: rank 2 could not analyse its trace); the end-of-run analysis"
                + " left them to mpiguard analyze " + dir), text);
        for (Thread t : others) {
            t.join(10_000);
            assertFalse(t.isAlive());
        }
    }

    /**
     * Traces on each node's own disk: each rank's directory holds its own trace only (rank 1's
     * also a file of rank 3's name that is no trace, an earlier run's), and every rank has the
     * others' headers as shipped. The findings and races are the one process's, byte for byte.
     */
    @Test
    void ranksReadingOnlyTheirOwnTraceWithTheOthersHeadersShippedReportWhatOneProcessReports() throws Exception {
        String[] oneProcess = oneProcessAnalysis();
        String findings = oneProcess[0];
        String races = oneProcess[1];
        byte[][] headers = new byte[4][];
        Path[] node = new Path[4];
        for (int r = 0; r < 4; r++) {
            Path trace = dir.resolve(TraceFormat.fileName(r));
            try (TraceStream s = TraceStream.open(trace)) {
                headers[r] = ShippedHeader.write(s.header());
            }
            node[r] = Files.createDirectory(dir.resolve("node" + r));
            Files.move(trace, node[r].resolve(trace.getFileName()));
        }
        Files.writeString(node[1].resolve(TraceFormat.fileName(3)), "an earlier run's file");

        Queues q = new Queues(4);
        List<Thread> servers = serveOthers(r -> node[r], q, 4, headers);
        ByteArrayOutputStream spreadSaid = new ByteArrayOutputStream();
        RunAnalysis.spreadAtFinalize(node[0], 4, q.of(0), new PrintStream(spreadSaid, true, StandardCharsets.UTF_8),
                f -> false, "the traces are on each node's own disk", headers);
        for (Thread t : servers) {
            t.join(10_000);
            assertFalse(t.isAlive(), "every rank's block ended");
        }
        assertTrue(Files.exists(node[0].resolve("findings-analysis.jsonl")), spreadSaid.toString(StandardCharsets.UTF_8));
        assertEquals(findings, Files.readString(node[0].resolve("findings-analysis.jsonl")));
        assertEquals(races, Files.readString(node[0].resolve("message-races.jsonl")));
    }
}
