package org.mpiguard.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.core.trace.EventKind;
import org.mpiguard.core.trace.TraceFile;
import org.mpiguard.core.trace.TraceRecorder;

class StatusReadsTest {

    static final int INT = 5;
    static final int ANY = TraceRecorder.ANY;

    @TempDir
    Path dir;

    /** The receive completions of rank 0, in order: the events a read can belong to. */
    private static List<Integer> completions(TraceFile t) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < t.events().size(); i++) {
            if (t.events().get(i).kind() == EventKind.COMPLETE) {
                out.add(i);
            }
        }
        return out;
    }

    @Test
    void aReadBelongsToTheLatestCompletionWhoseStatusHasItsSourceAndTag() throws Exception {
        RunBuilder run = new RunBuilder(dir, 4);
        for (int q = 1; q <= 3; q++) {
            run.rank(q).send(10 + q, 0, 0, INT, 1);
        }
        // the Status of the first receive (from 1) is read only after the other two returned
        run.rank(0).recv(20, ANY, 0, INT, 1, 1, 0).recv(21, ANY, 0, INT, 1, 2, 0).recv(22, ANY, 0, INT, 1, 3, 0)
                .readSource(23, 1, 0).readSource(24, 3, 0);
        TraceFile t = TraceSet.read(run.write(true)).rank(0);
        StatusReads reads = StatusReads.of(t);
        List<Integer> c = completions(t);
        assertEquals(3, c.size());
        assertTrue(reads.sourceRead(c.get(0)));
        assertFalse(reads.read(c.get(1)), "nobody asked the second Status");
        assertTrue(reads.sourceRead(c.get(2)));
        assertFalse(reads.tagRead(c.get(2)));
    }

    @Test
    void aReadWithNoCompletionOfItsSourceFallsBackToTheLatestOfItsTagAndNoneWithoutATrace() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(1).send(11, 0, 7, INT, 1).send(12, 0, 8, INT, 1);
        // a communicator's Status gives a local rank (here 0) where the trace keeps the world rank 1
        run.rank(0).recv(20, ANY, 7, INT, 1, 1, 7).recv(21, ANY, 8, INT, 1, 1, 8).readSource(22, 0, 7);
        TraceFile t = TraceSet.read(run.write(true)).rank(0);
        StatusReads reads = StatusReads.of(t);
        List<Integer> c = completions(t);
        assertTrue(reads.sourceRead(c.get(0)));
        assertFalse(reads.read(c.get(1)));
        assertFalse(StatusReads.of(null).read(0));
    }
}
