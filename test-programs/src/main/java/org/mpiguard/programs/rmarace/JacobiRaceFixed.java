package org.mpiguard.programs.rmarace;

import mpi.MPIException;

/**
 * Correct twin of {@link JacobiRace}: the probe gets the right neighbour's last interior
 * cell, which no put of the exchange epoch writes (the neighbour updates it only between
 * the closing fence and the next one). Run with 3 ranks.
 */
public final class JacobiRaceFixed {

    public static void main(String[] args) throws MPIException {
        System.exit(JacobiRace.run(JacobiRace.N));
    }
}
