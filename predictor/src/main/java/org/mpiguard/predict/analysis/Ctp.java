package org.mpiguard.predict.analysis;

import java.util.ArrayList;
import java.util.List;
import org.mpiguard.predict.model.Action;
import org.mpiguard.predict.model.BarrierGroup;
import org.mpiguard.predict.model.Kind;
import org.mpiguard.predict.model.SendMode;
import org.mpiguard.predict.model.TraceProgram;

/**
 * The seed's concurrent trace program under one buffering setting: waits that cannot block
 * (on a buffered send; on a standard send under infinite buffering) are removed, as the seed
 * removes them to model infinite buffering.
 */
public final class Ctp {
    public final TraceProgram program;
    public final Buffering buffering;
    public final Act[] acts;
    public final Act[][] byRank;
    /** Members of each barrier group present in the program, by group id. */
    public final Act[][] groupMembers;

    private Ctp(TraceProgram program, Buffering buffering, Act[] acts, Act[][] byRank, Act[][] groupMembers) {
        this.program = program;
        this.buffering = buffering;
        this.acts = acts;
        this.byRank = byRank;
        this.groupMembers = groupMembers;
    }

    public static Ctp of(TraceProgram program, Buffering buffering) {
        List<Act> all = new ArrayList<>(program.actionCount());
        Act[][] byRank = new Act[program.size()][];
        List<List<Act>> groups = new ArrayList<>();
        for (int g = 0; g < program.groups().size(); g++) {
            groups.add(new ArrayList<>());
        }
        for (int r = 0; r < program.size(); r++) {
            List<Action> actions = program.rank(r);
            Act[] bySeq = new Act[actions.size()];
            List<Act> kept = new ArrayList<>(actions.size());
            Act lastBlocking = null;
            for (Action a : actions) {
                if (a.kind() == Kind.WAIT && !canBlock(actions.get(a.request()), buffering)) {
                    continue;
                }
                Act act = new Act(all.size(), r, kept.size(), a);
                act.prevBlocking = lastBlocking;
                if (a.kind() == Kind.WAIT) {
                    act.request = bySeq[a.request()];
                }
                if (a.kind() == Kind.BARRIER) {
                    groups.get(a.group()).add(act);
                }
                if (a.kind().blocking()) {
                    lastBlocking = act;
                }
                bySeq[a.seq()] = act;
                kept.add(act);
                all.add(act);
            }
            byRank[r] = kept.toArray(new Act[0]);
        }
        Act[][] members = new Act[groups.size()][];
        for (int g = 0; g < groups.size(); g++) {
            members[g] = groups.get(g).toArray(new Act[0]);
        }
        return new Ctp(program, buffering, all.toArray(new Act[0]), byRank, members);
    }

    private static boolean canBlock(Action request, Buffering buffering) {
        if (request.kind() != Kind.SEND) {
            return true;
        }
        return request.mode() == SendMode.SYNCHRONOUS
                || (request.mode() == SendMode.STANDARD && buffering == Buffering.ZERO);
    }

    public int size() {
        return byRank.length;
    }

    public BarrierGroup group(int id) {
        return program.group(id);
    }

    /** Whether every rank the group expects issued its member in the observed run. */
    public boolean groupComplete(int id) {
        return groupMembers[id].length == program.group(id).expected().size();
    }
}
