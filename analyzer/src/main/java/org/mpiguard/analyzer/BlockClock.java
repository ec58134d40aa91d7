package org.mpiguard.analyzer;

/**
 * One vector clock as {@link VectorClocks} keeps it: a table of blocks of components, and
 * which of them this clock may write in place (the others are held by frozen clocks too).
 */
final class BlockClock {

    int[][] blocks;
    /** The table is held by a frozen clock: the next change copies it. */
    boolean tableShared;
    /** Bit b: block b is this clock's alone, written in place. */
    long owned;
    /** Grows with every change: an unchanged version says the clock is as it was. */
    long version;

    /** A clock of {@code blocks}; {@code tableShared} when a frozen clock holds that table too. */
    BlockClock(int[][] blocks, boolean tableShared) {
        this.blocks = blocks;
        this.tableShared = tableShared;
    }
}
