package org.mpiguard.analyzer;

import java.io.PrintStream;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingFormat;
import org.mpiguard.core.report.FindingKeys;
import org.mpiguard.core.report.FindingSink;

/**
 * The analysis's findings that the online checks own (docs/finding-ownership.md). The bugs
 * both sides can see carry a key; the online check, on whenever its family is, reports them,
 * and the analysis adds only what it alone knows to that one finding: the sender's call of a
 * lost message, the send of a truncation. A finding the online checks own and the analysis
 * adds nothing to is neither printed nor written again.
 */
public final class OnlineOwner {

    /** Leaks, lifecycle and truncations are the online checks' whenever a key says so. */
    static final Predicate<Finding> ALL_ON = of(true, true);

    /** What {@link #report} did: findings printed in full, and those the ranks had reported. */
    record Counts(int printed, int known) {
    }

    private OnlineOwner() {
    }

    /**
     * The findings the online checks of a run own when its {@code lifecycle} family and its
     * {@code errors} family (Open MPI's errors, MPI_ERR_TRUNCATE among them) are on or off.
     */
    public static Predicate<Finding> of(boolean lifecycle, boolean errors) {
        return new ByFamilies(lifecycle, errors);
    }

    /** The findings whose key the ranks' findings files already hold. */
    static Predicate<Finding> ofKeys(Set<String> online) {
        return new ByKeys(online);
    }

    // classes, not lambdas: rank 0 runs this once at the end of a run, where each lambda costs its linking

    private static final class ByFamilies implements Predicate<Finding> {
        private final boolean lifecycle;
        private final boolean errors;

        ByFamilies(boolean lifecycle, boolean errors) {
            this.lifecycle = lifecycle;
            this.errors = errors;
        }

        @Override
        public boolean test(Finding f) {
            return lifecycle && FindingKeys.isLifecycle(f.key()) || errors && FindingKeys.isTruncation(f.key());
        }
    }

    private static final class ByKeys implements Predicate<Finding> {
        private final Set<String> online;

        ByKeys(Set<String> online) {
            this.online = online;
        }

        @Override
        public boolean test(Finding f) {
            return f.key() != null && online.contains(f.key());
        }
    }

    /** A lost message's sender or a truncation's send: what the receiving rank's online finding cannot name. */
    static boolean adds(Finding f) {
        return FindingKeys.isLostMessage(f.key()) || FindingKeys.isTruncation(f.key());
    }

    /**
     * Writes each finding to {@code file} and prints it on {@code out}, except those {@code
     * owned} online: those that add to the online finding are written (the report merges them by
     * key) and said in one line; the others are left out.
     */
    static Counts report(List<Finding> findings, FindingSink file, PrintStream out, Predicate<Finding> owned) {
        int printed = 0;
        int known = 0;
        for (Finding f : findings) {
            if (!owned.test(f)) {
                file.report(f);
                out.print(FindingFormat.text(f));
                printed++;
                continue;
            }
            known++;
            if (adds(f)) {
                file.report(f);
                out.println("[MPIGuard] the traces add to a finding reported online: " + f.message());
            }
        }
        out.flush();
        return new Counts(printed, known);
    }
}
