package org.mpiguard.core.collective;

import java.util.List;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.RelatedCall;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.report.SiteRef;

/** Turns a mismatch found on the ring into the finding a programmer reads. */
public final class CollectiveMismatchReport {

    private CollectiveMismatchReport() {
    }

    /**
     * {@code communicator} describes where, e.g. "MPI.COMM_WORLD" or "the communicator of
     * ranks [0, 2]". An error, except where the calls may still complete
     * ({@link CollectiveMatcher#mayComplete}): a warning, which {@link #hung} turns into an
     * error if the call then does not complete.
     */
    public static Finding finding(RingComparer.Mismatch m, String communicator, CollectiveCall.CodeNames names) {
        boolean hazard = CollectiveMatcher.mayComplete(m.mine(), m.theirs());
        String consequence = hazard
                ? " MPI requires the same type signature on every rank; Open MPI picks its broadcast algorithm from"
                + " each rank's own count, so this call completes when both counts lead to the same algorithm and"
                + " hangs when they do not (on another MPI, or with other counts). MPIGuard watches it: if it does"
                + " not complete, that is reported as an error and the job ends. Pass the same count on every rank."
                : " Every member of a communicator must make the same collective calls in the same order, with the"
                + " same root and reduction operation and matching counts and datatypes; otherwise the job hangs"
                + " or computes garbage.";
        return report(m, communicator, names, hazard ? Severity.WARNING : Severity.ERROR, consequence);
    }

    /** The call {@link #finding} warned of has not completed after {@code seconds} on {@code rank}: it hangs. */
    public static Finding hung(RingComparer.Mismatch m, String communicator, CollectiveCall.CodeNames names, int rank,
                               long seconds) {
        return report(m, communicator, names, Severity.ERROR, " The call has not completed after " + seconds
                + " s of rank " + rank + " inside it: the mismatch hangs the job here (Open MPI took"
                + " different broadcast algorithms on ranks with different counts). Pass the same count on every"
                + " rank.");
    }

    private static Finding report(RingComparer.Mismatch m, String communicator, CollectiveCall.CodeNames names,
                                  Severity severity, String consequence) {
        CollectiveCall mine = m.mine();
        CollectiveCall theirs = m.theirs();
        String message = "Collective mismatch on " + communicator + ": the " + ordinal(mine.seq())
                + " collective call of rank " + mine.rank() + " is " + mine.describe(names) + " at "
                + mine.location() + ", but that of rank " + theirs.rank() + " is " + theirs.describe(names)
                + " at " + theirs.location() + ": " + m.reason() + "." + consequence;
        List<Integer> ranks = mine.rank() < theirs.rank() ? List.of(mine.rank(), theirs.rank())
                : List.of(theirs.rank(), mine.rank());
        return new Finding(FindingKind.COLLECTIVE_MISMATCH, severity, ranks, mine.op(), site(mine),
                List.of(new RelatedCall(theirs.rank(), theirs.op(), site(theirs))), message, List.of());
    }

    private static SiteRef site(CollectiveCall c) {
        return new SiteRef(c.className(), c.method(), c.file(), c.line());
    }

    static String ordinal(long n) {
        long mod100 = n % 100;
        String suffix = mod100 >= 11 && mod100 <= 13 ? "th"
                : switch ((int) (n % 10)) {
                    case 1 -> "st";
                    case 2 -> "nd";
                    case 3 -> "rd";
                    default -> "th";
                };
        return n + suffix;
    }
}
