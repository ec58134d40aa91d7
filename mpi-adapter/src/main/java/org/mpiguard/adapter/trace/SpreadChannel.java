package org.mpiguard.adapter.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import org.mpiguard.analyzer.FinalizeSpread;

/**
 * The end-of-run analysis's messages between rank 0 and the others at Finalize, on the
 * trace's private communicator (never the program's): a length, then the bytes, both
 * through direct buffers ({@code DirectExchange} says why not arrays).
 */
final class SpreadChannel implements FinalizeSpread.Channel {

    private static final int LENGTH_TAG = 31_001;
    private static final int BYTES_TAG = 31_002;

    private final Intracomm comm;
    private final IntBuffer length = MPI.newIntBuffer(1);

    SpreadChannel(Intracomm comm) {
        this.comm = comm;
    }

    @Override
    public void send(int rank, byte[] bytes) throws IOException {
        try {
            length.put(0, bytes.length);
            comm.send(length, 1, MPI.INT, rank, LENGTH_TAG);
            if (bytes.length > 0) {
                ByteBuffer data = MPI.newByteBuffer(bytes.length).put(0, bytes);
                comm.send(data, bytes.length, MPI.BYTE, rank, BYTES_TAG);
            }
        } catch (MPIException | RuntimeException e) {
            throw new IOException("sending to rank " + rank + ": " + e, e);
        }
    }

    @Override
    public byte[] receive(int rank) throws IOException {
        try {
            comm.recv(length, 1, MPI.INT, rank, LENGTH_TAG);
            int n = length.get(0);
            if (n < 0) {
                throw new IOException("rank " + rank + " sent a length of " + n);
            }
            byte[] bytes = new byte[n];
            if (n > 0) {
                ByteBuffer data = MPI.newByteBuffer(n);
                comm.recv(data, n, MPI.BYTE, rank, BYTES_TAG);
                data.get(0, bytes);
            }
            return bytes;
        } catch (MPIException | RuntimeException e) {
            throw new IOException("receiving from rank " + rank + ": " + e, e);
        }
    }
}
