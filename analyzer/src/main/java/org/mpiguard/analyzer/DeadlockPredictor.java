package org.mpiguard.analyzer;

import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import org.mpiguard.core.report.Finding;

/**
 * Predicted deadlocks of the schedules the run did not take (module {@code predictor}).
 * The analyzer finds it through {@link ServiceLoader} so that it never depends on the
 * predictor and its SMT solver: the agent, which carries the analyzer for rank 0's
 * end-of-run analysis, stays free of Z3, while {@code mpiguard analyze} from the
 * distribution, whose class path holds the predictor, runs it.
 */
public interface DeadlockPredictor {

    /** What the MPI library is assumed to do with a standard send nobody has received yet. */
    enum Buffering {
        /** It may block until matched: MPI's reading of a safe program (the default). */
        ZERO,
        /** It always returns at once: only deadlocks no buffering can avoid. */
        INFINITE
    }

    /**
     * One predicted deadlock: its finding, and the matches its witness gives the wildcard
     * receives (in the witness's order), which a replay forces to confirm it.
     */
    record Prediction(Finding finding, Buffering buffering, List<WitnessMatch> matches) {

        public Prediction {
            matches = List.copyOf(matches);
        }

        /** True when the witness has a wildcard receive take another message than the run gave it. */
        public boolean changesAMatch() {
            return matches.stream().anyMatch(WitnessMatch::changed);
        }
    }

    /**
     * A wildcard receive's match in a witness.
     *
     * @param rank    the receiving world rank
     * @param event   the index of the receive's event (RECV) in that rank's trace
     * @param sender  the world rank whose message the witness gives it
     * @param changed the run gave it another message (or the trace did not say which)
     */
    record WitnessMatch(int rank, int event, int sender, boolean changed) {
    }

    /**
     * The predicted deadlocks of the run under {@code buffering}; what could not be
     * concluded (a rank without a whole trace, a search cut short) is added to {@code notes}.
     */
    List<Prediction> predict(TraceSet traces, Buffering buffering, List<String> notes);

    /** The predictor on the class path, if there is one. */
    static Optional<DeadlockPredictor> onClassPath() {
        return ServiceLoader.load(DeadlockPredictor.class, DeadlockPredictor.class.getClassLoader()).findFirst();
    }
}
