package org.mpiguard.agent;

/**
 * A cheap look at raw class bytes: a class that never names a type of package mpi has
 * no call to rewrite, and most classes of a program are such. Searching the bytes for
 * "mpi/" finds every such constant-pool name ("mpi/Comm", "Lmpi/Status;"); a false
 * positive only costs a full parse.
 */
final class MpiReferenceFilter {

    private MpiReferenceFilter() {
    }

    static boolean mentionsMpi(byte[] classBytes) {
        int end = classBytes.length - 3;
        for (int i = 0; i < end; i++) {
            if (classBytes[i] == 'm' && classBytes[i + 1] == 'p' && classBytes[i + 2] == 'i'
                    && classBytes[i + 3] == '/') {
                return true;
            }
        }
        return false;
    }
}
