package org.mpiguard.programs.args;

import java.nio.IntBuffer;
import mpi.Datatype;
import mpi.Group;
import mpi.Info;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Prequest;
import mpi.Request;

/** The twin of {@link HandleArgs}: every handle used while alive and freed once. Silent. */
public class HandleArgsFixed {

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm comm = MPI.COMM_WORLD;
        int rank = comm.getRank();
        Datatype vector = Datatype.createVector(2, 1, 2, MPI.INT);
        vector.commit();
        Datatype indexed = Datatype.createIndexed(new int[] {1, 1}, new int[] {0, 2}, MPI.INT);
        indexed.commit();
        int extent = vector.getExtent() + indexed.getSize();
        vector.free();
        indexed.free();
        Group world = comm.getGroup();
        Group first = world.incl(new int[] {0});
        Group others = world.excl(new int[] {0});
        Group union = Group.union(first, others);
        int cmp = Group.compare(first, others) + union.getSize() + extent;
        union.free();
        Intracomm sub = comm.create(first);
        if (sub != null && !sub.isNull()) {
            sub.free();
        }
        first.free();
        others.free();
        world.free();
        Info info = new Info();
        info.set("key", "value");
        info.get("key");
        info.delete("key");
        Intracomm dup = comm.dupWithInfo(info);
        info.free();
        Intracomm half = dup.split(rank % 2, 0);
        Intercomm inter = dup.createIntercomm(half, 0, 1 - rank % 2, 5);
        inter.free();
        half.free();
        dup.free();
        IntBuffer buf = MPI.newIntBuffer(1);
        Prequest persistent = comm.sendInit(buf, 1, MPI.INT, MPI.PROC_NULL, 1);
        persistent.start();
        persistent.waitFor();
        Prequest.startAll(new Prequest[] {persistent});
        Request.waitAll(new Request[] {persistent});
        persistent.start();
        while (!persistent.test()) {
            Thread.onSpinWait();
        }
        persistent.free();
        Request r = comm.iSend(buf, 1, MPI.INT, MPI.PROC_NULL, 0);
        Request.waitAny(new Request[] {r});
        comm.barrier();
        if (cmp < 0) {
            System.out.println("unexpected");
        }
        MPI.Finalize();
    }
}
