package org.mpiguard.adapter;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import mpi.MPI;
import org.mpiguard.core.activity.RankActivity;
import org.mpiguard.core.activity.ThreadActivity;
import org.mpiguard.core.activity.WaitKind;
import org.mpiguard.core.collective.CommIdentity;
import org.mpiguard.core.deadlock.RankState;
import org.mpiguard.core.deadlock.RankStatus;
import org.mpiguard.core.deadlock.ThreadStatus;
import org.mpiguard.core.site.CallSite;
import org.mpiguard.core.site.CallSites;

/** Reads this rank's thread activity and turns it into a {@link RankStatus} in world ranks. */
final class LocalStatus {

    private final int rank;
    private final int size;
    private final CommMembers members = new CommMembers();
    private final ThreadActivity.Snapshot snapshot = new ThreadActivity.Snapshot();

    LocalStatus(int rank, int size) {
        this.rank = rank;
        this.size = size;
    }

    /** The rank's status now; {@code exited} marks a rank leaving without Finalize. */
    RankStatus read(boolean exited) {
        List<ThreadStatus> threads = new ArrayList<>();
        long progress = 0;
        boolean anyRunning = false;
        boolean finishing = false;
        for (ThreadActivity activity : RankActivity.threads()) {
            if (!activity.read(snapshot)) {
                anyRunning = true;
                continue;
            }
            progress += snapshot.seq;
            ThreadStatus status = describe(activity.thread().getName(), snapshot);
            threads.add(status);
            if (snapshot.kind == WaitKind.NONE) {
                anyRunning = true;
            } else if (snapshot.kind == WaitKind.FINALIZE) {
                finishing = true;
            }
        }
        RankState state;
        if (exited) {
            state = RankState.EXITED;
        } else if (finishing) {
            state = RankState.FINISHED;
        } else if (anyRunning || threads.isEmpty()) {
            state = RankState.RUNNING;
        } else {
            state = RankState.BLOCKED;
        }
        return new RankStatus(rank, state, progress, threads);
    }

    private ThreadStatus describe(String threadName, ThreadActivity.Snapshot s) {
        int siteId = s.kind == WaitKind.NONE ? s.lastSite : s.site;
        CallSite site = CallSites.get(siteId);
        int[] waitsFor = new int[0];
        boolean anyOf = false;
        String commKey = "";
        String detail = "";
        try {
            switch (s.kind) {
                case SEND -> {
                    int dest = members.toWorld(s.comm, s.peer);
                    waitsFor = new int[] {dest};
                    detail = "to rank " + dest + ", tag " + s.tag;
                }
                case RECEIVE -> {
                    if (s.peer == MPI.ANY_SOURCE) {
                        waitsFor = others(members.members(s.comm, size));
                        anyOf = true;
                        detail = "from any rank, " + tagText(s.tag);
                    } else {
                        int source = members.toWorld(s.comm, s.peer);
                        waitsFor = new int[] {source};
                        detail = "from rank " + source + ", " + tagText(s.tag);
                    }
                }
                case SEND_RECEIVE -> {
                    int dest = members.toWorld(s.comm, s.peer);
                    if (s.secondPeer == MPI.ANY_SOURCE) {
                        waitsFor = others(members.members(s.comm, size));
                        anyOf = true;
                        detail = "to rank " + dest + " and from any rank";
                    } else {
                        int source = members.toWorld(s.comm, s.secondPeer);
                        waitsFor = new int[] {dest, source};
                        detail = "to rank " + dest + " and from rank " + source;
                    }
                }
                case COLLECTIVE -> {
                    // The communicator's identity and the collective's number say which
                    // collective it is; members in the same one do not hold each other up.
                    CommIdentity identity = Communicators.of(s.comm);
                    int[] all = identity != null ? identity.sortedWorldMembers() : members.members(s.comm, size);
                    waitsFor = others(all);
                    commKey = (identity != null ? identity.key() : Arrays.toString(all)) + "#" + s.tag;
                    detail = all.length == size ? "over all " + size + " ranks" : "over ranks " + Arrays.toString(all);
                }
                case UNTRACKED -> {
                    int[] all = new int[size];
                    Arrays.setAll(all, i -> i);
                    waitsFor = others(all);
                    anyOf = true;
                }
                default -> {
                }
            }
        } catch (Exception e) {
            // A communicator we cannot translate: say it may be released by anyone,
            // which can hide a deadlock but never invents one.
            int[] all = new int[size];
            Arrays.setAll(all, i -> i);
            waitsFor = others(all);
            anyOf = true;
        }
        String op = site.op();
        if (s.kind == WaitKind.FINALIZE && "?".equals(op)) {
            op = "MPI.Finalize";
        }
        return new ThreadStatus(threadName, s.kind, op, site.className(), site.method(), site.file(), site.line(),
                waitsFor, anyOf, commKey, detail);
    }

    private int[] others(int[] ranks) {
        return Arrays.stream(ranks).filter(r -> r != rank).toArray();
    }

    private static String tagText(int tag) {
        return tag == MPI.ANY_TAG ? "any tag" : "tag " + tag;
    }
}
