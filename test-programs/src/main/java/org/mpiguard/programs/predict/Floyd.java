package org.mpiguard.programs.predict;

import mpi.MPI;
import mpi.MPIException;

/**
 * All-pairs shortest paths (Floyd-Warshall) on 8 vertices; row k travels around the ring of
 * ranks from its owner, each rank receiving it from ANY_SOURCE (only its predecessor sends to
 * it) and passing it on (the seed's Floyd). Safe under every schedule and buffering.
 * Expected: no predicted deadlock.
 */
public final class Floyd {
    static final int V = 8;
    static final int ROW = 5;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int next = (rank + 1) % size;
        int[][] dist = new int[V][V];
        for (int i = 0; i < V; i++) {
            for (int j = 0; j < V; j++) {
                dist[i][j] = i == j ? 0 : 1 + (i * 7 + j * 3) % 11;
            }
        }
        int[] row = new int[V];
        for (int k = 0; k < V; k++) {
            int owner = k % size;
            if (rank == owner) {
                System.arraycopy(dist[k], 0, row, 0, V);
                MPI.COMM_WORLD.send(row, V, MPI.INT, next, ROW); // PREDICT:floyd-send-own
            } else {
                MPI.COMM_WORLD.recv(row, V, MPI.INT, MPI.ANY_SOURCE, ROW); // PREDICT:floyd-recv
                if (next != owner) {
                    MPI.COMM_WORLD.send(row, V, MPI.INT, next, ROW); // PREDICT:floyd-forward
                }
            }
            for (int i = 0; i < V; i++) {
                for (int j = 0; j < V; j++) {
                    dist[i][j] = Math.min(dist[i][j], dist[i][k] + row[j]);
                }
            }
        }
        MPI.COMM_WORLD.barrier(); // PREDICT:floyd-barrier
        if (rank == 0) {
            System.out.println("dist[0][" + (V - 1) + "] = " + dist[0][V - 1]);
        }
        MPI.Finalize();
    }
}
