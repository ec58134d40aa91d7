package org.mpiguard.adapter.shadow;

import java.nio.Buffer;
import java.util.ArrayList;
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
import org.mpiguard.adapter.MpiRuntime;
import org.mpiguard.core.activity.WindowState;
import org.mpiguard.core.args.BaseType;
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
    private static final ShadowTable<WindowShadow> WINDOWS = new ShadowTable<>();
    private static final ShadowTable<MessageShadow> MESSAGES = new ShadowTable<>();

    /** Derived datatypes made and not yet committed: zero lets the commit check on every call cost one read. */
    private static volatile int uncommitted;
    private static volatile CommIdentity world;

    private Shadows() {
    }

    private static int rank() {
        return MpiRuntime.rankOrMinusOne();
    }

    // Communicators

    /** The shadow of {@code comm}, made on first sight. */
    public static CommShadow comm(Object comm) {
        return COMMS.findOrMake(comm, c -> new CommShadow(c, CallSites.UNKNOWN_ID, rank()));
    }

    /** The facts the argument checks ask of a usable communicator (see {@link CommShadow#facts}). */
    public static CommShadow.Facts facts(Comm comm) throws MPIException {
        return comm(comm).facts(comm);
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
        Arrays.setAll(members, i -> i);
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
            int[] members = translate(c.getGroup());
            long id = CommIdentity.derive(p.id(), p.collectives(), Arrays.stream(members).min().orElse(-1),
                    kind.ordinal());
            shadow.name(new CommIdentity(id, members, c.getRank()));
            shadow.prepare(c, MpiRuntime.sizeOrZero());
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

    /** The world rank of {@code comm}'s local rank {@code peer} (of the remote group of an intercommunicator), or -1. */
    public static int toWorld(Object comm, int peer) throws MPIException {
        int[] table = comm(comm).peerTable((Comm) comm);
        if (table == null) {
            return peer;
        }
        return peer >= 0 && peer < table.length ? table[peer] : -1;
    }

    /**
     * The world rank of {@code peer} as the watchdog may learn it: from the tables read on
     * the program's thread when the communicator was made, never from MPI (the program's
     * thread level may not allow a second thread in MPI); IllegalStateException if they
     * were never read.
     */
    public static int toWorldKnown(Object comm, int peer) {
        if (comm == MPI.COMM_WORLD) {
            return peer;
        }
        int[] table = known(comm).knownPeerTable();
        if (table == null) {
            throw new IllegalStateException("the communicator's ranks were not read on the program's thread");
        }
        return peer >= 0 && peer < table.length ? table[peer] : -1;
    }

    /** World ranks of every member of {@code comm}, sorted, as the watchdog may learn them (see toWorldKnown). */
    public static int[] membersKnown(Object comm, int worldSize) {
        if (comm == MPI.COMM_WORLD) {
            int[] all = new int[worldSize];
            Arrays.setAll(all, i -> i);
            return all;
        }
        int[] members = known(comm).knownMembers();
        if (members == null) {
            throw new IllegalStateException("the communicator's members were not read on the program's thread");
        }
        return members;
    }

    private static CommShadow known(Object comm) {
        CommShadow shadow = COMMS.find(comm);
        if (shadow == null) {
            throw new IllegalStateException("a communicator the checker never saw made");
        }
        return shadow;
    }

    /** Reads {@code comm}'s world ranks now, on the program's thread, for the watchdog; fail-open. */
    public static void prepare(Comm comm) {
        try {
            if (comm != null && !comm.isNull() && comm != MPI.COMM_WORLD) {
                comm(comm).prepare(comm, MpiRuntime.sizeOrZero());
            }
        } catch (MPIException | RuntimeException e) {
            Guard.fault("reading a communicator's ranks", e);
        }
    }

    /** {@code comm}'s local rank (in the remote group of an intercommunicator) of world rank {@code world}, or -1. */
    public static int fromWorld(Object comm, int world) throws MPIException {
        int[] table = comm(comm).peerTable((Comm) comm);
        if (table == null) {
            return world;
        }
        for (int local = 0; local < table.length; local++) {
            if (table[local] == world) {
                return local;
            }
        }
        return -1;
    }

    /** World ranks of every member of {@code comm} (both groups of an intercommunicator), sorted. */
    public static int[] members(Object comm, int worldSize) throws MPIException {
        return comm(comm).members((Comm) comm, worldSize);
    }

    /** World ranks of a group's members, in the group's order; frees the group (one the caller obtained). */
    static int[] translate(Group group) throws MPIException {
        int[] translated = worldRanksOf(group);
        group.free();
        return translated;
    }

    /** World ranks of a group's members, in the group's order; the group is left as it is. */
    static int[] worldRanksOf(Group group) throws MPIException {
        int n = group.getSize();
        int[] local = new int[n];
        Arrays.setAll(local, i -> i);
        Group worldGroup = MPI.COMM_WORLD.getGroup();
        int[] translated = Group.translateRanks(group, local, worldGroup);
        worldGroup.free();
        return translated;
    }

    // Groups

    /** World ranks of a group (of a PSCW epoch), read once per group. */
    public static int[] worldRanks(Group group) {
        if (group == null) {
            return new int[0];
        }
        try {
            return GROUPS.findOrMake(group, g -> new GroupShadow(g, CallSites.UNKNOWN_ID, rank())).worldRanks(group);
        } catch (MPIException | RuntimeException e) {
            Guard.fault("translating a window group", e);
            return new int[0];
        }
    }

    // Datatypes

    /** A derived datatype was made at {@code site}: it needs a commit. */
    public static void typeMade(Datatype type, int site) {
        if (type != null) {
            DATATYPES.replace(type, new DatatypeShadow(type, site, rank(), false));
            countUncommitted(1);
        }
    }

    /** A duplicate has the committed state of its original (MPI_Type_dup). */
    public static void typeDuplicated(Datatype original, Datatype copy, int site) {
        if (uncommitted(original)) {
            typeMade(copy, site);
        }
    }

    public static void typeCommitted(Datatype type) {
        DatatypeShadow shadow = DATATYPES.find(type);
        if (shadow != null && !shadow.committed()) {
            shadow.commit();
            countUncommitted(-1);
        }
    }

    /** The shadow of a derived type, made (as committed) if the checks did not see it made; null for predefined types. */
    public static DatatypeShadow datatype(Datatype type, boolean make) {
        return make ? DATATYPES.findOrMake(type, t -> new DatatypeShadow(t, CallSites.UNKNOWN_ID, rank(), true))
                : DATATYPES.find(type);
    }

    public static boolean uncommitted(Datatype type) {
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
            DatatypeShadow shadow = DATATYPES.findOrMake(t, o -> new DatatypeShadow(o, CallSites.UNKNOWN_ID, rank(), true));
            if (!shadow.committed()) {
                shadow.commit();
                countUncommitted(-1);
            }
            shadow.markFreed();
            return;
        }
        Shadow shadow = handle instanceof Comm ? comm(handle)
                : handle instanceof Group ? GROUPS.findOrMake(handle, g -> new GroupShadow(g, CallSites.UNKNOWN_ID, rank()))
                : handle instanceof Op ? OPS.findOrMake(handle, o -> new OpShadow(o, CallSites.UNKNOWN_ID, rank()))
                : handle instanceof Info ? INFOS.findOrMake(handle, i -> new InfoShadow(i, CallSites.UNKNOWN_ID, rank()))
                : handle instanceof Win ? WINDOWS.find(handle)
                : null;
        if (shadow != null) {
            shadow.markFreed();
        } else if (handle instanceof Win) {
            WINDOWS.findOrMake(handle, w -> new WindowShadow(w, CallSites.UNKNOWN_ID, rank(), 0)).markFreed();
        }
    }

    /** Whether the program freed {@code handle}, so a message can say "already freed" rather than only "null". */
    public static boolean wasFreed(Object handle) {
        if (handle instanceof Request) {
            return RequestShadows.wasFreed(handle);
        }
        ShadowTable<?> table = handle instanceof Comm ? COMMS : handle instanceof Group ? GROUPS
                : handle instanceof Datatype ? DATATYPES : handle instanceof Op ? OPS : handle instanceof Info ? INFOS
                : handle instanceof Win ? WINDOWS : null;
        Shadow shadow = table == null ? null : table.find(handle);
        return shadow != null && shadow.freed();
    }

    // Windows

    /** The shadow of {@code win}, just made at {@code site} on {@code comm}. */
    private static WindowShadow windowMade(Win win, Comm comm, int site) throws MPIException {
        int groupSize = comm.getSize();
        return WINDOWS.findOrMake(win, w -> new WindowShadow(w, site, rank(), groupSize));
    }

    /** The shadow of {@code win} made on {@code comm} at {@code site}, made if the checks did not. */
    public static WindowShadow window(Win win, Comm comm, int site) throws MPIException {
        return windowMade(win, comm, site);
    }

    /** The shadow of {@code group}, made on first sight. */
    public static GroupShadow group(Group group) {
        return GROUPS.findOrMake(group, g -> new GroupShadow(g, CallSites.UNKNOWN_ID, rank()));
    }

    public static WindowShadow window(Object win) {
        return WINDOWS.find(win);
    }

    /** The wait-for graph's view of {@code win}, or null. */
    public static WindowState windowGraph(Object win) {
        WindowShadow shadow = WINDOWS.find(win);
        return shadow == null ? null : shadow.graph();
    }

    /** The targets' sizes of {@code win} as the argument checks exchanged them, or null. */
    public static WindowShadow.Targets windowTargets(Object win) {
        WindowShadow shadow = WINDOWS.find(win);
        return shadow == null ? null : shadow.targets();
    }

    /**
     * Names {@code win}, just made on {@code comm}, for the wait-for graph: after its
     * communicator's identity and that communicator's collective count at the creation
     * (the creation is collective), so every member names it alike.
     */
    public static void windowNamed(Win win, Comm comm, int site) {
        try {
            if (comm == null || comm.isNull()) {
                return;
            }
            int[] members = translate(comm.getGroup());
            CommIdentity identity = identity(comm);
            String key = identity != null ? "win:" + identity.key() + "#" + identity.collectives()
                    : "win:" + Arrays.toString(members);
            windowMade(win, comm, site).named(key, members);
        } catch (MPIException | RuntimeException e) {
            Guard.fault("naming a new window", e);
        }
    }

    /**
     * Every target's size, displacement unit and buffer (in bytes) of {@code win}, just made
     * by {@code new Win(base, size, dispUnit, info, comm)} ({@code memory} = the base's
     * capacity) or the allocate form ({@code memory} = size: MPI allocated it). An origin
     * checks a put against the target's window, which only the target knows, so the sizes
     * are exchanged once, now: an allGather on the window's own communicator, made right
     * after the constructor returned on every rank. Window creation is collective over
     * that communicator, so every rank reaches the exchange at the same point of its
     * collective sequence and it can neither mismatch nor deadlock; it needs no
     * THREAD_MULTIPLE and no watchdog, so it works with the deadlock family off. It assumes
     * every rank runs with the same {@code checks} option (the argument family on or off
     * everywhere), as a job does when the options come from the job script.
     */
    public static void windowExchanged(Win win, Buffer base, int size, int dispUnit, int memory, Comm comm,
                                       int site) {
        try {
            int unit = BaseType.elementBytes(base);
            int[] mine = {size, dispUnit * unit, unit, Math.min(size, memory)};
            int n = comm.getSize();
            int[] all = new int[4 * n];
            comm.allGather(mine, 4, MPI.INT, all, 4, MPI.INT);
            long[] sizes = new long[n];
            long[] buffers = new long[n];
            int[] units = new int[n];
            for (int r = 0; r < n; r++) {
                sizes[r] = (long) all[4 * r] * all[4 * r + 2];
                units[r] = all[4 * r + 1];
                buffers[r] = (long) all[4 * r + 3] * all[4 * r + 2];
            }
            windowMade(win, comm, site).exchanged(sizes, buffers, units);
        } catch (Throwable t) {
            Guard.fault("exchanging window sizes", t);
        }
    }

    /** This rank's window memory of {@code win}, just made on {@code comm}, for the buffer watch. */
    public static void windowLocalMemory(Win win, Comm comm, long address, long bytes, int dispUnitBytes, int site) {
        try {
            windowMade(win, comm, site).local(new WindowShadow.LocalMemory(address, bytes, dispUnitBytes,
                    comm.getRank()));
        } catch (Throwable t) {
            Guard.fault("recording a window's memory", t);
        }
    }

    /** {@code new Win(info, comm)}: a dynamic window, sizes unknown until attach. */
    public static void windowDynamic(Win win, Comm comm, int site) {
        try {
            windowMade(win, comm, site).exchanged(null, null, null);
        } catch (Throwable t) {
            Guard.fault("recording a dynamic window", t);
        }
    }

    /** How many fences this rank has entered on each window. */
    public static Map<String, Long> fencesEntered() {
        Map<String, Long> entered = new HashMap<>();
        for (WindowShadow shadow : WINDOWS.live()) {
            WindowState w = shadow.graph();
            if (w != null) {
                entered.put(w.fenceKey(), w.fences());
            }
        }
        return entered;
    }

    /** Locks this rank holds now, as "resource:E" or "resource:S", for its status. */
    public static List<String> heldLocks() {
        List<String> held = new ArrayList<>();
        for (WindowShadow shadow : WINDOWS.live()) {
            WindowState w = shadow.graph();
            for (int t = 0; w != null && t < w.size(); t++) {
                int mode = w.held(t);
                if (mode != WindowState.NOT_HELD) {
                    held.add(w.lockResource(t) + (mode == WindowState.EXCLUSIVE ? ":E" : ":S"));
                }
            }
        }
        return held;
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
        prepare(c);
    }

    /** A group, op, info, datatype or window the program just made at {@code site}; comm gives a window's size. */
    public static Shadow made(Object handle, Object comm, int site) throws MPIException {
        if (handle instanceof Group) {
            return GROUPS.findOrMake(handle, g -> new GroupShadow(g, site, rank()));
        }
        if (handle instanceof Op) {
            return OPS.findOrMake(handle, o -> new OpShadow(o, site, rank()));
        }
        if (handle instanceof Info) {
            return INFOS.findOrMake(handle, i -> new InfoShadow(i, site, rank()));
        }
        if (handle instanceof Datatype) {
            return DATATYPES.findOrMake(handle, t -> new DatatypeShadow(t, site, rank(), true));
        }
        if (handle instanceof Win w && comm instanceof Comm c) {
            return windowMade(w, c, site);
        }
        return null;
    }

    /** The shadow of a communicator, group, op, info or datatype, made on first sight (at {@code site}); else null. */
    public static Shadow handle(Object handle, int site) throws MPIException {
        return handle instanceof Comm ? comm(handle) : made(handle, null, site);
    }

    /** The shadow of a communicator or window, made on first sight; null for other objects. */
    public static Shadow handlerOwner(Object handle) {
        return handle instanceof Comm ? comm(handle)
                : handle instanceof Win ? WINDOWS.findOrMake(handle, w -> new WindowShadow(w, CallSites.UNKNOWN_ID, rank(), 0))
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
        return WINDOWS.live();
    }

    /** The shadow of a {@code mpi.Message}, made on first sight. */
    public static MessageShadow message(Object message) {
        return MESSAGES.findOrMake(message, m -> new MessageShadow(m, CallSites.UNKNOWN_ID, rank()));
    }

    public static List<MessageShadow> liveMessages() {
        return MESSAGES.live();
    }
}
