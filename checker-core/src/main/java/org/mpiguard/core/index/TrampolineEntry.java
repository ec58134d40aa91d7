package org.mpiguard.core.index;

/**
 * One line of the trampoline index: a call into the bindings (owner, name, descriptor,
 * exactly as a call instruction names them) and the static trampoline it is rewritten
 * to. The build tool writes the index, the agent's rewriter and the coverage test read
 * it; this record is the only definition of its format: eight fields separated by one
 * space.
 *
 * @param owner      internal name of the class a call site names, e.g. {@code mpi/Intracomm}
 * @param name       the method's name, {@code <init>} for a constructor
 * @param descriptor the method's descriptor
 * @param kind       {@link #STATIC}, {@link #VIRTUAL}, {@link #CONSTRUCTOR} or {@link #CHECKED_CONSTRUCTOR}
 * @param trampolineClass internal name of the generated class
 * @param trampolineName  the trampoline's name ({@link #CONSTRUCTED} for constructors)
 * @param trampolineDescriptor its descriptor: receiver, arguments and the site id
 * @param op         the MPI operation findings name, e.g. {@code Comm.recv}
 */
public record TrampolineEntry(String owner, String name, String descriptor, char kind, String trampolineClass,
                              String trampolineName, String trampolineDescriptor, String op) {

    /** Where the whole index of the bindings' trampolines lives on the agent's class path. */
    public static final String RESOURCE = "META-INF/mpiguard/trampolines.idx";
    /**
     * The index split by owner, for the agent's start-up: one resource per class a call
     * can name ({@link #ownerResource}), the buffer watch's {@code java/nio} accessors
     * included, and a list of the owners ({@link OwnerCount}, one per line).
     */
    public static final String OWNERS_RESOURCE = "META-INF/mpiguard/trampolines/owners";
    public static final char STATIC = 'S';
    public static final char VIRTUAL = 'V';
    /** A constructor with an after-trampoline only. */
    public static final char CONSTRUCTOR = 'C';
    /** A constructor with a before-trampoline too. */
    public static final char CHECKED_CONSTRUCTOR = 'B';
    /** Trampoline run after a constructor of the bindings returned, with the new object. */
    public static final String CONSTRUCTED = "new$";
    /** Trampoline run before a constructor of the bindings, with its arguments. */
    public static final String CONSTRUCTING = "new$before";

    public boolean isConstructor() {
        return kind == CONSTRUCTOR || kind == CHECKED_CONSTRUCTOR;
    }

    /** The resource holding the lines of {@code owner}, an internal class name such as {@code mpi/Comm}. */
    public static String ownerResource(String owner) {
        return "META-INF/mpiguard/trampolines/" + owner + ".idx";
    }

    /** The key a call instruction looks the entry up by. */
    public String callKey() {
        return key(owner, name, descriptor);
    }

    public static String key(String owner, String name, String descriptor) {
        return owner + '.' + name + descriptor;
    }

    public String format() {
        return String.join(" ", owner, name, descriptor, String.valueOf(kind), trampolineClass, trampolineName,
                trampolineDescriptor, op);
    }

    /** The entry of one index line, or null for a line that is not one (blank, or of another version). */
    public static TrampolineEntry parse(String line) {
        String[] f = line.split(" ");
        if (f.length != 8 || f[3].length() != 1) {
            return null;
        }
        return new TrampolineEntry(f[0], f[1], f[2], f[3].charAt(0), f[4], f[5], f[6], f[7]);
    }
}
