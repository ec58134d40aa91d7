package org.mpiguard.core.activity;

/**
 * What a thread blocked inside MPI is waiting for, as the wait-for graph needs it.
 * AND waits need every candidate, OR waits any one of them.
 */
public enum WaitKind {
    /** Not inside a blocking MPI call. */
    NONE,
    /** A blocking send (send, ssend, bsend, rsend) waits for its receiver. */
    SEND,
    /** A receive or probe from one source; from ANY_SOURCE it is OR over the communicator. */
    RECEIVE,
    /**
     * sendRecv: released once either half can complete, as the other may be done already
     * (an eager send, a message that arrived first) while the thread is still in the call.
     */
    SEND_RECEIVE,
    /** A blocking collective: AND over every member of the communicator. */
    COLLECTIVE,
    /** A wait whose peers are not tracked (requests, windows): OR over every other rank. */
    UNTRACKED,
    /** Inside Finalize: finished, satisfies nobody. */
    FINALIZE,
    /**
     * Waiting for several requests or ranks where some may already be done (waitAll,
     * PSCW epochs): modelled as OR over the candidates, so a finding needs every
     * candidate stuck and a completed request can never invent one.
     */
    ANY_OF,
    /** Win.lock / unlock: released by the target or by whoever holds a conflicting lock. */
    LOCK
}
