package org.mpiguard.programs.trace;

import java.nio.FloatBuffer;
import java.nio.IntBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Buggy (type-mismatch behind wildcard receives): rank 0 posts two {@code iRecv}s of ints
 * from {@code ANY_SOURCE} and completes them with the call named by the first argument
 * ({@code waitAll}, {@code waitAny}, {@code waitSome}, {@code test}, {@code testAll},
 * {@code testAny}, {@code testSome}), none of which gives the program a Status; rank 1
 * sends ints, rank 2 sends floats. Pairing the receives with the sends needs the source
 * each receive matched, which the trace must learn although the program never asked. With
 * second argument {@code twin} both send ints and rank 0 names the source of each receive.
 * Run with 3 ranks.
 */
public final class WildcardCompletion {

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        String how = args[0];
        boolean twin = args.length > 1 && args[1].equals("twin");
        int rank = MPI.COMM_WORLD.getRank();
        if (rank == 0) {
            IntBuffer a = MPI.newIntBuffer(1);
            IntBuffer b = MPI.newIntBuffer(1);
            Request[] both = {
                MPI.COMM_WORLD.iRecv(a, 1, MPI.INT, twin ? 1 : MPI.ANY_SOURCE, 5), // FIRST-RECV-SITE
                MPI.COMM_WORLD.iRecv(b, 1, MPI.INT, twin ? 2 : MPI.ANY_SOURCE, 5) // SECOND-RECV-SITE
            };
            complete(how, both);
            System.out.println("received " + a.get(0) + " and " + b.get(0));
        } else if (rank == 1) {
            MPI.COMM_WORLD.send(new int[] {1}, 1, MPI.INT, 0, 5); // SEND-SITE-1
        } else if (rank == 2) {
            if (twin) {
                MPI.COMM_WORLD.send(new int[] {2}, 1, MPI.INT, 0, 5);
            } else {
                MPI.COMM_WORLD.send(new float[] {2}, 1, MPI.FLOAT, 0, 5); // SEND-SITE-2
            }
        }
        MPI.Finalize();
    }

    private static void complete(String how, Request[] requests) throws MPIException {
        int done = 0;
        switch (how) {
            case "waitAll" -> Request.waitAll(requests);
            case "testAll" -> {
                while (!Request.testAll(requests)) {
                    Thread.onSpinWait();
                }
            }
            case "waitAny", "testAny" -> {
                while (done < requests.length) {
                    int i = how.equals("waitAny") ? Request.waitAny(requests) : Request.testAny(requests);
                    done += i == MPI.UNDEFINED ? 0 : 1;
                }
            }
            case "waitSome", "testSome" -> {
                while (done < requests.length) {
                    int[] some = how.equals("waitSome") ? Request.waitSome(requests) : Request.testSome(requests);
                    done += some == null ? 0 : some.length;
                }
            }
            case "test" -> {
                for (Request r : requests) {
                    while (!r.test()) {
                        Thread.onSpinWait();
                    }
                }
            }
            default -> throw new IllegalArgumentException(how);
        }
    }
}
