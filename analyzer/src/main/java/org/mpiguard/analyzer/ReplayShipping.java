package org.mpiguard.analyzer;

import java.util.BitSet;

/**
 * What the replay of one block of ranks ships to the blocks that replay the others, when the
 * analysis is spread ({@link SpreadReplay}): the clock of each send to a rank of another
 * block, each arrival at a collective that has members elsewhere, the clocks PSCW leaves for
 * partners elsewhere, and that a rank is replayed to its end. A block's shipments arrive in
 * the order it made them, before the receiving block steps its ranks again.
 */
interface ReplayShipping {

    /** Whether another block replays {@code rank}. */
    boolean remote(int rank);

    /** A send to a remote rank was replayed: its clock and what it knew of its destination are set. */
    void sendReplayed(SendEvent s);

    /**
     * Ranks of this block ({@code members}, their calls) arrived at a collective whose
     * {@code expected} members (world ranks) may live elsewhere; {@code gathered} holds what every
     * contribution gathered here knows (null when none of them contributes). Shipped to the block
     * of {@code gatherer} (the member {@link CollectiveJoins#gatherer} picked), which gathers every
     * arrival: one shipment per instance and round, not one per rank.
     */
    void arrived(int gatherer, Collectives.Key key, BitSet expected, java.util.List<CollectiveEvent> members,
                 int[][] gathered);

    /**
     * Every member arrived at a collective this block gathers: the join of their clocks, to the
     * other members' blocks; {@code allReceive} when every member receives from it (a barrier,
     * an allReduce, a fence), so each member's later events know the join.
     */
    void complete(Collectives.Key key, int gatherer, BitSet expected, int[][] gathered, boolean allReceive);

    /** A post or complete (its site, event and MPI.MODE_NOCHECK) left {@code clock} for a partner another block replays. */
    void pscwLeft(int partner, long win, int target, int origin, boolean post, int[][] clock, int site, int index,
                  boolean noCheck);

    /**
     * An RMA operation of rank {@code origin} (event {@code index}, complete at its target after its
     * event {@code completion}) on the window of {@code target}, a rank another block replays, where
     * it is judged; {@code clock} is the origin's clock at the operation.
     */
    void access(int origin, int target, int index, org.mpiguard.core.trace.TraceEvent e, int completion, byte mode,
                int[][] clock);

    /** Every event of {@code rank} is replayed. */
    void finished(int rank);

    /** Whether this block gathers and judges the collective instance whose gathering member is {@code gatherer}. */
    boolean reports(int gatherer);
}
