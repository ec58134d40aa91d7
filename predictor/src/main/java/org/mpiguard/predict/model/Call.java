package org.mpiguard.predict.model;

import org.mpiguard.core.report.SiteRef;

/**
 * One MPI call of the observed run; the actions that model it point back to it so that a
 * finding names the user's call, not the model.
 *
 * @param rank world rank that made the call
 * @param op   the binding method, e.g. {@code Comm.send}
 * @param site where in the user's code (may be null when the trace did not know)
 * @param event the index of the call's event in its rank's trace (its RECV event for a
 *              receive), or -1 for a call not read from a trace: what names it to a replay
 * @param polled for a completion, whether the program learnt of it by testing while it made
 *               other calls (a polling loop that serves messages): such a rank is not blocked
 *               there, and what it would do in another schedule is not in the trace
 */
public record Call(int rank, String op, SiteRef site, int event, boolean polled) {

    public Call(int rank, String op, SiteRef site) {
        this(rank, op, site, -1, false);
    }

    /** This call, said to be a completion polled for while serving (see {@code polled}). */
    Call asPolled() {
        return new Call(rank, op, site, event, true);
    }

    public String location() {
        return site == null ? "an unknown site" : site.location();
    }
}
