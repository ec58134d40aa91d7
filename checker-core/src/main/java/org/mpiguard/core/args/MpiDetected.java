package org.mpiguard.core.args;

import java.util.Set;

/**
 * The argument checks whose violation Open MPI itself detects (its parameter checks are
 * on by default) and reports through the error handler of the call's object, with an
 * error class the program can test. Under the default fatal handler that is an abort
 * with no Java location, which the checker's error finding replaces. A program that set
 * a returning handler (MPI.ERRORS_RETURN or its own) asked to be told instead: the call
 * then goes on to MPI and the finding is a warning. Checks of what MPI cannot see (a
 * buffer's size or element type, JNI's needs, aliasing, binding hazards) stay errors.
 * Calls before Init or after Finalize, and Init or Finalize out of turn, never reach MPI:
 * the binding throws MPIException itself, at the program's line, so they are warnings
 * whatever the handler.
 */
public final class MpiDetected {

    private static final Set<String> IDS = Set.of(
            "p2p.dest-range", "p2p.dest-any-source", "p2p.source-range", "p2p.send-any-tag", "p2p.tag-negative",
            "p2p.tag-ub", "coll.root-range", "buf.count-negative", "vcoll.count-negative", "type.freed",
            "type.uncommitted", "handle.comm-freed", "handle.group-freed", "handle.win-freed", "handle.info-freed",
            "handle.free-predefined", "op.freed", "op.type", "comm.split-color", "comm.leader-range",
            "group.rank-range", "group.rank-duplicate", "info.key", "rma.target-range", "rma.disp-negative",
            "rma.disp-range", "rma.no-epoch", "rma.lock-type", "rma.unlock-without-lock", "rma.win-disp-unit",
            "rma.win-size", "type.create-count");

    /**
     * Checks the binding itself makes before it calls MPI, throwing MPIException at the
     * program's line: every call before Init or after Finalize (MPI.check()), and Init,
     * InitThread or Finalize a second time, too early or too late (measured on Open MPI
     * 4.1.4's bindings: "MPI is already initialized.", "MPI is finalized.", "MPI is not
     * initialized.", each caught by the program, exit 0).
     */
    private static final Set<String> BINDING_IDS = Set.of("env.before-init", "env.after-finalize", "env.init-twice",
            "env.init-after-finalize", "env.finalize-twice", "env.finalize-before-init");

    private MpiDetected() {
    }

    /** The binding refuses the call with an MPIException whatever the error handler: a warning. */
    public static boolean refusedByBinding(String checkId) {
        return BINDING_IDS.contains(checkId);
    }

    public static boolean reportedByMpi(String checkId) {
        return IDS.contains(checkId);
    }

    /** The id of a message built by {@link ArgMessages#argument}: "[id] ..." gives "id". */
    public static String idOf(String message) {
        int end = message.indexOf(']');
        return message.startsWith("[") && end > 0 ? message.substring(1, end) : "";
    }
}
