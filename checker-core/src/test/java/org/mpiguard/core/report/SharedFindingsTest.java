package org.mpiguard.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The findings every rank makes at Finalize, printed once by rank 0 with the ranks listed. */
class SharedFindingsTest {

    private static final SiteRef DUP = new SiteRef("com.acme.Leak", "main", "Leak.java", 12);
    private static final SiteRef FINALIZE = new SiteRef("com.acme.Leak", "main", "Leak.java", 30);

    @TempDir
    Path dir;

    private static Finding leak(int rank) {
        return new Finding(FindingKind.RESOURCE_LEAK, Severity.WARNING, List.of(rank), "Intracomm.dup", DUP, List.of(),
                "A communicator made at Leak.java:12 on rank " + rank + " was never freed.", List.of(),
                FindingKeys.leak(rank, DUP));
    }

    private static Finding lost(int rank, int sender) {
        return new Finding(FindingKind.RESOURCE_LEAK, Severity.WARNING, List.of(rank), "MPI.Finalize", FINALIZE,
                List.of(), "A message sent by rank " + sender + " was never received.", List.of(),
                FindingKeys.lostMessage(rank, sender, 7));
    }

    @Test
    void whatEveryRankFoundAtOneSiteIsOneFindingNamingTheRanksAndLostMessagesStayApart() {
        List<Finding> every = new ArrayList<>();
        for (int rank = 0; rank < 3; rank++) {
            every.addAll(SharedFindings.decode(SharedFindings.encode(rank == 0
                    ? List.of(leak(0), lost(0, 1)) : rank == 1 ? List.of(leak(1)) : List.of(leak(2), lost(2, 1)))));
        }
        List<Finding> merged = SharedFindings.merge(every);
        assertEquals(3, merged.size(), merged.toString());
        Finding leak = merged.get(0);
        assertEquals(List.of(0, 1, 2), leak.ranks());
        assertEquals("Leak.java:12", leak.site().location());
        assertEquals(FindingKeys.leak(0, DUP), leak.key());
        assertTrue(leak.message().endsWith("on rank 0 was never freed. (The same on ranks 1, 2.)"), leak.message());
        assertTrue(FindingFormat.text(leak).startsWith(
                "[MPIGuard] WARNING resource-leak on ranks 0, 1, 2: Intracomm.dup at Leak.java:12\n"));
        assertEquals(List.of(0), merged.get(1).ranks(), "each rank's lost message is its own");
        assertEquals(List.of(2), merged.get(2).ranks());
    }

    @Test
    void nothingFoundIsNothingSent() {
        assertEquals(0, SharedFindings.encode(List.of()).length);
        assertEquals(List.of(), SharedFindings.decode(new byte[0]));
    }

    @Test
    void aHeldFindingIsWrittenAtOnceAndPrintedOnlyWhenAskedWhileOtherThreadsPrintAtOnce() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        FindingSink sink = new FindingSink(dir, 0, new PrintStream(err, true, StandardCharsets.UTF_8));
        sink.hold();
        sink.report(leak(0));
        Thread other = new Thread(() -> sink.report(lost(0, 1)));
        other.start();
        other.join();
        String printed = err.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains("never received") && !printed.contains("never freed"), printed);
        assertEquals(2, Files.readAllLines(dir.resolve("findings-rank0.jsonl")).size(), "both written at once");
        List<Finding> held = sink.release();
        assertEquals(List.of(leak(0)), held);
        sink.report(leak(1));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("on rank 1 was never freed"), "printing again");
    }
}
