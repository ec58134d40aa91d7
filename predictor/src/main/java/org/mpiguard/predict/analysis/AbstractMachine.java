package org.mpiguard.predict.analysis;

import java.util.List;
import org.mpiguard.predict.model.Kind;

/**
 * The filter between cycles and the solver: one run of an abstract machine on the candidate's
 * program A_D (candidate ranks cut after their deadlock action) that decides whether every
 * deadlock action can be issued at all. Like the seed's machine it cannot starve (here a
 * message is never used up: a wait passes once any potential partner of its request is
 * issued), so its issued sets only grow, one run reaches the greatest of them, and a
 * candidate it cannot issue is infeasible in every schedule. It also drops candidates whose
 * blocked barrier some later call of a candidate rank would complete: that rank would have
 * to get past its own deadlock action first.
 */
public final class AbstractMachine {

    private final Ctp ctp;
    private final MatchSets matches;
    /** Per rank, how many receives precede each index (for the counting check). */
    private final int[][] recvsBefore;
    private final RequiredMatching required;

    public AbstractMachine(Ctp ctp, MatchSets matches) {
        this.ctp = ctp;
        this.matches = matches;
        this.required = new RequiredMatching(ctp, matches);
        this.recvsBefore = new int[ctp.size()][];
        for (int r = 0; r < ctp.size(); r++) {
            Act[] acts = ctp.byRank[r];
            recvsBefore[r] = new int[acts.length + 1];
            for (int i = 0; i < acts.length; i++) {
                recvsBefore[r][i + 1] = recvsBefore[r][i] + (acts[i].kind() == Kind.RECV ? 1 : 0);
            }
        }
    }

    public boolean admits(List<Act> candidate) {
        int[] cut = cut(ctp, candidate);
        for (Act d : candidate) {
            if (d.kind() == Kind.BARRIER && !barrierStaysBlocked(d, cut)) {
                return false;
            }
        }
        if (!orphansCanStayUnmatched(candidate, cut) || !required.possible(candidate, cut)) {
            return false;
        }
        int[] blockedAt = new int[ctp.size()];
        int[] stopAt = cut.clone();
        for (Act d : candidate) {
            stopAt[d.rank] = d.index;
        }
        for (int r = 0; r < ctp.size(); r++) {
            blockedAt[r] = firstBlocking(r, 0, cut[r]);
        }
        boolean progress = true;
        while (progress) {
            progress = false;
            for (int r = 0; r < ctp.size(); r++) {
                while (blockedAt[r] < stopAt[r] && passes(ctp.byRank[r][blockedAt[r]], blockedAt, cut)) {
                    blockedAt[r] = firstBlocking(r, blockedAt[r] + 1, cut[r]);
                    progress = true;
                }
            }
        }
        for (Act d : candidate) {
            if (blockedAt[d.rank] != d.index) {
                return false;
            }
        }
        return true;
    }

    /**
     * The counting the seed suggests adding: in the deadlock every potential partner of an
     * orphan must have been matched with something else of A_D that is not itself an orphan.
     * A partner with no such other match, or (for a receive) more partners than the other
     * receives its rank has issued, makes the candidate infeasible.
     */
    private boolean orphansCanStayUnmatched(List<Act> candidate, int[] cut) {
        for (Act d : candidate) {
            if (d.kind() != Kind.WAIT) {
                continue;
            }
            Act o = d.request();
            int partners = 0;
            for (Act a : matches.releasers(o)) {
                if (a.index >= cut[a.rank]) {
                    continue;
                }
                partners++;
                if (!hasOtherMatch(a, candidate, cut)) {
                    return false;
                }
            }
            if (o.kind() == Kind.RECV) {
                int otherRecvs = recvsBefore[o.rank][cut[o.rank]] - 1;
                if (partners > otherRecvs) {
                    return false;
                }
            }
        }
        return true;
    }

    private boolean hasOtherMatch(Act a, List<Act> candidate, int[] cut) {
        for (Act b : matches.of(a)) {
            if (b.index < cut[b.rank] && !isOrphan(b, candidate)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isOrphan(Act a, List<Act> candidate) {
        for (Act d : candidate) {
            if (d.kind() == Kind.WAIT && d.request() == a) {
                return true;
            }
        }
        return false;
    }

    /** For each rank the number of its actions in A_D: up to and including its deadlock action. */
    static int[] cut(Ctp ctp, List<Act> candidate) {
        int[] cut = new int[ctp.size()];
        for (int r = 0; r < ctp.size(); r++) {
            cut[r] = ctp.byRank[r].length;
        }
        for (Act d : candidate) {
            cut[d.rank] = d.index + 1;
        }
        return cut;
    }

    /** A barrier stays blocked only if a member is never issued: missing from the run, or cut from A_D. */
    boolean barrierStaysBlocked(Act d, int[] cut) {
        if (!ctp.groupComplete(d.group())) {
            return true;
        }
        for (Act m : ctp.groupMembers[d.group()]) {
            if (m.index >= cut[m.rank]) {
                return true;
            }
        }
        return false;
    }

    private int firstBlocking(int r, int from, int cut) {
        int i = from;
        while (i < cut && !ctp.byRank[r][i].blocking()) {
            i++;
        }
        return i;
    }

    private boolean issued(Act a, int[] blockedAt, int[] cut) {
        return a.index < cut[a.rank] && a.index <= blockedAt[a.rank];
    }

    private boolean passes(Act b, int[] blockedAt, int[] cut) {
        if (b.kind() == Kind.BARRIER) {
            if (!ctp.groupComplete(b.group())) {
                return false;
            }
            for (Act m : ctp.groupMembers[b.group()]) {
                if (!issued(m, blockedAt, cut)) {
                    return false;
                }
            }
            return true;
        }
        for (Act partner : matches.of(b.request())) {
            if (issued(partner, blockedAt, cut)) {
                return true;
            }
        }
        return false;
    }
}
