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

    /**
     * Whether the bytes name one of the seven typed buffers of java.nio (whose element accessors a
     * counted loop may call): only then is a class read once more for its loops. Many classes name
     * java.nio for its files or charsets alone.
     */
    static boolean mentionsTypedBuffer(byte[] classBytes) {
        for (int i = indexOf(classBytes, NIO, 0); i >= 0; i = indexOf(classBytes, NIO, i + 1)) {
            if (typedBufferAt(classBytes, i + NIO.length)) {
                return true;
            }
        }
        return false;
    }

    private static final byte[][] TYPED_BUFFERS = {bytes("ByteBuffer"), bytes("CharBuffer"), bytes("ShortBuffer"),
        bytes("IntBuffer"), bytes("LongBuffer"), bytes("FloatBuffer"), bytes("DoubleBuffer")};

    private static boolean typedBufferAt(byte[] classBytes, int at) {
        for (byte[] name : TYPED_BUFFERS) {
            if (at <= classBytes.length - name.length && startsAt(classBytes, at, name)) {
                return true;
            }
        }
        return false;
    }

    private static byte[] bytes(String ascii) {
        return ascii.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    private static final byte[] MPI = {'m', 'p', 'i', '/'};
    private static final byte[] NIO = {'j', 'a', 'v', 'a', '/', 'n', 'i', 'o', '/'};

    private static boolean mentions(byte[] classBytes, byte[] name) {
        return indexOf(classBytes, name, 0) >= 0;
    }

    /**
     * Where {@code name} first occurs in the bytes at or after {@code from}, or -1. The first
     * byte is compared here: the scan runs interpreted over every class the filter lets through
     * at start-up, and a call per position would cost it more than the compare.
     */
    private static int indexOf(byte[] classBytes, byte[] name, int from) {
        int end = classBytes.length - name.length;
        byte first = name[0];
        for (int i = from; i <= end; i++) {
            if (classBytes[i] == first && startsAt(classBytes, i, name)) {
                return i;
            }
        }
        return -1;
    }

    /** Whether {@code name} stands in the bytes at {@code at} (which leave room for it). */
    private static boolean startsAt(byte[] classBytes, int at, byte[] name) {
        for (int j = 0; j < name.length; j++) {
            if (classBytes[at + j] != name[j]) {
                return false;
            }
        }
        return true;
    }
}
