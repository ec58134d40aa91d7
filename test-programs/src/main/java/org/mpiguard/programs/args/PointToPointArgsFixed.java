package org.mpiguard.programs.args;

import java.nio.IntBuffer;
import mpi.Comm;
import mpi.Datatype;
import mpi.MPI;
import mpi.Message;
import mpi.Request;
import mpi.Status;

/** The twin of {@link PointToPointArgs}: the same calls with valid arguments. Silent. */
public class PointToPointArgsFixed {

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Comm comm = MPI.COMM_WORLD;
        int rank = comm.getRank();
        int peer = 1 - rank;
        Datatype pair = Datatype.createContiguous(2, MPI.INT);
        pair.commit();
        int[] ibuf = new int[4];
        double[] dbuf = new double[4];
        IntBuffer direct = MPI.newIntBuffer(4);
        if (rank == 0) {
            comm.send(new int[] {1, 2, 3, 4}, 4, MPI.INT, peer, 1);
            comm.sSend(ibuf, 1, MPI.INT, peer, 2);
            Datatype copy = pair.dup(); // committed like its original: no commit needed
            comm.send(ibuf, 2, copy, peer, 3);
            copy.free();
            Request r = comm.iSend(direct, 4, MPI.INT, peer, 4);
            r.waitFor();
            comm.send(ibuf, 1, MPI.INT, MPI.PROC_NULL, 5);
        } else {
            comm.recv(ibuf, 4, MPI.INT, peer, 1);
            comm.recv(ibuf, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
            comm.recv(ibuf, 2, pair, peer, 3);
            Message m = new Message();
            Status s = m.mProbe(peer, 4, comm);
            m.mRecv(ibuf, s.getCount(MPI.INT), MPI.INT);
        }
        Status st = comm.sendRecv(new double[] {rank}, 1, MPI.DOUBLE, peer, 6, dbuf, 1, MPI.DOUBLE, peer, 6);
        comm.sendRecvReplace(ibuf, 4, MPI.INT, peer, 7, peer, 7);
        comm.iProbe(peer, 8 + 0 * st.getSource());
        pair.free();
        comm.barrier();
        MPI.Finalize();
    }
}
