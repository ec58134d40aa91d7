package org.mpiguard.programs.args;

import static org.mpiguard.programs.args.Refused.expect;

import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import mpi.Comm;
import mpi.Datatype;
import mpi.MPI;
import mpi.Message;

/**
 * Invalid arguments of point-to-point calls, one per marked line, run on rank 0 under
 * on-error=continue: each call must be refused before it reaches MPI. Without the
 * checker the first one ends the job through Open MPI's fatal handler with no Java
 * location; several would crash the JVM in JNI or read past the array.
 */
public class PointToPointArgs {

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Comm comm = MPI.COMM_WORLD;
        int rank = comm.getRank();
        Comm freed = MPI.COMM_WORLD.dup();
        freed.free();
        Datatype pair = Datatype.createContiguous(2, MPI.INT);
        Datatype gone = Datatype.createContiguous(2, MPI.INT);
        gone.commit();
        gone.free();
        if (rank == 0) {
            int[] ibuf = new int[4];
            double[] dbuf = new double[4];
            IntBuffer direct = MPI.newIntBuffer(4);
            IntBuffer heap = IntBuffer.allocate(4);
            DoubleBuffer ddirect = MPI.newDoubleBuffer(4);
            expect(() -> comm.send(ibuf, 1, MPI.INT, 7, 0)); // CHECK: p2p.dest-range Comm.send dest
            expect(() -> comm.sSend(ibuf, 1, MPI.INT, 7, 0)); // CHECK: p2p.dest-range Comm.sSend dest
            expect(() -> comm.bSend(ibuf, 1, MPI.INT, -4, 0)); // CHECK: p2p.dest-range Comm.bSend dest
            expect(() -> comm.rSend(ibuf, 1, MPI.INT, 2, 0)); // CHECK: p2p.dest-range Comm.rSend dest
            expect(() -> comm.iSend(direct, 1, MPI.INT, 7, 0)); // CHECK: p2p.dest-range Comm.iSend dest
            expect(() -> comm.isSend(direct, 1, MPI.INT, 7, 0)); // CHECK: p2p.dest-range Comm.isSend dest
            expect(() -> comm.ibSend(direct, 1, MPI.INT, 7, 0)); // CHECK: p2p.dest-range Comm.ibSend dest
            expect(() -> comm.irSend(direct, 1, MPI.INT, 7, 0)); // CHECK: p2p.dest-range Comm.irSend dest
            expect(() -> comm.sendInit(direct, 1, MPI.INT, 7, 0)); // CHECK: p2p.dest-range Comm.sendInit dest
            expect(() -> comm.sSendInit(direct, 1, MPI.INT, 7, 0)); // CHECK: p2p.dest-range Comm.sSendInit dest
            expect(() -> comm.bSendInit(direct, 1, MPI.INT, 7, 0)); // CHECK: p2p.dest-range Comm.bSendInit dest
            expect(() -> comm.rSendInit(direct, 1, MPI.INT, 7, 0)); // CHECK: p2p.dest-range Comm.rSendInit dest
            expect(() -> comm.sendRecv(ibuf, 1, MPI.INT, 9, 0, dbuf, 1, MPI.DOUBLE, 1, 0)); // CHECK: p2p.dest-range Comm.sendRecv dest
            expect(() -> comm.sendRecvReplace(ibuf, 1, MPI.INT, 9, 0, 1, 0)); // CHECK: p2p.dest-range Comm.sendRecvReplace dest
            expect(() -> comm.send(ibuf, 1, MPI.INT, MPI.ANY_SOURCE, 0)); // CHECK: p2p.dest-any-source Comm.send dest
            expect(() -> comm.iSend(direct, 1, MPI.INT, MPI.ANY_SOURCE, 0)); // CHECK: p2p.dest-any-source Comm.iSend dest
            expect(() -> comm.recv(ibuf, 1, MPI.INT, 5, 0)); // CHECK: p2p.source-range Comm.recv source
            expect(() -> comm.iRecv(direct, 1, MPI.INT, 5, 0)); // CHECK: p2p.source-range Comm.iRecv source
            expect(() -> comm.recvInit(direct, 1, MPI.INT, 5, 0)); // CHECK: p2p.source-range Comm.recvInit source
            expect(() -> comm.probe(5, 0)); // CHECK: p2p.source-range Comm.probe source
            expect(() -> comm.iProbe(-7, 0)); // CHECK: p2p.source-range Comm.iProbe source
            expect(() -> comm.sendRecv(ibuf, 1, MPI.INT, 1, 0, dbuf, 1, MPI.DOUBLE, 6, 0)); // CHECK: p2p.source-range Comm.sendRecv source
            expect(() -> comm.sendRecvReplace(ibuf, 1, MPI.INT, 1, 0, 6, 0)); // CHECK: p2p.source-range Comm.sendRecvReplace source
            expect(() -> new Message().mProbe(3, 0, comm)); // CHECK: p2p.source-range Message.mProbe source
            expect(() -> new Message().imProbe(3, 0, comm)); // CHECK: p2p.source-range Message.imProbe source
            expect(() -> comm.send(ibuf, 1, MPI.INT, 1, MPI.ANY_TAG)); // CHECK: p2p.send-any-tag Comm.send tag
            expect(() -> comm.iSend(direct, 1, MPI.INT, 1, MPI.ANY_TAG)); // CHECK: p2p.send-any-tag Comm.iSend tag
            expect(() -> comm.sendRecv(ibuf, 1, MPI.INT, 1, MPI.ANY_TAG, dbuf, 1, MPI.DOUBLE, 1, 0)); // CHECK: p2p.send-any-tag Comm.sendRecv sendtag
            expect(() -> comm.send(ibuf, 1, MPI.INT, 1, -5)); // CHECK: p2p.tag-negative Comm.send tag
            expect(() -> comm.recv(ibuf, 1, MPI.INT, 1, -5)); // CHECK: p2p.tag-negative Comm.recv tag
            expect(() -> comm.iRecv(direct, 1, MPI.INT, 1, -5)); // CHECK: p2p.tag-negative Comm.iRecv tag
            expect(() -> comm.probe(1, -5)); // CHECK: p2p.tag-negative Comm.probe tag
            expect(() -> comm.sendRecvReplace(ibuf, 1, MPI.INT, 1, 0, 1, -9)); // CHECK: p2p.tag-negative Comm.sendRecvReplace recvtag
            expect(() -> comm.send(ibuf, -1, MPI.INT, 1, 0)); // CHECK: buf.count-negative Comm.send count
            expect(() -> comm.recv(ibuf, -1, MPI.INT, 1, 0)); // CHECK: buf.count-negative Comm.recv count
            expect(() -> comm.iSend(direct, -1, MPI.INT, 1, 0)); // CHECK: buf.count-negative Comm.iSend count
            expect(() -> comm.iRecv(direct, -1, MPI.INT, 1, 0)); // CHECK: buf.count-negative Comm.iRecv count
            expect(() -> comm.send(null, 1, MPI.INT, 1, 0)); // CHECK: buf.null Comm.send buf
            expect(() -> comm.recv(null, 1, MPI.INT, 1, 0)); // CHECK: buf.null Comm.recv buf
            expect(() -> comm.iSend(null, 1, MPI.INT, 1, 0)); // CHECK: buf.null Comm.iSend buf
            expect(() -> comm.send("hello", 5, MPI.CHAR, 1, 0)); // CHECK: buf.kind Comm.send buf
            expect(() -> comm.recv(new Integer[4], 4, MPI.INT, 1, 0)); // CHECK: buf.kind Comm.recv buf
            expect(() -> comm.send(ibuf, 4, MPI.DOUBLE, 1, 0)); // CHECK: buf.element-type Comm.send buf
            expect(() -> comm.send(ibuf, 16, MPI.BYTE, 1, 0)); // CHECK: buf.element-type Comm.send buf
            expect(() -> comm.recv(dbuf, 6, MPI.INT, 1, 0)); // CHECK: buf.element-type Comm.recv buf
            expect(() -> comm.iSend(direct, 3, MPI.DOUBLE, 1, 0)); // CHECK: buf.overflow Comm.iSend buf
            expect(() -> comm.iRecv(ddirect, 5, MPI.LONG, 1, 0)); // CHECK: buf.overflow Comm.iRecv buf
            expect(() -> comm.sendRecv(ibuf, 1, MPI.INT, 1, 0, ibuf, 4, MPI.DOUBLE, 1, 0)); // CHECK: buf.element-type Comm.sendRecv recvbuf
            expect(() -> comm.send(ibuf, 10, MPI.INT, 1, 0)); // CHECK: buf.overflow Comm.send buf
            expect(() -> comm.recv(ibuf, 5, MPI.INT, 1, 0)); // CHECK: buf.overflow Comm.recv buf
            expect(() -> comm.send(ibuf, 3, pair, 1, 0)); // CHECK: type.uncommitted Comm.send type
            expect(() -> comm.iSend(direct, 8, MPI.INT, 1, 0)); // CHECK: buf.overflow Comm.iSend buf
            expect(() -> comm.iRecv(direct, 5, MPI.INT, 1, 0)); // CHECK: buf.overflow Comm.iRecv buf
            expect(() -> comm.sendRecv(ibuf, 6, MPI.INT, 1, 0, dbuf, 1, MPI.DOUBLE, 1, 0)); // CHECK: buf.overflow Comm.sendRecv sendbuf
            expect(() -> comm.sendRecvReplace(ibuf, 6, MPI.INT, 1, 0, 1, 0)); // CHECK: buf.overflow Comm.sendRecvReplace buf
            expect(() -> comm.bSend(ibuf, 6, MPI.INT, 1, 0)); // CHECK: buf.overflow Comm.bSend buf
            expect(() -> comm.iSend(heap, 1, MPI.INT, 1, 0)); // CHECK: buf.direct Comm.iSend buf
            expect(() -> comm.iRecv(heap, 1, MPI.INT, 1, 0)); // CHECK: buf.direct Comm.iRecv buf
            expect(() -> comm.isSend(heap, 1, MPI.INT, 1, 0)); // CHECK: buf.direct Comm.isSend buf
            expect(() -> comm.sendInit(heap, 1, MPI.INT, 1, 0)); // CHECK: buf.direct Comm.sendInit buf
            expect(() -> comm.recvInit(heap, 1, MPI.INT, 1, 0)); // CHECK: buf.direct Comm.recvInit buf
            expect(() -> comm.sendRecv(ibuf, 1, MPI.INT, 1, 0, ibuf, 1, MPI.INT, 1, 0)); // CHECK: inplace.aliased Comm.sendRecv recvbuf
            expect(() -> comm.send(ibuf, 1, null, 1, 0)); // CHECK: type.null Comm.send type
            expect(() -> comm.recv(ibuf, 1, null, 1, 0)); // CHECK: type.null Comm.recv type
            expect(() -> freed.send(ibuf, 1, MPI.INT, 1, 0)); // CHECK: handle.comm-freed Comm.send comm
            expect(() -> freed.recv(ibuf, 1, MPI.INT, 1, 0)); // CHECK: handle.comm-freed Comm.recv comm
            expect(() -> freed.iProbe(1, 0)); // CHECK: handle.comm-freed Comm.iProbe comm
            expect(() -> comm.recv(ibuf, 1, pair, 1, 0)); // CHECK: type.uncommitted Comm.recv type
            expect(() -> comm.iSend(direct, 1, pair, 1, 0)); // CHECK: type.uncommitted Comm.iSend type
            expect(() -> comm.send(ibuf, 1, gone, 1, 0)); // CHECK: type.freed Comm.send type
            expect(() -> comm.recv(ibuf, 1, gone, 1, 0)); // CHECK: type.freed Comm.recv type
            System.out.println("refused " + Refused.count());
        }
        pair.free();
        MPI.COMM_WORLD.barrier();
        MPI.Finalize();
    }
}
