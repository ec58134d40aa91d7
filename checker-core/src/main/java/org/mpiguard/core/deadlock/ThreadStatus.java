package org.mpiguard.core.deadlock;

import org.mpiguard.core.activity.WaitKind;

/**
 * One application thread's blocking state, with its peers already translated to
 * world ranks, as it travels from a rank's watchdog to the coordinator.
 *
 * @param waitsFor  world ranks that could release this thread (as runs: a collective's are every other member)
 * @param anyOf     true if any one of them suffices (OR), false if all are needed (AND)
 * @param commKey   identifies the communicator across ranks (its world-rank members); two
 *                  threads blocked in collectives with the same key may be in the same one
 * @param detail    human words for the peers, e.g. "from rank 1, tag 7"
 * @param polling   the thread is not blocked but keeps polling (test, iProbe) for what the
 *                  other fields describe; it counts as running, except for livelocks
 * @param envelopes for a point-to-point call, what it sends and receives, so the graph can
 *                  match it with its peers' calls; {@link Envelopes#ABSENT} otherwise
 * @param cpuNanos  the CPU time the thread has used so far, -1 if unknown: a thread blocked in
 *                  MPI polls the network only while it runs, so two snapshots prove nothing
 *                  about a thread the machine did not run in between
 * @param stack     the thread's top frames ("Class.method(File.java:line)"), taken only in the
 *                  rounds that may end in a finding; empty otherwise
 * @param earlier   for a receive from one rank, the receive from any source that took a message
 *                  of that rank before (a hint for the finding), or null
 */
public record ThreadStatus(String thread, WaitKind kind, String op, String className, String method,
                           String file, int line, RankRuns waitsFor, boolean anyOf, String commKey,
                           String detail, boolean polling, Envelopes envelopes, long cpuNanos,
                           java.util.List<String> stack, WildcardTake earlier) {

    public ThreadStatus(String thread, WaitKind kind, String op, String className, String method, String file,
                        int line, RankRuns waitsFor, boolean anyOf, String commKey, String detail, boolean polling,
                        Envelopes envelopes, long cpuNanos, java.util.List<String> stack) {
        this(thread, kind, op, className, method, file, line, waitsFor, anyOf, commKey, detail, polling, envelopes,
                cpuNanos, stack, null);
    }

    public ThreadStatus(String thread, WaitKind kind, String op, String className, String method, String file,
                        int line, int[] waitsFor, boolean anyOf, String commKey, String detail, boolean polling,
                        Envelopes envelopes, long cpuNanos, java.util.List<String> stack) {
        this(thread, kind, op, className, method, file, line, RankRuns.of(waitsFor), anyOf, commKey, detail, polling,
                envelopes, cpuNanos, stack);
    }

    public ThreadStatus(String thread, WaitKind kind, String op, String className, String method, String file,
                        int line, int[] waitsFor, boolean anyOf, String commKey, String detail, boolean polling,
                        Envelopes envelopes) {
        this(thread, kind, op, className, method, file, line, waitsFor, anyOf, commKey, detail, polling, envelopes,
                -1, java.util.List.of());
    }

    public ThreadStatus(String thread, WaitKind kind, String op, String className, String method, String file,
                        int line, int[] waitsFor, boolean anyOf, String commKey, String detail) {
        this(thread, kind, op, className, method, file, line, waitsFor, anyOf, commKey, detail, false);
    }

    public ThreadStatus(String thread, WaitKind kind, String op, String className, String method, String file,
                        int line, int[] waitsFor, boolean anyOf, String commKey, String detail, boolean polling) {
        this(thread, kind, op, className, method, file, line, waitsFor, anyOf, commKey, detail, polling,
                Envelopes.ABSENT);
    }

    /** The same thread status, with its point-to-point halves. */
    public ThreadStatus withEnvelopes(Envelopes e) {
        return new ThreadStatus(thread, kind, op, className, method, file, line, waitsFor, anyOf, commKey, detail,
                polling, e, cpuNanos, stack, earlier);
    }

    /** The same thread status, with the wildcard receive that took a message of the rank it waits for. */
    public ThreadStatus withEarlier(WildcardTake take) {
        return new ThreadStatus(thread, kind, op, className, method, file, line, waitsFor, anyOf, commKey, detail,
                polling, envelopes, cpuNanos, stack, take);
    }

    /** The same thread status, with the CPU time it has used and its top frames. */
    public ThreadStatus withSample(long cpu, java.util.List<String> frames) {
        return new ThreadStatus(thread, kind, op, className, method, file, line, waitsFor, anyOf, commKey, detail,
                polling, envelopes, cpu, java.util.List.copyOf(frames), earlier);
    }

    /** Inside a blocking call (polling threads are not). */
    public boolean blocked() {
        return kind != WaitKind.NONE && !polling;
    }

    /** The same wait, but as if the thread were blocked in it: how a livelock is judged. */
    public ThreadStatus asBlocked() {
        return new ThreadStatus(thread, kind, op, className, method, file, line, waitsFor, anyOf, commKey, detail,
                false, envelopes, cpuNanos, stack, earlier);
    }

    /** {@code Ring.java:31}, or class and method where the line is unknown. */
    public String location() {
        if (file != null && !file.isEmpty() && line > 0) {
            return file + ":" + line;
        }
        return className + "." + method + (file == null || file.isEmpty() ? "" : " (" + file + ")");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ThreadStatus t && thread.equals(t.thread) && kind == t.kind && op.equals(t.op)
                && className.equals(t.className) && method.equals(t.method) && String.valueOf(file).equals(String.valueOf(t.file))
                && line == t.line && waitsFor.equals(t.waitsFor) && anyOf == t.anyOf
                && commKey.equals(t.commKey) && detail.equals(t.detail) && polling == t.polling
                && envelopes.equals(t.envelopes) && cpuNanos == t.cpuNanos && stack.equals(t.stack)
                && java.util.Objects.equals(earlier, t.earlier);
    }

    @Override
    public int hashCode() {
        return 31 * thread.hashCode() + 17 * line + waitsFor.hashCode();
    }
}
