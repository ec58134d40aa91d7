package org.mpiguard.core.index;

/**
 * One line of the owner list ({@link TrampolineEntry#OWNERS_RESOURCE}): a class calls can
 * name, how many of its methods and constructors have a trampoline. The agent reads the
 * list at start-up and a class's own resource only when a rewritten class first calls it.
 *
 * @param owner        internal name, e.g. {@code mpi/Comm} or {@code java/nio/DoubleBuffer}
 * @param methods      index lines of methods
 * @param constructors index lines of constructors
 */
public record OwnerCount(String owner, int methods, int constructors) {

    public String format() {
        return owner + " " + methods + " " + constructors;
    }

    /** The count of one line, or null for a line that is not one. */
    public static OwnerCount parse(String line) {
        String[] f = line.split(" ");
        if (f.length != 3) {
            return null;
        }
        try {
            return new OwnerCount(f[0], Integer.parseInt(f[1]), Integer.parseInt(f[2]));
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
