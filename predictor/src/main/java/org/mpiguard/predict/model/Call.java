package org.mpiguard.predict.model;

import org.mpiguard.core.report.SiteRef;

/**
 * One MPI call of the observed run; the actions that model it point back to it so that a
 * finding names the user's call, not the model.
 *
 * @param rank world rank that made the call
 * @param op   the binding method, e.g. {@code Comm.send}
 * @param site where in the user's code (may be null when the trace did not know)
 */
public record Call(int rank, String op, SiteRef site) {

    public String location() {
        return site == null ? "an unknown site" : site.location();
    }
}
