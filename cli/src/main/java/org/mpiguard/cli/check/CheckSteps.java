package org.mpiguard.cli.check;

import java.time.Duration;

/**
 * The time each step of a check took, and what is left of the budget for the replays: a
 * replay takes about what the run took, so each gets a limit of three times that (at least
 * 20 s, at most 2 min), and as many are planned as fit, the observed schedule's replay first.
 */
final class CheckSteps {

    private static final Duration MIN_REPLAY = Duration.ofSeconds(20);
    private static final Duration MAX_REPLAY = Duration.ofMinutes(2);

    /** @param count replays of alternatives (the observed schedule's replay comes on top) */
    record Replays(int count, Duration timeout) {
    }

    private final Duration budget;
    private Duration run = Duration.ZERO;
    private Duration analysis = Duration.ZERO;
    private Duration replays = Duration.ZERO;
    private int analysisStatus;

    CheckSteps(Duration budget) {
        this.budget = budget;
    }

    void ran(Duration took) {
        run = took;
    }

    void analysed(Duration took, int status) {
        analysis = took;
        analysisStatus = status;
    }

    void explored(Duration took) {
        replays = took;
    }

    /** The replays that fit in {@code left}, or null when not even the observed one and one alternative do. */
    Replays replays(Duration left, int maxReplays) {
        Duration each = run.multipliedBy(3);
        each = each.compareTo(MIN_REPLAY) < 0 ? MIN_REPLAY : each.compareTo(MAX_REPLAY) > 0 ? MAX_REPLAY : each;
        long fit = left.toMillis() / each.toMillis() - 1;
        if (fit < 1) {
            return null;
        }
        return new Replays((int) Math.min(fit, maxReplays), each);
    }

    Duration budget() {
        return budget;
    }

    Duration run() {
        return run;
    }

    Duration analysis() {
        return analysis;
    }

    Duration replaysTook() {
        return replays;
    }

    int analysisStatus() {
        return analysisStatus;
    }

    static String format(Duration d) {
        long s = d.toSeconds();
        if (s < 60) {
            return String.format("%.1f s", d.toMillis() / 1000.0);
        }
        return s / 60 + " min " + s % 60 + " s";
    }
}
