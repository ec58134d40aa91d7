package org.mpiguard.programs.rmarace;

import java.nio.DoubleBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Rank 0 reads or writes its own window in counted loops, whose accesses the agent records
 * once at the loop's entry while traces are on, in the fence epoch in which rank 1 puts into
 * slot 5 of that window. Argument {@code load} (the default): rank 0 reads slots 0 to 9 in
 * that epoch ({@code rma.load-put}). {@code store}: it writes slots 4 to 7 ({@code rma.store-put}).
 * {@code element}: it writes slots 4 to 7 through an array that holds the window's buffer
 * ({@code views[0].put(i, v)}, a halo loop's shape; {@code rma.store-put}).
 * {@code beside}: it reads slots 0 to 4 and then 6 to 9, and copies slots 0 to 4 into an array of
 * five, loops that end and start beside the put's slot: silent. {@code twin}: it reads all ten only after the closing fence: silent.
 * Run with 2 ranks.
 */
public final class LoopAccessRace {
    static final int SLOTS = 10;
    static final int PUT_SLOT = 5;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        String mode = args.length > 0 ? args[0] : "load";
        int rank = MPI.COMM_WORLD.getRank();
        DoubleBuffer mem = MPI.newDoubleBuffer(SLOTS);
        Win win = new Win(mem, SLOTS, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        DoubleBuffer value = MPI.newDoubleBuffer(1);
        value.put(0, 2.5);
        win.fence(0);
        if (rank == 1) {
            win.put(value, 1, MPI.DOUBLE, 0, PUT_SLOT, 1, MPI.DOUBLE); // RMA: loop put
        }
        double sum = 0;
        if (rank == 0 && mode.equals("load")) {
            sum += readSome(mem, 0, SLOTS);
        }
        if (rank == 0 && mode.equals("store")) {
            writeSome(mem, 4, 8);
        }
        if (rank == 0 && mode.equals("element")) {
            writeThroughArray(new DoubleBuffer[] {mem}, 4, 8);
        }
        if (rank == 0 && mode.equals("beside")) {
            sum += readSome(mem, 0, PUT_SLOT) + readSome(mem, PUT_SLOT + 1, SLOTS) + copyOut(mem, new double[PUT_SLOT]);
        }
        win.fence(0);
        if (rank == 0 && mode.equals("twin")) {
            sum += readSome(mem, 0, SLOTS);
        }
        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            System.out.println("sum " + sum + ", slot " + PUT_SLOT + " holds " + mem.get(PUT_SLOT));
        }
        win.free();
        MPI.Finalize();
    }

    private static double readSome(DoubleBuffer mem, int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) {
            s += mem.get(i); // RMA: loop load
        }
        return s;
    }

    private static void writeSome(DoubleBuffer mem, int from, int to) {
        for (int i = from; i < to; i++) {
            mem.put(i, i * 0.5); // RMA: loop store
        }
    }

    private static void writeThroughArray(DoubleBuffer[] views, int from, int to) {
        for (int i = from; i < to; i++) {
            views[0].put(i, i * 0.25); // RMA: loop element store
        }
    }

    private static double copyOut(DoubleBuffer mem, double[] into) {
        for (int i = 0; i < into.length; i++) {
            into[i] = mem.get(i);
        }
        return into[into.length - 1];
    }
}
