package org.mpiguard.programs.correct;

import java.util.Arrays;
import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Correct (as teaching examples write it): pairs of ranks exchange a short message into an
 * array longer than the message, and print the whole array, tail included. The Java
 * bindings receive into a native buffer they reuse from call to call and copy all of it
 * back, so the tail shows what that buffer last held: in a plain run, nothing the program
 * did not put there itself. The checker's own MPI calls (at Init, at a window's creation)
 * must leave those buffers as a plain run finds them, or the program prints the checker's
 * data. A window is made between the two exchanges for that reason.
 */
public final class ShortMessageTail {

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Comm comm = MPI.COMM_WORLD;
        int rank = comm.getRank();
        exchange(comm, rank, 1);
        Win win = new Win(MPI.newIntBuffer(8), 8, 4, MPI.INFO_NULL, comm);
        win.fence(0);
        win.fence(0);
        win.free();
        exchange(comm, rank, 2);
        MPI.Finalize();
    }

    private static void exchange(Comm comm, int rank, int round) throws MPIException {
        int partner = rank ^ 1;
        if (partner >= comm.getSize()) {
            return;
        }
        if (rank % 2 == 1) {
            comm.send(new int[] {round, rank}, 2, MPI.INT, partner, round);
            return;
        }
        int[] received = new int[48];
        comm.recv(received, received.length, MPI.INT, partner, round);
        System.out.println("rank " + rank + " round " + round + ": " + Arrays.toString(received));
    }
}
