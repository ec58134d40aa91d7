package org.mpiguard.programs.trace;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;

/**
 * Correct: master/worker with ready sends. Each worker posts the receive of its next task,
 * then tells the master it is ready; the master takes the ready messages from any source,
 * reads the sender from the Status and ready-sends it the task (or -1 to stop). Every rSend
 * follows the worker's ready message, sent after its receive was posted. 4 ranks.
 */
public final class RsendMasterWorker {
    static final int TASK = 0;
    static final int READY = 1;
    static final int TASKS = 9;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        if (rank == 0) {
            int[] done = new int[1];
            int[] task = new int[1];
            int sum = 0;
            for (int next = 0; next < TASKS + size - 1; next++) {
                Status s = MPI.COMM_WORLD.recv(done, 1, MPI.INT, MPI.ANY_SOURCE, READY);
                sum += done[0];
                task[0] = next < TASKS ? next : -1;
                MPI.COMM_WORLD.rSend(task, 1, MPI.INT, s.getSource(), TASK);
            }
            System.out.println("sum " + sum);
        } else {
            IntBuffer task = MPI.newIntBuffer(1);
            int[] result = {0};
            while (true) {
                Request r = MPI.COMM_WORLD.iRecv(task, 1, MPI.INT, 0, TASK);
                MPI.COMM_WORLD.send(result, 1, MPI.INT, 0, READY);
                r.waitFor();
                if (task.get(0) < 0) {
                    break;
                }
                result[0] = task.get(0) * task.get(0);
            }
        }
        MPI.Finalize();
    }
}
