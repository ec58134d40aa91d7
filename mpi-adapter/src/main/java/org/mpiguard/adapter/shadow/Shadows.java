package org.mpiguard.adapter.shadow;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import mpi.Comm;
import mpi.Datatype;
import mpi.Group;
import mpi.Info;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Request;
import mpi.Win;
import org.mpiguard.core.Guard;
import org.mpiguard.core.MpiFailure;
import org.mpiguard.adapter.MpiRuntime;
import org.mpiguard.core.collective.CollectiveKind;
import org.mpiguard.core.collective.CommIdentity;
import org.mpiguard.core.site.CallSites;

/**
 * The one place that finds the shadow of an MPI object ({@link Shadow}): one
 * {@link ShadowTable} per kind (requests: {@link RequestShadows}), and the operations
 * the advice and the watchdog perform on shadows. No other table keyed by MPI objects
 * exists in the checker. {@code live*()} list the shadows of objects still alive, for
 * checks at Finalize.
 */
public final class Shadows {

    private static final ShadowTable<CommShadow> COMMS = new ShadowTable<>();
    private static final ShadowTable<GroupShadow> GROUPS = new ShadowTable<>();
    private static final ShadowTable<DatatypeShadow> DATATYPES = new ShadowTable<>();
    private static final ShadowTable<OpShadow> OPS = new ShadowTable<>();
    private static final ShadowTable<InfoShadow> INFOS = new ShadowTable<>();
    private static final ShadowTable<MessageShadow> MESSAGES = new ShadowTable<>();

    /** Derived datatypes made and not yet committed: zero lets the commit check on every call cost one read. */
    private static volatile int uncommitted;
    private static volatile CommIdentity world;

    private Shadows() {
    }

    static int rank() {
        return MpiRuntime.rankOrMinusOne();
    }

    // Communicators

    /** The shadow of a communicator the checker saw, or null; never makes one. */
    static CommShadow commIfKnown(Object comm) {
        return COMMS.find(comm);
    }

    /** The shadow of {@code comm}, made on first sight. */
    public static CommShadow comm(Object comm) {
        return COMMS.findOrMake(comm, CallSites.UNKNOWN_ID, ShadowMakers.COMM);
    }

    /** The facts the argument checks ask of a usable communicator (see {@link CommShadow#facts}). */
    public static CommShadow.Facts facts(Object comm) throws MpiFailure {
        try {
            return comm(comm).facts((Comm) comm);
        } catch (MPIException e) {
            throw new MpiFailure(e);
        }
    }

    /**
     * The identity of {@code comm} for the collective ring, or null if it has none. Every
     * member agrees on it without a central registry: COMM_WORLD is fixed, and a
     * communicator made by a collective call on a known parent is named after the parent,
     * the parent's collective count at that call, and its own lowest world member (two
     * communicators from one split have disjoint members). Communicators the checker did
     * not see made (COMM_SELF, ones made before the agent, intercommunicators) have none.
     */
    public static CommIdentity identity(Object comm) {
        if (comm == MPI.COMM_WORLD) {
            CommIdentity w = world;
            return w != null ? w : worldIdentity();
        }
        CommShadow shadow = COMMS.find(comm);
        return shadow == null ? null : shadow.identity();
    }

    /** Once: the watchdog and the program's first collective may both get here first. */
    private static synchronized CommIdentity worldIdentity() {
        if (world != null) {
            return world;
        }
        int size = MpiRuntime.sizeOrZero();
        int rank = rank();
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
     * {@code child} was just made at {@code site} by the collective {@code kind} on
     * {@code parent}, whose collective count already includes that call: names it.
     */
    public static void derived(Object parent, Object child, CollectiveKind kind, int site) {
        try {
            CommIdentity p = identity(parent);
            if (!(child instanceof Comm c) || c.isNull()) {
                return;
            }
            CommShadow shadow = COMMS.find(c);
            if (shadow == null || shadow.creationSite() != site) {
                shadow = COMMS.replace(c, new CommShadow(c, site, rank()));
            }
            if (p == null || c.isInter()) {
                return;
            }
            int[] members = CommRanks.translate(c.getGroup());
            int lowest = members.length == 0 ? -1 : Integer.MAX_VALUE; // a loop, not a stream: nothing linked
            for (int m : members) {
                lowest = Math.min(lowest, m);
            }
            long id = CommIdentity.derive(p.id(), p.collectives(), lowest, kind.ordinal());
            shadow.name(new CommIdentity(id, members, c.getRank()));
            shadow.ranksRead(members);
        } catch (MPIException | RuntimeException e) {
            Guard.fault("naming a new communicator", e);
        }
    }

    /** How many collectives this rank has entered on each communicator it knows (at most 256). */
    public static Map<String, Long> collectivesEntered() {
        Map<String, Long> entered = new HashMap<>();
        CommIdentity w = world;
        if (w != null) {
            entered.put(w.key(), w.collectives());
        }
        for (CommShadow shadow : COMMS.live()) {
            CommIdentity identity = shadow.identity();
            if (entered.size() >= 256) {
                break;
            }
            if (identity != null) {
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
        return "the communicator of world ranks " + Arrays.toString(identity.sortedWorldMembers());
    }

    // Groups

    /** World ranks of a group (of a PSCW epoch), read once per group. */
    public static int[] worldRanks(Object group) {
        if (group == null) {
            return new int[0];
        }
        try {
            return GROUPS.findOrMake(group, CallSites.UNKNOWN_ID, ShadowMakers.GROUP).worldRanks((Group) group);
        } catch (MPIException | RuntimeException e) {
            Guard.fault("translating a window group", e);
            return new int[0];
        }
    }

    // Datatypes

    /** A derived datatype was made at {@code site}: it needs a commit. */
    public static void typeMade(Object type, int site) {
        if (type != null) {
            DATATYPES.replace(type, new DatatypeShadow((Datatype) type, site, rank(), false));
            countUncommitted(1);
        }
    }

    /** A duplicate has the committed state of its original (MPI_Type_dup). */
    public static void typeDuplicated(Object original, Object copy, int site) {
        if (uncommitted(original)) {
            typeMade(copy, site);
        }
    }

    public static void typeCommitted(Object type) {
        DatatypeShadow shadow = DATATYPES.find(type);
        if (shadow != null && !shadow.committed()) {
            shadow.commit();
            countUncommitted(-1);
        }
    }

    /** The shadow of a derived type, made (as committed) if the checks did not see it made; null for predefined types. */
    public static DatatypeShadow datatype(Datatype type, boolean make) {
        return make ? DATATYPES.findOrMake(type, CallSites.UNKNOWN_ID, ShadowMakers.DATATYPE)
                : DATATYPES.find(type);
    }

    public static boolean uncommitted(Object type) {
        if (uncommitted == 0) {
            return false;
        }
        DatatypeShadow shadow = DATATYPES.find(type);
        return shadow != null && !shadow.committed() && !shadow.freed();
    }

    private static synchronized void countUncommitted(int delta) {
        uncommitted += delta;
    }

    // Freed handles of every kind

    /** The program freed {@code handle} (after-rule of every free). */
    public static void freed(Object handle) {
        if (handle instanceof Request) {
            RequestShadows.freed(handle);
            return;
        }
        if (handle instanceof Datatype t) {
            DatatypeShadow shadow = DATATYPES.findOrMake(t, CallSites.UNKNOWN_ID, ShadowMakers.DATATYPE);
            if (!shadow.committed()) {
                shadow.commit();
                countUncommitted(-1);
            }
            shadow.markFreed();
            return;
        }
        Shadow shadow = handle instanceof Comm ? comm(handle)
                : handle instanceof Group ? GROUPS.findOrMake(handle, CallSites.UNKNOWN_ID, ShadowMakers.GROUP)
                : handle instanceof Op ? OPS.findOrMake(handle, CallSites.UNKNOWN_ID, ShadowMakers.OP)
                : handle instanceof Info ? INFOS.findOrMake(handle, CallSites.UNKNOWN_ID, ShadowMakers.INFO)
                : handle instanceof Win ? WindowShadows.WINDOWS.find(handle)
                : null;
        if (shadow != null) {
            shadow.markFreed();
        } else if (handle instanceof Win) {
            WindowShadows.WINDOWS.findOrMake(handle, CallSites.UNKNOWN_ID, ShadowMakers.WINDOW).markFreed();
        }
    }

    /** Whether the program freed {@code handle}, so a message can say "already freed" rather than only "null". */
    public static boolean wasFreed(Object handle) {
        if (handle instanceof Request) {
            return RequestShadows.wasFreed(handle);
        }
        ShadowTable<?> table = handle instanceof Comm ? COMMS : handle instanceof Group ? GROUPS
                : handle instanceof Datatype ? DATATYPES : handle instanceof Op ? OPS : handle instanceof Info ? INFOS
                : handle instanceof Win ? WindowShadows.WINDOWS : null;
        Shadow shadow = table == null ? null : table.find(handle);
        return shadow != null && shadow.freed();
    }

    /** The shadow of {@code group}, made on first sight. */
    public static GroupShadow group(Group group) {
        return GROUPS.findOrMake(group, CallSites.UNKNOWN_ID, ShadowMakers.GROUP);
    }

    // Creation sites and error handlers, for the lifecycle checks

    /**
     * {@code child}, just made at {@code site} from {@code parent}: its shadow holds the
     * site, and the error handler the program chose for the parent (MPI copies the
     * parent's handler to communicators made from it).
     */
    public static void commMade(Object parent, Object child, int site) {
        if (!(child instanceof Comm c) || c.isNull()) {
            return;
        }
        CommShadow shadow = COMMS.find(c);
        if (shadow == null || shadow.creationSite() != site) {
            shadow = COMMS.replace(c, new CommShadow(c, site, rank()));
        }
        CommShadow from = parent == null ? null : COMMS.find(parent);
        shadow.ownHandler(from != null && from.ownHandler());
        CommRanks.prepare(c);
    }

    /** A group, op, info, datatype or window the program just made at {@code site}; comm gives a window's size. */
    public static Shadow made(Object handle, Object comm, int site) throws MpiFailure {
        if (handle instanceof Group) {
            return GROUPS.findOrMake(handle, site, ShadowMakers.GROUP);
        }
        if (handle instanceof Op) {
            return OPS.findOrMake(handle, site, ShadowMakers.OP);
        }
        if (handle instanceof Info) {
            return INFOS.findOrMake(handle, site, ShadowMakers.INFO);
        }
        if (handle instanceof Datatype) {
            return DATATYPES.findOrMake(handle, site, ShadowMakers.DATATYPE);
        }
        if (handle instanceof Win w && comm instanceof Comm c) {
            return WindowShadows.window(w, c, site);
        }
        return null;
    }

    /** The shadow of a communicator, group, op, info or datatype, made on first sight (at {@code site}); else null. */
    public static Shadow handle(Object handle, int site) throws MpiFailure {
        return handle instanceof Comm ? comm(handle) : made(handle, null, site);
    }

    /** The shadow of a communicator or window, made on first sight; null for other objects. */
    public static Shadow handlerOwner(Object handle) {
        return handle instanceof Comm ? comm(handle)
                : handle instanceof Win ? WindowShadows.WINDOWS.findOrMake(handle, CallSites.UNKNOWN_ID, ShadowMakers.WINDOW)
                : null;
    }

    // Live shadows, for checks at Finalize

    public static List<CommShadow> liveComms() {
        return COMMS.live();
    }

    public static List<GroupShadow> liveGroups() {
        return GROUPS.live();
    }

    public static List<DatatypeShadow> liveDatatypes() {
        return DATATYPES.live();
    }

    public static List<OpShadow> liveOps() {
        return OPS.live();
    }

    public static List<InfoShadow> liveInfos() {
        return INFOS.live();
    }

    public static List<WindowShadow> liveWindows() {
        return WindowShadows.WINDOWS.live();
    }

    /** The shadow of a {@code mpi.Message}, made on first sight. */
    public static MessageShadow message(Object message) {
        return MESSAGES.findOrMake(message, CallSites.UNKNOWN_ID, ShadowMakers.MESSAGE);
    }

    public static List<MessageShadow> liveMessages() {
        return MESSAGES.live();
    }
}
