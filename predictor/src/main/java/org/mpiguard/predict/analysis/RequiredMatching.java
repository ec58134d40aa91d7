package org.mpiguard.predict.analysis;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import org.mpiguard.predict.model.Kind;

/**
 * A counting filter (the seed suggests adding one to its abstract machine): the witness must
 * complete every blocking action before each deadlock action, every potential partner of an
 * orphan, and whatever those need to be issued in turn (their ranks' earlier blocking
 * actions, the requests of those waits), each send and receive with its own partner among
 * the non-orphan actions of A_D. That needs a matching of the potential-match graph that
 * covers every required send and one that covers every required receive (by the
 * Mendelsohn-Dulmage theorem one matching then covers both). Either failing, no schedule
 * reaches the candidate, and the solver, for which such counting is slow, is spared.
 */
final class RequiredMatching {

    private final Ctp ctp;
    private final MatchSets matches;
    private final int[] mate;
    private final int[] seen;
    private final boolean[] required;
    private int stamp;

    RequiredMatching(Ctp ctp, MatchSets matches) {
        this.ctp = ctp;
        this.matches = matches;
        this.mate = new int[ctp.acts.length];
        this.seen = new int[ctp.acts.length];
        this.required = new boolean[ctp.acts.length];
    }

    boolean possible(List<Act> candidate, int[] cut) {
        boolean[] orphan = new boolean[ctp.acts.length];
        for (Act d : candidate) {
            if (d.kind() == Kind.WAIT) {
                orphan[d.request().id] = true;
            }
        }
        Arrays.fill(required, false);
        Deque<Act> work = new ArrayDeque<>();
        for (Act d : candidate) {
            if (d.prevBlocking != null) {
                work.add(d.prevBlocking);
            }
            if (d.kind() == Kind.WAIT) {
                for (Act p : matches.releasers(d.request())) {
                    if (in(p, cut)) {
                        work.add(p);
                    }
                }
            }
        }
        while (!work.isEmpty()) {
            Act a = work.poll();
            if (required[a.id]) {
                continue;
            }
            if (orphan[a.id] || !in(a, cut)) {
                return false;
            }
            required[a.id] = true;
            if (a.prevBlocking != null) {
                work.add(a.prevBlocking);
            }
            if (a.kind() == Kind.WAIT) {
                work.add(a.request());
            }
            if (a.kind() == Kind.BARRIER) {
                for (Act m : ctp.groupMembers[a.group()]) {
                    work.add(m);
                }
                if (!ctp.groupComplete(a.group())) {
                    return false;
                }
            }
        }
        return covers(Kind.SEND, orphan, cut) && covers(Kind.RECV, orphan, cut);
    }

    /** Kuhn's augmenting paths from every required action of {@code side}. */
    private boolean covers(Kind side, boolean[] orphan, int[] cut) {
        Arrays.fill(mate, -1);
        for (Act a : ctp.acts) {
            if (a.kind() == side && required[a.id]) {
                stamp++;
                if (!augment(a, orphan, cut)) {
                    return false;
                }
            }
        }
        return true;
    }

    private boolean augment(Act a, boolean[] orphan, int[] cut) {
        for (Act b : matches.of(a)) {
            if (orphan[b.id] || !in(b, cut) || seen[b.id] == stamp) {
                continue;
            }
            seen[b.id] = stamp;
            if (mate[b.id] < 0 || augment(ctp.acts[mate[b.id]], orphan, cut)) {
                mate[b.id] = a.id;
                return true;
            }
        }
        return false;
    }

    private static boolean in(Act a, int[] cut) {
        return a.index < cut[a.rank];
    }
}
