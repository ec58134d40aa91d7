package org.mpiguard.analyzer;

import java.io.IOException;

/**
 * The clocks one block ships to another, as the components that changed since the last one on
 * the same channel: each as the gap since the last changed component and the change of its
 * value, both varints (a run of neighbours that moved by a few events takes two bytes each
 * rather than eight; the 100-million-event set spread over 16 shipped 2.8 GB at eight). Both
 * ends keep the last clock as blocks of components ({@link VectorClocks}' layout): the writer
 * skips a block it shipped before by reference (clocks share the blocks they did not write),
 * the reader copies only the blocks that changed, so the clocks it gives share the rest, and
 * merging them skips those blocks in one compare, as in one process.
 */
final class ClockChannel {

    private final int world;
    private final int perBlock;
    /** The last clock on this channel, its blocks never written once given out. */
    private int[][] last;
    /** Writer: the blocks of the last clock shipped, by reference. */
    private int[][] lastShipped;

    ClockChannel(int world) {
        this.world = world;
        this.last = VectorClocks.frozenOf(new int[world]);
        this.perBlock = last[0].length;
        this.lastShipped = new int[last.length][];
    }

    /** Writes the components of {@code frozen} that differ from the last clock written here. */
    void write(FrameOut out, int[][] frozen) {
        int changed = 0;
        for (int b = 0; b < last.length; b++) {
            if (frozen[b] != lastShipped[b]) {
                int[] mine = frozen[b];
                int[] before = last[b];
                for (int k = 0; k < perBlock; k++) {
                    changed += mine[k] != before[k] ? 1 : 0;
                }
            }
        }
        out.writeVarint(changed);
        int previous = -1;
        for (int b = 0; b < last.length; b++) {
            if (frozen[b] == lastShipped[b]) {
                continue;
            }
            int[] mine = frozen[b];
            int[] before = last[b];
            for (int k = 0; k < perBlock; k++) {
                if (mine[k] != before[k]) {
                    int q = b * perBlock + k;
                    out.writeVarint(q - previous - 1);
                    out.writeSignedVarint(mine[k] - before[k]);
                    previous = q;
                }
            }
            // a frozen clock's blocks are never written: the writer may keep them as they are
            last[b] = mine;
            lastShipped[b] = mine;
        }
    }

    /** Reads a clock {@link #write} wrote: the last one with the changed components, its other blocks shared. */
    int[][] read(FrameIn in) throws IOException {
        int changed = in.readVarint();
        if (changed < 0 || changed > world) {
            throw new IOException("a clock of " + changed + " changed components in a world of " + world);
        }
        int[][] clock = last.clone();
        int q = -1;
        for (int i = 0; i < changed; i++) {
            int gap = in.readVarint();
            int change = in.readSignedVarint();
            q += gap + 1;
            if (gap < 0 || q < 0 || q >= world) {
                throw new IOException("a clock component past rank " + (world - 1) + " in a shipment");
            }
            int b = q / perBlock;
            if (clock[b] == last[b]) {
                clock[b] = clock[b].clone(); // the last clock's block stays as it was given out
            }
            clock[b][q % perBlock] += change;
        }
        last = clock;
        return clock;
    }
}
