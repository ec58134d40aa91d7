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

    private static final String[] TYPED_BUFFERS = {"ByteBuffer", "CharBuffer", "ShortBuffer", "IntBuffer", "LongBuffer",
        "FloatBuffer", "DoubleBuffer"};

    private static boolean typedBufferAt(byte[] bytes, int at) {
        for (String name : TYPED_BUFFERS) {
            if (at + name.length() <= bytes.length && matches(bytes, at, name)) {
                return true;
            }
        }
        return false;
    }

    private static boolean matches(byte[] bytes, int at, String name) {
        for (int k = 0; k < name.length(); k++) {
            if (bytes[at + k] != name.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    private static final byte[] MPI = {'m', 'p', 'i', '/'};
    private static final byte[] NIO = {'j', 'a', 'v', 'a', '/', 'n', 'i', 'o', '/'};

    private static boolean mentions(byte[] classBytes, byte[] name) {
        return indexOf(classBytes, name, 0) >= 0;
    }

    /** Where {@code name} first occurs in the bytes at or after {@code from}, or -1. */
    private static int indexOf(byte[] classBytes, byte[] name, int from) {
        int end = classBytes.length - name.length;
        outer:
        for (int i = from; i <= end; i++) {
            for (int j = 0; j < name.length; j++) {
                if (classBytes[i + j] != name[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
