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
     * The predicted deadlocks of the run under {@code buffering}; what could not be
     * concluded (a rank without a whole trace, a search cut short) is added to {@code notes}.
     */
    List<Finding> predict(TraceSet traces, Buffering buffering, List<String> notes);

    /** The predictor on the class path, if there is one. */
    static Optional<DeadlockPredictor> onClassPath() {
        return ServiceLoader.load(DeadlockPredictor.class, DeadlockPredictor.class.getClassLoader()).findFirst();
    }
}
