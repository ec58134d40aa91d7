package org.mpiguard.core;

/**
 * The exception a binding call is to end with (the bindings' {@code MPIException}), on its
 * way out through a check family, which does not name the bindings' types. The family
 * declares this checked carrier, so the compiler still proves that a family raises only
 * from calls whose binding method declares the exception; the generated trampoline
 * unwraps it ({@link #rethrown}) and the program receives the binding's exception itself.
 */
public final class MpiFailure extends Exception {

    private static final long serialVersionUID = 1L;

    /** {@code carried} is the exception the program receives. */
    public MpiFailure(Exception carried) {
        super(null, carried, false, false); // only the carried exception's trace is ever shown
    }

    /** The exception the program receives. */
    public Exception carried() {
        return (Exception) getCause();
    }

    /**
     * The carrier's last word in a trampoline whose binding method declares {@code T}
     * (MPIException) and whose rules may raise: the exception it carries leaves, without the
     * checker's frames, so the program prints the trace it prints without the agent. The
     * trampoline catches only this carrier here and rethrows everything else precisely, so
     * javac still proves that nothing undeclared reaches the program. Never returns
     * normally: the return type lets the trampoline write
     * {@code throw MpiFailure.<mpi.MPIException>rethrown(failure)}.
     */
    @SuppressWarnings("unchecked")
    public static <T extends Throwable> RuntimeException rethrown(Throwable thrown) throws T {
        Throwable out = thrown instanceof MpiFailure failure ? failure.carried() : thrown;
        CheckerFrames.hide(out);
        throw (T) out; // T erases to Throwable: the JVM rethrows whatever out is, an Error too
    }
}
