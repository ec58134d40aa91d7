package org.mpiguard.analyzer;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKeys;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.trace.Signature;

/**
 * Every matched pair of send and receive compared by the type-matching rule: a type
 * mismatch or a truncation is an error (the receiver reads other bits than were sent, or
 * MPI fails with MPI_ERR_TRUNCATE); typed data sent or received as MPI.BYTE is a warning
 * (right on one machine, wrong between machines of different representations). One
 * finding per pair of sites.
 */
final class TypeMismatchAnalysis {

    private TypeMismatchAnalysis() {
    }

    private record Problem(SendEvent send, RecvEvent recv, SignatureComparison.Result result) {
    }

    static List<Finding> findings(TraceSet traces, PointToPoint p2p) {
        Pairs pairs = new Pairs();
        for (List<RecvEvent> recvs : p2p.recvs) {
            for (RecvEvent v : recvs) {
                if (v.matched != null) {
                    pairs.add(v.matched, v);
                }
            }
        }
        return pairs.findings(traces);
    }

    /**
     * The matched pairs that break the rule, one group per pair of sites and verdict, each
     * named by its first pair in the receivers' order (rank, then posting order), whatever
     * order the pairs come in: the streaming analysis pairs messages as the ranks' traces are read.
     */
    static final class Pairs {
        private final ReceiverOrderedGroups<Problem> groups = new ReceiverOrderedGroups<>();

        void add(SendEvent s, RecvEvent v) {
            SignatureComparison.Result result = SignatureComparison.prefix(s.sig, s.count, v.sig, v.count);
            if (result.verdict() == SignatureComparison.Verdict.MATCH) {
                return;
            }
            String key = s.rank + ":" + s.site + "/" + v.rank + ":" + v.site + "/" + result.verdict();
            groups.add(key, v, new Problem(s, v, result));
        }

        List<Finding> findings(TraceSet traces) {
            return groups.findings(new ReceiverOrderedGroups.Namer<Problem>() {
                @Override
                public Finding finding(Problem first, int times) {
                    return TypeMismatchAnalysis.finding(traces, first, times);
                }
            });
        }
    }

    private static Finding finding(TraceSet traces, Problem p, int times) {
        RankSite send = RankSite.of(traces.rank(p.send.rank), p.send.site);
        RankSite recv = RankSite.of(traces.rank(p.recv.rank), p.recv.site);
        String sent = describe(p.send.sig, p.send.count);
        String room = describe(p.recv.sig, p.recv.count);
        String again = times == 1 ? "" : " (" + times + " messages between these two calls)";
        SignatureComparison.Result r = p.result;
        String message;
        Severity severity = Severity.ERROR;
        switch (r.verdict()) {
            case MISMATCH -> message = "Type mismatch: the receive of " + recv.where() + " (" + room
                    + ") took the message sent by " + send.where() + " (" + sent + ")" + again + ": element "
                    + r.element() + " was sent as " + Signature.codeName(r.sentCode()) + " and is received as "
                    + Signature.codeName(r.receivedCode()) + ", so the receiver reads other bits than were sent. "
                    + "The send's type signature must be a prefix of the receive's: describe the data with the "
                    + "same base types on both sides (or send MPI.PACKED made by pack and unpack it).";
            case TRUNCATED -> message = "Truncation: the send of " + send.where() + " (" + sent
                    + ") is longer than the receive of " + recv.where() + " has room for (" + room + ")" + again
                    + ": MPI fails the receive with MPI_ERR_TRUNCATE (the default handler aborts the job). Receive "
                    + "with a count at least as large as the largest message, or send less.";
            default -> {
                severity = Severity.WARNING;
                message = "Untyped transfer: " + send.where() + " sends " + sent + " and " + recv.where()
                        + " receives it as " + room + again + ". MPI.BYTE matches only MPI.BYTE: this works "
                        + "between machines of one data representation only. Use the same type on both sides, or "
                        + "MPI.PACKED with pack/unpack.";
            }
        }
        TreeSet<Integer> ranks = new TreeSet<>(List.of(p.send.rank, p.recv.rank));
        // a truncation is also Open MPI's MPI_ERR_TRUNCATE at the receive, which the online check reports
        String key = r.verdict() == SignatureComparison.Verdict.TRUNCATED
                ? FindingKeys.truncation(p.recv.rank, recv.ref()) : null;
        return new Finding(FindingKind.TYPE_MISMATCH, severity, new ArrayList<>(ranks), recv.site().op(), recv.ref(),
                List.of(send.related()), message, List.of(), key);
    }

    static String describe(Signature sig, long count) {
        return sig == null ? count + " of an unknown type" : sig.describe(count);
    }
}
