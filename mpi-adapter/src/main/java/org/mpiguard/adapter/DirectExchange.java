package org.mpiguard.adapter;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import mpi.Comm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * The checker's own data calls of MPI, each through direct buffers. The Java bindings hand a
 * heap array to MPI through a native buffer taken from a pool they reuse from call to call,
 * and copy the whole of it back into the array of a receive, past what arrived: a program
 * that receives a short message into a longer array sees in its tail what the pooled buffer
 * last held. Had the checker exchanged its endpoints or a window's sizes through arrays, a
 * correct program printing such an array would print the checker's data where a plain run
 * prints its own (a teaching example that exchanges host names in char arrays did). A
 * direct buffer is given to MPI by its address and leaves the pool as a plain run finds it.
 */
public final class DirectExchange {

    private DirectExchange() {
    }

    /** Every member's {@code mine}, by rank. */
    public static long[] allGather(Intracomm comm, long mine) throws MPIException {
        LongBuffer send = MPI.newLongBuffer(1).put(0, mine);
        LongBuffer all = MPI.newLongBuffer(comm.getSize());
        comm.allGather(send, 1, MPI.LONG, all, 1, MPI.LONG);
        long[] out = new long[comm.getSize()];
        all.get(0, out);
        return out;
    }

    /** Every member's {@code mine} (each of {@code mine.length} ints), one after another by rank. */
    public static int[] allGather(Comm comm, int[] mine) throws MPIException {
        IntBuffer send = MPI.newIntBuffer(mine.length).put(0, mine);
        IntBuffer all = MPI.newIntBuffer(mine.length * comm.getSize());
        comm.allGather(send, mine.length, MPI.INT, all, mine.length, MPI.INT);
        int[] out = new int[mine.length * comm.getSize()];
        all.get(0, out);
        return out;
    }

    /** Every member's {@code mine} (each of {@code mine.length} bytes), one after another by rank. */
    public static byte[] allGather(Intracomm comm, byte[] mine) throws MPIException {
        ByteBuffer send = MPI.newByteBuffer(mine.length).put(0, mine);
        ByteBuffer all = MPI.newByteBuffer(mine.length * comm.getSize());
        comm.allGather(send, mine.length, MPI.BYTE, all, mine.length, MPI.BYTE);
        byte[] out = new byte[mine.length * comm.getSize()];
        all.get(0, out);
        return out;
    }

    /** Every member's {@code mine}, of any length, by rank. */
    public static byte[][] allGatherVariable(Intracomm comm, byte[] mine) throws MPIException {
        int[] lengths = allGather(comm, new int[] {mine.length});
        int[] displacements = new int[lengths.length];
        long total = 0;
        for (int r = 0; r < lengths.length; r++) {
            displacements[r] = Math.toIntExact(total);
            total += lengths[r];
        }
        ByteBuffer send = MPI.newByteBuffer(mine.length).put(0, mine);
        ByteBuffer all = MPI.newByteBuffer(Math.toIntExact(total));
        comm.allGatherv(send, mine.length, MPI.BYTE, all, lengths, displacements, MPI.BYTE);
        byte[][] out = new byte[lengths.length][];
        for (int r = 0; r < lengths.length; r++) {
            out[r] = new byte[lengths[r]];
            all.get(displacements[r], out[r]);
        }
        return out;
    }

    /** The least {@code mine} of every member. */
    public static int allMin(Intracomm comm, int mine) throws MPIException {
        IntBuffer value = MPI.newIntBuffer(1).put(0, mine);
        comm.allReduce(value, 1, MPI.INT, MPI.MIN);
        return value.get(0);
    }

    /** Every member's {@code mine} at {@code root} (by rank), an empty array elsewhere. */
    public static int[] gather(Intracomm comm, int mine, int root) throws MPIException {
        IntBuffer send = MPI.newIntBuffer(1).put(0, mine);
        boolean atRoot = comm.getRank() == root;
        IntBuffer all = MPI.newIntBuffer(atRoot ? comm.getSize() : 1);
        comm.gather(send, 1, MPI.INT, all, 1, MPI.INT, root);
        int[] out = new int[atRoot ? comm.getSize() : 0];
        all.get(0, out);
        return out;
    }

    /** Receives and drops a message of {@code bytes} bytes (a message the program never received). */
    public static void drop(Comm comm, int bytes, int source, int tag) throws MPIException {
        comm.recv(MPI.newByteBuffer(Math.max(bytes, 1)), bytes, MPI.BYTE, source, tag);
    }
}
