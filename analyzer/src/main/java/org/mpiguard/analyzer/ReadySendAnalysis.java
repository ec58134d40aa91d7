package org.mpiguard.analyzer;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.Severity;

/**
 * Ready sends started before their receive was known to be posted. MPI allows a ready send
 * ({@code rSend}, {@code irSend}, a started {@code rSendInit}) only when the matching receive
 * is already posted; the program must know it, so the receive's post has to happen before the
 * send's start (a barrier after the post, a message the receiver sends after it): that it was
 * posted first in this run by timing alone is the bug this check exists for. Judged at the
 * receive's completion, when the send has been replayed and its clock says how many of the
 * receiver's events it knew ({@link SendEvent#knownOfDest}); only pairs of two whole traces,
 * so a receive is never blamed on a guessed match. One finding per pair of sites, named by
 * its first pair in the receivers' order ({@link ReceiverOrderedGroups}), as {@link TypeMismatchAnalysis} does.
 */
final class ReadySendAnalysis {

    private ReadySendAnalysis() {
    }

    /** Whether v's post happens before s's start: s knew more of v's rank's events than v's index. */
    static boolean postedBefore(SendEvent s, RecvEvent v) {
        return s.knownOfDest > v.index;
    }

    /** The whole-trace analysis: every completed receive's pair, once the happens-before replay ran. */
    static List<Finding> findings(TraceSet traces, PointToPoint p2p) {
        Pairs pairs = new Pairs(traces);
        for (List<RecvEvent> recvs : p2p.recvs) {
            for (RecvEvent v : recvs) {
                pairs.completed(v);
            }
        }
        return pairs.findings();
    }

    /** The ready sends found too early, grouped by pair of sites, whatever order the receives complete in. */
    static final class Pairs {
        private final TraceSet traces;
        private final ReceiverOrderedGroups<RecvEvent> groups = new ReceiverOrderedGroups<>();

        Pairs(TraceSet traces) {
            this.traces = traces;
        }

        /** Receive {@code v} completed in the replay (its send, if any, replayed before it). */
        void completed(RecvEvent v) {
            SendEvent s = v.matched;
            if (s == null || v.completion < 0 || v.cancelled || !s.readyMode || postedBefore(s, v)
                    || !traces.whole(s.rank) || !traces.whole(v.rank)) {
                return;
            }
            groups.add(s.rank + ":" + s.site + "/" + v.rank + ":" + v.site, v, v);
        }

        List<Finding> findings() {
            return groups.findings(new ReceiverOrderedGroups.Namer<RecvEvent>() {
                @Override
                public Finding finding(RecvEvent first, int times) {
                    return ReadySendAnalysis.finding(traces, first, times);
                }
            });
        }
    }

    private static Finding finding(TraceSet traces, RecvEvent v, int times) {
        SendEvent s = v.matched;
        RankSite send = RankSite.of(traces.rank(s.rank), s.site);
        RankSite recv = RankSite.of(traces.rank(v.rank), v.site);
        String again = times == 1 ? "" : " (" + times + " messages between these two calls)";
        String message = "Ready send before its receive was known to be posted: the " + send.site().op() + " of "
                + send.where() + " was taken by the receive of " + recv.where() + again + ", but nothing orders "
                + "that receive's post before the send's start (no message, collective or synchronisation from "
                + "rank " + v.rank + " after the post reaches rank " + s.rank + " before the send). A ready send is "
                + "valid only when its receive is already posted; a receive that happened to be posted first is "
                + "timing, not a guarantee, and otherwise MPI may fail or lose the message (Open MPI sends a ready send "
                + "as a standard one, so this run was not harmed; another MPI or transport may be). Post the receive first "
                + "(e.g. iRecv) and order it before the ready send, by a barrier or a message from the receiver, "
                + "or use a standard send (Comm.send).";
        TreeSet<Integer> ranks = new TreeSet<>(List.of(s.rank, v.rank));
        return new Finding(FindingKind.CALL_ORDERING, Severity.WARNING, new ArrayList<>(ranks), send.site().op(),
                send.ref(), List.of(recv.related()), message, List.of());
    }
}
