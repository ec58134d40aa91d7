package org.mpiguard.programs.leak;

import java.nio.ByteBuffer;
import mpi.Comm;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;

/**
 * Handles the bindings make in their own code, never freed: the datatype of a program's
 * Struct (made and committed inside mpi.Struct on first use), a communicator and a
 * datatype from clone() (which calls dup() inside the bindings). Each is a leak at
 * Finalize, reported at the line that first handed it to the program.
 * {@link MadeInsideTheBindingsFreed} frees them.
 */
public final class MadeInsideTheBindings {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        Particle particle = new Particle();
        Datatype type = particle.getType(); // LEAK-STRUCT
        ByteBuffer buffer = MPI.newByteBuffer(particle.getExtent());
        Particle.Data data = particle.getData(buffer);
        if (rank == 0) {
            data.set(7, 0.5);
            MPI.COMM_WORLD.send(buffer, 1, type, 1, 0);
        } else if (rank == 1) {
            MPI.COMM_WORLD.recv(buffer, 1, particle.getType(), 0, 0);
            System.out.println("particle " + data.position() + " " + data.weight());
        }
        Comm copy = MPI.COMM_WORLD.clone(); // LEAK-CLONE-COMM
        Datatype pair = MPI.INT.clone(); // LEAK-CLONE-TYPE
        copy.barrier();
        MPI.Finalize();
    }
}
