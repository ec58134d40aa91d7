package org.mpiguard.analyzer;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.mpiguard.analyzer.rma.RmaConflictAnalysis;
import org.mpiguard.core.report.Finding;

/**
 * The cross-process analyses over one run's traces, in the order they depend on each
 * other: sends paired with receives, collectives grouped, happens-before computed, then
 * every check.
 */
final class Analysis {

    /**
     * Findings, notes on what could not be concluded, the races for replay, the predicted
     * deadlocks whose witness changes a wildcard match (for a replay to confirm), and the time
     * each step took.
     */
    record Result(List<Finding> findings, List<String> notes, List<MessageRaceAnalysis.Race> races,
                  List<DeadlockPredictor.Prediction> unconfirmed, long events, long millis) {
    }

    /** The checks over the matched, ordered events, in the order their findings are listed. */
    static final String[] CHECKS = {"type matching", "ready sends", "collective types", "message races", "lost messages",
        "handle leaks", "request lifecycle", "RMA conflict", "RMA assertions"};

    /** Progress steps of {@link #run(TraceSet, Progress)}. */
    private static final int PHASES = 4;

    private Analysis() {
    }

    static Result run(TraceSet traces) {
        return run(traces, List.of(), Progress.QUIET);
    }

    static Result run(TraceSet traces, List<DeadlockPredictor.Buffering> bufferings) {
        return run(traces, bufferings, Progress.QUIET);
    }

    /**
     * Every analysis, and the predicted deadlocks under each of {@code bufferings} when the
     * predictor is on the class path (said as a note when it is not); steps {@code progress}
     * once per phase.
     */
    static Result run(TraceSet traces, List<DeadlockPredictor.Buffering> bufferings, Progress progress) {
        progress.plan(PHASES);
        long start = System.nanoTime();
        List<String> notes = new ArrayList<>(traces.notes());
        progress.step("matching messages");
        PointToPoint p2p = PointToPoint.build(traces);
        long matched = System.nanoTime();
        progress.step("ordering events (happens-before)");
        Collectives collectives = Collectives.build(traces);
        RmaConflictAnalysis rma = RmaConflictAnalysis.prepare(traces);
        notes.addAll(HappensBefore.compute(traces, p2p, collectives, rma));
        long ordered = System.nanoTime();
        progress.step("looking for message races");
        List<MessageRaceAnalysis.Race> races = MessageRaceAnalysis.races(traces, p2p);
        long raced = System.nanoTime();
        if (Boolean.getBoolean("mpiguard.analysis.timing")) {
            System.err.printf("matching %d ms, happens-before %d ms, races %d ms%n", (matched - start) / 1_000_000,
                    (ordered - matched) / 1_000_000, (raced - ordered) / 1_000_000);
        }

        progress.step("checking types, leaks and requests");
        List<Finding> findings = new ArrayList<>();
        for (String check : CHECKS) {
            // one check failing on traces it did not expect costs its own findings only, said as a note
            try {
                findings.addAll(check(check, traces, p2p, collectives, races, rma));
            } catch (RuntimeException e) {
                notes.add(failed(check, e));
            }
        }
        notes.addAll(rma.notes());
        List<DeadlockPredictor.Prediction> unconfirmed = new ArrayList<>();
        if (!bufferings.isEmpty()) {
            predict(traces, bufferings, findings, unconfirmed, notes);
        }
        return new Result(findings, notes, races, unconfirmed, traces.eventCount(),
                (System.nanoTime() - start) / 1_000_000);
    }

    /**
     * {@code streamed} (the streaming analysis' result) with the deadlocks predicted under
     * {@code bufferings}: the prediction holds every rank's whole trace, so when they do not fit
     * in the heap it is said in a note instead.
     */
    static Result withPredictions(Path dir, Result streamed, List<DeadlockPredictor.Buffering> bufferings)
            throws java.io.IOException {
        if (bufferings.isEmpty()) {
            return streamed;
        }
        List<Finding> findings = new ArrayList<>(streamed.findings());
        List<String> notes = new ArrayList<>(streamed.notes());
        List<DeadlockPredictor.Prediction> unconfirmed = new ArrayList<>();
        long start = System.nanoTime();
        String tooLarge = DeadlockPredictor.onClassPath().isPresent() ? EndOfRunBound.wholeRefusal(dir) : null;
        if (tooLarge != null) {
            notes.add("predicted deadlocks not analysed: " + tooLarge);
        } else {
            predict(TraceSet.read(dir), bufferings, findings, unconfirmed, notes);
        }
        return new Result(findings, notes, streamed.races(), unconfirmed, streamed.events(),
                streamed.millis() + (System.nanoTime() - start) / 1_000_000);
    }

    private static void predict(TraceSet traces, List<DeadlockPredictor.Buffering> bufferings, List<Finding> findings,
                                List<DeadlockPredictor.Prediction> unconfirmed, List<String> notes) {
        DeadlockPredictor predictor = DeadlockPredictor.onClassPath().orElse(null);
        if (predictor == null) {
            notes.add("predicted deadlocks not analysed: the predictor module is not on the class path "
                    + "(the distribution's mpiguard analyze has it)");
            return;
        }
        for (DeadlockPredictor.Buffering b : bufferings) {
            guarded("predicted deadlocks", notes, () -> {
                for (DeadlockPredictor.Prediction p : predictor.predict(traces, b, notes)) {
                    findings.add(p.finding());
                    if (p.changesAMatch()) {
                        unconfirmed.add(p);
                    }
                }
            });
        }
    }

    /**
     * One of {@link #CHECKS}. A switch rather than a lambda per check: rank 0 runs the analyses
     * once and cold at the end of a run, where linking each lambda costs milliseconds.
     */
    private static List<Finding> check(String check, TraceSet traces, PointToPoint p2p, Collectives collectives,
                                       List<MessageRaceAnalysis.Race> races, RmaConflictAnalysis rma) {
        return switch (check) {
            case "type matching" -> TypeMismatchAnalysis.findings(traces, p2p);
            case "ready sends" -> ReadySendAnalysis.findings(traces, p2p);
            case "collective types" -> CollectiveTypeAnalysis.findings(traces, collectives);
            case "message races" -> MessageRaceAnalysis.findings(traces, races);
            case "lost messages" -> LeakAnalysis.lostMessages(traces, p2p);
            case "handle leaks" -> LeakAnalysis.handles(traces);
            case "request lifecycle" -> RequestLifecycleAnalysis.findings(traces);
            case "RMA conflict" -> rma.findings();
            case "RMA assertions" -> rma.assertionFindings(null);
            default -> throw new IllegalArgumentException(check);
        };
    }

    private static String failed(String check, RuntimeException e) {
        return "the " + check + " check failed (" + e + "); its findings are missing. Please report it.";
    }

    /** One check failing on traces it did not expect costs its own findings only, said as a note. */
    private static void guarded(String check, List<String> notes, Runnable analysis) {
        try {
            analysis.run();
        } catch (RuntimeException e) {
            notes.add(failed(check, e));
        }
    }
}
