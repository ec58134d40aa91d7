package org.mpiguard.core.args;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RankRulesTest {

    // Open MPI's values of the special ranks and tag.
    private static final int PROC_NULL = -2;
    private static final int ANY_SOURCE = -1;
    private static final int ANY_TAG = -1;
    private final RankRules rules = new RankRules(PROC_NULL, ANY_SOURCE, ANY_TAG);

    @Test
    void aDestinationIsARankOfTheGroupOrProcNull() {
        assertNull(rules.dest(0, 4));
        assertNull(rules.dest(3, 4));
        assertNull(rules.dest(PROC_NULL, 4));
        assertEquals(RankRules.DEST_RANGE, rules.dest(4, 4));
        assertEquals(RankRules.DEST_RANGE, rules.dest(-7, 4));
        assertEquals(RankRules.DEST_ANY_SOURCE, rules.dest(ANY_SOURCE, 4));
    }

    @Test
    void aSourceMayAlsoBeAnySource() {
        assertNull(rules.source(ANY_SOURCE, 2));
        assertNull(rules.source(PROC_NULL, 2));
        assertEquals(RankRules.SOURCE_RANGE, rules.source(2, 2));
    }

    @Test
    void aRootOfAnIntracommunicatorIsARankAndNothingElse() {
        assertNull(rules.root(1, 2));
        assertEquals(RankRules.ROOT_RANGE, rules.root(PROC_NULL, 2));
        assertTrue(rules.problem(RankRules.ROOT_RANGE, PROC_NULL, 2).contains("MPI.PROC_NULL"));
    }

    @Test
    void sendTagsAreZeroToTagUbAndReceivesMayUseAnyTag() {
        assertNull(rules.sendTag(0, 32767));
        assertNull(rules.sendTag(32767, 32767));
        assertEquals(RankRules.TAG_UB, rules.sendTag(32768, 32767));
        assertEquals(RankRules.SEND_ANY_TAG, rules.sendTag(ANY_TAG, 32767));
        assertEquals(RankRules.TAG_NEGATIVE, rules.sendTag(-5, 32767));
        assertNull(rules.recvTag(ANY_TAG, 32767));
        assertEquals(RankRules.TAG_NEGATIVE, rules.recvTag(-5, 32767));
        assertEquals(RankRules.TAG_UB, rules.recvTag(40000, 32767));
    }

    @Test
    void theValidRangeNamesTheRanksAndTheSpecialValues() {
        assertEquals("0..3 or MPI.PROC_NULL", rules.valid(RankRules.DEST_RANGE, 4, 0));
        assertEquals("0..1, MPI.PROC_NULL or MPI.ANY_SOURCE", rules.valid(RankRules.SOURCE_RANGE, 2, 0));
        assertEquals("0", rules.valid(RankRules.ROOT_RANGE, 1, 0));
        assertEquals("0..32767", rules.valid(RankRules.SEND_ANY_TAG, 0, 32767));
    }

    @Test
    void theMessageHasTheShapeUsersAndTestsRelyOn() {
        assertEquals("[p2p.dest-range] Comm.send: argument 'dest' = 7 is outside communicator of size 4;"
                + " valid: 0..3 or MPI.PROC_NULL", ArgMessages.argument(RankRules.DEST_RANGE, "Comm.send", "dest", 7,
                rules.problem(RankRules.DEST_RANGE, 7, 4), rules.valid(RankRules.DEST_RANGE, 4, 0)));
    }
}
