package org.mpiguard.programs.args;

import java.util.Arrays;
import mpi.Comm;
import mpi.MPI;
import mpi.Win;

/**
 * Calls that work on HotSpot and give the program what it asked for, but are unportable
 * or hazards: each marked line must get exactly a warning, every call is made, and the
 * job ends as without the checker. An int[] described as MPI.BYTE or MPI.CHAR with a
 * count inside the array (the binding hands JNI an int array as a byte or char array);
 * a window created over a buffer shorter than its size, which no access goes past. The
 * error twins (counts past the array, an access past the short buffer) are in
 * PointToPointArgs and OneSidedArgs. Two ranks; rank 1 prints what it received.
 */
public class PortabilityArgs {

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Comm comm = MPI.COMM_WORLD;
        int rank = comm.getRank();
        int[] ints = new int[4];
        if (rank == 0) {
            ints[0] = 0x01020304;
            comm.send(ints, 4, MPI.BYTE, 1, 0); // CHECK: hazard.element-type Comm.send buf
        } else {
            comm.recv(ints, 4, MPI.BYTE, 0, 0); // CHECK: hazard.element-type Comm.recv buf
        }
        int[] chars = {rank == 0 ? 0x00410042 : 0, 0};
        comm.bcast(chars, 2, MPI.CHAR, 0); // CHECK: hazard.element-type Comm.bcast buf
        // Only rank 1's window is ever targeted; rank 0 created its own over an empty buffer
        Win win = new Win(MPI.newIntBuffer(rank == 0 ? 0 : 4), 4, 1, MPI.INFO_NULL, comm); // CHECK: rma.win-buffer-short Win.<init> size
        win.fence(0);
        if (rank == 0) {
            win.put(MPI.newIntBuffer(4).put(0, 7).put(3, 9), 4, MPI.INT, 1, 0, 4, MPI.INT);
        }
        win.fence(0);
        win.free();
        if (rank == 1) {
            System.out.println("received " + Integer.toHexString(ints[0]) + " " + Integer.toHexString(chars[0]));
        }
        comm.barrier();
        MPI.Finalize();
    }
}
