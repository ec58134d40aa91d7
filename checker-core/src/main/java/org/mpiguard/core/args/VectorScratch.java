package org.mpiguard.core.args;

/**
 * The native copy Open MPI 4.1.4's Java binding makes of a heap array in a blocking
 * v-collective (gatherv, scatterv, allGatherv, allToAllv, neighborAllGatherv,
 * neighborAllToAllv), and whether the blocks fit in it.
 *
 * <p>Its {@code getCountv} (ompi/mpi/java/c/mpi_MPI.c) sizes that copy as
 * {@code displs[m] * counts[m]} items, m the first rank with the largest displacement:
 * a product where the end of the block is a sum. Then {@code length = extent * count} in
 * C {@code int} arithmetic, and {@code getBuffer} mallocs {@code length} bytes when it is
 * above {@code mpi_java_eager} (65,536 bytes unless the MCA parameter says otherwise)
 * and otherwise takes a buffer of the eager size from a free list, negative lengths
 * included. MPI writes (or the binding copies) each block at {@code displs[i] * extent}
 * in that copy, so when a block ends past it the native heap is corrupted: measured,
 * gatherv of 16,384 doubles a rank on 2 ranks ({@code 16384 * 16384 * 8} wraps to
 * -2^31, so the 65,536-byte eager buffer receives 262,144 bytes) aborts with glibc's
 * malloc assertion; 10,000 doubles a rank (800,000,000 bytes allocated) runs. The
 * same call on one rank always gets the eager buffer ({@code displs[0] * counts[0] =
 * 0}). Direct buffers are passed by address and are never copied.
 */
public final class VectorScratch {

    /** Open MPI's default of {@code mpi_java_eager}. */
    public static final int DEFAULT_EAGER = 65_536;

    private VectorScratch() {
    }

    /**
     * Bytes of the native copy the binding makes for {@code size} blocks of
     * {@code extentBytes} each: what its malloc or free list hands it.
     */
    public static long allocated(int[] counts, int[] displs, int size, int extentBytes, int eager) {
        int max = 0;
        for (int i = 1; i < size; i++) {
            if (displs[max] < displs[i]) {
                max = i;
            }
        }
        int count = displs[max] * counts[max]; // the binding's product, wrapping as its C int does
        int length = extentBytes * count;
        return length > eager ? length : eager;
    }

    /**
     * The first rank whose block ends past the native copy, or -1 when every block fits.
     * A block of {@code counts[i]} items at {@code displs[i]} reaches byte
     * {@code displs[i] * extent + (counts[i] - 1) * extent + trueLb + trueExtent}.
     */
    public static int firstOverrun(int[] counts, int[] displs, int size, int extentBytes, int trueLbBytes,
                                   int trueExtentBytes, int eager) {
        long capacity = allocated(counts, displs, size, extentBytes, eager);
        for (int i = 0; i < size; i++) {
            if (end(counts[i], displs[i], extentBytes, trueLbBytes, trueExtentBytes) > capacity) {
                return i;
            }
        }
        return -1;
    }

    /** The byte past the last one block {@code i} touches in the copy (0 for an empty block). */
    public static long end(int count, int displ, int extentBytes, int trueLbBytes, int trueExtentBytes) {
        return Extents.spanAt(displ, count, extentBytes, trueLbBytes, trueExtentBytes);
    }

    /**
     * The eager size the binding runs with: {@code OMPI_MCA_mpi_java_eager} from the
     * environment (how mpirun's {@code --mca mpi_java_eager N} reaches a rank), else the default.
     */
    public static int eager(String environmentValue) {
        if (environmentValue == null) {
            return DEFAULT_EAGER;
        }
        try {
            return Integer.parseInt(environmentValue.trim());
        } catch (NumberFormatException e) {
            return DEFAULT_EAGER; // Open MPI would have refused it at start
        }
    }
}
