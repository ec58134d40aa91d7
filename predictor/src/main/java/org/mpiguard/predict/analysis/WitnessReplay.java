package org.mpiguard.predict.analysis;

import java.util.ArrayList;
import java.util.List;
import org.mpiguard.predict.model.Kind;

/**
 * Replays a witness on the concrete semantics (the seed's Figure 5, with MPI's
 * non-overtaking rule checked by scanning, independently of the encoding) and then checks
 * that every rank of the candidate is blocked for good: it stands at its deadlock action and
 * every action that could still release it is either used up by another match or lies
 * behind a blocked rank's deadlock action. The analysis reports only witnesses that pass.
 */
public final class WitnessReplay {

    /** {@code failure} is null when the witness holds. */
    public record Result(String failure, List<Integer> blockedRanks) {
        public boolean holds() {
            return failure == null;
        }
    }

    private final Ctp ctp;
    private final boolean[] matched;
    /** Per rank, the index of its first blocking action not yet complete (or its length). */
    private final int[] frontier;

    private WitnessReplay(Ctp ctp) {
        this.ctp = ctp;
        this.matched = new boolean[ctp.acts.length];
        this.frontier = new int[ctp.size()];
        for (int r = 0; r < ctp.size(); r++) {
            advance(r);
        }
    }

    public static Result check(Ctp ctp, Witness witness) {
        return new WitnessReplay(ctp).run(witness);
    }

    private Result run(Witness witness) {
        List<Event> events = witness.events();
        int i = 0;
        while (i < events.size()) {
            int end = i;
            while (end < events.size() && events.get(end).time() == events.get(i).time()) {
                end++;
            }
            List<Event> pending = new ArrayList<>(events.subList(i, end));
            while (!pending.isEmpty()) {
                Event next = null;
                for (Event e : pending) {
                    if (enabled(e) == null) {
                        next = e;
                        break;
                    }
                }
                if (next == null) {
                    return new Result("step " + (i + 1) + " cannot happen: " + enabled(pending.get(0)), List.of());
                }
                apply(next);
                pending.remove(next);
            }
            i = end;
        }
        return blocked(witness.candidate());
    }

    private Result blocked(List<Act> candidate) {
        int[] stop = new int[ctp.size()];
        java.util.Arrays.fill(stop, Integer.MAX_VALUE);
        for (Act d : candidate) {
            stop[d.rank] = d.index;
        }
        List<Integer> ranks = new ArrayList<>();
        for (Act d : candidate) {
            if (!issued(d) || matched[d.id]) {
                return new Result("rank " + d.rank + " is not standing at its deadlock action " + d, List.of());
            }
            if (d.kind() == Kind.BARRIER) {
                if (!barrierNeverCompletes(d, stop)) {
                    return new Result("rank " + d.rank + "'s barrier can still complete", List.of());
                }
            } else {
                Act o = d.request();
                if (matched[o.id]) {
                    return new Result("rank " + d.rank + "'s request is matched, its wait can return", List.of());
                }
                for (Act a : ctp.acts) {
                    boolean partner = o.kind() == Kind.SEND ? Act.compatible(o, a) : Act.compatible(a, o);
                    if (partner && !matched[a.id] && a.index <= stop[a.rank]) {
                        return new Result("rank " + d.rank + " can still be released by " + a, List.of());
                    }
                }
            }
            ranks.add(d.rank);
        }
        return new Result(null, ranks);
    }

    private boolean barrierNeverCompletes(Act d, int[] stop) {
        if (!ctp.groupComplete(d.group())) {
            return true;
        }
        for (Act m : ctp.groupMembers[d.group()]) {
            if (m.index > stop[m.rank]) {
                return true;
            }
        }
        return false;
    }

    /** Null when the event can happen now, else why not. */
    private String enabled(Event e) {
        if (e instanceof Event.Match m) {
            Act s = m.send();
            Act r = m.recv();
            if (!issued(s) || !issued(r) || matched[s.id] || matched[r.id]) {
                return s + " and " + r + " are not both issued and pending";
            }
            if (!Act.compatible(s, r)) {
                return s + " cannot match " + r;
            }
            for (Act a : ctp.byRank[s.rank]) {
                if (a.index >= s.index) {
                    break;
                }
                if (!matched[a.id] && Act.compatible(a, r)) {
                    return "non-overtaking: earlier " + a + " is pending";
                }
            }
            for (Act a : ctp.byRank[r.rank]) {
                if (a.index >= r.index) {
                    break;
                }
                if (!matched[a.id] && Act.compatible(s, a)) {
                    return "non-overtaking: earlier " + a + " is pending";
                }
            }
            return null;
        }
        if (e instanceof Event.WaitDone w) {
            Act a = w.waitAction();
            if (!issued(a) || matched[a.id]) {
                return a + " is not issued";
            }
            return matched[a.request().id] ? null : a + " waits for an unmatched request";
        }
        Event.BarrierDone b = (Event.BarrierDone) e;
        if (!ctp.groupComplete(b.group())) {
            return "barrier group " + b.group() + " misses a member";
        }
        for (Act m : b.members()) {
            if (!issued(m) || matched[m.id]) {
                return m + " has not arrived at its barrier";
            }
        }
        return null;
    }

    private void apply(Event e) {
        if (e instanceof Event.Match m) {
            matched[m.send().id] = true;
            matched[m.recv().id] = true;
        } else if (e instanceof Event.WaitDone w) {
            matched[w.waitAction().id] = true;
            advance(w.waitAction().rank);
        } else {
            for (Act m : ((Event.BarrierDone) e).members()) {
                matched[m.id] = true;
                advance(m.rank);
            }
        }
    }

    private boolean issued(Act a) {
        return a.index <= frontier[a.rank];
    }

    private void advance(int r) {
        Act[] acts = ctp.byRank[r];
        int f = frontier[r];
        while (f < acts.length && (!acts[f].blocking() || matched[acts[f].id])) {
            f++;
        }
        frontier[r] = f;
    }
}
