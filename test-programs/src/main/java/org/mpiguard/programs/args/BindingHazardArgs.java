package org.mpiguard.programs.args;

import java.nio.IntBuffer;
import java.util.Arrays;
import mpi.Comm;
import mpi.MPI;
import mpi.Message;

/**
 * The receive hazards of the Java bindings on two ranks: rank 1 receives from
 * MPI.PROC_NULL and receives messages shorter than the count into arrays that held -1
 * or -7.0. The binding copies the whole count back from a reused native buffer, so the
 * untouched elements come back holding an earlier message's data. Prints each array.
 */
public class BindingHazardArgs {

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Comm comm = MPI.COMM_WORLD;
        int rank = comm.getRank();
        if (rank == 0) {
            comm.send(new double[] {42.0}, 1, MPI.DOUBLE, 1, 1);
            comm.send(new int[] {11, 12, 13, 14}, 4, MPI.INT, 1, 2);
            comm.send(new int[] {7}, 1, MPI.INT, 1, 3);
            comm.send(new int[] {21, 22, 23, 24}, 4, MPI.INT, 1, 2);
            comm.send(new int[] {8}, 1, MPI.INT, 1, 4);
            comm.sendRecv(new int[] {9}, 1, MPI.INT, 1, 6, new int[1], 1, MPI.INT, 1, 6);
            comm.send(new int[] {31, 32, 33, 34}, 4, MPI.INT, 1, 2);
            comm.send(new int[] {5}, 1, MPI.INT, 1, 7);
            int[] counting = new int[200];
            for (int i = 0; i < counting.length; i++) {
                counting[i] = 100 + i;
            }
            comm.send(counting, 200, MPI.INT, 1, 8);
            comm.send(new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 10, MPI.INT, 1, 9);
        } else {
            int[] prime = new int[4];
            comm.recv(new double[1], 1, MPI.DOUBLE, 0, 1);
            double[] boundary = {-7.0};
            comm.recv(boundary, 1, MPI.DOUBLE, MPI.PROC_NULL, 0); // CHECK: hazard.recv-proc-null Comm.recv buf
            System.out.println("RESULT recv-proc-null " + Arrays.toString(boundary));
            comm.recv(prime, 4, MPI.INT, 0, 2);
            int[] tail = {-1, -1, -1, -1};
            comm.recv(tail, 4, MPI.INT, 0, 3); // CHECK: hazard.recv-short Comm.recv buf
            System.out.println("RESULT recv-short " + Arrays.toString(tail));
            comm.recv(prime, 4, MPI.INT, 0, 2);
            IntBuffer heap = IntBuffer.wrap(new int[] {-1, -1, -1, -1});
            comm.recv(heap, 4, MPI.INT, 0, 4); // CHECK: hazard.recv-short Comm.recv buf
            System.out.println("RESULT recv-short-heap " + Arrays.toString(heap.array()));
            double[] halo = {-5.0};
            comm.sendRecv(new double[] {1}, 1, MPI.DOUBLE, MPI.PROC_NULL, 0, halo, 1, MPI.DOUBLE, MPI.PROC_NULL, 0); // CHECK: hazard.sendrecv-proc-null Comm.sendRecv recvbuf
            System.out.println("RESULT sendrecv-proc-null " + Arrays.toString(halo));
            int[] exchanged = {-1, -1, -1, -1};
            comm.sendRecv(new int[] {9}, 1, MPI.INT, 0, 6, exchanged, 4, MPI.INT, 0, 6); // CHECK: hazard.sendrecv-short Comm.sendRecv recvbuf
            System.out.println("RESULT sendrecv-short " + Arrays.toString(exchanged));
            comm.recv(prime, 4, MPI.INT, 0, 2);
            Message matched = new Message();
            matched.mProbe(0, 7, comm);
            int[] probed = {-1, -1, -1, -1};
            matched.mRecv(probed, 4, MPI.INT); // CHECK: hazard.mrecv-short Message.mRecv buf
            System.out.println("RESULT mrecv-short " + Arrays.toString(probed));
            Message none = new Message();
            none.mProbe(MPI.PROC_NULL, 0, comm);
            int[] nothing = {-5, -5};
            none.mRecv(nothing, 2, MPI.INT); // CHECK: hazard.mrecv-proc-null Message.mRecv buf
            System.out.println("RESULT mrecv-proc-null " + Arrays.toString(nothing));
            // a long array: 10 of 200 arrive, the binding writes the other 190 from its buffer
            comm.recv(new int[200], 200, MPI.INT, 0, 8);
            int[] wide = new int[200];
            Arrays.fill(wide, -1);
            comm.recv(wide, 200, MPI.INT, 0, 9); // CHECK: hazard.recv-short Comm.recv buf
            System.out.println("RESULT recv-short-long " + wide[9] + " " + wide[10] + " " + wide[199]);
        }
        comm.barrier();
        MPI.Finalize();
    }
}
