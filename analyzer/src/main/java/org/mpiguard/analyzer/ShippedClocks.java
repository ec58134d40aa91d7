package org.mpiguard.analyzer;

/**
 * The clocks a block's RMA check judges an access shipped from another block by: the origin's
 * clock as it was at the access (shipped with it), the block's own for every other rank.
 */
final class ShippedClocks implements ReplayObserver.Clocks {

    private final ReplayObserver.Clocks base;
    private final int origin;
    private final int[][] clock;

    ShippedClocks(ReplayObserver.Clocks base, int origin, int[][] clock) {
        this.base = base;
        this.origin = origin;
        this.clock = clock;
    }

    @Override
    public int known(int rank, int of) {
        return rank == origin ? VectorClocks.component(clock, of) : base.known(rank, of);
    }

    @Override
    public boolean finished(int rank) {
        return base.finished(rank);
    }

    @Override
    public int worldSize() {
        return base.worldSize();
    }
}
