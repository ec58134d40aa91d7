package org.mpiguard.core.deadlock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.mpiguard.core.activity.WaitKind;
import org.junit.jupiter.api.Test;

class StatusCodecTest {

    @Test
    void aStatusSurvivesTheRoundTrip() throws Exception {
        RankStatus status = new RankStatus(3, RankState.BLOCKED, 123456789L, List.of(
                new ThreadStatus("main", WaitKind.RECEIVE, "Comm.recv", "com.acme.Ring", "main", "Ring.java", 31,
                        new int[] {0, 2}, true, "[0, 1, 2, 3]", "from any rank, tag 7"),
                new ThreadStatus("worker-1", WaitKind.NONE, "?", "?", "?", null, -1, new int[0], false, "", ""),
                new ThreadStatus("worker-2", WaitKind.SEND_RECEIVE, "Comm.sendRecv", "com.acme.Ring", "main",
                        "Ring.java", 40, new int[] {2}, false, "", "to rank -2 and from rank 2", false,
                        new Envelopes(Envelopes.NONE, 3, 2, Envelopes.ANY, "5bd1e995"))));
        byte[] bytes = StatusCodec.encode(status);
        byte[] padded = new byte[bytes.length + 10];
        System.arraycopy(bytes, 0, padded, 0, bytes.length);
        assertEquals(status, StatusCodec.decode(padded, bytes.length));
    }

    @Test
    void theWildcardReceiveThatTookAMessageOfTheAwaitedRankSurvivesTheRoundTrip() throws Exception {
        WildcardTake take = new WildcardTake("Comm.recv", "com.acme.Master", "main", "Master.java", 25, 2, 3);
        RankStatus status = new RankStatus(0, RankState.BLOCKED, 9L, List.of(
                new ThreadStatus("main", WaitKind.RECEIVE, "Comm.recv", "com.acme.Master", "main", "Master.java", 29,
                        new int[] {2}, false, "", "from rank 2, tag 3").withEarlier(take),
                new ThreadStatus("helper", WaitKind.RECEIVE, "Comm.recv", "com.acme.Master", "help", null, -1,
                        new int[] {1}, false, "", "from rank 1, tag 3")
                        .withEarlier(new WildcardTake("Comm.recv", "com.acme.Master", "help", null, -1, 1, 0))));
        byte[] bytes = StatusCodec.encode(status);
        RankStatus decoded = StatusCodec.decode(bytes, bytes.length);
        assertEquals(status, decoded);
        assertEquals(take, decoded.threads().get(0).earlier());
        assertEquals("com.acme.Master.help", decoded.threads().get(1).earlier().location());
    }

    @Test
    void heldLocksCollectiveCountsAndPollsSurviveTheRoundTrip() throws Exception {
        RankStatus status = new RankStatus(1, RankState.RUNNING, 42L, List.of(
                new ThreadStatus("main", WaitKind.RECEIVE, "Request.test", "com.acme.Poll", "main", "Poll.java", 12,
                        new int[] {0}, false, "", "from rank 0, tag 3", true)),
                List.of("win:1#2@2:E", "win:1#2@0:S"), Map.of("1", 8L, "5bd1e995", 3L, "win:1#2/fence", 1L << 40));
        byte[] bytes = StatusCodec.encode(status);
        RankStatus decoded = StatusCodec.decode(bytes, bytes.length);
        assertEquals(status, decoded);
        assertEquals(List.of("win:1#2@2:E", "win:1#2@0:S"), decoded.heldLocks());
        assertEquals(3L, decoded.collectivesEntered().get("5bd1e995"));
        assertEquals(1L << 40, decoded.collectivesEntered().get("win:1#2/fence"));
        assertTrue(decoded.threads().get(0).polling());
    }
}
