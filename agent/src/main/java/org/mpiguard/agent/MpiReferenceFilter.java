package org.mpiguard.agent;

/**
 * A cheap look at raw class bytes: a class that never names a type of package mpi has
 * no call to rewrite, and most classes of a program are such. Searching the bytes for
 * "mpi/" finds every such constant-pool name ("mpi/Comm", "Lmpi/Status;"); a false
 * positive only costs a full parse. With the buffer watch on, "java/nio/" counts too.
 */
final class MpiReferenceFilter {

    private MpiReferenceFilter() {
    }

    static boolean mentionsMpi(byte[] classBytes) {
        return mentions(classBytes, MPI);
    }

    /** Whether the bytes name a type of java.nio (the buffer watch rewrites its accessors). */
    static boolean mentionsNio(byte[] classBytes) {
        return mentions(classBytes, NIO);
    }

    private static final byte[] MPI = {'m', 'p', 'i', '/'};
    private static final byte[] NIO = {'j', 'a', 'v', 'a', '/', 'n', 'i', 'o', '/'};

    private static boolean mentions(byte[] classBytes, byte[] name) {
        int end = classBytes.length - name.length;
        outer:
        for (int i = 0; i <= end; i++) {
            for (int j = 0; j < name.length; j++) {
                if (classBytes[i + j] != name[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
