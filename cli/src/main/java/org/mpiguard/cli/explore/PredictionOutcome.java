package org.mpiguard.cli.explore;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.mpiguard.analyzer.ReceiveSchedule;
import org.mpiguard.cli.report.ReportFinding;
import org.mpiguard.core.explore.ForcedMatchPlan;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.RankReport;
import org.mpiguard.core.report.RelatedCall;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.report.SiteRef;

/**
 * What the replay of an unconfirmed predicted deadlock showed: the agent found the job
 * deadlocked (the prediction confirmed: an error with the replay's sites), or it did not
 * (the prediction stays a warning, now saying that a replay did not reproduce it), or no
 * replay could be made or the forced matches did not take (said why). Either way the
 * finding carries the prediction's key, so the report keeps one finding for the bug.
 */
record PredictionOutcome(PredictedWitnesses.Witness witness, boolean confirmed, Finding finding) {

    /** The outcome of a witness no replay can force. */
    static PredictionOutcome unreplayable(PredictedWitnesses.Witness w) {
        return notConfirmed(w, "No replay could confirm it: " + w.refusal() + ".");
    }

    static PredictionOutcome judge(PredictedWitnesses.Witness w, JobReplay.Result replay, ReceiveSchedule replayed,
                                   Duration timeout) {
        String forced = "a replay with " + String.join(", ", w.changes()) + " (every wildcard receive of the witness"
                + " forced to its match)" + (w.zero() ? " and standard sends made synchronous (zero buffering)" : "");
        String starved = starvedForcedReceive(w.plan(), replayed);
        ReportFinding deadlock = replay.deadlock();
        if (deadlock != null && starved == null) {
            return new PredictionOutcome(w, true, confirmedFinding(w, deadlock, forced));
        }
        if (deadlock != null) {
            return notConfirmed(w, "Not reproduced: " + forced + " deadlocked only in a forced receive: " + starved
                    + ", so the witness's schedule is not one this program takes (files: " + replay.dir() + ").");
        }
        if (replay.timedOut()) {
            return notConfirmed(w, "Not reproduced: " + forced + " did not end within " + timeout.toSeconds()
                    + " s and was killed, without a deadlock the agent could name (files: " + replay.dir() + ").");
        }
        String missed = missedForcedReceive(w.plan(), replayed);
        if (missed != null) {
            return notConfirmed(w, "Could not be replayed: in " + forced + ", " + missed + " (files: " + replay.dir()
                    + ").");
        }
        return notConfirmed(w, "Not reproduced: " + forced + " ran to its end (exit code " + replay.exitCode()
                + ") without deadlock, so the program does not take the witness's path after these matches.");
    }

    /** A forced receive the replay posted but never completed: its forced sender never sent it that message. */
    private static String starvedForcedReceive(ForcedMatchPlan plan, ReceiveSchedule replayed) {
        for (ForcedMatchPlan.Entry e : plan.entries()) {
            ReceiveSchedule.Receive v = replayed.receive(e.rank(), e.site(), e.occurrence());
            if (v != null && v.taken() < 0) {
                return v.describe() + " waited for rank " + e.source() + "'s message";
            }
        }
        return null;
    }

    /** A forced receive the replay did not make as forced, or null when every one took its sender. */
    private static String missedForcedReceive(ForcedMatchPlan plan, ReceiveSchedule replayed) {
        for (ForcedMatchPlan.Entry e : plan.entries()) {
            ReceiveSchedule.Receive v = replayed.receive(e.rank(), e.site(), e.occurrence());
            if (v == null) {
                return "the receive of rank " + e.rank() + " at " + e.site().location() + " (occurrence "
                        + e.occurrence() + ") was never posted (the run took another path before it)";
            }
            if (v.anySource()) {
                return v.describe() + " was posted with MPI.ANY_SOURCE (the forced matches were not applied)";
            }
            if (v.taken() != e.source()) {
                return v.describe() + " took rank " + v.taken() + "'s message, not the one forced";
            }
        }
        return null;
    }

    /** The prediction as an error, where the replay's ranks stood. */
    private static Finding confirmedFinding(PredictedWitnesses.Witness w, ReportFinding deadlock, String forced) {
        List<RelatedCall> related = related(deadlock);
        List<RankReport> status = new ArrayList<>();
        deadlock.status().forEach(s -> status.add(new RankReport(s.rank(), s.state(), s.op(), site(s.site()),
                s.thread(), s.waitsFor(), s.anyOf(), List.of())));
        String message = "Predicted deadlock confirmed by replay: " + forced + " deadlocks: "
                + ReplayOutcome.blocked(deadlock) + ". The prediction (" + w.where() + ") is a deadlock this program"
                + " reaches when its wildcard receives take these messages and the library does not buffer standard"
                + " sends, which MPI allows: receive from a specific source, or make the exchange safe (sendRecv,"
                + " nonblocking calls completed together, a receive posted before the send).";
        return new Finding(FindingKind.PREDICTED_DEADLOCK, Severity.ERROR, deadlock.ranks(), deadlock.op(),
                site(deadlock.site()), related, message, status, w.key());
    }

    /** The replay's word on a prediction it did not confirm, at the prediction's calls. */
    private static PredictionOutcome notConfirmed(PredictedWitnesses.Witness w, String why) {
        ReportFinding f = w.prediction();
        return new PredictionOutcome(w, false, new Finding(FindingKind.PREDICTED_DEADLOCK, Severity.WARNING, f.ranks(),
                f.op(), site(f.site()), related(f), why, List.of(), w.key()));
    }

    private static List<RelatedCall> related(ReportFinding f) {
        List<RelatedCall> related = new ArrayList<>();
        f.related().forEach(r -> related.add(new RelatedCall(r.rank(), r.op(), site(r.site()))));
        return related;
    }

    private static SiteRef site(ReportFinding.Site s) {
        return s == null ? null : new SiteRef(s.className(), s.method(), s.file(), s.line());
    }
}
