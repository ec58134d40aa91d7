package org.mpiguard.advice.args;

import java.nio.Buffer;
import org.mpiguard.core.MpiFailure;
import org.mpiguard.adapter.args.Datatypes;
import org.mpiguard.adapter.args.Violations;
import org.mpiguard.core.args.ArgMessages;
import org.mpiguard.core.args.BaseType;
import org.mpiguard.core.args.BlockOverlap;
import org.mpiguard.core.args.VectorScratch;
import org.mpiguard.core.report.FindingKind;

/**
 * What the blocks of a v-collective must be beyond fitting in their buffer (that is
 * {@link Checks#vectors}, called first, so counts and displacements are here long
 * enough and not negative): receive blocks that never share memory, and heap arrays whose
 * blocks fit in the native copy the binding makes of them ({@link VectorScratch}).
 */
final class VectorBlocks {

    /** The binding's eager size on this rank, as the MCA environment gives it to Open MPI. */
    private static final int EAGER = VectorScratch.eager(System.getenv("OMPI_MCA_mpi_java_eager"));

    private VectorBlocks() {
    }

    /**
     * Receive blocks: no location written twice. Judged for datatypes without holes (size
     * equal to extent and true extent), where a block is one range of items; a type with
     * holes can interleave blocks legitimately (a resized column type), so it is left alone.
     */
    static void received(int site, String countsName, int[] counts, String displsName, int[] displs, int size,
                         String bufName, Object type) throws MpiFailure {
        if (size < 2 || counts.length < size || displs.length < size || !Datatypes.dense(type)) {
            return;
        }
        long pair = BlockOverlap.firstOverlap(counts, displs, size);
        if (pair != BlockOverlap.NONE) {
            overlapping(site, countsName, counts, displsName, displs, bufName, Datatypes.name(type),
                    BlockOverlap.first(pair), BlockOverlap.second(pair), "items of " + Datatypes.name(type));
        }
    }

    /** allToAllw's receive blocks: byte displacements, each block of its own datatype. */
    static void receivedW(int site, int[] counts, int[] displs, Object[] types, int size) throws MpiFailure {
        if (size < 2 || types == null || types.length < size || counts.length < size || displs.length < size) {
            return;
        }
        long[] bytes = new long[size];
        for (int i = 0; i < size; i++) {
            if (counts[i] > 0) {
                if (types[i] == null || Datatypes.isNull(types[i]) || !Datatypes.dense(types[i])) {
                    return;
                }
                bytes[i] = Datatypes.extentBytes(types[i]);
            }
        }
        long pair = BlockOverlap.firstOverlap(counts, displs, size, bytes);
        if (pair != BlockOverlap.NONE) {
            int i = BlockOverlap.first(pair);
            int j = BlockOverlap.second(pair);
            overlapWarning(site, "rDispls", displs, "makes block " + i + " "
                    + range(displs[i], counts[i] * bytes[i]) + " and block " + j + " "
                    + range(displs[j], counts[j] * bytes[j]) + " of recvBuf overlap (in bytes, as allToAllw's"
                    + " displacements are): MPI would write those bytes twice, and which block's data stays is"
                    + " undefined (the standard makes such a call erroneous)",
                    "receive blocks that share no byte: rDispls[r] + recvCount[r] * extent(recvTypes[r]) <= the"
                    + " next block's rDispls");
        }
    }

    private static void overlapping(int site, String countsName, int[] counts, String displsName, int[] displs,
                                    String bufName, String typeName, int i, int j, String unit)
            throws MpiFailure {
        overlapWarning(site, displsName, displs, "makes rank " + i + "'s block "
                + range(displs[i], counts[i]) + " and rank " + j + "'s block " + range(displs[j], counts[j])
                + " of " + bufName + " overlap (" + countsName + "[" + i + "] = " + counts[i] + ", "
                + countsName + "[" + j + "] = " + counts[j] + ", in " + unit + "): MPI would write those"
                + " elements twice, and which rank's data stays is undefined (the standard makes such a call"
                + " erroneous)", "receive blocks that do not overlap: " + displsName + "[r] + " + countsName
                + "[r] <= the next block's displacement (gaps between blocks are fine)");
    }

    /**
     * Overlapping receive blocks are a warning, said once per site: MPI writes the shared
     * locations twice and which data stays is undefined (the standard makes the call
     * erroneous), but nothing is written outside the buffer, as when two pending receives
     * write one memory (docs/argument-checks.md). Programs written after a textbook's
     * expected output rely on the last block winning; the call is made as without the checker.
     */
    private static void overlapWarning(int site, String displsName, int[] displs, String problem, String valid) {
        if (Violations.firstWarning(FindingKind.INVALID_ARGUMENT, site, "vcoll.recv-overlap")) {
            Violations.warn(FindingKind.INVALID_ARGUMENT, site, ArgMessages.argument("vcoll.recv-overlap",
                    Violations.op(site), displsName, displs, problem, valid));
        }
    }

    private static String range(long start, long length) {
        return "[" + start + ", " + (start + length) + ")";
    }

    /**
     * A heap array (or heap NIO buffer) in a blocking v-collective: every block must fit in
     * the native copy Open MPI 4.1.4's binding makes of it, or MPI and the binding write
     * past that copy and corrupt the native heap (glibc aborts, or the job hangs, later).
     * Direct buffers are passed by address and never copied.
     */
    static void copied(int site, String countsName, int[] counts, String displsName, int[] displs, int size,
                       String bufName, Object buf, Object type) throws MpiFailure {
        if (buf == null || (buf instanceof Buffer b && b.isDirect()) || counts.length < size
                || displs.length < size) {
            return;
        }
        BaseType base = Datatypes.baseType(type);
        if (base == null || base == BaseType.NULL) {
            return;
        }
        int unit = base.bytes();
        long extent = Datatypes.extentBytes(type);
        if (extent <= 0 || extent > Integer.MAX_VALUE) {
            return;
        }
        int r = VectorScratch.firstOverrun(counts, displs, size, (int) extent, Datatypes.trueLb(type) * unit,
                Datatypes.trueExtent(type) * unit, EAGER);
        if (r < 0) {
            return;
        }
        long allocated = VectorScratch.allocated(counts, displs, size, (int) extent, EAGER);
        long end = VectorScratch.end(counts[r], displs[r], (int) extent, Datatypes.trueLb(type) * unit,
                Datatypes.trueExtent(type) * unit);
        throw Violations.bindingHazard(site, ArgMessages.argument("hazard.vcoll-heap-copy", Violations.op(site),
                bufName, buf, "is a heap array, which Open MPI 4.1.4's Java binding copies into a native buffer it"
                + " sizes wrongly (" + displsName + "[m] * " + countsName + "[m] items of the largest displacement,"
                + " in 32-bit arithmetic, or its " + EAGER + "-byte eager buffer): it holds " + allocated
                + " bytes, and rank " + r + "'s block (" + displsName + "[" + r + "] = " + displs[r] + ", "
                + countsName + "[" + r + "] = " + counts[r] + ") reaches byte " + end + ", so the call would"
                + " corrupt the native heap (glibc's malloc aborts the job, or it hangs, at some later call)",
                "a direct buffer (MPI.new" + Checks.bufferKind(type) + "(n)), which the binding passes by address"));
    }
}
