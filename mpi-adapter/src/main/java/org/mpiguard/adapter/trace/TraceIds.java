package org.mpiguard.adapter.trace;

import org.mpiguard.adapter.shadow.CommRanks;
import org.mpiguard.adapter.shadow.WindowShadows;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.Buffer;
import mpi.Datatype;
import mpi.Group;
import mpi.MPI;
import mpi.MPIException;
import org.mpiguard.adapter.shadow.GroupShadow;
import org.mpiguard.adapter.shadow.WindowShadow;
import org.mpiguard.adapter.shadow.DatatypeShadow;
import org.mpiguard.adapter.shadow.Shadows;
import org.mpiguard.core.MpiFailure;
import org.mpiguard.core.collective.CollectiveKind;
import org.mpiguard.core.collective.CommIdentity;
import org.mpiguard.core.trace.HandleKind;
import org.mpiguard.core.trace.Signature;
import org.mpiguard.core.trace.TraceRecorder;
import org.mpiguard.core.trace.ValueHash;
import org.mpiguard.core.args.BaseType;

/**
 * What the trace calls MPI objects by, read from their shadows (computed once, never per
 * call): a communicator's identity and its ranks as world ranks, a datatype's signature id
 * (a predefined type's binding code; a derived type's defined at commit), a window's
 * identity and its ranks as world ranks, a group's set of world ranks.
 */
public final class TraceIds {

    private static final VarHandle BASE_TYPE = datatypeField("baseType");
    private static final VarHandle BASE_SIZE = datatypeField("baseSize");

    private TraceIds() {
    }

    /** The communicator's identity as every member knows it; 0 for one the checker did not see made. */
    public static long comm(Object comm) {
        CommIdentity identity = Shadows.identity(comm);
        return identity == null ? 0 : identity.id();
    }

    /** A peer rank of {@code comm} as a world rank; wildcards and PROC_NULL as the trace writes them. */
    public static int peer(Object comm, int peer) {
        if (peer == MPI.ANY_SOURCE) {
            return TraceRecorder.ANY;
        }
        if (peer == MPI.PROC_NULL) {
            return TraceRecorder.PROC_NULL;
        }
        CommIdentity identity = Shadows.identity(comm);
        if (identity == null) {
            return peerWithoutIdentity(comm, peer);
        }
        return peer < 0 || peer >= identity.size() ? peer : identity.worldRank(peer);
    }

    /**
     * A peer of a communicator the ring names not (an intercommunicator, whose peers are its
     * remote group's ranks; COMM_SELF, whose only rank is this one): its world rank from the
     * communicator's peer table, read from MPI once on the program's thread. Written as it was
     * given, the remote rank 0 of an intercommunicator was world rank 0 on both sides, and a
     * message between the groups was reported lost.
     */
    private static int peerWithoutIdentity(Object comm, int peer) {
        if (comm == null || peer < 0) {
            return peer;
        }
        try {
            int world = CommRanks.toWorld(comm, peer);
            return world < 0 ? peer : world;
        } catch (MPIException | RuntimeException e) {
            return peer;
        }
    }

    public static int tag(int tag) {
        return tag == MPI.ANY_TAG ? TraceRecorder.ANY : tag;
    }

    /** The signature id of {@code type}: its binding code if predefined, the id defined at its commit if derived. */
    public static int signature(Object type) {
        if (type == null) {
            return 0;
        }
        Datatype t = (Datatype) type;
        DatatypeShadow shadow = Shadows.datatype(t, false);
        if (shadow != null && shadow.traceSignature() != 0) {
            return shadow.traceSignature();
        }
        return BASE_TYPE == null ? 0 : (int) BASE_TYPE.get(t);
    }

    /**
     * The value hash of the bytes {@code count} elements of {@code type} take from the start
     * of {@code buffer} (where the bindings read a one-sided origin), for a predefined type
     * the buffer's elements tile; {@link ValueHash#NONE} for derived types (their layout is
     * not kept) and anything else.
     */
    public static long valueHash(Buffer buffer, int count, Object type) {
        if (buffer == null || type == null || count <= 0 || BASE_SIZE == null
                || !Signature.isBasic(signature(type))) {
            return ValueHash.NONE;
        }
        long bytes = (long) count * (int) BASE_SIZE.get((Datatype) type);
        int width = BaseType.elementBytes(buffer);
        return bytes % width != 0 || bytes / width > Integer.MAX_VALUE ? ValueHash.NONE
                : ValueHash.ofBuffer(buffer, 0, (int) (bytes / width));
    }

    /**
     * A derived type was committed: its signature is defined once. The bindings build every
     * derived type over one base type (a Java buffer is an array of one primitive type) and
     * give its size and extent in base elements, so the signature is that base type
     * repeated size times. The bindings' failure to give them leaves as the MPIException the
     * program's commit ends with.
     */
    public static void committed(TraceRecorder recorder, Object type) throws MpiFailure {
        if (BASE_TYPE == null || BASE_SIZE == null) {
            return;
        }
        Datatype t = (Datatype) type;
        int base = (int) BASE_TYPE.get(t);
        long baseBytes = Math.max(1, (int) BASE_SIZE.get(t));
        try {
            int elements = t.getSize();
            int id = recorder.defineSignature(new int[] {base}, new long[] {elements}, elements * baseBytes,
                    t.getExtent() * baseBytes);
            Shadows.datatype(t, true).traceSignature(id);
        } catch (MPIException e) {
            throw new MpiFailure(e);
        }
    }

    /**
     * A window was just made on {@code comm} (a collective the ring has counted): it is named
     * as a communicator made by that collective would be, and recorded as a handle.
     */
    public static void windowMade(TraceRecorder recorder, Object win, Object comm, long sizeBytes, int dispUnit,
                                  int site) throws MpiFailure {
        CommIdentity c = Shadows.identity(comm);
        if (c == null || win == null) {
            return;
        }
        int[] world = new int[c.size()];
        int lowest = Integer.MAX_VALUE;
        for (int i = 0; i < world.length; i++) {
            world[i] = c.worldRank(i);
            lowest = Math.min(lowest, world[i]);
        }
        long id = CommIdentity.derive(c.id(), c.collectives(), lowest, CollectiveKind.WIN_CREATE.ordinal());
        WindowShadows.window(win, comm, site).traceNamed(id, world);
        recorder.handle(site, HandleKind.CREATE, HandleKind.WIN, id, id, recorder.defineRanks(world), sizeBytes,
                dispUnit);
    }

    /** The window's identity in the trace, 0 if it was not named. */
    public static long window(Object win) {
        WindowShadow shadow = WindowShadows.window(win);
        return shadow == null ? 0 : shadow.traceIdentity();
    }

    /** A rank of the window's group as a world rank. */
    public static int windowRank(Object win, int rank) {
        WindowShadow shadow = WindowShadows.window(win);
        int[] world = shadow == null ? null : shadow.traceWorld();
        return world == null || rank < 0 || rank >= world.length ? rank : world[rank];
    }

    /** The trace's id of a group's members (post and start), defined once per group. */
    public static int group(TraceRecorder recorder, Object group) {
        if (group == null) {
            return 0;
        }
        GroupShadow shadow = Shadows.group((Group) group);
        int id = shadow.traceRankSet();
        if (id == 0) {
            id = recorder.defineRanks(Shadows.worldRanks(group));
            shadow.traceRankSet(id);
        }
        return id;
    }

    private static VarHandle datatypeField(String name) {
        try {
            return MethodHandles.privateLookupIn(Datatype.class, MethodHandles.lookup())
                    .findVarHandle(Datatype.class, name, int.class);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null;
        }
    }
}
