package org.mpiguard.cli.explore;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.mpiguard.analyzer.ReceiveSchedule;

/**
 * The replay of the observed schedule, against which every alternative is compared: it
 * must end, and it should take every wildcard receive's observed sender. Where it did not,
 * the program depends on more than the order of messages (time, random numbers, the
 * environment), which is said, since a difference may then not be the race's doing.
 */
final class Baseline {

    private static final int NAMED = 3;

    private Baseline() {
    }

    /** Why the replay cannot serve as the observed outcome, or null when it can. */
    static String refusal(JobReplay.Result baseline, Duration timeout) {
        if (baseline.timedOut()) {
            return "it did not end within " + timeout.toSeconds() + " s";
        }
        if (baseline.deadlock() != null) {
            return "MPIGuard found it deadlocked at " + baseline.deadlock().site().location();
        }
        return null;
    }

    /** Notes on the receives of the observed run that the replay did not repeat, and those it could not force. */
    static List<String> deviations(ReceiveSchedule observed, ReceiveSchedule replayed) {
        List<String> deviated = new ArrayList<>();
        int unknown = 0;
        for (int r = 0; r < observed.worldSize(); r++) {
            for (ReceiveSchedule.Receive v : observed.receives(r)) {
                if (v.anySource() && v.taken() < 0) {
                    unknown++;
                }
                if (!ForcedPlans.forceable(v)) {
                    continue;
                }
                ReceiveSchedule.Receive again = replayed.receive(v.rank(), v.site(), v.occurrence());
                if (again == null || again.taken() != v.taken()) {
                    deviated.add(v.describe() + (again == null ? " was never posted" : " took rank " + again.taken()
                            + "'s message instead of rank " + v.taken() + "'s"));
                }
            }
        }
        List<String> notes = new ArrayList<>();
        if (!deviated.isEmpty()) {
            notes.add("the replay of the observed schedule did not repeat it: " + String.join("; ",
                    deviated.subList(0, Math.min(NAMED, deviated.size()))) + (deviated.size() > NAMED ? "; and "
                    + (deviated.size() - NAMED) + " more" : "") + ". The program depends on more than the order of its"
                    + " messages (time, random numbers, its environment), so a difference below may not be the"
                    + " race's doing");
        }
        if (unknown > 0) {
            notes.add(unknown + " wildcard receive(s) of the observed run completed without a Status naming the"
                    + " sender (waitFor, waitAll, test): the replays leave them to the network");
        }
        return notes;
    }
}
