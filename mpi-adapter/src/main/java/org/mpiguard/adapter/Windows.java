package org.mpiguard.adapter;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import mpi.Comm;
import mpi.Group;
import mpi.MPIException;
import mpi.Win;
import org.mpiguard.core.activity.WindowState;
import org.mpiguard.core.collective.CommIdentity;

/**
 * Every RMA window the program creates, with the state the wait-for graph reads. A
 * window is named after its communicator's identity and that communicator's collective
 * count at the creation (the creation is collective), so every member names it alike.
 */
public final class Windows {

    private static final Map<Win, WindowState> KNOWN = Collections.synchronizedMap(new WeakHashMap<>());
    private static final Map<Group, int[]> GROUPS = Collections.synchronizedMap(new WeakHashMap<>());

    private Windows() {
    }

    public static WindowState of(Object win) {
        return win == null ? null : KNOWN.get(win);
    }

    /** Called after {@code new Win(..., comm)} returned. */
    public static void created(Win win, Comm comm) {
        try {
            if (comm == null || comm.isNull()) {
                return;
            }
            int[] members = CommMembers.translate(comm.getGroup());
            CommIdentity identity = Communicators.of(comm);
            String key = identity != null ? "win:" + identity.key() + "#" + identity.collectives()
                    : "win:" + java.util.Arrays.toString(members);
            KNOWN.put(win, new WindowState(key, members));
        } catch (MPIException | RuntimeException e) {
            Guard.fault("naming a new window", e);
        }
    }

    /** World ranks of a group (of a PSCW epoch), cached per group object. */
    public static int[] worldRanks(Group group) {
        if (group == null) {
            return new int[0];
        }
        int[] cached = GROUPS.get(group);
        if (cached != null) {
            return cached;
        }
        try {
            int[] ranks = CommMembers.worldRanks(group);
            GROUPS.put(group, ranks);
            return ranks;
        } catch (MPIException | RuntimeException e) {
            Guard.fault("translating a window group", e);
            return new int[0];
        }
    }

    /** How many fences this rank has entered on each window. */
    public static Map<String, Long> fencesEntered() {
        Map<String, Long> entered = new java.util.HashMap<>();
        synchronized (KNOWN) {
            for (WindowState w : KNOWN.values()) {
                entered.put(w.fenceKey(), w.fences());
            }
        }
        return entered;
    }

    /** Locks this rank holds now, as "resource:E" or "resource:S", for its status. */
    public static List<String> heldLocks() {
        List<String> held = new ArrayList<>();
        List<WindowState> states;
        synchronized (KNOWN) {
            states = new ArrayList<>(KNOWN.values());
        }
        for (WindowState w : states) {
            for (int t = 0; t < w.size(); t++) {
                int mode = w.held(t);
                if (mode != WindowState.NOT_HELD) {
                    held.add(w.lockResource(t) + (mode == WindowState.EXCLUSIVE ? ":E" : ":S"));
                }
            }
        }
        return held;
    }
}
