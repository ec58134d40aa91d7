package org.mpiguard.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import org.junit.jupiter.api.Test;

/**
 * The member whose block gathers a collective instance: always a member, the same for the same
 * instance, and turning with the instance so that no block gathers every collective of a
 * communicator (the lowest member's block did, for every collective of COMM_WORLD).
 */
class CollectiveGathererTest {

    @Test
    void everyMemberGathersItsShareOfTheInstances() {
        BitSet world = new BitSet();
        world.set(0, 16);
        int[] picked = new int[16];
        for (long ring = 0; ring < 1600; ring++) {
            int g = CollectiveJoins.gatherer(world, ring);
            assertEquals(g, CollectiveJoins.gatherer(world, ring), "the same instance, the same gatherer");
            picked[g]++;
        }
        for (int q = 0; q < 16; q++) {
            assertTrue(picked[q] >= 50 && picked[q] <= 150, "rank " + q + " gathered " + picked[q] + " of 1600");
        }
    }

    @Test
    void theGathererIsAMemberOfASubCommunicator() {
        BitSet members = new BitSet();
        members.set(3);
        members.set(7);
        members.set(900);
        BitSet seen = new BitSet();
        for (long ring = 0; ring < 64; ring++) {
            int g = CollectiveJoins.gatherer(members, ring * 2); // rings that take steps of two turn as well
            assertTrue(members.get(g), g + " is no member");
            seen.set(g);
        }
        assertEquals(members, seen, "each member gathers some instances");
    }

    @Test
    void aBlockOfRanksPicksTheSameKthMemberAsTheWalkOverScatteredMembers() {
        BitSet block = new BitSet();
        block.set(5, 21); // 16 contiguous members: picked without a walk
        BitSet even = new BitSet();
        for (int q = 0; q < 32; q += 2) {
            even.set(q); // 16 scattered members: picked by walking over them
        }
        for (long ring = 0; ring < 200; ring++) {
            int fromBlock = CollectiveJoins.gatherer(block, ring) - 5;
            int fromWalk = CollectiveJoins.gatherer(even, ring) / 2;
            assertEquals(fromWalk, fromBlock, "instance " + ring + ": the same k-th member either way");
        }
    }

    @Test
    void noMemberNoGatherer() {
        assertEquals(-1, CollectiveJoins.gatherer(new BitSet(), 5));
    }
}
