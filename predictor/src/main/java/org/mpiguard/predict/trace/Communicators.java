package org.mpiguard.predict.trace;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import org.mpiguard.core.collective.CommIdentity;
import org.mpiguard.core.trace.EventKind;
import org.mpiguard.core.trace.HandleKind;
import org.mpiguard.core.trace.TraceEvent;
import org.mpiguard.core.trace.TraceFile;
import org.mpiguard.predict.model.TraceProgram;
import org.mpiguard.predict.model.TraceProgramBuilder;

/**
 * The run's communicators as the predictor numbers them: COMM_WORLD is
 * {@link TraceProgram#WORLD}, every other identity a small number of its own, declared to
 * the builder with its members. Traces carry peers as world ranks; the builder wants them
 * as the program passed them, so {@link #local} turns them back through the member list.
 */
final class Communicators {

    private final Map<Long, Integer> numbers = new HashMap<>();
    private final Map<Long, int[]> members = new HashMap<>();
    private final Map<Long, Boolean> guessed = new HashMap<>();

    /**
     * Reads every rank's communicator creations (members from their rank sets); a
     * communicator used but never seen created (a rank's trace missing) gets the ranks that
     * used it, said by {@link #guessed}.
     */
    static Communicators of(TraceFile[] ranks, TraceProgramBuilder builder) {
        Communicators c = new Communicators();
        int[] world = new int[builder.worldSize()];
        Arrays.setAll(world, i -> i);
        c.numbers.put(CommIdentity.WORLD_ID, TraceProgram.WORLD);
        c.members.put(CommIdentity.WORLD_ID, world);
        Map<Long, TreeSet<Integer>> users = new HashMap<>();
        for (TraceFile t : ranks) {
            if (t == null) {
                continue;
            }
            for (TraceEvent e : t.events()) {
                if (e.kind() == EventKind.HANDLE && e.op() == HandleKind.CREATE
                        && HandleKind.of(e.field(1)) == HandleKind.COMM) {
                    int[] set = t.rankSets().get(e.intField(4));
                    if (set != null && set.length > 0) {
                        c.members.putIfAbsent(e.field(3), set.clone());
                    }
                } else if (e.kind() == EventKind.SEND || e.kind() == EventKind.RECV
                        || e.kind() == EventKind.COLLECTIVE) {
                    users.computeIfAbsent(e.field(1), k -> new TreeSet<>()).add(t.rank());
                }
            }
        }
        users.forEach((id, used) -> {
            if (!c.members.containsKey(id)) {
                c.members.put(id, used.stream().mapToInt(Integer::intValue).toArray());
                c.guessed.put(id, true);
            }
        });
        c.members.forEach((id, m) -> {
            if (!c.numbers.containsKey(id)) {
                int n = c.numbers.size();
                c.numbers.put(id, n);
                builder.communicator(n, m);
            }
        });
        return c;
    }

    /** The builder's number of a communicator identity. */
    int number(long identity) {
        return numbers.get(identity);
    }

    /** True when the communicator's members were inferred from the ranks that used it. */
    boolean guessed(long identity) {
        return guessed.containsKey(identity);
    }

    /**
     * The communicator-local rank of a world rank ({@link TraceProgram#ANY} stays ANY), or
     * -1 when the world rank is not a member (a trace this converter does not understand).
     */
    int local(long identity, int worldRank) {
        if (worldRank == TraceProgram.ANY) {
            return TraceProgram.ANY;
        }
        int[] m = members.get(identity);
        for (int i = 0; i < m.length; i++) {
            if (m[i] == worldRank) {
                return i;
            }
        }
        return -1;
    }
}
