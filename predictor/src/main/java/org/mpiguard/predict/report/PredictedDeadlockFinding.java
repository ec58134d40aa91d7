package org.mpiguard.predict.report;

import java.util.ArrayList;
import java.util.List;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.RankReport;
import org.mpiguard.core.report.RelatedCall;
import org.mpiguard.core.report.Severity;
import org.mpiguard.predict.analysis.Act;
import org.mpiguard.predict.analysis.PredictedDeadlock;
import org.mpiguard.predict.analysis.Verdict;

/**
 * A predicted deadlock in the finding contract of DESIGN.md: every rank of the cycle with
 * the site of its call (the first in {@code site}, the others in {@code related} and in the
 * rank status), the witness as numbered steps in the message, and the model's limits.
 */
public final class PredictedDeadlockFinding {

    private PredictedDeadlockFinding() {
    }

    public static List<Finding> all(Verdict verdict) {
        List<Finding> out = new ArrayList<>();
        for (PredictedDeadlock d : verdict.deadlocks()) {
            out.add(of(d, verdict));
        }
        return out;
    }

    public static Finding of(PredictedDeadlock deadlock, Verdict verdict) {
        List<Act> actions = deadlock.deadlockActions();
        Act first = actions.get(0);
        List<Integer> ranks = new ArrayList<>();
        List<RelatedCall> related = new ArrayList<>();
        List<RankReport> status = new ArrayList<>();
        for (Act d : actions) {
            ranks.add(d.rank);
            if (d != first) {
                related.add(new RelatedCall(d.rank, d.call().op(), d.call().site()));
            }
            status.add(new RankReport(d.rank, "blocked", d.call().op(), d.call().site(), null));
        }
        return new Finding(FindingKind.PREDICTED_DEADLOCK, Severity.ERROR, ranks, first.call().op(),
                first.call().site(), related, message(deadlock, verdict), status);
    }

    private static String message(PredictedDeadlock deadlock, Verdict verdict) {
        StringBuilder out = new StringBuilder();
        out.append("Another schedule of this run deadlocks ").append(WitnessSteps.bufferingWords(verdict.buffering()))
                .append(": ");
        List<String> steps = WitnessSteps.steps(deadlock.witness());
        for (int i = 0; i < steps.size(); i++) {
            out.append(i == 0 ? "" : "; ").append(i + 1).append(") ").append(steps.get(i));
        }
        out.append(". None of these ranks can go on: each waits for a call that another of them, or a message"
                + " already taken, will never provide. Make the exchange safe (sendRecv, nonblocking calls completed"
                + " together, a receive posted before the send, or an explicit source where a wildcard can take the"
                + " wrong message).");
        if (deadlock.similar() > 0) {
            out.append(" The same calls deadlock in ").append(deadlock.similar()).append(" more rank combinations.");
        }
        if (!verdict.limits().isEmpty()) {
            out.append(" Limits of this prediction: ").append(String.join("; ", verdict.limits())).append('.');
        }
        return out.toString();
    }
}
