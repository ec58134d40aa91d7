package org.mpiguard.analyzer;

/**
 * How far the analysis has got with one rank, as the replay and the race judgement ask it of
 * the rank a message comes from: a rank replayed here ({@link RankFeed}), or, when the
 * analysis is spread over blocks of ranks, a rank another block replays ({@link RemoteRank}),
 * known from what that block shipped. What a remote rank answers lags behind its block, never
 * runs ahead of it, so it can only make a judgement wait, not change it.
 */
interface RankProgress {

    /** How many of the rank's events are replayed (for a remote rank: at least those of every send shipped here). */
    int replayed();

    /** The rank's trace is read to its end: the pairing will see no more of its messages. */
    boolean ended();

    /** Every event of the rank is replayed. */
    boolean finished();

    /** Whether a send to {@code dest} on {@code comm} posted before event {@code index} has not joined its channel yet. */
    boolean holdsSendTo(int dest, long comm, int index);
}
