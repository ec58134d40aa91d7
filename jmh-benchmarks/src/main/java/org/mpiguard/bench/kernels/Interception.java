package org.mpiguard.bench.kernels;

/**
 * Whether the agent intercepted this JVM's MPI.Init. A run meant to measure the agent
 * that was never rewritten (agent missing, or these classes excluded) measures nothing
 * of the checker, so the kernels and the JMH suite check it instead of trusting it.
 */
public final class Interception {

    private Interception() {
    }

    /** True when the agent's runtime saw MPI.Init: it knows this rank only then. */
    public static boolean seen() {
        try {
            Object rank = Class.forName("org.mpiguard.adapter.MpiRuntime").getMethod("rankOrMinusOne").invoke(null);
            return ((Integer) rank) >= 0;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }
}
