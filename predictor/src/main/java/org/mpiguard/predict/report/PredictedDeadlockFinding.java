package org.mpiguard.predict.report;

import java.util.ArrayList;
import java.util.List;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKeys;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.RankReport;
import org.mpiguard.core.report.RelatedCall;
import org.mpiguard.core.report.Severity;
import org.mpiguard.predict.analysis.Act;
import org.mpiguard.predict.analysis.Event;
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
        List<Act> blocked = blockedActions(deadlock);
        Act first = blocked.get(0);
        List<Integer> ranks = new ArrayList<>();
        List<RelatedCall> related = new ArrayList<>();
        for (Act d : blocked) {
            ranks.add(d.rank);
            if (d != first) {
                related.add(new RelatedCall(d.rank, d.call().op(), d.call().site()));
            }
        }
        Severity severity = deadlock.confirmedByMatches() ? Severity.ERROR : Severity.WARNING;
        Finding finding = new Finding(FindingKind.PREDICTED_DEADLOCK, severity, ranks, first.call().op(),
                first.call().site(), related, message(deadlock, blocked, verdict), status(deadlock));
        // an unconfirmed one is what a replay settles: its verdict carries this key (mpiguard explore)
        return deadlock.confirmedByMatches() ? finding
                : finding.withKey(FindingKeys.predictedDeadlock(first.rank, first.call().site(), related));
    }

    /** The cycle's deadlock actions, then those of other ranks left blocked with it (finished ranks aside). */
    static List<Act> blockedActions(PredictedDeadlock deadlock) {
        List<Act> blocked = new ArrayList<>(deadlock.deadlockActions());
        for (int r : deadlock.stuck()) {
            Act a = deadlock.standing().get(r);
            if (!blocked.contains(a) && !finalize(a)) {
                blocked.add(a);
            }
        }
        return blocked;
    }

    /** Every rank as the witness leaves it: blocked for good, finished, or free to go on. */
    private static List<RankReport> status(PredictedDeadlock deadlock) {
        List<RankReport> status = new ArrayList<>();
        for (int r = 0; r < deadlock.standing().size(); r++) {
            Act a = deadlock.standing().get(r);
            if (a == null) {
                status.add(new RankReport(r, "exited", null, null, null));
            } else if (!deadlock.stuck().contains(r)) {
                status.add(new RankReport(r, "running", null, null, null));
            } else {
                status.add(new RankReport(r, finalize(a) ? "finished" : "blocked", a.call().op(), a.call().site(), null));
            }
        }
        return status;
    }

    private static boolean finalize(Act a) {
        return a != null && "MPI.Finalize".equals(a.call().op());
    }

    /**
     * Why a witness that changes a wildcard match is a warning: the trace is one path of the
     * program, recorded after the messages the run's receives took.
     */
    private static String unconfirmed(PredictedDeadlock deadlock) {
        StringBuilder out = new StringBuilder("This schedule has ");
        List<String> changes = new ArrayList<>();
        for (Event.Match m : deadlock.changed()) {
            Act r = m.recv();
            String seen = r.action.observed() == null ? "" : " (the run gave it rank " + r.action.observed().source()
                    + "'s)";
            changes.add("the wildcard " + r.call().op() + " of rank " + r.rank + " at " + r.call().location()
                    + " take rank " + m.send().rank + "'s message" + seen);
        }
        out.append(String.join(", and ", changes.subList(0, Math.min(3, changes.size()))));
        if (changes.size() > 3) {
            out.append(", and ").append(changes.size() - 3).append(" more such matches");
        }
        return out.append(": the trace records the calls that followed the run's messages, and on another message the"
                + " program may call otherwise, so this deadlock is unconfirmed (a warning) until a replay with these"
                + " matches forced and standard sends made synchronous reaches it (mpiguard check, or mpiguard explore"
                + " after mpiguard analyze). A prediction that keeps the run's matches is an error.").toString();
    }

    private static String message(PredictedDeadlock deadlock, List<Act> blocked, Verdict verdict) {
        StringBuilder out = new StringBuilder();
        if (!deadlock.confirmedByMatches()) {
            out.append("Unconfirmed: ");
        }
        out.append("Another schedule of this run deadlocks ").append(WitnessSteps.bufferingWords(verdict.buffering()))
                .append(": ");
        List<String> steps = WitnessSteps.steps(deadlock.witness(), blocked);
        for (int i = 0; i < steps.size(); i++) {
            out.append(i == 0 ? "" : "; ").append(i + 1).append(") ").append(steps.get(i));
        }
        out.append(". None of these ranks can go on: each waits for a call that another of them, or a message"
                + " already taken, will never provide. Make the exchange safe (sendRecv, nonblocking calls completed"
                + " together, a receive posted before the send, or an explicit source where a wildcard can take the"
                + " wrong message).");
        if (!deadlock.confirmedByMatches()) {
            out.append(' ').append(unconfirmed(deadlock));
        }
        if (deadlock.similar() > 0) {
            out.append(" The same calls deadlock in ").append(deadlock.similar()).append(" more rank combinations.");
        }
        if (!verdict.limits().isEmpty()) {
            out.append(" Limits of this prediction: ").append(String.join("; ", verdict.limits())).append('.');
        }
        return out.toString();
    }
}
