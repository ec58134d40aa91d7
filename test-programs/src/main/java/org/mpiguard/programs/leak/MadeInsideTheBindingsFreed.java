package org.mpiguard.programs.leak;

import java.nio.ByteBuffer;
import mpi.Comm;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;

/**
 * The twin of {@link MadeInsideTheBindings}: the same handles, each freed before
 * Finalize, and the bindings' own Struct types (MPI.doubleInt) left to them. Silent.
 */
public final class MadeInsideTheBindingsFreed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        Particle particle = new Particle();
        Datatype type = particle.getType();
        ByteBuffer buffer = MPI.newByteBuffer(particle.getExtent());
        Particle.Data data = particle.getData(buffer);
        if (rank == 0) {
            data.set(7, 0.5);
            MPI.COMM_WORLD.send(buffer, 1, type, 1, 0);
        } else if (rank == 1) {
            MPI.COMM_WORLD.recv(buffer, 1, particle.getType(), 0, 0);
            System.out.println("particle " + data.position() + " " + data.weight());
        }
        System.out.println("pair extent " + MPI.doubleInt.getType().getExtent());
        Comm copy = MPI.COMM_WORLD.clone();
        Datatype pair = MPI.INT.clone();
        copy.barrier();
        pair.free();
        copy.free();
        type.free();
        MPI.Finalize();
    }
}
