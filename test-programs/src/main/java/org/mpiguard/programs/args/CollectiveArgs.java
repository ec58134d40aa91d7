package org.mpiguard.programs.args;

import static org.mpiguard.programs.args.Refused.expect;

import java.nio.IntBuffer;
import mpi.CartComm;
import mpi.Comm;
import mpi.Datatype;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Op;
import mpi.UserFunction;

/**
 * Invalid arguments of collective calls on two ranks, made by rank 0 alone under
 * on-error=continue: each must be refused before it reaches MPI (so rank 1 never waits
 * for it). Without the checker they abort the job with no Java location, read or write
 * past arrays, or reduce garbage.
 */
public class CollectiveArgs {

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm comm = MPI.COMM_WORLD;
        int rank = comm.getRank();
        Intracomm half = comm.split(rank, 0);
        Intercomm inter = comm.createIntercomm(half, 0, 1 - rank, 99);
        Comm freed = comm.dup();
        freed.free();
        Datatype pair = Datatype.createContiguous(2, MPI.INT);
        Datatype gone = Datatype.createContiguous(2, MPI.INT);
        gone.commit();
        gone.free();
        Op mine = new Op(new UserFunction() { }, true);
        mine.free();
        CartComm ring = comm.createCart(new int[] {2}, new boolean[] {true}, false);
        if (rank == 0) {
            int[] one = new int[1];
            int[] two = new int[2];
            int[] four = new int[4];
            double[] d2 = new double[2];
            IntBuffer direct = MPI.newIntBuffer(2);
            IntBuffer heap = IntBuffer.allocate(2);
            int[] ones = {1, 1};
            int[] zeros = {0, 1};
            expect(() -> comm.bcast(two, 2, MPI.INT, 5)); // CHECK: coll.root-range Comm.bcast root
            expect(() -> comm.iBcast(direct, 2, MPI.INT, -1)); // CHECK: coll.root-range Comm.iBcast root
            expect(() -> comm.gather(one, 1, MPI.INT, two, 1, MPI.INT, 2)); // CHECK: coll.root-range Comm.gather root
            expect(() -> comm.scatter(two, 1, MPI.INT, one, 1, MPI.INT, 2)); // CHECK: coll.root-range Comm.scatter root
            expect(() -> comm.reduce(one, two, 1, MPI.INT, MPI.SUM, MPI.PROC_NULL)); // CHECK: coll.root-range Comm.reduce root
            expect(() -> comm.gatherv(one, 1, MPI.INT, two, ones, zeros, MPI.INT, 3)); // CHECK: coll.root-range Comm.gatherv root
            expect(() -> comm.scatterv(two, ones, zeros, MPI.INT, one, 1, MPI.INT, 3)); // CHECK: coll.root-range Comm.scatterv root
            expect(() -> comm.bcast(two, -2, MPI.INT, 0)); // CHECK: buf.count-negative Comm.bcast count
            expect(() -> comm.allReduce(one, two, -1, MPI.INT, MPI.SUM)); // CHECK: buf.count-negative Comm.allReduce count
            expect(() -> comm.gather(one, -1, MPI.INT, two, 1, MPI.INT, 0)); // CHECK: buf.count-negative Comm.gather sendcount
            expect(() -> comm.bcast(two, 3, MPI.INT, 0)); // CHECK: buf.overflow Comm.bcast buf
            expect(() -> comm.allReduce(four, one, 2, MPI.INT, MPI.SUM)); // CHECK: buf.overflow Comm.allReduce recvbuf
            expect(() -> comm.gather(one, 1, MPI.INT, one, 1, MPI.INT, 0)); // CHECK: buf.overflow Comm.gather recvbuf
            expect(() -> comm.scatter(two, 2, MPI.INT, four, 2, MPI.INT, 0)); // CHECK: buf.overflow Comm.scatter sendbuf
            expect(() -> comm.allGather(one, 1, MPI.INT, one, 1, MPI.INT)); // CHECK: buf.overflow Comm.allGather recvbuf
            expect(() -> comm.allToAll(two, 2, MPI.INT, four, 2, MPI.INT)); // CHECK: buf.overflow Comm.allToAll sendbuf
            expect(() -> comm.reduce(two, one, 2, MPI.INT, MPI.SUM, 0)); // CHECK: buf.overflow Comm.reduce recvbuf
            expect(() -> comm.reduceScatterBlock(two, four, 2, MPI.INT, MPI.SUM)); // CHECK: buf.overflow Comm.reduceScatterBlock sendbuf
            expect(() -> comm.iAllReduce(direct, MPI.newIntBuffer(4), 3, MPI.INT, MPI.SUM)); // CHECK: buf.overflow Comm.iAllReduce sendbuf
            expect(() -> comm.bcast(d2, 3, MPI.INT, 0)); // CHECK: buf.element-type Comm.bcast buf
            expect(() -> comm.allReduce(two, d2, 2, MPI.DOUBLE, MPI.SUM)); // CHECK: buf.element-type Comm.allReduce sendbuf
            expect(() -> comm.reduce(d2, two, 3, MPI.INT, MPI.SUM, 0)); // CHECK: buf.element-type Comm.reduce sendbuf
            expect(() -> comm.allGather(one, 1, MPI.INT, d2, 3, MPI.INT)); // CHECK: buf.element-type Comm.allGather recvbuf
            expect(() -> comm.bcast(null, 2, MPI.INT, 0)); // CHECK: buf.null Comm.bcast buf
            expect(() -> comm.allReduce(two, null, 2, MPI.INT, MPI.SUM)); // CHECK: buf.null Comm.allReduce recvbuf
            expect(() -> comm.iBcast(heap, 2, MPI.INT, 0)); // CHECK: buf.direct Comm.iBcast buf
            expect(() -> comm.iAllReduce(heap, direct, 2, MPI.INT, MPI.SUM)); // CHECK: buf.direct Comm.iAllReduce sendbuf
            expect(() -> comm.iGather(heap, 1, MPI.INT, direct, 1, MPI.INT, 0)); // CHECK: buf.direct Comm.iGather sendbuf
            expect(() -> comm.iAllGather(direct, 1, MPI.INT, heap, 1, MPI.INT)); // CHECK: buf.direct Comm.iAllGather recvbuf
            expect(() -> comm.iReduce(heap, direct, 2, MPI.INT, MPI.SUM, 0)); // CHECK: buf.direct Comm.iReduce sendbuf
            expect(() -> comm.gatherv(one, 1, MPI.INT, two, new int[] {1}, zeros, MPI.INT, 0)); // CHECK: vcoll.counts-length Comm.gatherv recvcount
            expect(() -> comm.scatterv(two, new int[] {1}, zeros, MPI.INT, one, 1, MPI.INT, 0)); // CHECK: vcoll.counts-length Comm.scatterv sendcount
            expect(() -> comm.allGatherv(one, 1, MPI.INT, two, null, zeros, MPI.INT)); // CHECK: vcoll.counts-length Comm.allGatherv recvcount
            expect(() -> comm.allToAllv(two, new int[] {1}, zeros, MPI.INT, two, ones, zeros, MPI.INT)); // CHECK: vcoll.counts-length Comm.allToAllv sendcount
            expect(() -> comm.reduceScatter(two, one, new int[] {1}, MPI.INT, MPI.SUM)); // CHECK: vcoll.counts-length Comm.reduceScatter recvcounts
            expect(() -> comm.gatherv(one, 1, MPI.INT, two, ones, new int[] {0}, MPI.INT, 0)); // CHECK: vcoll.displs-length Comm.gatherv displs
            expect(() -> comm.allGatherv(one, 1, MPI.INT, two, ones, new int[] {0}, MPI.INT)); // CHECK: vcoll.displs-length Comm.allGatherv displs
            expect(() -> comm.allToAllv(two, ones, zeros, MPI.INT, two, ones, null, MPI.INT)); // CHECK: vcoll.displs-length Comm.allToAllv rdispls
            expect(() -> comm.gatherv(one, 1, MPI.INT, two, new int[] {1, -1}, zeros, MPI.INT, 0)); // CHECK: vcoll.count-negative Comm.gatherv recvcount[1]
            expect(() -> comm.allGatherv(one, 1, MPI.INT, two, new int[] {-3, 1}, zeros, MPI.INT)); // CHECK: vcoll.count-negative Comm.allGatherv recvcount[0]
            expect(() -> comm.reduceScatter(two, one, new int[] {1, -1}, MPI.INT, MPI.SUM)); // CHECK: vcoll.count-negative Comm.reduceScatter recvcounts[1]
            expect(() -> comm.scatterv(two, ones, new int[] {0, -1}, MPI.INT, one, 1, MPI.INT, 0)); // CHECK: vcoll.displ-negative Comm.scatterv displs[1]
            expect(() -> comm.allGatherv(one, 1, MPI.INT, two, ones, new int[] {-1, 0}, MPI.INT)); // CHECK: vcoll.displ-negative Comm.allGatherv displs[0]
            expect(() -> comm.gatherv(one, 1, MPI.INT, two, ones, new int[] {0, 2}, MPI.INT, 0)); // CHECK: vcoll.overflow Comm.gatherv recvbuf
            expect(() -> comm.scatterv(two, new int[] {1, 2}, zeros, MPI.INT, four, 2, MPI.INT, 0)); // CHECK: vcoll.overflow Comm.scatterv sendbuf
            expect(() -> comm.allGatherv(one, 1, MPI.INT, two, ones, new int[] {1, 2}, MPI.INT)); // CHECK: vcoll.overflow Comm.allGatherv recvbuf
            expect(() -> comm.allToAllv(two, ones, zeros, MPI.INT, two, ones, new int[] {0, 5}, MPI.INT)); // CHECK: vcoll.overflow Comm.allToAllv recvbuf
            expect(() -> comm.allReduce(d2, new double[2], 2, MPI.DOUBLE, MPI.BAND)); // CHECK: op.type Comm.allReduce op
            expect(() -> comm.reduce(two, four, 2, MPI.INT, MPI.MAXLOC, 0)); // CHECK: op.type Comm.reduce op
            expect(() -> comm.iAllReduce(direct, MPI.newIntBuffer(2), 2, MPI.INT, MPI.MINLOC)); // CHECK: op.type Comm.iAllReduce op
            expect(() -> comm.scan(d2, new double[2], 2, MPI.DOUBLE, MPI.LAND)); // CHECK: op.type Intracomm.scan op
            expect(() -> comm.exScan(new boolean[2], new boolean[2], 2, MPI.BOOLEAN, MPI.SUM)); // CHECK: op.type Intracomm.exScan op
            expect(() -> comm.reduceScatterBlock(new double[4], d2, 2, MPI.DOUBLE, MPI.BXOR)); // CHECK: op.type Comm.reduceScatterBlock op
            expect(() -> comm.allReduce(two, four, 2, MPI.INT, mine)); // CHECK: op.freed Comm.allReduce op
            expect(() -> comm.allReduce(two, four, 2, MPI.INT, null)); // CHECK: op.null Comm.allReduce op
            expect(() -> comm.allReduce(two, two, 2, MPI.INT, MPI.SUM)); // CHECK: inplace.aliased Comm.allReduce recvbuf
            expect(() -> comm.reduce(two, two, 2, MPI.INT, MPI.SUM, 0)); // CHECK: inplace.aliased Comm.reduce recvbuf
            expect(() -> comm.allGather(four, 1, MPI.INT, four, 1, MPI.INT)); // CHECK: inplace.aliased Comm.allGather recvbuf
            expect(() -> comm.allToAll(four, 1, MPI.INT, four, 1, MPI.INT)); // CHECK: inplace.aliased Comm.allToAll recvbuf
            expect(() -> comm.scan(two, two, 2, MPI.INT, MPI.SUM)); // CHECK: inplace.aliased Intracomm.scan recvbuf
            expect(() -> inter.allReduce(two, 2, MPI.INT, MPI.SUM)); // CHECK: inplace.intercomm Comm.allReduce comm
            expect(() -> inter.reduce(two, 2, MPI.INT, MPI.SUM, MPI.ROOT)); // CHECK: inplace.intercomm Comm.reduce comm
            expect(() -> inter.gather(two, 1, MPI.INT, MPI.ROOT)); // CHECK: inplace.intercomm Comm.gather comm
            expect(() -> freed.barrier()); // CHECK: handle.comm-freed Comm.barrier comm
            expect(() -> freed.bcast(two, 2, MPI.INT, 0)); // CHECK: handle.comm-freed Comm.bcast comm
            expect(() -> comm.bcast(two, 1, pair, 0)); // CHECK: type.uncommitted Comm.bcast type
            expect(() -> comm.allReduce(two, four, 1, gone, MPI.SUM)); // CHECK: type.freed Comm.allReduce type
            int n = 16_384; // blocks of 16,384 doubles: the binding's copy is 2^31 bytes, wrapped to its eager buffer
            int[] big = {n, n};
            int[] bigAt = {0, n};
            double[] wide = new double[2 * n];
            expect(() -> comm.gatherv(new double[n], n, MPI.DOUBLE, wide, big, bigAt, MPI.DOUBLE, 0)); // CHECK: hazard.vcoll-heap-copy Comm.gatherv recvbuf
            expect(() -> comm.scatterv(wide, big, bigAt, MPI.DOUBLE, new double[n], n, MPI.DOUBLE, 0)); // CHECK: hazard.vcoll-heap-copy Comm.scatterv sendbuf
            expect(() -> comm.allGatherv(new double[n], n, MPI.DOUBLE, wide, big, bigAt, MPI.DOUBLE)); // CHECK: hazard.vcoll-heap-copy Comm.allGatherv recvbuf
            expect(() -> comm.allToAllv(wide, big, bigAt, MPI.DOUBLE, new double[2 * n], big, bigAt, MPI.DOUBLE)); // CHECK: hazard.vcoll-heap-copy Comm.allToAllv sendbuf
            expect(() -> comm.gatherv(wide, big, bigAt, MPI.DOUBLE, 0)); // CHECK: hazard.vcoll-heap-copy Comm.gatherv recvbuf
            expect(() -> ring.neighborAllToAllv(wide, big, bigAt, MPI.DOUBLE, new double[2 * n], big, bigAt, MPI.DOUBLE)); // CHECK: hazard.vcoll-heap-copy Comm.neighborAllToAllv sendbuf
            System.out.println("refused " + Refused.count());
        }
        {
            // every rank: overlapping receive blocks are a warning, and the call is made
            int[] two = {rank, rank};
            int[] four = new int[4];
            int[] twos = {2, 2};
            int[] lap = {0, 1};
            int[] apart = {0, 2};
            Datatype[] ints = {MPI.INT, MPI.INT};
            comm.gatherv(two, 2, MPI.INT, four, twos, lap, MPI.INT, 0); // CHECK: vcoll.recv-overlap Comm.gatherv displs
            comm.allGatherv(two, 2, MPI.INT, four, twos, lap, MPI.INT); // CHECK: vcoll.recv-overlap Comm.allGatherv displs
            comm.allToAllv(four, twos, apart, MPI.INT, new int[4], twos, lap, MPI.INT); // CHECK: vcoll.recv-overlap Comm.allToAllv rdispls
            comm.allGatherv(four, twos, lap, MPI.INT); // CHECK: vcoll.recv-overlap Comm.allGatherv displs
            comm.allToAllw(MPI.newIntBuffer(4), twos, new int[] {0, 8}, ints, MPI.newIntBuffer(4), twos, new int[] {0, 4}, ints); // CHECK: vcoll.recv-overlap Comm.allToAllw rDispls
            ring.neighborAllGatherv(two, 2, MPI.INT, four, twos, lap, MPI.INT); // CHECK: vcoll.recv-overlap Comm.neighborAllGatherv displs
        }
        pair.free();
        ring.free();
        inter.free();
        half.free();
        comm.barrier();
        MPI.Finalize();
    }
}
