package org.mpiguard.core.trace;

import java.util.Arrays;

/**
 * A datatype's type signature as runs of base types: {@code codes[i]} repeated
 * {@code reps[i]} times. Codes are the bindings' base-type codes ({@code MPI.BYTE} 1 to
 * {@code MPI.DOUBLE_COMPLEX} 16). The predefined types have their code as signature id;
 * derived ones are numbered from {@link #FIRST_DERIVED} in each trace.
 */
public record Signature(int id, long size, long extent, int[] codes, long[] reps) {

    public static final int BYTE = 1;
    public static final int PACKED = 9;
    public static final int FIRST_DERIVED = 32;
    /** The id recorded where no datatype applies. */
    public static final int NONE = 0;

    private static final String[] NAMES = {"MPI.DATATYPE_NULL", "MPI.BYTE", "MPI.CHAR", "MPI.SHORT", "MPI.BOOLEAN",
        "MPI.INT", "MPI.LONG", "MPI.FLOAT", "MPI.DOUBLE", "MPI.PACKED", "MPI.INT2", "MPI.SHORT_INT", "MPI.LONG_INT",
        "MPI.FLOAT_INT", "MPI.DOUBLE_INT", "MPI.FLOAT_COMPLEX", "MPI.DOUBLE_COMPLEX"};
    private static final int[] SIZES = {0, 1, 2, 2, 1, 4, 8, 4, 8, 1, 8, 6, 12, 8, 12, 8, 16};
    private static final Signature[] BASIC = new Signature[NAMES.length];

    static {
        for (int code = 1; code < NAMES.length; code++) {
            BASIC[code] = new Signature(code, SIZES[code], SIZES[code], new int[] {code}, new long[] {1});
        }
    }

    public Signature {
        if (codes.length != reps.length) {
            throw new IllegalArgumentException("codes and reps differ in length");
        }
    }

    public static boolean isBasic(int id) {
        return id > 0 && id < NAMES.length;
    }

    /** The signature of a predefined type. */
    public static Signature basic(int code) {
        return BASIC[code];
    }

    public static String codeName(int code) {
        return code >= 0 && code < NAMES.length ? NAMES[code] : "base type " + code;
    }

    /** The number of base elements one item of this type holds. */
    public long elements() {
        long n = 0;
        for (long r : reps) {
            n += r;
        }
        return n;
    }

    /** Whether {@code other} has the same runs of base types (its id may differ: derived ids are per trace). */
    public boolean sameRunsAs(Signature other) {
        return other == this || Arrays.equals(codes, other.codes) && Arrays.equals(reps, other.reps);
    }

    public boolean allOf(int code) {
        for (int c : codes) {
            if (c != code) {
                return false;
            }
        }
        return codes.length > 0;
    }

    /** {@code count 4 of MPI.INT}, or the runs of a derived type. */
    public String describe(long count) {
        if (isBasic(id)) {
            return count + " of " + codeName(id);
        }
        StringBuilder out = new StringBuilder().append(count).append(" of a derived type [");
        for (int i = 0; i < codes.length && i < 6; i++) {
            out.append(i == 0 ? "" : ", ").append(reps[i]).append(" x ").append(codeName(codes[i]));
        }
        return out.append(codes.length > 6 ? ", ...]" : "]").toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Signature s && s.id == id && s.size == size && s.extent == extent
                && Arrays.equals(s.codes, codes) && Arrays.equals(s.reps, reps);
    }

    @Override
    public int hashCode() {
        return (id * 31 + Arrays.hashCode(codes)) * 31 + Arrays.hashCode(reps);
    }

    @Override
    public String toString() {
        return "Signature[" + id + ": " + describe(1) + "]";
    }
}
