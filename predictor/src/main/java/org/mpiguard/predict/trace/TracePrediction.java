package org.mpiguard.predict.trace;

import java.util.ArrayList;
import java.util.List;
import org.mpiguard.analyzer.DeadlockPredictor;
import org.mpiguard.analyzer.TraceSet;
import org.mpiguard.core.trace.TraceFile;
import org.mpiguard.predict.analysis.Event;
import org.mpiguard.predict.analysis.PredictedDeadlock;
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
    public List<Prediction> predict(TraceSet traces, Buffering buffering, List<String> notes) {
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
        List<Prediction> out = new ArrayList<>();
        for (PredictedDeadlock d : verdict.deadlocks()) {
            out.add(new Prediction(PredictedDeadlockFinding.of(d, verdict), buffering, wildcardMatches(d)));
        }
        return out;
    }

    /** The witness's matches of wildcard receives, in its order: what a replay forces to confirm it. */
    static List<WitnessMatch> wildcardMatches(PredictedDeadlock d) {
        List<WitnessMatch> out = new ArrayList<>();
        for (Event e : d.witness().events()) {
            if (e instanceof Event.Match m && m.recv().wildcard()) {
                out.add(new WitnessMatch(m.recv().rank, m.recv().call().event(), m.send().rank,
                        d.changed().contains(m)));
            }
        }
        return out;
    }
}
