package org.mpiguard.core.deadlock;

/**
 * A receive from {@code MPI.ANY_SOURCE} that took a message of the rank a blocked receive of
 * the same rank now waits for ({@link WildcardTakes}), as it travels to the coordinator.
 *
 * @param from the world rank whose message it took
 * @param tag  the message's tag
 */
public record WildcardTake(String op, String className, String method, String file, int line, int from, int tag) {

    /** {@code Master.java:31}, or class and method where the line is unknown. */
    public String location() {
        if (file != null && !file.isEmpty() && line > 0) {
            return file + ":" + line;
        }
        return className + "." + method;
    }
}
