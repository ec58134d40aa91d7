package org.mpiguard.adapter;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;
import org.mpiguard.core.collective.CollectiveKind;
import org.mpiguard.core.collective.CommIdentity;

/**
 * The identity of every intracommunicator the program makes, agreed by all its members
 * without a central registry: COMM_WORLD is fixed, and a communicator made by a
 * collective call on a known parent is named after the parent, the parent's collective
 * count at that call, and its own lowest world member (two communicators from one split
 * have disjoint members). Communicators the checker did not see made (COMM_SELF, ones made
 * before the agent, intercommunicators) have no identity and are not compared.
 */
public final class Communicators {

    private static final Map<Comm, CommIdentity> KNOWN = Collections.synchronizedMap(new WeakHashMap<>());
    private static volatile CommIdentity world;

    private Communicators() {
    }

    /** The identity of {@code comm}, or null if it has none. */
    public static CommIdentity of(Object comm) {
        if (comm == MPI.COMM_WORLD) {
            CommIdentity w = world;
            return w != null ? w : worldIdentity();
        }
        return comm == null ? null : KNOWN.get(comm);
    }

    /** Once: the watchdog and the program's first collective may both get here first. */
    private static synchronized CommIdentity worldIdentity() {
        if (world != null) {
            return world;
        }
        int size = MpiRuntime.sizeOrZero();
        int rank = MpiRuntime.rankOrMinusOne();
        if (rank < 0 || size <= 0) {
            return null;
        }
        int[] members = new int[size];
        for (int i = 0; i < size; i++) {
            members[i] = i;
        }
        CommIdentity w = new CommIdentity(CommIdentity.WORLD_ID, members, rank);
        world = w;
        return w;
    }

    /**
     * Names {@code child}, just made by the collective {@code kind} on {@code parent}; the
     * parent's collective count already includes that call.
     */
    public static void derived(Object parent, Object child, CollectiveKind kind) {
        try {
            CommIdentity p = of(parent);
            if (p == null || !(child instanceof Comm c) || c.isNull() || c.isInter()) {
                return;
            }
            int[] members = CommMembers.translate(c.getGroup());
            long id = CommIdentity.derive(p.id(), p.collectives(), java.util.Arrays.stream(members).min().orElse(-1),
                    kind.ordinal());
            KNOWN.put(c, new CommIdentity(id, members, c.getRank()));
        } catch (MPIException | RuntimeException e) {
            Guard.fault("naming a new communicator", e);
        }
    }

    /** How many collectives this rank has entered on each communicator it knows (at most 256). */
    public static Map<String, Long> collectivesEntered() {
        Map<String, Long> entered = new java.util.HashMap<>();
        CommIdentity w = world;
        if (w != null) {
            entered.put(w.key(), w.collectives());
        }
        synchronized (KNOWN) {
            for (CommIdentity identity : KNOWN.values()) {
                if (entered.size() >= 256) {
                    break;
                }
                entered.put(identity.key(), identity.collectives());
            }
        }
        return entered;
    }

    /** Human words for a communicator in a finding. */
    public static String describe(CommIdentity identity) {
        if (identity.id() == CommIdentity.WORLD_ID) {
            return "MPI.COMM_WORLD";
        }
        return "the communicator of world ranks " + java.util.Arrays.toString(identity.sortedWorldMembers());
    }
}
