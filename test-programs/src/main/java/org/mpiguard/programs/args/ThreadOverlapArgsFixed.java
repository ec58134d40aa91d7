package org.mpiguard.programs.args;

import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;

/**
 * The twin of {@link ThreadOverlapArgs}: the same receive on a thread of its own at
 * MPI.THREAD_SERIALIZED, but the main thread only computes while the receiver waits and asks
 * the size once it has joined it. Threads other than Init's calling MPI in turn is what the
 * level allows. Silent.
 */
public class ThreadOverlapArgsFixed {

    public static void main(String[] args) throws Exception {
        int provided = MPI.InitThread(args, MPI.THREAD_SERIALIZED);
        System.out.println("serialized " + (provided == MPI.THREAD_SERIALIZED));
        Comm world = MPI.COMM_WORLD;
        if (world.getRank() == 0) {
            int[] got = new int[1];
            Thread receiver = new Thread(() -> {
                try {
                    world.recv(got, 1, MPI.INT, 1, 7);
                } catch (MPIException e) {
                    throw new IllegalStateException(e);
                }
            }, "receiver");
            receiver.start();
            long squares = 0;
            for (long i = 0; i < 1_000_000; i++) {
                squares += i * i;
            }
            receiver.join();
            int size = world.getSize();
            System.out.println("size " + size + ", received " + got[0] + ", squares " + (squares > 0));
        } else {
            Thread.sleep(1000);
            world.send(new int[] {42}, 1, MPI.INT, 0, 7);
        }
        MPI.Finalize();
    }
}
