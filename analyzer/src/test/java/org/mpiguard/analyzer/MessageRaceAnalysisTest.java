package org.mpiguard.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.trace.RmaSyncOp;
import org.mpiguard.core.trace.TraceRecorder;

class MessageRaceAnalysisTest {

    static final int INT = 5;
    static final int ANY = TraceRecorder.ANY;

    @TempDir
    Path dir;

    @Test
    void aRaceAmongThreeSendersNamesTheReceiveTheMatchedSendAndEveryOtherSend() throws Exception {
        RunBuilder run = new RunBuilder(dir, 4);
        for (int q = 1; q <= 3; q++) {
            run.rank(q).send(10 + q, 0, 0, INT, 1);
        }
        for (int q = 1; q <= 3; q++) {
            run.rank(0).recv(20, ANY, 0, INT, 1, q, 0);
        }
        Analyzed a = Analyzed.of(run.write(true));
        List<Finding> races = a.of(FindingKind.MESSAGE_RACE);
        assertEquals(2, races.size(), a.describe());
        Finding first = races.get(0);
        assertEquals(Severity.WARNING, first.severity());
        assertEquals(List.of(0, 1, 2, 3), first.ranks());
        assertEquals("Prog.java:20", first.site().location());
        assertEquals(List.of("Prog.java:11", "Prog.java:12", "Prog.java:13"),
                first.related().stream().map(r -> r.site().location()).toList());
        assertTrue(first.message().contains("1st call at this site"), first.message());
        assertEquals(List.of(0, 2, 3), races.get(1).ranks());
        // what replay needs: the receive's site and occurrence, the source taken and the alternatives
        Analysis.Result result = a.result();
        Path log = dir.resolve("message-races.jsonl");
        RaceLog.write(log, TraceSet.read(dir), result.races());
        List<String> lines = Files.readAllLines(log);
        assertEquals(2, lines.size());
        assertTrue(lines.get(0).matches(".*\"rank\":0,.*\"line\":20.*\"occurrence\":1,.*\"matchedSource\":1,"
                + "\"alternatives\":\\[2,3\\].*"), lines.get(0));
        assertTrue(lines.get(1).contains("\"occurrence\":2,") && lines.get(1).contains("\"alternatives\":[3]"),
                lines.get(1));
    }

    /**
     * A receive whose Status source the program reads (a master answering status.getSource())
     * is written to take any sender's message: not warned of, though still a race to replay; the
     * receives whose Status nobody reads keep their warning, with the key a replay's error shares.
     */
    @Test
    void aReceiveWhoseSourceTheProgramReadsIsNotWarnedOfButStaysARaceForReplay() throws Exception {
        RunBuilder run = new RunBuilder(dir, 4);
        for (int q = 1; q <= 3; q++) {
            run.rank(q).send(10 + q, 0, 0, INT, 1);
        }
        run.rank(0).recv(20, ANY, 0, INT, 1, 1, 0).readSource(21, 1, 0).recv(22, ANY, 0, INT, 1, 2, 0)
                .recv(22, ANY, 0, INT, 1, 3, 0);
        Analyzed a = Analyzed.of(run.write(true));
        List<Finding> races = a.of(FindingKind.MESSAGE_RACE);
        assertEquals(1, races.size(), a.describe());
        assertEquals("Prog.java:22", races.get(0).site().location());
        assertEquals(org.mpiguard.core.report.FindingKeys.messageRace(0, races.get(0).site()), races.get(0).key());
        assertEquals(2, a.result().races().size(), "the read receive is still a race mpiguard explore replays");
    }

    /**
     * Probe, read the source, receive that message (Open MPI's own suite does it with
     * {@code Message.mProbe(ANY_SOURCE, ANY_TAG)}): the Status read is the probe's, which chose
     * the message, so the mRecv is written to take any sender's and is not warned of. The
     * same loop that never reads a Status keeps its warning.
     */
    @Test
    void anMRecvWhoseProbesSourceTheProgramReadsIsNotWarnedOf() throws Exception {
        RunBuilder run = new RunBuilder(dir, 4);
        for (int q = 1; q <= 3; q++) {
            run.rank(q).send(10 + q, 0, q, INT, 1);
        }
        for (int q = 1; q <= 3; q++) {
            run.rank(0).mProbe(20, ANY, ANY, 1, q, q).readSource(21, q, q).mRecv(22, INT, 1, q, q);
        }
        Analyzed read = Analyzed.of(run.write(true));
        assertEquals(List.of(), read.of(FindingKind.MESSAGE_RACE), read.describe());
        assertEquals(2, read.result().races().size(), "still races mpiguard explore replays");

        Path unread = Files.createDirectories(dir.resolve("unread"));
        RunBuilder twin = new RunBuilder(unread, 4);
        for (int q = 1; q <= 3; q++) {
            twin.rank(q).send(10 + q, 0, q, INT, 1);
        }
        for (int q = 1; q <= 3; q++) {
            twin.rank(0).mProbe(20, ANY, ANY, 1, q, q).mRecv(22, INT, 1, q, q);
        }
        Analyzed a = Analyzed.of(twin.write(true));
        List<Finding> races = a.of(FindingKind.MESSAGE_RACE);
        assertEquals(2, races.size(), a.describe());
        assertEquals("Prog.java:22", races.get(0).site().location());
        assertEquals(List.of("Prog.java:11", "Prog.java:12", "Prog.java:13"),
                races.get(0).related().stream().map(r -> r.site().location()).toList());
    }

    @Test
    void aRaceHiddenBehindABarrierThatDoesNotOrderTheSendsIsReported() throws Exception {
        RunBuilder run = new RunBuilder(dir, 3);
        run.rank(1).send(11, 0, 0, INT, 1).barrier(30);
        run.rank(2).barrier(30).send(12, 0, 0, INT, 1);
        run.rank(0).barrier(30).recv(20, ANY, 0, INT, 1, 1, 0).recv(21, ANY, 0, INT, 1, 2, 0);
        Analyzed.of(run.write(true)).one(FindingKind.MESSAGE_RACE, 20, List.of(0, 1, 2), 11, 12);
    }

    @Test
    void aBarrierBetweenTheReceiveAndTheOtherSendOrdersThemAndIsSilent() throws Exception {
        RunBuilder run = new RunBuilder(dir, 3);
        run.rank(1).send(11, 0, 0, INT, 1).barrier(30);
        run.rank(2).barrier(30).send(12, 0, 0, INT, 1);
        run.rank(0).recv(20, ANY, 0, INT, 1, 1, 0).barrier(30).recv(21, ANY, 0, INT, 1, 2, 0);
        Analyzed.of(run.write(true)).none(FindingKind.MESSAGE_RACE);
    }

    @Test
    void aRaceThatAPriorMessagePreventsIsSilent() throws Exception {
        RunBuilder run = new RunBuilder(dir, 3);
        run.rank(1).send(11, 0, 0, INT, 1);
        run.rank(0).recv(20, ANY, 0, INT, 1, 1, 0).send(22, 2, 9, INT, 1).recv(21, ANY, 0, INT, 1, 2, 0);
        run.rank(2).recv(31, 0, 9, INT, 1).send(12, 0, 0, INT, 1);
        Analyzed.of(run.write(true)).none(FindingKind.MESSAGE_RACE);
    }

    /**
     * The go message reaches the second sender only through a third rank: what orders the send
     * after the first receive is the third rank's clock, which a spread analysis ships with its
     * message (one rank per block puts every link in another block).
     */
    @Test
    void aRaceThatAPriorMessagePreventsThroughAThirdRankIsSilent() throws Exception {
        RunBuilder run = new RunBuilder(dir, 4);
        run.rank(1).send(11, 0, 0, INT, 1);
        run.rank(0).recv(20, ANY, 0, INT, 1, 1, 0).send(22, 3, 9, INT, 1).recv(21, ANY, 0, INT, 1, 2, 0);
        run.rank(3).recv(41, 0, 9, INT, 1).send(42, 2, 8, INT, 1);
        run.rank(2).recv(31, 3, 8, INT, 1).send(12, 0, 0, INT, 1);
        Analyzed.of(run.write(true)).none(FindingKind.MESSAGE_RACE);
    }

    @Test
    void theSameExchangeWithTheGoMessageSentBeforeTheReceiveRaces() throws Exception {
        RunBuilder run = new RunBuilder(dir, 3);
        run.rank(1).send(11, 0, 0, INT, 1);
        run.rank(0).send(22, 2, 9, INT, 1).recv(20, ANY, 0, INT, 1, 1, 0).recv(21, ANY, 0, INT, 1, 2, 0);
        run.rank(2).recv(31, 0, 9, INT, 1).send(12, 0, 0, INT, 1);
        Analyzed.of(run.write(true)).one(FindingKind.MESSAGE_RACE, 20, List.of(0, 1, 2), 11, 12);
    }

    @Test
    void aNonblockingReceiveRacesWithASendItCausedBeforeItsWait() throws Exception {
        RunBuilder run = new RunBuilder(dir, 3);
        run.rank(1).send(11, 0, 0, INT, 1);
        RunBuilder.Rank zero = run.rank(0);
        long req = zero.irecv(20, ANY, 0, INT, 1);
        zero.send(22, 2, 9, INT, 1).waitFor(23, req, 1, 0, 1).recv(21, ANY, 0, INT, 1, 2, 0);
        run.rank(2).recv(31, 0, 9, INT, 1).send(12, 0, 0, INT, 1);
        Analyzed.of(run.write(true)).one(FindingKind.MESSAGE_RACE, 20, List.of(0, 1, 2), 11, 12);
    }

    @Test
    void aSendWithATagTheReceiveDoesNotAcceptIsNoAlternative() throws Exception {
        RunBuilder run = new RunBuilder(dir, 3);
        run.rank(1).send(11, 0, 0, INT, 1);
        run.rank(2).send(12, 0, 5, INT, 1);
        run.rank(0).recv(20, ANY, 0, INT, 1, 1, 0).recv(21, ANY, 5, INT, 1, 2, 5);
        Analyzed.of(run.write(true)).none(FindingKind.MESSAGE_RACE);
    }

    @Test
    void receivesFromNamedSourcesNeverRace() throws Exception {
        RunBuilder run = new RunBuilder(dir, 3);
        run.rank(1).send(11, 0, 0, INT, 1);
        run.rank(2).send(12, 0, 0, INT, 1);
        run.rank(0).recv(20, 1, 0, INT, 1).recv(21, 2, 0, INT, 1);
        Analyzed.of(run.write(true)).none(FindingKind.MESSAGE_RACE);
    }

    /** Rank 0 exposes window 9 to rank 2 (post/wait); rank 2 accesses it (start/complete) and then sends. */
    private static RunBuilder pscw(Path dir, boolean postBeforeTheReceive) {
        RunBuilder run = new RunBuilder(dir, 3);
        RunBuilder.Rank zero = run.rank(0);
        RunBuilder.Rank two = run.rank(2);
        int toTwo = zero.rec.defineRanks(new int[] {2});
        int toZero = two.rec.defineRanks(new int[] {0});
        run.rank(1).send(11, 0, 0, INT, 1);
        if (postBeforeTheReceive) {
            zero.rec.rmaSync(zero.site("Win.post", 40), RmaSyncOp.POST, 9, -1, 0, 0, toTwo);
            zero.recv(20, ANY, 0, INT, 1, 1, 0);
        } else {
            zero.recv(20, ANY, 0, INT, 1, 1, 0);
            zero.rec.rmaSync(zero.site("Win.post", 40), RmaSyncOp.POST, 9, -1, 0, 0, toTwo);
        }
        zero.rec.rmaSync(zero.site("Win.waitFor", 41), RmaSyncOp.WAIT, 9, -1, 0, 0, 0);
        zero.recv(21, ANY, 0, INT, 1, 2, 0);
        two.rec.rmaSync(two.site("Win.start", 42), RmaSyncOp.START, 9, -1, 0, 0, toZero);
        two.rec.rmaSync(two.site("Win.complete", 43), RmaSyncOp.COMPLETE, 9, -1, 0, 0, 0);
        two.send(12, 0, 0, INT, 1);
        return run;
    }

    @Test
    void aSendAfterAnAccessEpochThatTheTargetPostedAfterTheReceiveIsOrderedAndSilent() throws Exception {
        Analyzed.of(pscw(dir, false).write(true)).none(FindingKind.MESSAGE_RACE);
    }

    @Test
    void aSendAfterAnAccessEpochPostedBeforeTheReceiveRaces() throws Exception {
        Analyzed.of(pscw(dir, true).write(true)).one(FindingKind.MESSAGE_RACE, 20, List.of(0, 1, 2), 11, 12);
    }
}
