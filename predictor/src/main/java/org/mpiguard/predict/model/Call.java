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
 */
public record Call(int rank, String op, SiteRef site, int event) {

    public Call(int rank, String op, SiteRef site) {
        this(rank, op, site, -1);
    }

    public String location() {
        return site == null ? "an unknown site" : site.location();
    }
}
