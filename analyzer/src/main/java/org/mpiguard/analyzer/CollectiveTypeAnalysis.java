package org.mpiguard.analyzer;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.mpiguard.core.collective.CollectiveKind;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.trace.Signature;

/**
 * Collectives whose members describe the same data with different type signatures where
 * the ring cannot tell: it compares a predefined type's code and count, so this check
 * reports only when a derived type is on one side (a vector of 4 ints against 4 floats,
 * or a derived type whose length differs from the root's), or when a root gives more than
 * a member takes (truncation: MPI aborts the call before the ring can say it). Both
 * sides, one finding per pair of sites.
 */
final class CollectiveTypeAnalysis {

    private CollectiveTypeAnalysis() {
    }

    static List<Finding> findings(TraceSet traces, Collectives collectives) {
        Instances found = new Instances();
        for (List<CollectiveEvent> members : collectives.instances.values()) {
            found.add(members);
        }
        return found.findings(traces);
    }

    /** One member's call against the reference's that breaks the rule. */
    private record Problem(CollectiveEvent ref, Side a, CollectiveEvent m, Side b, SignatureComparison.Result r) {
    }

    /**
     * The instances compared as they are told (whole, each its members in rank order), one
     * finding per pair of sites: the first in the order of communicator, ring and member rank,
     * whatever order the instances come in (the streaming analysis tells each as it ends).
     */
    static final class Instances {
        private final Map<String, Problem> bySites = new HashMap<>();

        void add(List<CollectiveEvent> members) {
            CollectiveEvent ref = reference(members);
            if (ref == null || !ref.kind().equalSignature()) {
                return;
            }
            for (CollectiveEvent m : members) {
                if (m == ref || m.kind() != ref.kind()) {
                    continue;
                }
                // the data one member gives against what another takes of it
                Side a = refSide(ref, m);
                Side b = memberSide(ref, m);
                if (a == null || b == null) {
                    continue;
                }
                SignatureComparison.Result r = SignatureComparison.equal(a.sig, a.count, b.sig, b.count);
                if (r.verdict() == SignatureComparison.Verdict.MATCH
                        || (basic(a.sig) && basic(b.sig) && !truncates(ref, a, b))) {
                    continue;
                }
                String key = ref.rank() + ":" + ref.site() + "/" + m.rank() + ":" + m.site();
                Problem known = bySites.get(key);
                if (known == null || BY_PLACE.compare(m, known.m) < 0) {
                    bySites.put(key, new Problem(ref, a, m, b, r));
                }
            }
        }

        List<Finding> findings(TraceSet traces) {
            return findings(traces, null, null);
        }

        /**
         * The findings, and (when not null) each one's order (communicator, ring, member rank) into
         * {@code keys} and its pair of sites into {@code sites}: what merging blocks' findings needs.
         */
        List<Finding> findings(TraceSet traces, List<long[]> keys, List<String> sites) {
            List<Problem> problems = new ArrayList<>(bySites.values());
            problems.sort(new java.util.Comparator<Problem>() {
                @Override
                public int compare(Problem x, Problem y) {
                    return BY_PLACE.compare(x.m, y.m);
                }
            });
            List<Finding> findings = new ArrayList<>();
            for (Problem p : problems) {
                findings.add(finding(traces, p.ref, p.a, p.m, p.b, p.r));
                if (keys != null) {
                    keys.add(new long[] {p.m.comm(), p.m.ring(), p.m.rank()});
                    sites.add(p.ref.rank() + ":" + p.ref.site() + "/" + p.m.rank() + ":" + p.m.site());
                }
            }
            return findings;
        }
    }

    /** Communicator, ring, rank: the order findings are listed in. */
    private static final java.util.Comparator<CollectiveEvent> BY_PLACE = new java.util.Comparator<>() {
        @Override
        public int compare(CollectiveEvent x, CollectiveEvent y) {
            int c = Long.compare(x.comm(), y.comm());
            if (c == 0) {
                c = Long.compare(x.ring(), y.ring());
            }
            return c != 0 ? c : Integer.compare(x.rank(), y.rank());
        }
    };

    private record Side(Signature sig, int count) {
    }

    /** The root for rooted operations, else the lowest rank: the one every member is compared with. */
    private static CollectiveEvent reference(List<CollectiveEvent> members) {
        CollectiveEvent ref = null;
        for (CollectiveEvent m : members) {
            if (m.kind().rooted() && m.rank() == m.root()) {
                return m;
            }
            if (ref == null || m.rank() < ref.rank()) {
                ref = m;
            }
        }
        return ref;
    }

    /** What the reference rank's call says of the data exchanged with {@code m}. */
    private static Side refSide(CollectiveEvent ref, CollectiveEvent m) {
        return switch (ref.kind()) {
            case GATHER -> new Side(ref.recvSig(), ref.recvCount());
            case SCATTER, BCAST -> new Side(ref.sendSig(), ref.sendCount());
            case ALL_GATHER, ALL_TO_ALL -> new Side(ref.recvSig(), ref.recvCount());
            default -> new Side(ref.sendSig(), ref.sendCount());
        };
    }

    private static Side memberSide(CollectiveEvent ref, CollectiveEvent m) {
        return switch (ref.kind()) {
            case SCATTER, BCAST -> new Side(m.recvSig(), m.recvCount());
            default -> new Side(m.sendSig(), m.sendCount());
        };
    }

    /**
     * A root that gives a member more than it has room for: MPI fails the call with
     * MPI_ERR_TRUNCATE, usually before the ring can compare the two, so the traces say it
     * even for predefined types.
     */
    private static boolean truncates(CollectiveEvent ref, Side a, Side b) {
        return (ref.kind() == CollectiveKind.BCAST
                || ref.kind() == CollectiveKind.SCATTER)
                && a.sig != null && b.sig != null && a.sig.id() == b.sig.id() && a.count > b.count;
    }

    private static boolean basic(Signature s) {
        return s == null || Signature.isBasic(s.id());
    }

    private static Finding finding(TraceSet traces, CollectiveEvent ref, Side a, CollectiveEvent m, Side b,
                                   SignatureComparison.Result r) {
        RankSite refSite = RankSite.of(traces.rank(ref.rank()), ref.site());
        RankSite mSite = RankSite.of(traces.rank(m.rank()), m.site());
        String what = r.verdict() == SignatureComparison.Verdict.MISMATCH
                ? "element " + r.element() + " is " + Signature.codeName(r.sentCode()) + " on one side and "
                        + Signature.codeName(r.receivedCode()) + " on the other"
                : "the two describe different amounts of data";
        String message = "Type mismatch in " + ref.kind().methodName(ref.nonblocking()) + ": " + refSite.where()
                + " describes the data as " + TypeMismatchAnalysis.describe(a.sig, a.count) + " and "
                + mSite.where() + " as " + TypeMismatchAnalysis.describe(b.sig, b.count) + "; " + what
                + ". Every member must describe the data it exchanges with the same type signature.";
        TreeSet<Integer> ranks = new TreeSet<>(List.of(ref.rank(), m.rank()));
        return new Finding(FindingKind.TYPE_MISMATCH, Severity.ERROR, new ArrayList<>(ranks), mSite.site().op(),
                mSite.ref(), List.of(refSite.related()), message, List.of());
    }
}
