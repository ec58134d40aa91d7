package org.mpiguard.predict.analysis;

import org.mpiguard.predict.model.Action;
import org.mpiguard.predict.model.Call;
import org.mpiguard.predict.model.Kind;
import org.mpiguard.predict.model.TraceProgram;

/**
 * An action of the concurrent trace program under one buffering setting, numbered for the
 * analysis: {@code id} over the whole program, {@code index} within its rank.
 */
public final class Act {
    public final int id;
    public final int rank;
    public final int index;
    public final Action action;
    /** For a wait, the send or receive it waits for. */
    Act request;
    /** The nearest blocking action before this one in its rank: it must be matched before this is issued. */
    Act prevBlocking;

    Act(int id, int rank, int index, Action action) {
        this.id = id;
        this.rank = rank;
        this.index = index;
        this.action = action;
    }

    public Kind kind() {
        return action.kind();
    }

    public Call call() {
        return action.call();
    }

    public Act request() {
        return request;
    }

    public int comm() {
        return action.comm();
    }

    public int peer() {
        return action.peer();
    }

    public int tag() {
        return action.tag();
    }

    public int group() {
        return action.group();
    }

    public boolean blocking() {
        return action.kind().blocking();
    }

    public boolean wildcard() {
        return action.wildcard();
    }

    /** Whether send {@code s} and receive {@code r} agree on communicator, ranks and tag. */
    public static boolean compatible(Act s, Act r) {
        return s.kind() == Kind.SEND && r.kind() == Kind.RECV && s.comm() == r.comm() && s.peer() == r.rank
                && (r.peer() == TraceProgram.ANY || r.peer() == s.rank)
                && (r.tag() == TraceProgram.ANY || r.tag() == s.tag());
    }

    /** Either way round, or two members of one barrier group. */
    public static boolean canMatch(Act a, Act b) {
        if (a.kind() == Kind.BARRIER || b.kind() == Kind.BARRIER) {
            return a.kind() == b.kind() && a.group() == b.group();
        }
        return compatible(a, b) || compatible(b, a);
    }

    @Override
    public String toString() {
        return "r" + rank + "#" + index + ":" + kind() + (request != null ? "(" + request.index + ")" : "");
    }
}
