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

    public AbstractMachine(Ctp ctp, MatchSets matches) {
        this.ctp = ctp;
        this.matches = matches;
    }

    public boolean admits(List<Act> candidate) {
        int[] cut = cut(ctp, candidate);
        for (Act d : candidate) {
            if (d.kind() == Kind.BARRIER && !barrierStaysBlocked(d, cut)) {
                return false;
            }
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
