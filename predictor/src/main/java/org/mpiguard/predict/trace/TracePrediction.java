package org.mpiguard.predict.trace;

import java.util.List;
import org.mpiguard.analyzer.DeadlockPredictor;
import org.mpiguard.analyzer.TraceSet;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.trace.TraceFile;
import org.mpiguard.predict.analysis.PredictiveAnalysis;
import org.mpiguard.predict.analysis.Verdict;
import org.mpiguard.predict.report.PredictedDeadlockFinding;

/**
 * The predictor as {@code mpiguard analyze} finds it on the class path (registered in
 * {@code META-INF/services}): converts the traces, analyses them under the buffering asked
 * for, and returns the predicted deadlocks as findings of the contract.
 */
public final class TracePrediction implements DeadlockPredictor {

    @Override
    public List<Finding> predict(TraceSet traces, Buffering buffering, List<String> notes) {
        String label = "predicted deadlocks (" + (buffering == Buffering.ZERO ? "zero" : "infinite") + " buffering)";
        TraceFile[] ranks = new TraceFile[traces.worldSize()];
        for (int r = 0; r < ranks.length; r++) {
            if (!traces.whole(r)) {
                // a rank's missing calls would read as a rank that stopped: a deadlock that is not there
                notes.add(label + " not analysed: rank " + r + "'s trace is not whole");
                return List.of();
            }
            ranks[r] = traces.rank(r);
        }
        TraceConverter.Converted converted = TraceConverter.program(ranks);
        if (!converted.gaps().isEmpty()) {
            notes.add(label + " not analysed: " + String.join("; ", converted.gaps()));
            return List.of();
        }
        Verdict verdict = PredictiveAnalysis.analyze(converted.program(), buffering == Buffering.ZERO
                ? PredictiveAnalysis.Options.zeroBuffer() : PredictiveAnalysis.Options.infiniteBuffer());
        if (verdict.deadlockFree()) {
            notes.add(label + ": none " + (verdict.complete() ? "in any schedule" : "found before the search stopped")
                    + " (" + verdict.stats().actions() + " actions)"
                    + (verdict.limits().isEmpty() ? "" : "; limits: " + String.join("; ", verdict.limits())));
        }
        return PredictedDeadlockFinding.all(verdict);
    }
}
