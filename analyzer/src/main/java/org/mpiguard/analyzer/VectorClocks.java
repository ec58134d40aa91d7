package org.mpiguard.analyzer;

/**
 * Every rank's vector clock during a happens-before replay: {@code known(r, q)} is how many of
 * rank q's events happen before rank r's current point. Both replays ({@link HappensBefore},
 * {@link StreamReplay}) keep their clocks here.
 *
 * <p>A clock is stored in at most 64 blocks ({@link BlockClock}) that clocks share until one of
 * them writes: a send keeps its sender's blocks as they are (a frozen table, {@code int[][]},
 * never written), a rank's next change copies only the block it writes, and a join adopts
 * the other clock's block by reference wherever that block is ahead of its own in every
 * component. So a send costs no copy of a thousand ranks' clock, ranks that learned the
 * same thing share one block, and a join skips in one compare every block both hold the same.
 * What is kept is bounded by the messages in flight, as before, at a block's size each.
 */
final class VectorClocks {

    /** At most this many blocks, so which blocks a clock holds alone is one long. */
    private static final int MAX_BLOCKS = 64;

    private final int shift;
    private final int mask;
    private final int blockCount;
    /** The block of a clock that knows nothing: shared by every clock until it writes. */
    private final int[] zero;
    private final BlockClock[] ranks;
    /** Per rank, the collective's clock it last contributed to, and its own clock's version then. */
    private final BlockClock[] contributedTo;
    private final long[] versionAtContribution;

    VectorClocks(int worldSize) {
        int perBlock = perBlock(worldSize);
        this.shift = Integer.numberOfTrailingZeros(perBlock);
        this.mask = perBlock - 1;
        this.blockCount = (worldSize + perBlock - 1) / perBlock;
        this.zero = new int[perBlock];
        this.ranks = new BlockClock[worldSize];
        this.contributedTo = new BlockClock[worldSize];
        this.versionAtContribution = new long[worldSize];
        for (int r = 0; r < worldSize; r++) {
            ranks[r] = fresh();
        }
    }

    /** A clock that knows nothing, for a collective to gather its members' clocks in. */
    BlockClock fresh() {
        int[][] blocks = new int[blockCount][];
        java.util.Arrays.fill(blocks, zero);
        return new BlockClock(blocks, false);
    }

    int known(int rank, int of) {
        return ranks[rank].blocks[of >>> shift][of & mask];
    }

    /** Component {@code of} of a frozen clock of any world (its blocks all have one power-of-two length). */
    static int component(int[][] frozen, int of) {
        int perBlock = frozen[0].length;
        return frozen[of / perBlock][of % perBlock];
    }

    /** A frozen clock of a world of {@code flat.length} ranks holding {@code flat}'s components (shipped between blocks). */
    static int[][] frozenOf(int[] flat) {
        int perBlock = perBlock(flat.length);
        int[][] blocks = new int[Math.max(1, (flat.length + perBlock - 1) / perBlock)][perBlock];
        for (int q = 0; q < flat.length; q++) {
            blocks[q / perBlock][q % perBlock] = flat[q];
        }
        return blocks;
    }

    /** Components per block for a world of {@code worldSize} ranks: at most {@link #MAX_BLOCKS} blocks. */
    private static int perBlock(int worldSize) {
        int perBlock = 32;
        while ((long) perBlock * MAX_BLOCKS < worldSize) {
            perBlock <<= 1;
        }
        return perBlock;
    }


    /** Rank {@code r}'s clock for a send to keep until its receive joins it: never to be written. */
    int[][] share(int r) {
        return freeze(ranks[r]);
    }

    /** {@code c} as it is now, never to be written: its next change copies what it writes. */
    int[][] freeze(BlockClock c) {
        c.tableShared = true;
        c.owned = 0;
        return c.blocks;
    }

    /** Rank {@code r}'s clock counting its own first {@code events} events (a PSCW post's or complete's), frozen. */
    int[][] snapshot(int r, int events) {
        BlockClock copy = new BlockClock(share(r), true);
        raise(copy, r, events);
        return freeze(copy);
    }

    /** Merges rank {@code r}'s clock, its first {@code events} events counted, into a collective's {@code into}. */
    void contribute(int r, int events, BlockClock into) {
        merge(into, share(r));
        raise(into, r, events);
        contributedTo[r] = into;
        versionAtContribution[r] = ranks[r].version;
    }

    /**
     * Rank {@code r} leaves a collective whose members' clocks {@code gathered} holds: it learns
     * all of it. When r contributed to it and has not changed since, what was gathered is ahead
     * of r's clock in every component and becomes r's clock as it is, without a compare.
     */
    void joinGathered(int r, BlockClock gathered) {
        int[][] frozen = freeze(gathered);
        BlockClock mine = ranks[r];
        if (contributedTo[r] == gathered && versionAtContribution[r] == mine.version) {
            mine.blocks = frozen;
            mine.tableShared = true;
            mine.owned = 0;
            mine.version++;
            versionAtContribution[r] = mine.version;
        } else {
            merge(mine, frozen);
        }
    }

    /**
     * Rank {@code r}'s clock becomes {@code frozen} as it is, shared, without a compare: for a rank
     * another block replays, whose clock here only says what its later events know at least.
     */
    void adopt(int r, int[][] frozen) {
        BlockClock mine = ranks[r];
        mine.blocks = frozen;
        mine.tableShared = true;
        mine.owned = 0;
        mine.version++;
    }

    /** Rank {@code r} learns everything {@code other} (a frozen clock) knows. */
    void join(int r, int[][] other) {
        merge(ranks[r], other);
    }

    /** Rank {@code r} learns that the first {@code value} events of {@code component} happened before it. */
    void raise(int r, int component, int value) {
        raise(ranks[r], component, value);
    }

    private void raise(BlockClock c, int component, int value) {
        int b = component >>> shift;
        if (c.blocks[b][component & mask] < value) {
            writable(c, b)[component & mask] = value;
            c.version++;
        }
    }

    /** {@code c} learns everything {@code other} (a frozen clock, perhaps shipped from another block) knows. */
    void merge(BlockClock c, int[][] other) {
        if (c.blocks == other) {
            return;
        }
        for (int b = 0; b < blockCount; b++) {
            int[] mine = c.blocks[b];
            int[] theirs = other[b];
            if (mine == theirs) {
                continue;
            }
            boolean theirsAhead = false;
            boolean mineAhead = false;
            for (int k = 0; k < mine.length; k++) {
                theirsAhead |= theirs[k] > mine[k];
                mineAhead |= mine[k] > theirs[k];
            }
            if (!theirsAhead) {
                continue;
            }
            c.version++;
            if (!mineAhead) {
                table(c)[b] = theirs;
                c.owned &= ~(1L << b);
                continue;
            }
            int[] into = writable(c, b);
            for (int k = 0; k < into.length; k++) {
                if (theirs[k] > into[k]) {
                    into[k] = theirs[k];
                }
            }
        }
    }

    /** Block {@code b} of {@code c}, its own to write: copied first if another clock holds it. */
    private static int[] writable(BlockClock c, int b) {
        int[][] blocks = table(c);
        if ((c.owned & (1L << b)) == 0) {
            blocks[b] = blocks[b].clone();
            c.owned |= 1L << b;
        }
        return blocks[b];
    }

    /** {@code c}'s table of blocks, its own to change: copied first if a frozen clock holds it. */
    private static int[][] table(BlockClock c) {
        if (c.tableShared) {
            c.blocks = c.blocks.clone();
            c.tableShared = false;
        }
        return c.blocks;
    }
}
