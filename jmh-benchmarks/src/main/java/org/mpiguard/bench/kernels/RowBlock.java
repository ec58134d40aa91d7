package org.mpiguard.bench.kernels;

import java.util.Arrays;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * A grid of {@code rows x cols} values split by blocks of whole rows over the ranks,
 * stored with one ghost row above and below and one ghost column left and right. The
 * ghost rows are filled from the neighbouring ranks with blocking sendRecv pairs, and
 * with 0 at the physical boundary.
 */
final class RowBlock {

    final int rows;
    final int cols;
    final int stride;
    final int firstRow;
    final int up;
    final int down;
    private final Intracomm comm;

    RowBlock(Intracomm comm, int globalRows, int cols) throws MPIException {
        this.comm = comm;
        int rank = comm.getRank();
        int size = comm.getSize();
        this.firstRow = (int) ((long) globalRows * rank / size);
        this.rows = (int) ((long) globalRows * (rank + 1) / size) - firstRow;
        this.cols = cols;
        this.stride = cols + 2;
        this.up = rank > 0 ? rank - 1 : MPI.PROC_NULL;
        this.down = rank < size - 1 ? rank + 1 : MPI.PROC_NULL;
    }

    double[] newField() {
        return new double[(rows + 2) * stride];
    }

    int at(int row, int col) {
        return (row + 1) * stride + col + 1;
    }

    /** Fills both ghost rows of {@code field} from the neighbours; 0 at the physical boundary. */
    void exchange(double[] field, double[] sendRow, double[] recvRow) throws MPIException {
        exchangeOne(field, rows - 1, -1, down, up, sendRow, recvRow);
        exchangeOne(field, 0, rows, up, down, sendRow, recvRow);
    }

    private void exchangeOne(double[] field, int ownRow, int ghostRow, int to, int from,
                             double[] sendRow, double[] recvRow) throws MPIException {
        System.arraycopy(field, at(ownRow, 0), sendRow, 0, cols);
        comm.sendRecv(sendRow, cols, MPI.DOUBLE, to, 11, recvRow, cols, MPI.DOUBLE, from, 11);
        if (from == MPI.PROC_NULL) {
            // The bindings copy their staging buffer back into an array receive even from
            // PROC_NULL, so recvRow may hold a stale row: write the boundary value ourselves.
            Arrays.fill(field, at(ghostRow, 0), at(ghostRow, 0) + cols, 0.0);
        } else {
            System.arraycopy(recvRow, 0, field, at(ghostRow, 0), cols);
        }
    }
}
