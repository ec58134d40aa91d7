package org.mpiguard.cli.explore;

import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Whether two runs of a job ended alike: the job's exit code, and each rank's standard
 * output line by line. What differs first is what a programmer needs to see.
 */
final class OutputComparison {

    /** The first difference: a rank's line ({@code rank >= 0}, line from 1) or the exit code ({@code rank == -1}). */
    record Difference(int rank, int line, String observed, String replayed) {

        String describe() {
            if (rank < 0) {
                return "the job exited with " + replayed + " instead of " + observed;
            }
            return "rank " + rank + "'s output differs at line " + line + ": \"" + observed + "\" in the observed"
                    + " schedule, \"" + replayed + "\" in the other";
        }
    }

    /** Said in place of a line when a rank's output had ended. */
    static final String ENDED = "(its output ended)";

    private OutputComparison() {
    }

    /** The first rank (in rank order) whose output differs, its first differing line; then the exit codes. */
    static Optional<Difference> firstDifference(Map<Integer, String> observed, int observedExit,
                                                Map<Integer, String> replayed, int replayedExit) {
        TreeSet<Integer> ranks = new TreeSet<>(observed.keySet());
        ranks.addAll(replayed.keySet());
        for (int rank : ranks) {
            String[] a = lines(observed.getOrDefault(rank, ""));
            String[] b = lines(replayed.getOrDefault(rank, ""));
            for (int i = 0; i < Math.max(a.length, b.length); i++) {
                String x = i < a.length ? a[i] : ENDED;
                String y = i < b.length ? b[i] : ENDED;
                if (!x.equals(y)) {
                    return Optional.of(new Difference(rank, i + 1, x, y));
                }
            }
        }
        if (observedExit != replayedExit) {
            return Optional.of(new Difference(-1, 0, String.valueOf(observedExit), String.valueOf(replayedExit)));
        }
        return Optional.empty();
    }

    /** A trailing newline ends the last line rather than starting an empty one. */
    private static String[] lines(String text) {
        if (text.isEmpty()) {
            return new String[0];
        }
        String body = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
        return body.split("\r?\n", -1);
    }
}
