package org.mpiguard.programs.args;

import static org.mpiguard.programs.args.Refused.expect;

import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import mpi.Datatype;
import mpi.Group;
import mpi.Info;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Win;

/**
 * Invalid one-sided calls on two ranks, made by rank 0 under on-error=continue, each
 * refused before it reaches MPI. Every rank's window holds 4 ints with displacement
 * unit 1 (16 bytes), which rank 0 knows from the exchange at creation. Without the
 * checker these abort the job with no Java location, or write past rank 1's window.
 */
public class OneSidedArgs {

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm comm = MPI.COMM_WORLD;
        int rank = comm.getRank();
        Intracomm half = comm.split(rank, 0);
        Intercomm inter = comm.createIntercomm(half, 0, 1 - rank, 98);
        Win win = new Win(MPI.newIntBuffer(4), 4, 1, MPI.INFO_NULL, comm);
        Win gone = new Win(MPI.newIntBuffer(4), 4, 1, MPI.INFO_NULL, comm);
        gone.free();
        // Rank 1's buffer holds 1 int of its 4-int window: a hazard at creation, an error where an access reaches past it
        Win shortWin = new Win(MPI.newIntBuffer(rank == 1 ? 1 : 4), 4, 1, MPI.INFO_NULL, comm); // CHECK: rma.win-buffer-short Win.<init> size
        Group world = comm.getGroup();
        Group empty = world.incl(new int[0]);
        Info freedInfo = new Info();
        freedInfo.free();
        IntBuffer origin = MPI.newIntBuffer(4);
        IntBuffer result = MPI.newIntBuffer(4);
        IntBuffer compare = MPI.newIntBuffer(4);
        IntBuffer heap = IntBuffer.allocate(4);
        DoubleBuffer doubles = MPI.newDoubleBuffer(2);
        if (rank == 0) {
            expect(() -> win.put(origin, 1, MPI.INT, 1, 0, 1, MPI.INT)); // CHECK: rma.no-epoch Win.put targetRank
            expect(() -> win.get(origin, 1, MPI.INT, 1, 0, 1, MPI.INT)); // CHECK: rma.no-epoch Win.get targetRank
            expect(() -> win.accumulate(origin, 1, MPI.INT, 1, 0, 1, MPI.INT, MPI.SUM)); // CHECK: rma.no-epoch Win.accumulate targetRank
            expect(() -> win.fetchAndOp(origin, result, MPI.INT, 1, 0, MPI.SUM)); // CHECK: rma.no-epoch Win.fetchAndOp targetRank
            expect(() -> win.unlock(1)); // CHECK: rma.unlock-without-lock Win.unlock rank
            expect(() -> win.unlockAll()); // CHECK: rma.unlockall-without-lockall Win.unlockAll win
            expect(() -> win.flush(1)); // CHECK: rma.flush-outside-lock Win.flush targetRank
            expect(() -> win.flushAll()); // CHECK: rma.flush-outside-lock Win.flushAll win
            expect(() -> win.flushLocal(1)); // CHECK: rma.flush-outside-lock Win.flushLocal targetRank
            expect(() -> win.flushLocalAll()); // CHECK: rma.flush-outside-lock Win.flushLocalAll win
            expect(() -> win.complete()); // CHECK: rma.complete-without-start Win.complete win
            expect(() -> win.waitFor()); // CHECK: rma.wait-without-post Win.waitFor win
            expect(() -> win.lock(99, 1, 0)); // CHECK: rma.lock-type Win.lock lockType
            expect(() -> win.lock(MPI.LOCK_SHARED, 5, 0)); // CHECK: rma.target-range Win.lock rank
            expect(() -> win.unlock(5)); // CHECK: rma.target-range Win.unlock rank
            expect(() -> win.flush(-3)); // CHECK: rma.target-range Win.flush targetRank
            win.lock(MPI.LOCK_SHARED, 1, 0); // EPOCH-OPENED
            expect(() -> win.lock(MPI.LOCK_SHARED, 1, 0)); // CHECK: rma.lock-twice Win.lock rank
            expect(() -> win.lockAll(0)); // CHECK: rma.lockall-twice Win.lockAll win
            expect(() -> win.fence(0)); // CHECK: rma.fence-in-lock Win.fence win
            expect(() -> win.free()); // CHECK: rma.free-in-epoch Win.free win
            expect(() -> win.put(origin, 1, MPI.INT, 5, 0, 1, MPI.INT)); // CHECK: rma.target-range Win.put targetRank
            expect(() -> win.get(origin, 1, MPI.INT, 2, 0, 1, MPI.INT)); // CHECK: rma.target-range Win.get targetRank
            expect(() -> win.accumulate(origin, 1, MPI.INT, -3, 0, 1, MPI.INT, MPI.SUM)); // CHECK: rma.target-range Win.accumulate targetRank
            expect(() -> win.put(origin, 2, MPI.INT, 1, 3, 2, MPI.INT)); // CHECK: rma.disp-range Win.put targetDisp
            expect(() -> win.get(origin, 2, MPI.INT, 1, 3, 2, MPI.INT)); // CHECK: rma.disp-range Win.get targetDisp
            expect(() -> win.accumulate(origin, 4, MPI.INT, 1, 1, 4, MPI.INT, MPI.SUM)); // CHECK: rma.disp-range Win.accumulate targetDisp
            expect(() -> win.rGet(origin, 2, MPI.INT, 1, 4, 2, MPI.INT)); // CHECK: rma.disp-range Win.rGet targetDisp
            expect(() -> win.getAccumulate(origin, 1, MPI.INT, result, 1, MPI.INT, 1, 4, 1, MPI.INT, MPI.SUM)); // CHECK: rma.disp-range Win.getAccumulate targetDisp
            expect(() -> win.fetchAndOp(origin, result, MPI.INT, 1, 4, MPI.SUM)); // CHECK: rma.disp-range Win.fetchAndOp targetDisp
            expect(() -> win.compareAndSwap(origin, compare, result, MPI.INT, 1, 7)); // CHECK: rma.disp-range Win.compareAndSwap targetDisp
            expect(() -> win.put(origin, 1, MPI.INT, 1, -1, 1, MPI.INT)); // CHECK: rma.disp-negative Win.put targetDisp
            expect(() -> win.get(origin, 1, MPI.INT, 1, -2, 1, MPI.INT)); // CHECK: rma.disp-negative Win.get targetDisp
            expect(() -> win.put(heap, 1, MPI.INT, 1, 0, 1, MPI.INT)); // CHECK: buf.direct Win.put origin
            expect(() -> win.get(heap, 1, MPI.INT, 1, 0, 1, MPI.INT)); // CHECK: buf.direct Win.get origin
            expect(() -> win.put(origin, 10, MPI.INT, 1, 0, 1, MPI.INT)); // CHECK: buf.overflow Win.put origin
            expect(() -> win.put(origin, -1, MPI.INT, 1, 0, 1, MPI.INT)); // CHECK: buf.count-negative Win.put orgCount
            expect(() -> win.accumulate(doubles, 1, MPI.DOUBLE, 1, 0, 1, MPI.DOUBLE, MPI.BAND)); // CHECK: op.type Win.accumulate op
            Datatype doublePair = Datatype.createContiguous(2, MPI.DOUBLE);
            doublePair.commit();
            expect(() -> win.accumulate(doubles, 1, doublePair, 1, 0, 1, doublePair, MPI.BAND)); // CHECK: op.type Win.accumulate op
            doublePair.free();
            win.flush(1);
            win.unlock(1);
            win.lockAll(0);
            expect(() -> win.lock(MPI.LOCK_SHARED, 1, 0)); // CHECK: rma.lock-in-lockall Win.lock rank
            expect(() -> win.rPut(origin, 1, MPI.INT, 5, 0, 1, MPI.INT)); // CHECK: rma.target-range Win.rPut target_rank
            win.unlockAll();
            win.start(empty, 0);
            expect(() -> win.start(empty, 0)); // CHECK: rma.start-twice Win.start win
            expect(() -> win.fence(0)); // CHECK: rma.fence-in-pscw Win.fence win
            win.complete();
            win.post(empty, 0);
            expect(() -> win.post(empty, 0)); // CHECK: rma.post-twice Win.post win
            win.waitFor();
            expect(() -> gone.put(origin, 1, MPI.INT, 1, 0, 1, MPI.INT)); // CHECK: handle.win-freed Win.put win
            expect(() -> gone.fence(0)); // CHECK: handle.win-freed Win.fence win
            expect(() -> new Win(origin, -1, 1, MPI.INFO_NULL, comm)); // CHECK: rma.win-size Win.<init> size
            expect(() -> new Win(origin, 4, 0, MPI.INFO_NULL, comm)); // CHECK: rma.win-disp-unit Win.<init> dispUnit
            expect(() -> new Win(heap, 4, 1, MPI.INFO_NULL, comm)); // CHECK: buf.direct Win.<init> base
            expect(() -> new Win(origin, 4, 1, freedInfo, comm)); // CHECK: handle.info-freed Win.<init> info
            expect(() -> new Win(origin, 4, 1, MPI.INFO_NULL, inter)); // CHECK: comm.intra-required Win.<init> comm
            expect(() -> win.start(freedGroup(world), 0)); // CHECK: handle.group-freed Win.start group
        }
        win.fence(0);
        if (rank == 0) {
            shortWin.lock(MPI.LOCK_SHARED, 1, 0);
            expect(() -> shortWin.put(origin, 2, MPI.INT, 1, 0, 2, MPI.INT)); // CHECK: rma.past-buffer Win.put targetDisp
            expect(() -> shortWin.get(origin, 1, MPI.INT, 1, 1, 1, MPI.INT)); // CHECK: rma.past-buffer Win.get targetDisp
            expect(() -> shortWin.accumulate(origin, 1, MPI.INT, 1, 3, 1, MPI.INT, MPI.SUM)); // CHECK: rma.past-buffer Win.accumulate targetDisp
            shortWin.put(origin, 1, MPI.INT, 1, 0, 1, MPI.INT);
            shortWin.unlock(1);
            expect(() -> win.start(empty, 0)); // CHECK: rma.start-in-fence Win.start win
            expect(() -> win.post(empty, 0)); // CHECK: rma.post-in-fence Win.post win
            win.put(origin, 1, MPI.INT, 1, 3, 1, MPI.INT);
        }
        win.fence(MPI.MODE_NOPRECEDE | MPI.MODE_NOSUCCEED); // CHECK: rma.assert-noprecede Win.fence assertion
        win.free();
        shortWin.free();
        empty.free();
        world.free();
        inter.free();
        half.free();
        if (rank == 0) {
            System.out.println("refused " + Refused.count());
        }
        MPI.Finalize();
    }

    private static Group freedGroup(Group world) throws mpi.MPIException {
        Group g = world.incl(new int[] {0});
        g.free();
        return g;
    }
}
