package org.mpiguard.predict.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
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

    /**
     * {@code failure} is null when the witness holds; {@code standing} gives, per rank, the
     * blocking action it stands at after the witness (null when it has nothing left to do);
     * {@code stuck} every rank blocked for good in that state (the cycle's ranks among them).
     */
    public record Result(String failure, List<Integer> blockedRanks, List<Act> standing, List<Integer> stuck) {
        public boolean holds() {
            return failure == null;
        }

        static Result failed(String why) {
            return new Result(why, List.of(), List.of(), List.of());
        }
    }

    private final Ctp ctp;
    /** The restriction the witness was solved under (a wildcard receive kept on its observed sender), or null. */
    private final MatchSets restriction;
    private final boolean[] matched;
    /** Per rank, the index of its first blocking action not yet complete (or its length). */
    private final int[] frontier;

    private WitnessReplay(Ctp ctp, MatchSets restriction) {
        this.ctp = ctp;
        this.restriction = restriction;
        this.matched = new boolean[ctp.acts.length];
        this.frontier = new int[ctp.size()];
        for (int r = 0; r < ctp.size(); r++) {
            advance(r);
        }
    }

    public static Result check(Ctp ctp, Witness witness) {
        return new WitnessReplay(ctp, null).run(witness);
    }

    /** As {@link #check(Ctp, Witness)}, and every match must keep what {@code restriction} keeps. */
    public static Result check(Ctp ctp, MatchSets restriction, Witness witness) {
        return new WitnessReplay(ctp, restriction).run(witness);
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
                    return Result.failed("step " + (i + 1) + " cannot happen: " + enabled(pending.get(0)));
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
        Arrays.fill(stop, Integer.MAX_VALUE);
        for (Act d : candidate) {
            stop[d.rank] = d.index;
        }
        List<Integer> ranks = new ArrayList<>();
        for (Act d : candidate) {
            if (!issued(d) || matched[d.id]) {
                return Result.failed("rank " + d.rank + " is not standing at its deadlock action " + d);
            }
            String release = release(d, stop);
            if (release != null) {
                return Result.failed("rank " + d.rank + " at " + d + " " + release);
            }
            ranks.add(d.rank);
        }
        List<Act> standing = new ArrayList<>();
        for (int r = 0; r < ctp.size(); r++) {
            standing.add(frontier[r] < ctp.byRank[r].length ? ctp.byRank[r][frontier[r]] : null);
        }
        return new Result(null, ranks, Collections.unmodifiableList(standing), stuck(standing));
    }

    /**
     * The ranks blocked for good after the witness, beyond the cycle: the greatest set of
     * ranks whose standing action nothing outside the set (run to its end) can release.
     */
    private List<Integer> stuck(List<Act> standing) {
        int[] stop = new int[ctp.size()];
        for (int r = 0; r < ctp.size(); r++) {
            stop[r] = standing.get(r) == null ? Integer.MAX_VALUE : standing.get(r).index;
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int r = 0; r < ctp.size(); r++) {
                if (stop[r] != Integer.MAX_VALUE && release(standing.get(r), stop) != null) {
                    stop[r] = Integer.MAX_VALUE;
                    changed = true;
                }
            }
        }
        List<Integer> stuck = new ArrayList<>();
        for (int r = 0; r < ctp.size(); r++) {
            if (stop[r] != Integer.MAX_VALUE) {
                stuck.add(r);
            }
        }
        return stuck;
    }

    /** Null when nothing can ever complete {@code d} while every rank r stays at or before {@code stop[r]}. */
    private String release(Act d, int[] stop) {
        if (d.kind() == Kind.BARRIER) {
            return barrierNeverCompletes(d, stop) ? null : "can still pass its barrier";
        }
        Act o = d.request();
        if (matched[o.id]) {
            return "has its request matched";
        }
        for (Act a : ctp.acts) {
            boolean partner = o.kind() == Kind.SEND ? Act.compatible(o, a) : Act.compatible(a, o);
            if (partner && !matched[a.id] && a.index <= stop[a.rank]) {
                return "can still be released by " + a;
            }
        }
        return null;
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
            if (restriction != null && !restriction.allows(s, r)) {
                return r + " would take " + s + ", not the message its rank's later calls were recorded after";
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
