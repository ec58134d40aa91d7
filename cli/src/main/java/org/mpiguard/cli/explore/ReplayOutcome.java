package org.mpiguard.cli.explore;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.mpiguard.analyzer.ReceiveSchedule;
import org.mpiguard.cli.report.ReportFinding;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKeys;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.RelatedCall;
import org.mpiguard.core.report.Severity;

/**
 * What one replay of an alternative match showed, judged against the replay of the
 * observed schedule: the same outcome, another one (output or exit code), a deadlock, a
 * hang, or no verdict because the replay never got to the receive it was to force.
 */
record ReplayOutcome(Alternatives.Alternative alternative, Verdict verdict, String detail, String schedules) {

    enum Verdict {
        EQUIVALENT, DIFFERS, DEADLOCKS, HANGS, NOT_FORCED;

        /** The alternative shows the race matters. */
        boolean harmful() {
            return this == DIFFERS || this == DEADLOCKS || this == HANGS;
        }
    }

    /** Sources listed per schedule before "..." */
    private static final int SHOWN = 12;

    /**
     * @param observed the observed run's receives
     * @param baseline the replay of the observed schedule
     * @param replay   the replay of {@code alternative}
     * @param replayed the receives of that replay (from its traces)
     */
    static ReplayOutcome judge(Alternatives.Alternative alternative, ReceiveSchedule observed, JobReplay.Result baseline,
                               JobReplay.Result replay, ReceiveSchedule replayed, Duration timeout) {
        ReceiveSchedule.Receive target = alternative.receive();
        String schedules = schedules(target, observed, replayed);
        ReportFinding deadlock = replay.deadlock();
        if (deadlock != null) {
            return new ReplayOutcome(alternative, Verdict.DEADLOCKS, "the run deadlocks: " + blocked(deadlock),
                    schedules);
        }
        if (replay.timedOut()) {
            return new ReplayOutcome(alternative, Verdict.HANGS, "the run did not end within " + timeout.toSeconds()
                    + " s and was killed: it hangs", schedules);
        }
        ReceiveSchedule.Receive forced = replayed.receive(target.rank(), target.site(), target.occurrence());
        String notForced = forced == null ? "the replay never posted that receive (it took another path before it)"
                : forced.anySource() ? "the replay posted that receive with MPI.ANY_SOURCE (the forced matches were"
                + " not applied)"
                : forced.taken() >= 0 && forced.taken() != alternative.sender().rank() ? "that receive took rank "
                + forced.taken() + "'s message, not the one forced" : null;
        if (notForced != null) {
            return new ReplayOutcome(alternative, Verdict.NOT_FORCED, notForced, schedules);
        }
        Optional<OutputComparison.Difference> difference = OutputComparison.firstDifference(baseline.stdout(),
                baseline.exitCode(), replay.stdout(), replay.exitCode());
        return difference.map(d -> new ReplayOutcome(alternative, Verdict.DIFFERS, "the run ends otherwise: "
                        + d.describe(), schedules))
                .orElseGet(() -> new ReplayOutcome(alternative, Verdict.EQUIVALENT, "the same output and exit code",
                        schedules));
    }

    /** Where the agent found the replay's ranks: {@code rank 0 blocked in Comm.recv at X.java:31 (waits for 2)}. */
    static String blocked(ReportFinding deadlock) {
        if (deadlock.status().isEmpty()) {
            return "MPIGuard reported a deadlock of ranks " + deadlock.ranks() + " at " + deadlock.site().location();
        }
        StringBuilder out = new StringBuilder();
        for (ReportFinding.Status s : deadlock.status()) {
            out.append(out.length() == 0 ? "" : "; ").append("rank ").append(s.rank()).append(' ').append(s.state());
            if (s.op() != null && !s.op().isEmpty() && s.site() != null) {
                out.append(" in ").append(s.op()).append(" at ").append(s.site().location());
            }
            if (!s.waitsFor().isEmpty()) {
                out.append(" (waits for ").append(s.waitsFor().size() == 1 ? "rank " : s.anyOf() ? "any of ranks "
                        : "ranks ").append(join(s.waitsFor())).append(')');
            }
        }
        return out.toString();
    }

    /** The senders the receive's location took, in the observed run and in the replay (the forced one marked). */
    static String schedules(ReceiveSchedule.Receive target, ReceiveSchedule observed, ReceiveSchedule replayed) {
        return "the receives of rank " + target.rank() + " at " + target.site().location() + " took the messages of "
                + sources(target, observed, false) + " in the observed run, of " + sources(target, replayed, true)
                + " in the replay";
    }

    private static String sources(ReceiveSchedule.Receive target, ReceiveSchedule schedule, boolean markForced) {
        List<String> taken = new ArrayList<>();
        for (ReceiveSchedule.Receive v : schedule.receives(target.rank())) {
            if (!v.site().equals(target.site())) {
                continue;
            }
            if (taken.size() == SHOWN) {
                taken.add("...");
                break;
            }
            String who = v.taken() < 0 ? "none (never completed)" : String.valueOf(v.taken());
            taken.add(markForced && v.occurrence() == target.occurrence() ? who + " (forced)" : who);
        }
        return taken.isEmpty() ? "no rank (not in the trace)"
                : (taken.size() == 1 ? "rank " : "ranks ") + String.join(", ", taken);
    }

    /** The {@code message-race} error of a harmful alternative, in the finding contract. */
    Finding finding() {
        ReceiveSchedule.Race race = alternative.race();
        ReceiveSchedule.Receive v = race.receive();
        RelatedCall taken = race.taken();
        RelatedCall other = alternative.sender();
        TreeSet<Integer> ranks = new TreeSet<>(List.of(v.rank(), taken.rank(), other.rank()));
        String consequence = verdict == Verdict.DIFFERS
                ? " The program's result depends on which message arrives first: receive from a specific source, or"
                + " make what is done with each message independent of their order (store each by"
                + " status.getSource())."
                : " Which message the network delivers first decides whether the job " + (verdict == Verdict.DEADLOCKS
                ? "deadlocks" : "hangs") + ": receive from a specific source, or make the receives that follow"
                + " accept whichever message the wildcard left.";
        String message = "Message race confirmed by replay: " + v.describe() + " from MPI.ANY_SOURCE took the message "
                + "rank " + taken.rank() + " sent at " + taken.site().location() + "; forced to take the one rank "
                + other.rank() + " sent at " + other.site().location() + " instead, " + detail + ". Schedules: "
                + schedules + "." + consequence;
        // the analysis's warning of this receive carries the same key: the report keeps this error for both
        return new Finding(FindingKind.MESSAGE_RACE, Severity.ERROR, new ArrayList<>(ranks), v.op(), v.site(),
                List.of(taken, other), message, List.of(), FindingKeys.messageRace(v.rank(), v.site()));
    }

    private static String join(List<Integer> ranks) {
        StringBuilder out = new StringBuilder();
        ranks.forEach(r -> out.append(out.length() == 0 ? "" : ", ").append(r));
        return out.toString();
    }

    /** {@code the 1st Comm.recv of rank 0 at X.java:25 takes rank 2's message}. */
    String describe() {
        return alternative.receive().describe() + " takes rank " + alternative.sender().rank() + "'s message";
    }
}
