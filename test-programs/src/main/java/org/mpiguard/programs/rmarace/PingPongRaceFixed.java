package org.mpiguard.programs.rmarace;

import mpi.MPIException;

/**
 * Correct twin of {@link PingPongRace}: the monitor writes slot 2 of rank 1's window,
 * which nobody else touches, so no two concurrent accesses share a byte. Run with 3 ranks.
 */
public final class PingPongRaceFixed {

    public static void main(String[] args) throws MPIException {
        System.exit(PingPongRace.run(PingPongRace.MONITOR_SLOT));
    }
}
