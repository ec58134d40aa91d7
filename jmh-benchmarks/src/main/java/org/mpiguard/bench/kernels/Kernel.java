package org.mpiguard.bench.kernels;

import mpi.Intracomm;
import mpi.MPIException;

/**
 * One macro kernel of the overhead suite. A kernel computes something real on every
 * rank of {@code world}, checks its own answer, and returns a checksum that two runs of
 * the same kernel at the same rank count must print identically, with or without the
 * agent: the harness compares them.
 */
interface Kernel {

    /** The name the harness and {@link KernelMain} use, lower case. */
    String name();

    /** What the kernel exercises, one line for the table's legend. */
    String summary();

    Outcome run(Intracomm world, Scale scale) throws MPIException;

    /**
     * @param checksum rank 0's is printed; identical in every run of the same problem
     * @param verified whether this rank's check of the answer passed (ranks that
     *                 leave the check to rank 0 say true)
     * @param detail   what was checked, or why it failed
     */
    record Outcome(String checksum, boolean verified, String detail) {
    }
}
