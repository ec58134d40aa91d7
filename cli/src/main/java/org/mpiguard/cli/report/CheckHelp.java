package org.mpiguard.cli.report;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What each kind of finding means and what to do about it: the rules of the SARIF file and
 * the legend of the HTML. One entry per kind of the finding contract (DESIGN.md); a test
 * keeps it complete against the checker's own list of kinds.
 */
public final class CheckHelp {

    /**
     * @param name  the rule's name in SARIF (PascalCase)
     * @param title one line
     * @param help  what the finding means and how to fix it
     */
    public record Rule(String id, String name, String title, String help) {
    }

    private static final Map<String, Rule> RULES = new LinkedHashMap<>();

    static {
        rule("deadlock", "Deadlock", "Ranks blocked in MPI calls that can never complete",
                "Every rank the blocked calls wait for is itself blocked, finished or gone. Give each blocking call a"
                        + " matching call on its peer in an order both sides reach: let one rank send before it"
                        + " receives, use Comm.sendRecv, or post nonblocking receives first. Every rank of a"
                        + " communicator must reach each of its collectives. One-sided synchronisation completes in"
                        + " pairs (Win.start and the target's Win.post, Win.complete and Win.waitFor, a lock and the"
                        + " holder's unlock), and a post and its start assert MPI.MODE_NOCHECK both or neither.");
        rule("collective-mismatch", "CollectiveMismatch", "Ranks disagree on a collective call",
                "The n-th collective on a communicator differs between ranks in operation, root, reduction or type"
                        + " signature. Every rank of the communicator must make the same collectives in the same"
                        + " order with matching arguments.");
        rule("invalid-argument", "InvalidArgument", "An MPI call with an argument the standard forbids",
                "A rank, tag, count, datatype, buffer or handle is invalid for this call; the message names the"
                        + " argument and what would be valid. The call was stopped before it reached MPI.");
        rule("rma-conflict", "RmaConflict", "Conflicting one-sided accesses to a window",
                "Two accesses to the same window location in one epoch, at least one a write, with no"
                        + " synchronisation between them. Separate them with a fence, a flush or a lock epoch."
                        + " From the trace analysis also a false assertion other ranks' calls break: a put or"
                        + " accumulate into a fence epoch whose target's fence asserted MPI.MODE_NOPUT"
                        + " (rma.assert-noput), or a lock asserting MPI.MODE_NOCHECK while another rank's conflicting"
                        + " lock epoch on the same target is not ordered with it (rma.assert-nocheck): drop the"
                        + " assertion, or move the operation to another epoch or order the epochs.");
        rule("buffer-conflict", "BufferConflict", "A buffer used while MPI still owns it",
                "A buffer passed to a nonblocking call was read or written before the request completed. Wait for"
                        + " the request (or test it to completion) before touching the buffer.");
        rule("type-mismatch", "TypeMismatch", "Send and receive type signatures differ",
                "A message was sent with one type signature and received with another. Use matching datatypes on"
                        + " both sides.");
        rule("message-race", "MessageRace", "A wildcard receive can match more than one send",
                "The receive with ANY_SOURCE or ANY_TAG could have matched another send in a different run, so the"
                        + " result depends on timing. Name the source or tag, or make the program correct under"
                        + " every match.");
        rule("predicted-deadlock", "PredictedDeadlock", "A deadlock another message order would cause",
                "This run escaped a deadlock only by the order messages happened to arrive. Make the matching"
                        + " deterministic or the blocking order safe under every match.");
        rule("resource-leak", "ResourceLeak", "MPI objects still alive at MPI.Finalize",
                "Communicators, groups, datatypes, windows, requests or infos created and never freed. Free them"
                        + " before MPI.Finalize.");
        rule("request-lifecycle", "RequestLifecycle", "A request used wrongly",
                "A request was never completed, completed twice, or used after it was freed. Complete every"
                        + " nonblocking request exactly once.");
        rule("livelock", "Livelock", "A rank polls for what no rank can provide",
                "A rank keeps calling test or iProbe for a message or request that no other rank can ever provide."
                        + " Give the poll a matching call on its peer, or stop polling.");
        rule("stall", "Stall", "Ranks wait long for a rank busy outside MPI",
                "Ranks have waited far longer than the timeout for a rank that is running outside MPI (computing,"
                        + " spinning, blocked in I/O or on a lock). Check that the running rank will reach its MPI"
                        + " call.");
        rule("call-ordering", "CallOrdering", "MPI calls in an order the standard forbids",
                "A call made before MPI.Init, after MPI.Finalize, or in another order the standard does not allow,"
                        + " such as a ready send (rSend, irSend, a started rSendInit) whose matching receive was not"
                        + " known to be posted: order the receive's post before it (a barrier, a message from the"
                        + " receiver) or use a standard send.");
        rule("binding-hazard", "BindingHazard", "A hazard of the Open MPI Java bindings",
                "The Java bindings behave differently from the MPI standard here (for example a receive copies"
                        + " stale data into array elements no message wrote). Run with binding-hazards=standard or"
                        + " avoid the pattern.");
        rule("mpi-error", "MpiError", "Open MPI reported an error",
                "Open MPI returned an error for this call; the message carries its text. Fix the call it names.");
        rule("checker-fault", "CheckerFault", "An internal fault of MPIGuard",
                "MPIGuard hit a fault of its own; the program continued unchecked where it recurs. Please report"
                        + " it with the message.");
    }

    private CheckHelp() {
    }

    private static void rule(String id, String name, String title, String help) {
        RULES.put(id, new Rule(id, name, title, help));
    }

    public static Map<String, Rule> all() {
        return RULES;
    }

    /** The rule of a kind; an unknown kind (from a newer agent) gets a generic one. */
    public static Rule of(String kind) {
        Rule rule = RULES.get(kind);
        return rule != null ? rule : new Rule(kind, "Finding", "An MPIGuard finding of kind " + kind,
                "See the message of the finding.");
    }
}
