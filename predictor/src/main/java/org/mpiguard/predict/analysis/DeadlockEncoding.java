package org.mpiguard.predict.analysis;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.IntExpr;
import com.microsoft.z3.Model;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.mpiguard.predict.model.Kind;

/**
 * The seed's Figure 7 for one candidate D, for Z3. Per action of A_D a completion flag
 * {@code c} and a time {@code t}; per potential match a flag {@code x}. A matched send and
 * receive share one time (the match), a wait comes after its request's match, a barrier's
 * members share one time, and nothing is issued before the blocking action ahead of it in
 * its rank completes (match order). Non-overtaking is encoded exactly: a receive takes a
 * send only if every earlier send of that sender it could take, and every earlier receive
 * of its rank that could take the send, matched before. The deadlock: every deadlock action
 * issued (its blocking predecessors complete) and not complete, every orphan unmatched, and
 * every potential partner of an orphan matched elsewhere (no matches left to release it).
 * A model is the witness.
 */
public final class DeadlockEncoding {

    private final Ctp ctp;
    private final MatchSets matches;
    private final Queues queues;
    private final Context ctx;

    public DeadlockEncoding(Ctp ctp, MatchSets matches, Context ctx) {
        this.ctp = ctp;
        this.matches = matches;
        this.queues = new Queues(ctp);
        this.ctx = ctx;
    }

    public Optional<Witness> solve(List<Act> candidate) {
        int[] cut = AbstractMachine.cut(ctp, candidate);
        Vars v = new Vars(cut);
        Solver solver = ctx.mkSolver();
        for (int r = 0; r < ctp.size(); r++) {
            for (int i = 0; i < cut[r]; i++) {
                constrain(solver, v, ctp.byRank[r][i]);
            }
        }
        for (Act d : candidate) {
            solver.add(ctx.mkNot(v.c(d)));
            if (d.prevBlocking != null) {
                solver.add(v.c(d.prevBlocking));
            }
            if (d.kind() == Kind.WAIT) {
                Act o = d.request();
                solver.add(ctx.mkNot(v.c(o)));
                for (Act partner : matches.releasers(o)) {
                    if (v.in(partner)) {
                        solver.add(v.c(partner));
                    }
                }
            }
        }
        if (solver.check() != Status.SATISFIABLE) {
            return Optional.empty();
        }
        return Optional.of(witness(candidate, v, solver.getModel()));
    }

    private void constrain(Solver solver, Vars v, Act a) {
        BoolExpr c = v.c(a);
        if (a.prevBlocking != null) {
            solver.add(ctx.mkImplies(c, ctx.mkAnd(v.c(a.prevBlocking), ctx.mkLt(v.t(a.prevBlocking), v.t(a)))));
        }
        switch (a.kind()) {
            case WAIT -> solver.add(ctx.mkImplies(c, ctx.mkAnd(v.c(a.request()), ctx.mkLt(v.t(a.request()), v.t(a)))));
            case BARRIER -> barrier(solver, v, a);
            case SEND -> exactlyOneIfComplete(solver, v, a);
            case RECV -> {
                exactlyOneIfComplete(solver, v, a);
                for (Act s : matches.of(a)) {
                    if (v.in(s)) {
                        pair(solver, v, s, a);
                    }
                }
            }
        }
    }

    private void barrier(Solver solver, Vars v, Act a) {
        Act first = ctp.groupMembers[a.group()][0];
        boolean complete = ctp.groupComplete(a.group());
        for (Act m : ctp.groupMembers[a.group()]) {
            complete &= v.in(m);
        }
        if (!complete) {
            solver.add(ctx.mkNot(v.c(a)));
        } else if (a != first) {
            solver.add(ctx.mkEq(v.c(a), v.c(first)), ctx.mkEq(v.t(a), v.t(first)));
        }
    }

    private void exactlyOneIfComplete(Solver solver, Vars v, Act a) {
        List<BoolExpr> xs = new ArrayList<>();
        for (Act p : matches.of(a)) {
            if (v.in(p)) {
                xs.add(a.kind() == Kind.SEND ? v.x(a, p) : v.x(p, a));
            }
        }
        BoolExpr[] arr = xs.toArray(new BoolExpr[0]);
        solver.add(ctx.mkEq(v.c(a), arr.length == 0 ? ctx.mkFalse() : ctx.mkOr(arr)));
        if (arr.length > 1) {
            solver.add(ctx.mkAtMost(arr, 1));
        }
    }

    private void pair(Solver solver, Vars v, Act s, Act r) {
        List<BoolExpr> then = new ArrayList<>();
        then.add(ctx.mkEq(v.t(s), v.t(r)));
        for (Act earlier : queues.earlierSends(s, r)) {
            then.add(v.in(earlier) ? ctx.mkAnd(v.c(earlier), ctx.mkLt(v.t(earlier), v.t(r))) : ctx.mkFalse());
        }
        for (Act earlier : queues.earlierRecvs(r, s)) {
            then.add(v.in(earlier) ? ctx.mkAnd(v.c(earlier), ctx.mkLt(v.t(earlier), v.t(r))) : ctx.mkFalse());
        }
        solver.add(ctx.mkImplies(v.x(s, r), ctx.mkAnd(then.toArray(new BoolExpr[0]))));
    }

    private Witness witness(List<Act> candidate, Vars v, Model model) {
        List<Event> events = new ArrayList<>();
        boolean[] groupDone = new boolean[ctp.groupMembers.length];
        for (Map.Entry<Long, BoolExpr> x : v.x.entrySet()) {
            if (model.eval(x.getValue(), true).isTrue()) {
                Act s = ctp.acts[(int) (x.getKey() >>> 32)];
                Act r = ctp.acts[(int) (long) x.getKey()];
                events.add(new Event.Match(s, r, time(model, v, r)));
            }
        }
        for (int r = 0; r < ctp.size(); r++) {
            for (int i = 0; i < v.cut[r]; i++) {
                Act a = ctp.byRank[r][i];
                if (!a.blocking() || !model.eval(v.c(a), true).isTrue()) {
                    continue;
                }
                if (a.kind() == Kind.WAIT) {
                    events.add(new Event.WaitDone(a, time(model, v, a)));
                } else if (!groupDone[a.group()]) {
                    groupDone[a.group()] = true;
                    events.add(new Event.BarrierDone(a.group(), List.of(ctp.groupMembers[a.group()]), time(model, v, a)));
                }
            }
        }
        events.sort(Comparator.comparingLong(Event::time));
        return new Witness(candidate, events);
    }

    private long time(Model model, Vars v, Act a) {
        return Long.parseLong(model.eval(v.t(a), true).toString());
    }

    /** The variables of one candidate's formula, made on first use. */
    private final class Vars {
        final int[] cut;
        final BoolExpr[] c = new BoolExpr[ctp.acts.length];
        final IntExpr[] t = new IntExpr[ctp.acts.length];
        final Map<Long, BoolExpr> x = new HashMap<>();

        Vars(int[] cut) {
            this.cut = cut;
        }

        boolean in(Act a) {
            return a.index < cut[a.rank];
        }

        BoolExpr c(Act a) {
            if (c[a.id] == null) {
                c[a.id] = ctx.mkBoolConst("c" + a.id);
            }
            return c[a.id];
        }

        IntExpr t(Act a) {
            if (t[a.id] == null) {
                t[a.id] = ctx.mkIntConst("t" + a.id);
            }
            return t[a.id];
        }

        BoolExpr x(Act s, Act r) {
            return x.computeIfAbsent(((long) s.id << 32) | r.id, k -> ctx.mkBoolConst("x" + s.id + "_" + r.id));
        }
    }
}
