package org.mpiguard.predict.bench;

import static org.mpiguard.predict.model.TraceProgram.ANY;
import static org.mpiguard.predict.model.TraceProgram.WORLD;

import org.mpiguard.core.report.SiteRef;
import org.mpiguard.predict.model.RankTrace;
import org.mpiguard.predict.model.Request;
import org.mpiguard.predict.model.TraceProgram;
import org.mpiguard.predict.model.TraceProgramBuilder;

/**
 * The trace programs of the Java ports of the seed's benchmarks (test-programs, package
 * {@code org.mpiguard.programs.predict}), built call by call as the trace converter will
 * build them from a recorded run; sites are those programs' lines (a test keeps them true).
 */
public final class BenchmarkModels {

    static final String PACKAGE = "org.mpiguard.programs.predict.";

    private BenchmarkModels() {
    }

    static SiteRef at(String program, int line) {
        return new SiteRef(PACKAGE + program, "main", program + ".java", line);
    }

    /** Monte.java: ROUNDS = 25, the master hands out the next round before collecting. */
    public static TraceProgram monte(int procs) {
        int rounds = 25;
        TraceProgramBuilder b = TraceProgram.builder(procs);
        RankTrace master = b.rank(0);
        for (int w = 1; w < procs; w++) {
            master.send(WORLD, w, 1, at("Monte", 30));
        }
        for (int round = 1; round <= rounds; round++) {
            for (int w = 1; w < procs; w++) {
                master.send(WORLD, w, 1, at("Monte", 35));
            }
            for (int w = 1; w < procs; w++) {
                master.recv(WORLD, ANY, 2, at("Monte", 38));
            }
        }
        for (int w = 1; w < procs; w++) {
            RankTrace worker = b.rank(w);
            worker.recv(WORLD, 0, 1, at("Monte", 44));
            for (int round = 1; round <= rounds; round++) {
                worker.send(WORLD, 0, 2, at("Monte", 47));
                worker.recv(WORLD, 0, 1, at("Monte", 48));
            }
        }
        return b.build();
    }

    /** Integrate.java: tasks out, results in through ANY_SOURCE. */
    public static TraceProgram integrate(int procs) {
        TraceProgramBuilder b = TraceProgram.builder(procs);
        for (int w = 1; w < procs; w++) {
            b.rank(0).send(WORLD, w, 1, at("Integrate", 26));
        }
        for (int w = 1; w < procs; w++) {
            b.rank(0).recv(WORLD, ANY, 3, at("Integrate", 30));
        }
        for (int w = 1; w < procs; w++) {
            b.rank(w).recv(WORLD, 0, ANY, at("Integrate", 35));
            b.rank(w).send(WORLD, 0, 3, at("Integrate", 44));
        }
        return b.build();
    }

    /** Diffusion2D.java: 2 columns, 25 steps of send-all, receive-all, barrier. */
    public static TraceProgram diffusion2d(int procs) {
        int steps = 25;
        int columns = 2;
        int rows = procs / columns;
        TraceProgramBuilder b = TraceProgram.builder(procs);
        for (int rank = 0; rank < procs; rank++) {
            int row = rank / columns;
            int col = rank % columns;
            int[] neighbours = {row > 0 ? rank - columns : -1, row < rows - 1 ? rank + columns : -1,
                col > 0 ? rank - 1 : -1, col < columns - 1 ? rank + 1 : -1};
            RankTrace r = b.rank(rank);
            for (int step = 0; step < steps; step++) {
                for (int n : neighbours) {
                    if (n >= 0) {
                        r.send(WORLD, n, step, at("Diffusion2D", 34));
                    }
                }
                for (int n : neighbours) {
                    if (n >= 0) {
                        r.recv(WORLD, n, step, at("Diffusion2D", 39));
                    }
                }
                r.barrier(WORLD, at("Diffusion2D", 45));
            }
        }
        return b.build();
    }

    /** Floyd.java: 8 rows, each travelling the ring of ranks from its owner. */
    public static TraceProgram floyd(int procs) {
        int vertices = 8;
        TraceProgramBuilder b = TraceProgram.builder(procs);
        for (int rank = 0; rank < procs; rank++) {
            RankTrace r = b.rank(rank);
            int next = (rank + 1) % procs;
            for (int k = 0; k < vertices; k++) {
                int owner = k % procs;
                if (rank == owner) {
                    r.send(WORLD, next, 5, at("Floyd", 32));
                } else {
                    r.recv(WORLD, ANY, 5, at("Floyd", 34));
                    if (next != owner) {
                        r.send(WORLD, next, 5, at("Floyd", 36));
                    }
                }
            }
            r.barrier(WORLD, at("Floyd", 45));
        }
        return b.build();
    }

    /** GaussElim.java: rank k takes k rows by wildcard, then sends its own to every later rank. */
    public static TraceProgram gaussElim(int procs) {
        TraceProgramBuilder b = TraceProgram.builder(procs);
        for (int rank = 0; rank < procs; rank++) {
            RankTrace r = b.rank(rank);
            for (int i = 0; i < rank; i++) {
                r.recv(WORLD, ANY, ANY, at("GaussElim", 24));
            }
            for (int later = rank + 1; later < procs; later++) {
                r.send(WORLD, later, rank, at("GaussElim", 34));
            }
        }
        return b.build();
    }

    /** Heat.java: 4 steps of send right, wildcard "left" receive, send left, named right receive; an allReduce. */
    public static TraceProgram heat(int procs) {
        int steps = 4;
        TraceProgramBuilder b = TraceProgram.builder(procs);
        for (int rank = 0; rank < procs; rank++) {
            RankTrace r = b.rank(rank);
            for (int step = 0; step < steps; step++) {
                if (rank < procs - 1) {
                    r.send(WORLD, rank + 1, step, at("Heat", 28));
                }
                if (rank > 0) {
                    r.recv(WORLD, ANY, step, at("Heat", 31));
                    r.send(WORLD, rank - 1, step, at("Heat", 34));
                }
                if (rank < procs - 1) {
                    r.recv(WORLD, rank + 1, step, at("Heat", 37));
                }
            }
            r.collective(WORLD, "Comm.allReduce", at("Heat", 48));
        }
        return b.build();
    }

    /** IntSort.java: 10 iterations of allReduce, allToAll, allToAllv, then a nonblocking ring check. */
    public static TraceProgram intSort(int procs) {
        int iterations = 10;
        TraceProgramBuilder b = TraceProgram.builder(procs);
        for (int rank = 0; rank < procs; rank++) {
            RankTrace r = b.rank(rank);
            for (int it = 0; it < iterations; it++) {
                r.collective(WORLD, "Comm.allReduce", at("IntSort", 34));
                r.collective(WORLD, "Comm.allToAll", at("IntSort", 36));
                r.collective(WORLD, "Comm.allToAllv", at("IntSort", 48));
            }
            Request send = r.isend(WORLD, (rank + 1) % procs, 9, at("IntSort", 56));
            Request recv = r.irecv(WORLD, (rank + procs - 1) % procs, 9, at("IntSort", 57));
            r.waitAll(at("IntSort", 58), send, recv);
        }
        return b.build();
    }

    /** Dtg.java: EMPDD's Table 2. */
    public static TraceProgram dtg() {
        TraceProgramBuilder b = TraceProgram.builder(5);
        b.rank(0).recv(WORLD, ANY, 0, at("Dtg", 21));
        b.rank(0).send(WORLD, 3, 0, at("Dtg", 22));
        b.rank(0).recv(WORLD, ANY, 0, at("Dtg", 23));
        b.rank(1).send(WORLD, 0, 0, at("Dtg", 26));
        b.rank(1).send(WORLD, 3, 0, at("Dtg", 27));
        b.rank(2).recv(WORLD, ANY, 0, at("Dtg", 30));
        b.rank(2).send(WORLD, 0, 0, at("Dtg", 31));
        b.rank(3).recv(WORLD, 1, 0, at("Dtg", 34));
        b.rank(3).recv(WORLD, 0, 0, at("Dtg", 35));
        b.rank(4).send(WORLD, 2, 0, at("Dtg", 37));
        return b.build();
    }
}
