package org.mpiguard.programs.collective;

import java.nio.charset.StandardCharsets;
import mpi.MPI;
import mpi.MPIException;

/**
 * Rank 0 broadcasts a name as many bytes as it has; the other ranks receive it into a
 * buffer of 64 bytes and pass 64 as the count. MPI requires the same count everywhere,
 * but every byte the root sends lands where the receivers asked, and Open MPI, which picks
 * the broadcast algorithm from each rank's own count, picks the same one for both here: the
 * program gets what it asked for. A warning (unportable), not an error; the run unchanged.
 * {@link BcastLongerReceiveHangs} is the same mistake where the counts part the algorithms.
 */
public final class BcastLongerReceive {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        byte[] name = new byte[64];
        int length = 64;
        if (rank == 0) {
            byte[] mine = "grid 8x8".getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(mine, 0, name, 0, mine.length);
            length = mine.length;
        }
        MPI.COMM_WORLD.bcast(name, length, MPI.BYTE, 0); // MISMATCH-SITE
        MPI.COMM_WORLD.barrier();
        System.out.println("rank " + rank + " uses " + new String(name, 0, 8, StandardCharsets.US_ASCII));
        MPI.Finalize();
    }
}
