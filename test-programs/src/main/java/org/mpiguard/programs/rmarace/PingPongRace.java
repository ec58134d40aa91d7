package org.mpiguard.programs.rmarace;

import java.nio.IntBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Buggy (after the ARMCI-MPI ping-pong benchmark with the conflict MC-Checker injected):
 * ranks 0 and 1 play ping-pong through each other's mailbox (slot 0 of the window): put
 * the ball under a shared lock, unlock, send a token; the partner gets its mailbox after
 * the token. Rank 2, a monitor, resets rank 1's mailbox slot 0 under a shared lock in every
 * round, ordered by nothing against rank 0's puts: the two puts race and the ball may be
 * lost. Run with 3 ranks. Twin: {@link PingPongRaceFixed} (the monitor writes its own
 * slot).
 */
public final class PingPongRace {
    static final int ROUNDS = 10;
    static final int MAILBOX = 0;
    static final int MONITOR_SLOT = 2;

    public static void main(String[] args) throws MPIException {
        System.exit(run(MAILBOX));
    }

    /** Plays the game; the monitor writes {@code monitorSlot} of rank 1's window. Returns the exit code. */
    static int run(int monitorSlot) throws MPIException {
        MPI.Init(new String[0]);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer mailbox = MPI.newIntBuffer(4);
        Win win = new Win(mailbox, 4, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer ball = MPI.newIntBuffer(1);
        IntBuffer got = MPI.newIntBuffer(1);
        IntBuffer reset = MPI.newIntBuffer(1).put(0, -1);
        int[] token = new int[1];
        for (int i = 0; i < ROUNDS; i++) {
            if (rank == 0) {
                ball.put(0, 2 * i);
                win.lock(MPI.LOCK_SHARED, 1, 0);
                win.put(ball, 1, MPI.INT, 1, MAILBOX, 1, MPI.INT); // RMA: pingpong put
                win.unlock(1);
                MPI.COMM_WORLD.send(token, 1, MPI.INT, 1, 0);
                MPI.COMM_WORLD.recv(token, 1, MPI.INT, 1, 0);
            } else if (rank == 1) {
                MPI.COMM_WORLD.recv(token, 1, MPI.INT, 0, 0);
                win.lock(MPI.LOCK_SHARED, 1, 0);
                win.get(got, 1, MPI.INT, 1, MAILBOX, 1, MPI.INT);
                win.unlock(1);
                ball.put(0, got.get(0) + 1);
                win.lock(MPI.LOCK_SHARED, 0, 0);
                win.put(ball, 1, MPI.INT, 0, MAILBOX, 1, MPI.INT);
                win.unlock(0);
                MPI.COMM_WORLD.send(token, 1, MPI.INT, 0, 0);
            } else if (rank == 2) {
                win.lock(MPI.LOCK_SHARED, 1, 0);
                win.put(reset, 1, MPI.INT, 1, monitorSlot, 1, MPI.INT); // RMA: pingpong monitor put
                win.unlock(1);
            }
        }
        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            System.out.println("last ball back at rank 0: " + mailbox.get(MAILBOX));
        }
        win.free();
        MPI.Finalize();
        return 0;
    }
}
