package org.mpiguard.programs.args;

import static org.mpiguard.programs.args.Refused.expect;

import java.nio.IntBuffer;
import mpi.Comm;
import mpi.Datatype;
import mpi.Group;
import mpi.Info;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Prequest;
import mpi.Request;

/**
 * Handles used after free, predefined handles freed, bad arguments to constructors of
 * datatypes, groups and communicators, and request misuse, on two ranks, made by rank 0
 * under on-error=continue. Without the checker Open MPI aborts the job with no Java
 * location, or the binding throws a NullPointerException from inside mpi.*.
 */
public class HandleArgs {

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm comm = MPI.COMM_WORLD;
        int rank = comm.getRank();
        Intracomm half = comm.split(rank, 0);
        Intercomm inter = comm.createIntercomm(half, 0, 1 - rank, 97);
        Intracomm freedComm = comm.dup();
        freedComm.free();
        Datatype gone = Datatype.createContiguous(2, MPI.INT);
        gone.commit();
        gone.free();
        Group world = comm.getGroup();
        Group freedGroup = world.incl(new int[] {0});
        freedGroup.free();
        Info freedInfo = new Info();
        freedInfo.free();
        if (rank == 0) {
            expect(() -> Datatype.createContiguous(-2, MPI.INT)); // CHECK: type.create-count Datatype.createContiguous count
            expect(() -> Datatype.createVector(-1, 1, 2, MPI.INT)); // CHECK: type.create-count Datatype.createVector count
            expect(() -> Datatype.createContiguous(2, gone)); // CHECK: type.freed Datatype.createContiguous oldType
            expect(() -> Datatype.createVector(2, 1, 2, null)); // CHECK: type.null Datatype.createVector oldType
            expect(() -> Datatype.createIndexed(new int[] {1, 1}, new int[] {0}, MPI.INT)); // CHECK: type.create-arrays Datatype.createIndexed displacements
            expect(() -> Datatype.createIndexed(new int[] {1, -1}, new int[] {0, 2}, MPI.INT)); // CHECK: type.create-count Datatype.createIndexed blockLengths[1]
            expect(() -> Datatype.createStruct(new int[] {1}, new int[] {0, 4}, new Datatype[] {MPI.INT})); // CHECK: type.create-arrays Datatype.createStruct displacements
            expect(() -> gone.commit()); // CHECK: type.freed Datatype.commit type
            expect(() -> gone.free()); // CHECK: type.freed Datatype.free type
            expect(() -> MPI.INT.free()); // CHECK: handle.free-predefined Datatype.free type
            expect(() -> comm.free()); // CHECK: handle.free-predefined Comm.free comm
            expect(() -> MPI.SUM.free()); // CHECK: handle.free-predefined Op.free op
            expect(() -> freedComm.free()); // CHECK: handle.comm-freed Comm.free comm
            expect(() -> freedComm.getSize()); // CHECK: handle.comm-freed Comm.getSize comm
            expect(() -> freedComm.getRank()); // CHECK: handle.comm-freed Comm.getRank comm
            expect(() -> freedComm.dup()); // CHECK: handle.comm-freed Intracomm.dup comm
            expect(() -> freedComm.getGroup()); // CHECK: handle.comm-freed Comm.getGroup comm
            expect(() -> freedGroup.getSize()); // CHECK: handle.group-freed Group.getSize group
            expect(() -> freedGroup.getRank()); // CHECK: handle.group-freed Group.getRank group
            expect(() -> freedGroup.incl(new int[] {0})); // CHECK: handle.group-freed Group.incl group
            expect(() -> freedGroup.free()); // CHECK: handle.group-freed Group.free group
            expect(() -> Group.union(freedGroup, world)); // CHECK: handle.group-freed Group.union group1
            expect(() -> Group.compare(world, freedGroup)); // CHECK: handle.group-freed Group.compare group2
            expect(() -> comm.create(freedGroup)); // CHECK: handle.group-freed Intracomm.create group
            expect(() -> world.incl(new int[] {0, 5})); // CHECK: group.rank-range Group.incl ranks[1]
            expect(() -> world.incl(new int[] {1, 1})); // CHECK: group.rank-duplicate Group.incl ranks[1]
            expect(() -> world.excl(new int[] {-1})); // CHECK: group.rank-range Group.excl ranks[0]
            expect(() -> freedInfo.set("key", "value")); // CHECK: handle.info-freed Info.set info
            expect(() -> freedInfo.get("key")); // CHECK: handle.info-freed Info.get info
            expect(() -> freedInfo.free()); // CHECK: handle.info-freed Info.free info
            expect(() -> comm.setInfo(freedInfo)); // CHECK: handle.info-freed Comm.setInfo info
            expect(() -> comm.dupWithInfo(freedInfo)); // CHECK: handle.info-freed Intracomm.dupWithInfo info
            Info info = new Info();
            expect(() -> info.set("k".repeat(300), "v")); // CHECK: info.key Info.set key
            expect(() -> info.set("key", null)); // CHECK: info.value Info.set value
            expect(() -> info.delete("")); // CHECK: info.key Info.delete key
            info.free();
            expect(() -> comm.split(-3, 0)); // CHECK: comm.split-color Intracomm.split colour
            expect(() -> comm.createIntercomm(inter, 0, 1, 5)); // CHECK: comm.intra-required Comm.createIntercomm localComm
            expect(() -> comm.createIntercomm(half, 4, 1, 5)); // CHECK: comm.leader-range Comm.createIntercomm localLeader
            expect(() -> comm.createIntercomm(half, 0, 1, -5)); // CHECK: p2p.tag-negative Comm.createIntercomm tag
            IntBuffer buf = MPI.newIntBuffer(1);
            Prequest freedRequest = comm.sendInit(buf, 1, MPI.INT, MPI.PROC_NULL, 0);
            freedRequest.free();
            expect(() -> freedRequest.waitFor()); // CHECK: request.freed Request.waitFor request
            expect(() -> freedRequest.test()); // CHECK: request.freed Request.test request
            expect(() -> freedRequest.cancel()); // CHECK: request.freed Request.cancel request
            expect(() -> freedRequest.getStatus()); // CHECK: request.freed Request.getStatus request
            expect(() -> freedRequest.start()); // CHECK: request.freed Prequest.start request
            Request done = comm.iSend(buf, 1, MPI.INT, MPI.PROC_NULL, 0);
            expect(() -> Request.waitAll(new Request[] {done, freedRequest})); // CHECK: request.freed Request.waitAll requests[1]
            expect(() -> Request.waitAll(new Request[] {null, done})); // CHECK: request.null Request.waitAll requests[0]
            expect(() -> Request.waitAny(new Request[] {done, null})); // CHECK: request.null Request.waitAny requests[1]
            expect(() -> Request.testAll(null)); // CHECK: request.null Request.testAll requests
            done.waitFor();
            Prequest persistent = comm.sendInit(buf, 1, MPI.INT, MPI.PROC_NULL, 1);
            persistent.start();
            expect(() -> persistent.start()); // CHECK: request.start-active Prequest.start request
            expect(() -> Prequest.startAll(new Prequest[] {persistent})); // CHECK: request.start-active Prequest.startAll requests[0]
            persistent.waitFor();
            persistent.start();
            persistent.waitFor();
            persistent.free();
            System.out.println("refused " + Refused.count());
        }
        world.free();
        inter.free();
        half.free();
        comm.barrier();
        MPI.Finalize();
    }
}
