package org.mpiguard.programs.args;

import java.util.concurrent.CountDownLatch;
import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Two threads inside MPI at once at MPI.THREAD_SERIALIZED, the level at which threads must
 * take turns. Rank 0's receiver thread waits in a receive that rank 1 answers only after
 * three seconds; meanwhile rank 0's main thread asks the communicator's size. That query
 * touches nothing the receive uses, so the run is as without the checker; a send or a wait
 * in its place would run Open MPI's progress on two threads with no lock between them. The
 * checker warns at the main thread's call, naming the receive the other thread is inside.
 */
public class ThreadOverlapArgs {

    public static void main(String[] args) throws Exception {
        int provided = MPI.InitThread(args, MPI.THREAD_SERIALIZED);
        System.out.println("serialized " + (provided == MPI.THREAD_SERIALIZED));
        Comm world = MPI.COMM_WORLD;
        if (world.getRank() == 0) {
            int[] got = new int[1];
            CountDownLatch started = new CountDownLatch(1);
            Thread receiver = new Thread(() -> {
                started.countDown();
                try {
                    world.recv(got, 1, MPI.INT, 1, 7); // BLOCKED-SITE
                } catch (MPIException e) {
                    throw new IllegalStateException(e);
                }
            }, "receiver");
            receiver.start();
            started.await();
            Thread.sleep(1000); // the receiver is inside its receive by now: rank 1 sends at three seconds
            int size = world.getSize(); // CHECK: env.thread-overlap Comm.getSize thread
            receiver.join();
            System.out.println("size " + size + ", received " + got[0]);
        } else {
            Thread.sleep(3000);
            world.send(new int[] {42}, 1, MPI.INT, 0, 7);
        }
        MPI.Finalize();
    }
}
